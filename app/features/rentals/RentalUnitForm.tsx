import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { selectProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";

const UNIT_FIELDS = [
  "productId",
  "serialNumber",
  "assetTag",
  "configuration",
  "grade",
  "batteryHealth",
  "notes",
  "status",
] as const;

/**
 * A unit of the rental register, added or edited: the product it is rented as, its serial number and asset
 * tag, configuration, grade, battery health and notes; an existing unit not out on a booking also its status.
 */
export function RentalUnitForm({
  products,
  defaults,
  lastResult,
  rented,
  submitLabel,
}: {
  products: { id: number; title: string }[];
  defaults: Record<string, string>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Out on a booking: its status is the booking's to change. Undefined for a new unit. */
  rented: boolean | undefined;
  submitLabel: string;
}) {
  const pending = useIsPending();
  const [form, fields] = useCheckedForm("rental-unit", lastResult, UNIT_FIELDS, {
    defaultValue: defaults,
    loadSchema: () => import("./schemas").then((forms) => forms.rentalUnitSchema),
  });
  const { key: productKey, ...productProps } = selectProps(fields.productId);
  const { key: gradeKey, ...gradeProps } = selectProps(fields.grade);
  const { key: statusKey, ...statusProps } = selectProps(fields.status);
  return (
    <Form method="post" className="stack-form" {...form.props} aria-label="Rental unit">
      <FormError id={form.errorId} errors={form.errors} />
      <FieldFrame id={fields.productId.id} label="Rented as" field={fields.productId}>
        <select key={productKey} {...productProps}>
          <option value="">Choose a rental product</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
            </option>
          ))}
        </select>
      </FieldFrame>
      <div className="field-row">
        <Field label="Serial number" field={fields.serialNumber} autoComplete="off" />
        <Field label="Asset tag" field={fields.assetTag} autoComplete="off" />
      </div>
      <Field
        label="Configuration"
        field={fields.configuration}
        hint="Like: Core i5-1235U, 16 GB, 512 GB SSD"
      />
      <div className="field-row">
        <FieldFrame id={fields.grade.id} label="Grade" field={fields.grade}>
          <select key={gradeKey} {...gradeProps}>
            <option value="A">A</option>
            <option value="B">B</option>
            <option value="C">C</option>
          </select>
        </FieldFrame>
        <Field
          label="Battery health (%)"
          field={fields.batteryHealth}
          inputMode="numeric"
          hint="Empty for a desktop"
        />
        {rented === false ? (
          <FieldFrame id={fields.status.id} label="Status" field={fields.status}>
            <select key={statusKey} {...statusProps}>
              <option value="available">Available</option>
              <option value="repair">In repair</option>
              <option value="retired">Retired</option>
            </select>
          </FieldFrame>
        ) : null}
      </div>
      <Field label="Notes (repairs, accessories, marks)" field={fields.notes} />
      <button type="submit" disabled={pending}>
        {submitLabel}
      </button>
    </Form>
  );
}
