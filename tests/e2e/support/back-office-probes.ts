import type { APIRequestContext, APIResponse } from "@playwright/test";
import { type ReceivedMail, readMailDir } from "../../integration/support/smtp";
import { dataUrl, redirectOf, routeData } from "./single-fetch";
import { expect } from "./test";

/*
 * What the back office's hostile specs check after their probes: the exact refusal (the log-in page, the
 * cross-site 403, a message on the page) and, through what the back office shows or the mail the run's SMTP
 * server received, that nothing was written.
 */

/** The run's mail directory, as tests/e2e/support/mail.ts reads it. */
const mailDir = `.cache/e2e-mail-${process.env.E2E_PORT ?? 3100}`;

/** The back office's log-in page, coming back to `path` afterwards (app/lib/auth.server.ts, staffLoginUrl). */
export function logInFor(path: string): string {
  return path === "/admin" ? "/admin/login" : `/admin/login?${new URLSearchParams({ redirectTo: path })}`;
}

/** The answer sends to the back office's log-in, to come back to `path` (path and query as asked). */
export function expectLogIn(answer: APIResponse, path: string, what = path): void {
  expect(answer.status(), what).toBe(303);
  expect(answer.headers().location, what).toBe(logInFor(path));
}

/**
 * A data request (the page's JavaScript asking for its data, or posting its form) that was sent to log in:
 * single fetch answers 202 with the target in the body (the page's own answer would be a 303 to the same place).
 */
export async function expectDataLogIn(answer: APIResponse, path: string, what = path): Promise<void> {
  expect(answer.status(), what).toBe(202);
  expect(await redirectOf(answer), what).toBe(logInFor(path));
}

/** The cross-site refusal server/guards.mjs sends before the app reads anything. */
export async function expectCrossSiteRefused(answer: APIResponse, what: string): Promise<void> {
  expect(answer.status(), what).toBe(403);
  expect(await answer.text(), what).toBe("Refused: this form was sent from another website.");
}

/** A page's text as a reader sees it: no markup, entities read, runs of white space as one space. */
export async function textOf(answer: APIResponse): Promise<string> {
  return (await answer.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A loader's data, as the page's JavaScript would fetch it. */
export async function dataOf<T>(context: APIRequestContext, path: string, routeId: string): Promise<T> {
  const answer = await context.get(dataUrl(path, routeId));
  expect(answer.status(), `data of ${path}`).toBe(200);
  return routeData<T>(answer, routeId);
}

/** Every mail the run's SMTP server has received so far for `address`, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const wanted = address.toLowerCase();
  return (await readMailDir(mailDir)).filter((mail) => mail.to.includes(wanted));
}
