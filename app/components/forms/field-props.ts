import type { FieldConstraint, FieldValue } from "./checked-form-state";

/**
 * The attributes of a form and its fields, as Conform's getFormProps / getInputProps / getSelectProps /
 * getTextareaProps / getCollectionProps wrote them (same attributes, same order, `undefined` left out), for
 * fields of use-checked-form.ts: the markup stays what it was while Conform stays on the server.
 */

/** A field of a form checked in the browser: Conform's ids, its constraints, and what to show. */
export type CheckedField = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors: string[] | undefined;
  /** The starting value: the last answer's typed value, else the form's default. */
  initialValue: FieldValue | undefined;
  /** The starting value as one text (the first of a list). */
  defaultValue: string | undefined;
  key: string | undefined;
  constraint: FieldConstraint;
};

type Props = Record<string, unknown>;

function simplify<T extends Props>(props: T): T {
  for (const name of Object.keys(props)) {
    if (props[name] === undefined) delete props[name];
  }
  return props;
}

type AriaOptions = { ariaDescribedBy?: string };

function controlProps(field: CheckedField, options: AriaOptions = {}) {
  const invalid = field.errors !== undefined;
  return {
    key: field.key,
    required: field.constraint.required || undefined,
    id: field.id,
    name: field.name,
    form: field.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid
      ? `${field.errorId} ${options.ariaDescribedBy ?? ""}`.trim()
      : options.ariaDescribedBy,
  };
}

export type InputType = "text" | "email" | "tel" | "password" | "file" | "number" | "search" | "url" | "date";

/** An input: its constraints, and its starting value unless `value: false` (passwords). */
export function inputProps(field: CheckedField, options: AriaOptions & { type: InputType; value?: boolean }) {
  const { constraint } = field;
  const props = {
    ...controlProps(field, options),
    type: options.type,
    minLength: constraint.minLength,
    maxLength: constraint.maxLength,
    min: constraint.min,
    max: constraint.max,
    step: constraint.step,
    pattern: constraint.pattern,
    multiple: constraint.multiple,
    accept: constraint.accept,
    defaultValue:
      options.value !== false && typeof field.initialValue === "string" ? field.initialValue : undefined,
  };
  return simplify(props);
}

/** A select: required / multiple, and its starting value. */
export function selectProps(field: CheckedField, options: AriaOptions = {}) {
  const value = field.initialValue;
  return simplify({
    ...controlProps(field, options),
    multiple: field.constraint.multiple,
    defaultValue: Array.isArray(value) ? value : value?.toString(),
  });
}

/** A textarea: its length limits, and its starting value. */
export function textareaProps(field: CheckedField, options: AriaOptions = {}) {
  return simplify({
    ...controlProps(field, options),
    minLength: field.constraint.minLength,
    maxLength: field.constraint.maxLength,
    defaultValue: field.initialValue?.toString(),
  });
}

/** A group of checkboxes, one per option, ticked as the starting value says. */
export function checkboxGroupProps(field: CheckedField, options: readonly string[]) {
  const chosen = field.initialValue;
  return options.map((value) =>
    simplify({
      ...controlProps(field),
      key: `${field.key ?? ""}${value}`,
      id: `${field.id}-${value}`,
      type: "checkbox" as const,
      value,
      defaultChecked: Array.isArray(chosen) ? chosen.includes(value) : chosen === value,
      // A required group of checkboxes would need every box ticked: left to the schema.
      required: undefined,
    }),
  );
}
