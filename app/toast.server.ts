import { randomUUID } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
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
