import { redirect } from "@remix-run/node";
import type { SessionCustomer } from "~/modules/accounts/session.server";
import { currentCustomer } from "~/request.server";

/** The login URL that brings the shopper back to `to` afterwards. */
export function loginUrl(to: string): string {
  return `/login?${new URLSearchParams({ redirectTo: to })}`;
}

/** The signed-in customer, or a redirect to login that comes back to `returnTo` (default: this page). */
export async function requireCustomer(request: Request, returnTo?: string): Promise<SessionCustomer> {
  const customer = await currentCustomer(request);
  if (customer) return customer;
  const url = new URL(request.url);
  throw redirect(loginUrl(returnTo ?? `${url.pathname}${url.search}`), { status: 303 });
}

/** Log-in and sign-up are for visitors: a signed-in customer is sent to the home page. */
export async function requireVisitor(request: Request): Promise<void> {
  if (await currentCustomer(request)) throw redirect("/", { status: 303 });
}

/** The client address server.mjs found, for rate limits; "unknown" when run without it (tests). */
export function clientAddress(context: { clientAddress?: string } | undefined): string {
  return context?.clientAddress ?? "unknown";
}
