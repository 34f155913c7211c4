/**
 * A field's message and the form-wide message, for the fields of use-checked-form.ts (Field.tsx) and of
 * use-server-form.ts alike.
 */

/** What a message needs of a field: a checked form's (use-checked-form.ts) or a server-only form's (use-server-form.ts). */
export type FieldErrors = { errorId: string; errors?: string[] | undefined };

export function FieldError({ field }: { field: FieldErrors }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="field-error">
      {field.errors[0]}
    </p>
  );
}

/** The form-wide message (a refused log-in, a limit reached), announced to screen readers. */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors[0]}
    </p>
  );
}
