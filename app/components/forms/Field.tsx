import type { HTMLInputTypeAttribute, ReactNode } from "react";
import { FieldError } from "./FieldError";
import { type CheckedField, inputProps } from "./field-props";

export { FieldError, FormError } from "./FieldError";

type InputType = Extract<HTMLInputTypeAttribute, "text" | "email" | "tel" | "password">;

/**
 * A labelled input wired to a field of use-checked-form.ts: its value survives a rejected submission (passwords aside),
 * and its message shows under it, tied to it with aria-describedby.
 */
export function Field({
  label,
  field,
  type = "text",
  autoComplete,
  inputMode,
  readOnly,
  hint,
}: {
  label: string;
  field: CheckedField;
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "tel" | "text";
  readOnly?: boolean;
  hint?: ReactNode;
}) {
  const { key, ...props } = inputProps(field, { type, value: type !== "password" });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input key={key} {...props} autoComplete={autoComplete} inputMode={inputMode} readOnly={readOnly} />
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldError field={field} />
    </div>
  );
}

/** A field people never see and bots fill in; the server ignores forms that arrive with it filled. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website-field">Website (leave this empty)</label>
      <input
        id="website-field"
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
      />
    </div>
  );
}
