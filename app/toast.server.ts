import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, json } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { config } from "~/config.server";

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

/** remix-toast's helpers over a flash cookie signed with the shop's own secret. */
export function toasts() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: "toast",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: config().cookieSecure,
        secrets: [config().sessionSecret],
      },
    }),
  );
  return utils;
}

/** Reads (and clears) the flash toast, giving it an id so a new toast replays its animation. */
export async function readToast(request: Request) {
  const { toast, headers } = await toasts().getToast(request);
  // Without a toast there is nothing to clear: no Set-Cookie, so a visitor's page stays cacheable.
  if (!toast) return { toast: null, headers: new Headers() };
  return { toast: { id: randomUUID(), ...toast }, headers };
}

/**
 * A toast carried in an action's JSON answer rather than the flash cookie. A rejected form is answered with
 * the page itself, whose root loader has already read the cookie, so a page shows this one next to its form;
 * with JavaScript off it is in the very same response.
 */
export function inlineToast(type: "success" | "error" | "info" | "warning", message: string) {
  return { id: randomUUID(), type, message };
}

/**
 * Whether the request was sent by script (a Remix fetcher or enhanced form: JavaScript is on) rather than by a
 * plain HTML form post, which browsers send as a navigation. Remix strips its own `_data` marker before the
 * action runs, so the browser's Fetch Metadata header tells; without it we answer as to a plain form.
 */
export function isScriptRequest(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  return mode === "cors" || mode === "same-origin";
}

/**
 * Answers a refused change with `data` and an error toast. A fetcher's answer never renders the page, so
 * with JavaScript the toast rides the flash cookie and the root shows it when Remix reloads after the
 * action; a plain form post gets the page back with the toast inline (see inlineToast).
 */
export function refusal<T extends Record<string, unknown>>(
  request: Request,
  data: T,
  message: string,
  status: number,
) {
  if (isScriptRequest(request)) {
    return toasts().jsonWithError({ ...data, toast: null }, message, { status });
  }
  return json({ ...data, toast: inlineToast("error", message) }, { status });
}
