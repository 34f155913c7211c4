import { Field } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { type CheckedField, inputProps, selectProps } from "~/components/forms/field-props";
import { INDIAN_STATES } from "~/lib/indian-states";
import { PIN_CODE_PATTERN } from "./pin-codes";

/** The address's fields, in the form's order: a form spreads them into its list of names. */
export const ADDRESS_FIELD_NAMES = [
  "country",
  "firstname",
  "lastname",
  "address",
  "other",
  "city",
  "state",
  "pincode",
] as const;

type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];

/**
 * A delivery address's fields (checkout, a rental booking), wired to a form of use-checked-form.ts whose
 * schema extends the address schema (schemas.ts).
 */
export function AddressFields({ fields }: { fields: Record<AddressFieldName, CheckedField> }) {
  const { key: stateKey, ...stateProps } = selectProps(fields.state);
  const { key: countryKey, ...countryProps } = selectProps(fields.country);
  const { key: pinKey, ...pinProps } = inputProps(fields.pincode, { type: "text" });
  return (
    <>
      <FieldFrame id={fields.country.id} label="Country" field={fields.country}>
        <select key={countryKey} {...countryProps}>
          <option value="India">India</option>
        </select>
      </FieldFrame>
      <div className="field-row">
        <Field label="First Name" field={fields.firstname} autoComplete="given-name" />
        <Field label="Last Name" field={fields.lastname} autoComplete="family-name" />
      </div>
      <Field label="Address" field={fields.address} autoComplete="address-line1" />
      <Field label="Apartment, Suite, etc (optional)" field={fields.other} autoComplete="address-line2" />
      <div className="field-row">
        <Field label="City" field={fields.city} autoComplete="address-level2" />
        <FieldFrame id={fields.state.id} label="State" field={fields.state}>
          <select key={stateKey} {...stateProps} autoComplete="address-level1">
            <option value="">Select State</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id={fields.pincode.id} label="PIN Code" field={fields.pincode}>
          <input
            key={pinKey}
            {...pinProps}
            inputMode="numeric"
            autoComplete="postal-code"
            onChange={(event) => fillPlaceOfPin(event.currentTarget)}
          />
        </FieldFrame>
      </div>
    </>
  );
}

/**
 * With JavaScript, a complete PIN code fills the city and the state the shopper left empty, as India Post
 * names them (the server refuses a PIN code of another state in any case).
 */
function fillPlaceOfPin(input: HTMLInputElement) {
  const pin = input.value.replace(/\s+/g, "");
  const form = input.form;
  if (!form || !PIN_CODE_PATTERN.test(pin)) return;
  fetch(`/pin-place?pin=${pin}`)
    .then((response) => (response.ok ? response.json() : undefined))
    .then((place: { city: string; state: string } | undefined) => {
      if (!place) return;
      for (const [name, value] of [
        ["city", place.city],
        ["state", place.state],
      ] as const) {
        const field = form.elements.namedItem(name);
        if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.value === "") {
          field.value = value;
          field.dispatchEvent(
            new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
          );
        }
      }
    })
    .catch(() => undefined);
}
