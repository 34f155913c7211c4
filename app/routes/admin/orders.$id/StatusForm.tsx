import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FieldError, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { selectProps, textareaProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { SHIPPED } from "~/features/orders";
import { COURIER_MAX, ORDER_NOTE_MAX, TRACKING_MAX } from "~/lib/form-limits";

/**
 * The statuses the order may move to, and nothing else (the server checks again). The status shown with the
 * page goes back as `from`, so a change someone else made meanwhile is refused rather than overwritten.
 */
export function StatusForm({
  orderId,
  status,
  nextStatuses,
  lastResult,
}: {
  orderId: number;
  status: string;
  nextStatuses: string[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const moving = useIsPending({ intent: "move" });
  const [form, fields] = useCheckedForm(
    `move-order-${orderId}`,
    lastResult,
    ["from", "to", "courier", "trackingNumber", "note"],
    { loadSchema: () => import("~/features/orders/schemas").then((forms) => forms.moveOrderSchema) },
  );
  if (nextStatuses.length === 0) {
    return (
      <section className="admin-panel" aria-labelledby="status-heading">
        <h2 id="status-heading">Status</h2>
        <p>
          This order is {status}: its life cycle has no further step
          {status === "Delivered" || status === "Cancelled" ? " unless it is refunded" : ""}.
        </p>
      </section>
    );
  }
  const { key: toKey, ...toProps } = selectProps(fields.to);
  const chosen = fields.to.defaultValue;
  const { key: noteKey, ...noteProps } = textareaProps(fields.note);
  return (
    <section className="admin-panel" aria-labelledby="status-heading">
      <h2 id="status-heading">Change status</h2>
      <Form method="post" className="stack-form" {...form.props} aria-labelledby="status-heading">
        <FormError id={form.errorId} errors={form.errors} />
        {/* Not Conform's: after a refusal it must carry the status shown now, not the one posted. */}
        <input type="hidden" name="from" value={status} />
        <FieldError field={fields.from} />
        <FieldFrame id={fields.to.id} label="New status" field={fields.to}>
          <select
            key={toKey}
            {...toProps}
            defaultValue={chosen && nextStatuses.includes(chosen) ? chosen : nextStatuses[0]}
          >
            {nextStatuses.map((next) => (
              <option key={next} value={next}>
                {next}
              </option>
            ))}
          </select>
        </FieldFrame>
        {nextStatuses.includes(SHIPPED) ? (
          <fieldset className="admin-fieldset">
            <legend>When shipping (optional)</legend>
            <Field
              label="Courier"
              field={fields.courier}
              autoComplete="off"
              hint={`Up to ${COURIER_MAX} characters, e.g. Blue Dart`}
            />
            <Field
              label="Tracking number"
              field={fields.trackingNumber}
              autoComplete="off"
              hint={`Letters, digits and hyphens, up to ${TRACKING_MAX}`}
            />
          </fieldset>
        ) : null}
        <FieldFrame id={fields.note.id} label="Note (optional, for the history)" field={fields.note}>
          <textarea key={noteKey} {...noteProps} rows={2} maxLength={ORDER_NOTE_MAX} />
        </FieldFrame>
        <button type="submit" name="intent" value="move" disabled={moving}>
          {moving ? "Saving…" : "Change status"}
        </button>
      </Form>
    </section>
  );
}
