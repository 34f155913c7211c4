import { FieldFrame } from "~/components/forms/FieldFrame";
import { type ServerField, serverFieldProps } from "~/components/forms/use-server-form";

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
  return (
    <FieldFrame id={field.id} label={label} hint={hint} field={field}>
      <input
        {...serverFieldProps(field)}
        type="text"
        inputMode={inputMode}
        defaultValue={field.initialValue ?? value}
      />
    </FieldFrame>
  );
}
