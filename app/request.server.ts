import { getDb } from "~/db/db.server";
import { getSessionCustomer, type SessionCustomer } from "~/modules/accounts/session.server";

// The root loader and the page's loader both ask who is signed in; one session query per request is enough.
const customerOf = new WeakMap<Request, Promise<SessionCustomer | null>>();

/** The signed-in customer for this request, or null (looked up once per request). */
export function currentCustomer(request: Request): Promise<SessionCustomer | null> {
  let customer = customerOf.get(request);
  if (!customer) {
    customer = getDb().then((db) => getSessionCustomer(db, request));
    customerOf.set(request, customer);
  }
  return customer;
}
