import type { Submission } from "@conform-to/react";
import { json } from "@remix-run/node";
import { accountProblems } from "~/features/accounts";
import { inlineToast } from "~/lib/toast.server";
import type { ServiceBusyError } from "~/lib/work-gate.server";

type Replyable = Pick<Submission<unknown>, "reply">;

type ReplyOptions = {
  status: number;
  /** The field the message belongs to; without one it is the form's own message. */
  field?: string;
  /** Fields whose typed value is not sent back (passwords). */
  hideFields?: string[];
  headers?: HeadersInit;
  /** The toast's own text, where the shop's rules give the toast a shorter message than the form shows. */
  toast?: string;
};

/**
 * Answers a refused form the one way the shop does: everything the shopper typed comes back (hidden fields
 * aside), `message` sits on its field or on the form, and shows as an error toast (or `toast`, where the shop's rules
 * words the toast apart) in the same response, so it works with JavaScript off.
 */
export function replyWithError<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: Replyable,
  message: string,
  { status, field, hideFields, headers, toast = message }: ReplyOptions,
  extra?: Extra,
) {
  const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
  return json(
    {
      ...(extra as Extra),
      result: submission.reply({ ...errors, hideFields }),
      toast: inlineToast("error", toast),
    },
    { status, headers },
  );
}

/**
 * Answers a form that failed its schema with 400: the messages sit on their fields. `toastFirst` also shows
 * the first message as a toast, for the forms whose fixed messages are toasts (the product page's).
 */
export function replyInvalid<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: Replyable & { error?: Record<string, string[] | null> | null },
  { hideFields, toastFirst = false }: { hideFields?: string[]; toastFirst?: boolean } = {},
  extra?: Extra,
) {
  const first = toastFirst ? (Object.values(submission.error ?? {}).flat()[0] ?? null) : null;
  return json(
    {
      ...(extra as Extra),
      result: submission.reply({ hideFields }),
      toast: first ? inlineToast("error", first) : null,
    },
    { status: 400 },
  );
}

/**
 * Too many passwords are being checked at once (the password work queue is full): the form comes back with
 * 503 and Retry-After instead of waiting in a queue that only grows.
 */
export function replyBusy(submission: Replyable, error: ServiceBusyError, hideFields?: string[]) {
  return replyWithError(submission, accountProblems.loginBusy, {
    status: 503,
    hideFields,
    headers: { "Retry-After": String(error.retryAfterSeconds) },
  });
}
