import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, json } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { config } from "~/lib/config.server";

const TOAST_COOKIE = "toast";
let storage: ReturnType<typeof createCookieSessionStorage> | undefined;
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage({
    cookie: {
      name: TOAST_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config().cookieSecure,
      secrets: [config().sessionSecret],
    },
  });
  return storage;
}

/** remix-toast's helpers over a flash cookie signed with the shop's own secret. */
export function toasts() {
  utils ??= createToastUtilsWithCustomSession(toastStorage());
  return utils;
}

const carriesToastCookie = (request: Request) => /(?:^|;\s*)toast=/.test(request.headers.get("Cookie") ?? "");

/**
 * Reads the flash toast, giving it an id so a new toast replays its animation, and deletes the cookie that
 * carried it: remix-toast would leave an empty one behind, and a visitor with any cookie is never served from
 * the page cache (docs/decisions/0023-page-cache.md). Without the cookie there is nothing to clear: no
 * Set-Cookie, so a visitor's page stays cacheable.
 */
export async function readToast(request: Request) {
  if (!carriesToastCookie(request)) return { toast: null, headers: new Headers() };
  const { toast } = await toasts().getToast(request);
  const cookieStorage = toastStorage();
  const cleared = await cookieStorage.destroySession(await cookieStorage.getSession());
  const headers = new Headers({ "Set-Cookie": cleared });
  return { toast: toast ? { id: randomUUID(), ...toast } : null, headers };
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
 * plain HTML form post, which browsers send as a navigation. The action sees the page's own URL (Remix takes
 * the `.data` off first), so the browser's Fetch Metadata header tells; without it we answer as to a plain form.
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
