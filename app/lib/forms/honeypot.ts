/** The honeypot field's name (see components/forms/Field.tsx): people leave it empty, bots fill it in. */
export const HONEYPOT_FIELD = "website";

export function honeypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
