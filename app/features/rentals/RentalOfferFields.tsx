import { FieldError } from "~/components/forms/FieldError";
import { type CheckedField, inputProps, selectProps } from "~/components/forms/field-props";
import { RENTAL_LIMITS, RENTAL_TENURES } from "./offer";
import { type RentalField, rentFieldOf } from "./rental-form";

/** The hidden field that says the form showed the rental fields: only then are they read (rental-form.ts). */
export const RENTAL_FIELDS_NAME = "rentalFields";

/** Every rental field's name in the product form. */
export const rentalFieldNames = (): `rental.${RentalField}`[] => [
  ...RENTAL_TENURES.map((months) => `rental.${rentFieldOf(months)}` as const),
  "rental.deposit",
  "rental.earlyClosure",
  "rental.closureFeeMonths",
];

function RupeeField({
  label,
  field,
  hint,
}: {
  label: string;
  field: CheckedField | undefined;
  hint?: string;
}) {
  if (!field) return null;
  const { key, ...props } = inputProps(field, { type: "text" });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input key={key} {...props} inputMode="decimal" autoComplete="off" />
      {hint ? <p className="hint">{hint}</p> : null}
      <FieldError field={field} />
    </div>
  );
}

/**
 * A rental product's offer in the product form (decision 0043), in place of MRP and offer price: the monthly
 * rent of each tenure offered (blank: not offered), the deposit per unit and the early-closure rule.
 */
export function RentalOfferFields({
  fieldOf,
}: {
  fieldOf: (name: `rental.${RentalField}`) => CheckedField | undefined;
}) {
  const closure = fieldOf("rental.earlyClosure");
  const fee = fieldOf("rental.closureFeeMonths");
  if (!closure || !fee) return null;
  const { key: closureKey, ...closureProps } = selectProps(closure);
  const { key: feeKey, ...feeProps } = selectProps(fee);
  return (
    <fieldset className="field rental-fields">
      <legend>Rental plans (rents and deposit in Rs., GST included)</legend>
      <input type="hidden" name={RENTAL_FIELDS_NAME} value="1" />
      <p className="hint">
        Give the monthly rent of each tenure you offer; leave the others blank. The shortest is the minimum
        tenure, and a longer tenure may not cost more a month.
      </p>
      <div className="rental-rents">
        {RENTAL_TENURES.map((months) => (
          <RupeeField
            key={months}
            label={`${months} ${months === 1 ? "month" : "months"}, a month`}
            field={fieldOf(`rental.${rentFieldOf(months)}`)}
          />
        ))}
      </div>
      <RupeeField
        label="Refundable deposit, per unit"
        field={fieldOf("rental.deposit")}
        hint="0 or blank for none"
      />
      <div className="field">
        <label htmlFor={closure.id}>Closing early</label>
        <select key={closureKey} {...closureProps}>
          <option value="reprice">The months used charged at that shorter tenure&apos;s plan</option>
          <option value="fee">A fee of some months&apos; rent</option>
        </select>
        <FieldError field={closure} />
      </div>
      <div className="field">
        <label htmlFor={fee.id}>The fee, with that rule</label>
        <select key={feeKey} {...feeProps}>
          {Array.from({ length: RENTAL_LIMITS.maxClosureFeeMonths }, (_, i) => i + 1).map((months) => (
            <option key={months} value={String(months)}>
              {months === 1 ? "1 month's rent" : `${months} months' rent`}
            </option>
          ))}
        </select>
        <FieldError field={fee} />
      </div>
    </fieldset>
  );
}
