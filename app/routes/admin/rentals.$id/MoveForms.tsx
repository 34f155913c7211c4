import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FieldError, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { DEDUCTION_LINES } from "~/features/rentals";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

const deductionNames = Array.from({ length: DEDUCTION_LINES }, (_, i) => [
  `deduction${i + 1}Label`,
  `deduction${i + 1}Amount`,
]).flat();

/**
 * The moves the booking's status allows, as one form: the status seen goes with it, each move is a button,
 * and the fields a move needs (a reason, the units, the inspection's charges) are beside them.
 */
export function MoveForms() {
  const booking = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useCheckedForm(
    "booking-move",
    answer?.result,
    ["reason", "note", "unitIds", "months", ...deductionNames],
    { loadSchema: () => import("~/features/rentals/schemas").then((forms) => forms.bookingMoveSchema) },
  );
  if (booking.moves.length === 0) return null;
  const needs = new Set(booking.moves.map((move) => move.needs));
  const field = (name: string) => {
    const found = fields[name];
    if (!found) throw new Error(`The move form has no field ${name}`);
    return found;
  };
  const [reason, note, unitIds, months] = [field("reason"), field("note"), field("unitIds"), field("months")];
  return (
    <Form method="post" className="stack-form booking-move" {...form.props} aria-labelledby="move-heading">
      <h2 id="move-heading">Next step</h2>
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="from" value={booking.statusCode} />
      {needs.has("units") ? (
        <fieldset aria-describedby={unitIds.errorId}>
          <legend>
            Units to set aside ({booking.unitsWanted} {booking.unitsWanted === 1 ? "unit" : "units"})
          </legend>
          {booking.freeUnits.length === 0 ? <p>No unit of this product is free in the register.</p> : null}
          {booking.freeUnits.map((unit) => (
            <label key={unit.id} className="choice">
              <input type="checkbox" name="unitIds" value={unit.id} />
              <span className="choice-name">
                {unit.assetTag} · {unit.serialNumber} · grade {unit.grade}
              </span>
              {unit.configuration ? <span className="choice-note">{unit.configuration}</span> : null}
            </label>
          ))}
          <FieldError field={unitIds} />
        </fieldset>
      ) : null}
      {needs.has("deductions") ? (
        <fieldset>
          <legend>Charges found at inspection (taken from the deposit of {booking.deposit.held})</legend>
          {Array.from({ length: DEDUCTION_LINES }, (_, i) => {
            const label = field(`deduction${i + 1}Label`);
            const amount = field(`deduction${i + 1}Amount`);
            return (
              <div key={label.id} className="field-row">
                <FieldFrame id={label.id} label={`Charge ${i + 1}`} field={label}>
                  <input
                    id={label.id}
                    name={label.name}
                    defaultValue={label.defaultValue}
                    aria-describedby={label.errorId}
                  />
                </FieldFrame>
                <FieldFrame id={amount.id} label={`Rupees for charge ${i + 1}`} field={amount}>
                  <input
                    id={amount.id}
                    name={amount.name}
                    defaultValue={amount.defaultValue}
                    inputMode="decimal"
                    aria-describedby={amount.errorId}
                  />
                </FieldFrame>
              </div>
            );
          })}
        </fieldset>
      ) : null}
      {needs.has("tenure") && booking.extendTo.length > 0 ? (
        <FieldFrame id={months.id} label="Extend to" field={months}>
          <select id={months.id} name="months" aria-describedby={months.errorId}>
            {booking.extendTo.map((plan) => (
              <option key={plan.months} value={plan.months}>
                {plan.text}
              </option>
            ))}
          </select>
        </FieldFrame>
      ) : null}
      {needs.has("reason") ? (
        <FieldFrame
          id={reason.id}
          label="Reason (e-mailed to the customer; needed to refuse or cancel)"
          field={reason}
        >
          <textarea
            id={reason.id}
            name="reason"
            rows={2}
            defaultValue={reason.defaultValue}
            aria-describedby={reason.errorId}
          />
        </FieldFrame>
      ) : null}
      <FieldFrame
        id={note.id}
        label="Note for the history (handover or return checklist, what was seen)"
        field={note}
      >
        <textarea
          id={note.id}
          name="note"
          rows={2}
          defaultValue={note.defaultValue}
          aria-describedby={note.errorId}
        />
      </FieldFrame>
      <div className="form-actions">
        {booking.moves
          .filter((move) => move.needs !== "tenure" || booking.extendTo.length > 0)
          .map((move) => (
            <button
              key={move.to}
              type="submit"
              name="to"
              value={move.to}
              disabled={pending}
              className={move.to === "cancelled" || move.to === "rejected" ? "button-secondary" : undefined}
            >
              {move.label}
            </button>
          ))}
      </div>
    </Form>
  );
}
