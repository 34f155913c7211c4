import { FieldError } from "~/components/forms/FieldError";
import type { ServerField } from "~/components/forms/use-server-form";

/** A labelled text input of the settings page's forms, with its hint and message. */
export function TextField({
  label,
  field,
  value,
  hint,
  inputMode,
}: {
  label: string;
  field: ServerField;
  value: string;
  hint?: string;
  inputMode?: "numeric" | "decimal" | "tel";
}) {
  const described = [field.errors ? field.errorId : null, hint ? `${field.id}-hint` : null].filter(Boolean);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        id={field.id}
        name={field.name}
        type="text"
        inputMode={inputMode}
        defaultValue={field.initialValue ?? value}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={described.length ? described.join(" ") : undefined}
      />
      {hint ? (
        <p className="field-hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
