import { getDb } from "~/db/db.server";
import { getSessionCustomer, type SignedInCustomer } from "~/features/accounts/index.server";

// The root loader and the page's loader both ask who is signed in; one session query per page is enough.
const customerOf = new WeakMap<Request, Promise<SignedInCustomer | null>>();

/**
 * The signed-in customer for this request, with their cart's totals and wishlist, or null: looked up once
 * per page. A form post's action may change the cart before the loaders run for the same request, so there
 * every call looks again.
 */
export function currentCustomer(request: Request): Promise<SignedInCustomer | null> {
  const reading = request.method === "GET" || request.method === "HEAD";
  let customer = reading ? customerOf.get(request) : undefined;
  if (!customer) {
    customer = getDb().then((db) => getSessionCustomer(db, request));
    if (reading) customerOf.set(request, customer);
  }
  return customer;
}
