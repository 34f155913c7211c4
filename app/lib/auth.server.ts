import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import type { SignedInCustomer } from "~/features/accounts/index.server";
import { isForOwners, staffMessages } from "~/features/staff";
import type { StaffMember } from "~/features/staff/index.server";
import { getSessionStaff } from "~/features/staff/index.server";
import { currentCustomer } from "~/lib/request.server";

/** The login URL that brings the shopper back to `to` afterwards. */
export function loginUrl(to: string): string {
  return `/login?${new URLSearchParams({ redirectTo: to })}`;
}

/** The signed-in customer, or a redirect to login that comes back to `returnTo` (default: this page). */
export async function requireCustomer(request: Request, returnTo?: string): Promise<SignedInCustomer> {
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

/** The back office's log-in page, coming back to `to` afterwards. */
export function staffLoginUrl(to: string): string {
  return to === "/admin" ? "/admin/login" : `/admin/login?${new URLSearchParams({ redirectTo: to })}`;
}

/** The signed-in staff member, or a redirect to the back office's log-in (a customer's session counts for nothing). */
export async function requireStaff(request: Request): Promise<StaffMember> {
  const member = await getSessionStaff(await getDb(), request);
  if (member) return member;
  const url = new URL(request.url);
  throw redirect(staffLoginUrl(`${url.pathname}${url.search}`), { status: 303 });
}

/** An owner: a staff member who is not one gets 403, and no data. */
export async function requireOwner(request: Request): Promise<StaffMember> {
  const member = await requireStaff(request);
  if (member.role !== "owner") throw json({ message: staffMessages.ownersOnly }, { status: 403 });
  return member;
}

/**
 * The staff member a back-office page or form is for: every signed-in member, or an owner where the page is in
 * an owners' section (BACK_OFFICE_SECTIONS, app/features/staff/back-office.ts); anyone else is refused with 403.
 */
export async function requireBackOffice(request: Request): Promise<StaffMember> {
  const member = await requireStaff(request);
  if (isForOwners(new URL(request.url).pathname) && member.role !== "owner") {
    throw json({ message: staffMessages.ownersOnly }, { status: 403 });
  }
  return member;
}
