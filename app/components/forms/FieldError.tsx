/**
 * A field's message and the form-wide message. Apart from Field.tsx (which wires inputs through Conform) so
 * that forms checked on the server only can show them without loading the form library.
 */

/** What a message needs of a field: Conform's field metadata or a server-only form's (use-server-form.ts). */
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
