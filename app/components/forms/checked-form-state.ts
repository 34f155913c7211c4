import type { SubmissionResult } from "@conform-to/react";

/**
 * The state of a form checked in the browser (use-checked-form.ts), as pure functions: what the server's last
 * answer says, what a check in the browser changes, and the attributes a field renders. Kept apart from the
 * hook so it can be tested without a browser, and free of zod and Conform (type imports aside).
 */

/** The HTML constraints of a field, as `getZodConstraint` gives them (computed by the route's loader). */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
};
export type FormConstraint = Record<string, FieldConstraint>;

/** Messages by field name; "" is the form's own. Only names with at least one message are present. */
export type ErrorMap = Record<string, string[]>;

/** A value as a field shows it: typed text, or the chosen options of a group of checkboxes. */
export type FieldValue = string | string[];

export type CheckedFormState = {
  /** The form id and the server answer this state was built from: a new one of either starts afresh. */
  id: string;
  result: SubmissionResult<string[]> | undefined;
  errors: ErrorMap;
  /** Fields checked once already: these are checked again as they are typed in (Conform's "validated"). */
  validated: readonly string[];
  /** Counts the resets: the fields' keys change with it, so React mounts them afresh with their defaults. */
  generation: number;
  /** After a reset the last answer's values no longer count, only the defaults. */
  resultValuesIgnored: boolean;
};

/** Messages with the empty lists and Conform's `null` ("keep what is there", meaningless for a fresh answer) left out. */
export function cleanErrors(
  errors: Record<string, readonly string[] | null | undefined> | undefined,
): ErrorMap {
  const clean: ErrorMap = {};
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (messages?.length) clean[name] = [...messages];
  }
  return clean;
}

/** A value as Conform serialises a default value: text, numbers as text, a ticked box as "on", lists of those. */
export function toFieldValue(value: unknown): FieldValue | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const list = value.map(toFieldValue).filter((item): item is string => typeof item === "string");
    return list;
  }
  return undefined;
}

/** The state for a form id and the server's last answer, as the page is first drawn or when either changes. */
export function stateFromResult(
  id: string,
  result: SubmissionResult<string[]> | undefined,
  previous?: CheckedFormState,
): CheckedFormState {
  if (previous && previous.id !== id) {
    // Another form (my-profile's view and edit): Conform starts it afresh and ignores the last answer.
    return {
      id,
      result,
      errors: {},
      validated: [],
      generation: previous.generation + 1,
      resultValuesIgnored: true,
    };
  }
  const errors = cleanErrors(result?.error);
  // `submission.reply({ resetForm: true })`: the form goes back to its defaults.
  const reset = result?.initialValue === null;
  return {
    id,
    result,
    errors,
    validated: reset ? [] : [...new Set([...(result?.fields ?? []), ...Object.keys(errors)])],
    generation: (previous?.generation ?? 0) + (reset && previous ? 1 : 0),
    resultValuesIgnored: false,
  };
}

/** The form emptied (the contact form after a sent enquiry): defaults again, no messages. */
export function resetState(state: CheckedFormState): CheckedFormState {
  return { ...state, errors: {}, validated: [], generation: state.generation + 1, resultValuesIgnored: true };
}

/** A whole-form check on submit: every field counts as checked and every message shows. */
export function afterSubmitCheck(
  state: CheckedFormState,
  names: Iterable<string>,
  errors: ErrorMap,
): CheckedFormState {
  return {
    ...state,
    errors,
    validated: [...new Set([...state.validated, ...names, ...Object.keys(errors)])],
  };
}

/**
 * A check as one field is left or typed in: that field counts as checked, and the messages of every checked
 * field follow the new check (as Conform does: a server-only message goes once its field is checked again).
 */
export function afterFieldCheck(state: CheckedFormState, name: string, errors: ErrorMap): CheckedFormState {
  const validated = state.validated.includes(name) ? state.validated : [...state.validated, name];
  const next: ErrorMap = {};
  for (const field of validated) {
    const messages = errors[field];
    if (messages?.length) next[field] = messages;
  }
  return { ...state, errors: next, validated };
}

/** A field's value among a form's values: by its name, else down a dotted name's path (`spec.ram_gb`), as Conform nests it. */
function valueAt(values: Record<string, unknown> | undefined, name: string): unknown {
  if (!values) return undefined;
  if (Object.hasOwn(values, name)) return values[name];
  let value: unknown = values;
  for (const key of name.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A field's starting value: what the last answer sent back, else the form's default (none after a reset). */
export function initialValueOf(
  state: CheckedFormState,
  name: string,
  defaults: Record<string, unknown> | undefined,
): FieldValue | undefined {
  const sent = state.resultValuesIgnored ? undefined : state.result?.initialValue;
  // As Conform: the answer's values replace the defaults as a whole (a hidden password stays empty).
  return toFieldValue(sent ? valueAt(sent, name) : valueAt(defaults, name));
}

/** A field's key: none until the form is reset, then a new one each time (so the input is drawn afresh). */
export function keyOf(state: CheckedFormState, name: string): string | undefined {
  return state.generation === 0 ? undefined : `${state.generation}/${name}`;
}
