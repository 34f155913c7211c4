import { FieldError } from "~/components/forms/FieldError";
import {
  type CheckedField,
  checkboxGroupProps,
  inputProps,
  selectProps,
} from "~/components/forms/field-props";
import {
  SPEC_FIELDS_NAME,
  type SpecField,
  type SpecForms,
  specFieldGroups,
  specFieldName,
} from "./specs/spec-form";

function NumberSpec({ spec, field }: { spec: SpecField & { kind: "number" }; field: CheckedField }) {
  const { key, ...props } = inputProps(field, { type: "number" });
  return (
    <div className="field spec-field">
      <label htmlFor={field.id}>
        {spec.label}
        {spec.unit ? <span className="visually-hidden"> ({spec.unit})</span> : null}
      </label>
      <span className="spec-number">
        <input key={key} {...props} min={spec.min} max={spec.max} step={spec.step} inputMode="decimal" />
        {spec.unit ? (
          <span className="spec-unit" aria-hidden="true">
            {spec.unit}
          </span>
        ) : null}
      </span>
      <FieldError field={field} />
    </div>
  );
}

function ChoiceSpec({
  spec,
  field,
}: {
  spec: SpecField & { kind: "choice" | "choices" };
  field: CheckedField;
}) {
  if (spec.kind === "choices") {
    const labels = new Map(spec.options.map((option) => [option.code, option.label]));
    return (
      <fieldset className="field choice-group spec-choices">
        <legend>{spec.label}</legend>
        {checkboxGroupProps(
          field,
          spec.options.map((option) => option.code),
        ).map(({ key, ...props }) => (
          <label key={key} className="choice">
            <input {...props} />
            {labels.get(props.value)}
          </label>
        ))}
        <FieldError field={field} />
      </fieldset>
    );
  }
  const { key, ...props } = selectProps(field);
  return (
    <div className="field spec-field">
      <label htmlFor={field.id}>{spec.label}</label>
      <select key={key} {...props}>
        <option value="">Not stated</option>
        {spec.options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

/**
 * The product form's "Specifications": the fields of the product's category and type, in their groups. The
 * hidden field names the attributes shown, so the server reads only those (a form drawn for the category the
 * product had leaves a new category's values as they are stored).
 */
export function SpecificationFields({
  forms,
  specs,
  fieldOf,
}: {
  forms: SpecForms;
  specs: readonly SpecField[];
  fieldOf: (name: `spec.${string}`) => CheckedField | undefined;
}) {
  return (
    <section className="product-specs" aria-labelledby="product-specs-heading">
      <h3 id="product-specs-heading">Specifications</h3>
      <input type="hidden" name={SPEC_FIELDS_NAME} value={specs.map((spec) => spec.code).join(" ")} />
      {specs.length === 0 ? (
        <p className="admin-hint">
          This category has no specification fields. {forms.categories.join(", ")} have them: their fields
          show here once the category is chosen (or, if they do not show at once, once the product is saved).
        </p>
      ) : (
        <p className="admin-hint">
          Leave a field empty when the maker does not state it. The shop's filters, compare and search use
          these values.
        </p>
      )}
      {specFieldGroups(forms, specs).map(({ group, fields }) => (
        <fieldset key={group} className="spec-group">
          <legend>{group}</legend>
          {fields.map((spec) => {
            const field = fieldOf(specFieldName(spec.code));
            if (!field) return null;
            return spec.kind === "number" ? (
              <NumberSpec key={spec.code} spec={spec} field={field} />
            ) : (
              <ChoiceSpec key={spec.code} spec={spec} field={field} />
            );
          })}
        </fieldset>
      ))}
    </section>
  );
}
