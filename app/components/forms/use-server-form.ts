import type { SubmissionResult } from "@conform-to/react";

/** A field of a form checked on the server only: Conform's ids, and what the last answer said about it. */
export type ServerField = {
  id: string;
  name: string;
  errorId: string;
  errors: string[] | undefined;
  initialValue: string | undefined;
};

/**
 * For forms whose rules only the server can check (stock, a colour of this product, a signed-in customer),
 * so the browser gains nothing from running the schema: the state Conform's useForm would give them, read
 * from the action's `submission.reply()`, without loading Conform or zod into the page. Ids follow Conform's
 * (`form-name`, `form-name-error`, `form-error`), so markup and tests do not change. The browser's own
 * validation stays off (`noValidate`): the server answers with the rules' messages.
 */
export function useServerForm<Name extends string>(
  id: string,
  lastResult: SubmissionResult<string[]> | undefined,
  names: readonly Name[],
) {
  const errorOf = (name: string) => {
    const errors = lastResult?.error?.[name];
    return errors?.length ? errors : undefined;
  };
  const errors = errorOf("");
  const form = {
    id,
    errorId: `${id}-error`,
    errors,
    props: {
      id,
      noValidate: true,
      ...(errors ? { "aria-describedby": `${id}-error` } : {}),
    },
  };
  const fields = {} as Record<Name, ServerField>;
  for (const name of names) {
    const value = lastResult?.initialValue?.[name];
    fields[name] = {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      errors: errorOf(name),
      initialValue: typeof value === "string" ? value : Array.isArray(value) ? String(value[0]) : undefined,
    };
  }
  return [form, fields] as const;
}

/** What a server-checked field's control carries: its id and name, and its message tied to it while in error. */
export function serverFieldProps(field: ServerField) {
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": field.errors ? field.errorId : undefined,
  } as const;
}
