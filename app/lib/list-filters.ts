import { z } from "zod";
import { MAX_LIST_PAGE } from "./list-query";
import { isTypedText } from "./text";

/*
 * The building blocks of a back-office list's filter schema. A list's URL is typed, shared and edited by
 * people and probed by bots, so nothing in it is an error: a value the list cannot use is dropped (the list
 * then redirects to its canonical URL without it, app/lib/admin-list.server.ts).
 */

/** The page: a whole number from 1 to MAX_LIST_PAGE, else page 1 ("1e3", "-1", "2.5" and "" too). */
export const listPage = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_LIST_PAGE))
  .catch(1);

/** One of the list's known values, else no filter. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}

/** A database id (the `before` cursor of a list, a staff member), else no filter. */
export const listId = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))
  .optional()
  .catch(undefined);

/** Text as typed (runs of spaces as one, at most `max` characters, nothing untypable), else no filter. */
export function listText(max: number) {
  return z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .refine((value) => value !== "" && value.length <= max && isTypedText(value))
    .optional()
    .catch(undefined);
}

/** The query's fields as a schema reads them: the first of a repeated one (the canonical URL keeps only it). */
export function firstValues(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!Object.hasOwn(values, name)) values[name] = value;
  }
  return values;
}
