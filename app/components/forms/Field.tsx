import type { HTMLInputTypeAttribute, ReactNode } from "react";
import { FieldFrame } from "./FieldFrame";
import { type CheckedField, inputProps } from "./field-props";

export { FieldError, FormError } from "./FieldError";

type InputType = Extract<HTMLInputTypeAttribute, "text" | "email" | "tel" | "password">;

/**
 * A labelled input wired to a field of use-checked-form.ts: its value survives a rejected submission (passwords aside),
 * and its hint and message show under it, tied to it with aria-describedby.
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
    <FieldFrame id={field.id} label={label} hint={hint} field={field}>
      <input key={key} {...props} autoComplete={autoComplete} inputMode={inputMode} readOnly={readOnly} />
    </FieldFrame>
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
