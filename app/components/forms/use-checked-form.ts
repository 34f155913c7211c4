import type { SubmissionResult } from "@conform-to/react";
import { type FocusEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { ZodTypeAny } from "zod";
import {
  afterFieldCheck,
  afterSubmitCheck,
  cleanErrors,
  type ErrorMap,
  type FormConstraint,
  initialValueOf,
  keyOf,
  resetState,
  stateFromResult,
} from "./checked-form-state";
import type { CheckedField } from "./field-props";

export type { CheckedField } from "./field-props";

type Check = (formData: FormData) => ErrorMap;

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A named field of this form (not a button), as Conform picks the elements it checks. */
function fieldOf(target: EventTarget | null, form: HTMLFormElement): FieldElement | null {
  const isField =
    (target instanceof HTMLInputElement && !["submit", "button", "reset"].includes(target.type)) ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement;
  return isField && target.form === form && target.name !== "" ? target : null;
}

/** Focuses the first field, in the form's order, that has a message (as Conform did). */
function focusFirstInvalid(form: HTMLFormElement, errors: ErrorMap) {
  for (const element of form.elements) {
    const field = fieldOf(element, form);
    if (field && errors[field.name]) {
      field.focus();
      return;
    }
  }
}

export type CheckedFormOptions = {
  /** `getZodConstraint(schema)`, computed by the route's loader: the fields' HTML attributes. */
  constraint?: FormConstraint | undefined;
  /** The form's schema, loaded on demand: `() => import("./schemas").then((forms) => forms.loginSchema)` in the feature. */
  loadSchema: () => Promise<ZodTypeAny>;
  /** The fields' values before anything is typed (a saved address, the product being edited). */
  defaultValue?: Record<string, unknown> | undefined;
};

/**
 * For forms the browser also checks, with the server's own schema and messages, without zod, Conform or the
 * schema in the page's JavaScript: they are loaded (one lazy chunk) when the form is first touched. Behaves as
 * Conform's useForm did with `shouldValidate: "onBlur"` and `shouldRevalidate: "onInput"`: a field is checked
 * when it is left, then again as it is typed in; a submit checks everything, and a form with a message is not
 * sent and its first wrong field gets the focus. The server's answer (`lastResult`, from
 * `submission.reply()`) gives the messages and typed values after a round trip, as with useServerForm. Ids
 * are Conform's (`form-name`, `form-name-error`, `form-error`); spread `form.props` on the `<Form>` and give
 * the fields to Field / the field-props helpers.
 */
export function useCheckedForm<Name extends string>(
  id: string,
  lastResult: SubmissionResult<string[]> | undefined,
  names: readonly Name[],
  options: CheckedFormOptions,
) {
  const [stored, setStored] = useState(() => stateFromResult(id, lastResult));
  let state = stored;
  if (stored.id !== id || stored.result !== lastResult) {
    // A new answer from the server (or another form id) replaces what the browser's checks said.
    state = stateFromResult(id, lastResult, stored);
    setStored(state);
  }

  const loadSchema = useRef(options.loadSchema);
  loadSchema.current = options.loadSchema;
  const check = useRef<Check | null>(null);
  const loading = useRef<Promise<Check> | null>(null);
  const load = useCallback(() => {
    if (!loading.current) {
      const loaded = Promise.all([loadSchema.current(), import("~/lib/forms/browser-check")]).then(
        ([schema, { zodErrors }]) => {
          const run: Check = (formData) => cleanErrors(zodErrors(formData, schema));
          check.current = run;
          return run;
        },
      );
      // A chunk that did not load (a dropped connection) is asked for again next time; the server checks anyway.
      loaded.catch(() => {
        loading.current = null;
      });
      loading.current = loaded;
    }
    return loading.current;
  }, []);
  const preload = useCallback(() => {
    if (!check.current) load().catch(() => undefined);
  }, [load]);

  const checkField = (form: HTMLFormElement, name: string) => {
    const run = (checker: Check) => {
      const errors = checker(new FormData(form));
      setStored((current) => afterFieldCheck(current, name, errors));
    };
    if (check.current) run(check.current);
    else load().then(run, () => undefined);
  };

  /** Checks the whole form as it is sent; false when it must not go (its messages then show). */
  const checkSubmit = (form: HTMLFormElement, submitter: HTMLElement | null, checker: Check) => {
    const formData = new FormData(form, submitter);
    const errors = checker(formData);
    setStored((current) => afterSubmitCheck(current, formData.keys(), errors));
    const valid = Object.keys(errors).length === 0;
    if (!valid) focusFirstInvalid(form, errors);
    return valid;
  };

  const resubmitting = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (resubmitting.current) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (check.current) {
      if (!checkSubmit(form, submitter, check.current)) event.preventDefault();
      return;
    }
    // Not loaded yet: hold the submission (Remix's <Form> leaves a prevented submit alone), check it once the
    // check is there, and send it again, with the same button, when it passes.
    event.preventDefault();
    load()
      .then(
        (checker) => checkSubmit(form, submitter, checker),
        () => true,
      )
      .then((send) => {
        if (!send || !form.isConnected) return;
        resubmitting.current = true;
        try {
          form.requestSubmit(submitter?.isConnected ? submitter : null);
        } finally {
          resubmitting.current = false;
        }
      });
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = fieldOf(event.target, event.currentTarget);
    if (field && !state.validated.includes(field.name)) checkField(event.currentTarget, field.name);
  };
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const field = fieldOf(event.target, event.currentTarget);
    if (field && state.validated.includes(field.name)) checkField(event.currentTarget, field.name);
  };

  // A refusal from the server puts the focus on its first wrong field, as Conform did.
  const answered = useRef(lastResult);
  useEffect(() => {
    if (answered.current === lastResult) return;
    answered.current = lastResult;
    const form = document.getElementById(id);
    if (lastResult?.status === "error" && form instanceof HTMLFormElement) {
      focusFirstInvalid(form, cleanErrors(lastResult.error));
    }
  }, [id, lastResult]);

  const reset = useCallback(() => setStored(resetState), []);

  const errorId = `${id}-error`;
  const errors = state.errors[""];
  const form = {
    id,
    errorId,
    errors,
    reset,
    props: {
      id,
      onSubmit,
      noValidate: true,
      ...(errors ? { "aria-describedby": errorId } : {}),
      onBlur,
      onInput,
      onFocus: preload,
      onPointerDown: preload,
      onTouchStart: preload,
    },
  };
  const fields = {} as Record<Name, CheckedField>;
  for (const name of names) {
    const initialValue = initialValueOf(state, name, options.defaultValue);
    fields[name] = {
      id: `${id}-${name}`,
      name,
      formId: id,
      errorId: `${id}-${name}-error`,
      errors: state.errors[name],
      initialValue,
      defaultValue: Array.isArray(initialValue) ? initialValue[0] : initialValue,
      key: keyOf(state, name),
      constraint: options.constraint?.[name] ?? {},
    };
  }
  return [form, fields] as const;
}
