import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FieldError, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { type CheckedField, checkboxGroupProps, textareaProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";

const ZONE_FIELDS = [
  "name",
  "pinList",
  "delivers",
  "standardMin",
  "standardMax",
  "expressMin",
  "expressMax",
  "cashOnDelivery",
] as const;

/** The zone's fields as the form starts with them (checkboxes "on" when ticked). */
export type ZoneFormDefaults = Partial<Record<(typeof ZONE_FIELDS)[number], string>>;

function Checkbox({ field, label, hint }: { field: CheckedField; label: string; hint?: string }) {
  return (
    <div className="field">
      {checkboxGroupProps(field, ["on"]).map(({ key, ...props }) => (
        <label key={key} className="choice">
          <input {...props} /> {label}
        </label>
      ))}
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldError field={field} />
    </div>
  );
}

/**
 * A delivery zone's fields, for the new zone page and the edit page. With JavaScript the fields are checked as
 * they are left, by the server's own rules (app/features/delivery/zones.ts); the server checks everything again.
 */
export function ZoneForm({
  lastResult,
  defaults,
  intent,
  submitLabel,
  children,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: ZoneFormDefaults;
  /** The submit button's intent: "save" on the edit page; none on the new zone page. */
  intent?: "save";
  submitLabel: string;
  children?: ReactNode;
}) {
  const saving = useIsPending(intent ? { intent } : {});
  const [form, fields] = useCheckedForm("zone-form", lastResult, ZONE_FIELDS, {
    defaultValue: defaults,
    // The fields' rules only: the edit page's intent and version are the server's to check.
    loadSchema: () => import("./schemas").then((forms) => forms.zoneCreateSchema),
  });
  const { key: pinKey, ...pinProps } = textareaProps(fields.pinList);
  return (
    <Form method="post" className="stack-form zone-form" {...form.props} aria-labelledby="zone-form-heading">
      <h2 id="zone-form-heading" className="visually-hidden">
        Zone details
      </h2>
      {children}
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Name" field={fields.name} hint="Shown in the back office only, e.g. Bengaluru city" />
      <FieldFrame
        id={fields.pinList.id}
        label="PIN codes"
        field={fields.pinList}
        hint="Prefixes and ranges, separated by spaces or commas: 560 (every PIN code starting 560), 560-562, 682551-682559. Where zones overlap, the narrowest wins."
      >
        <textarea key={pinKey} {...pinProps} rows={3} />
      </FieldFrame>
      <Checkbox
        field={fields.delivers}
        label="The shop delivers here"
        hint="Untick to refuse orders to these PIN codes (“We do not deliver to … yet”)."
      />
      <fieldset className="field">
        <legend>Standard delivery: business days in transit</legend>
        <div className="product-form-pair">
          <Field label="Standard: fewest days" field={fields.standardMin} inputMode="numeric" />
          <Field label="Standard: most days" field={fields.standardMax} inputMode="numeric" />
        </div>
      </fieldset>
      <fieldset className="field">
        <legend>Express delivery: business days in transit (optional)</legend>
        <div className="product-form-pair">
          <Field label="Express: fewest days" field={fields.expressMin} inputMode="numeric" />
          <Field label="Express: most days" field={fields.expressMax} inputMode="numeric" />
        </div>
        <p className="field-hint">
          Leave both empty where express delivery does not reach. Express is offered only while the settings
          page has an express fee.
        </p>
      </fieldset>
      <Checkbox
        field={fields.cashOnDelivery}
        label="Cash on delivery allowed"
        hint="Also needs cash on delivery switched on in the settings."
      />
      <div className="form-actions">
        <button type="submit" name={intent ? "intent" : undefined} value={intent} disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
