import { getDb } from "~/db/db.server";
import { getSessionCustomer, type SessionCustomer } from "~/modules/accounts/session.server";

/** The signed-in customer for this request, or null. */
export async function currentCustomer(request: Request): Promise<SessionCustomer | null> {
  return getSessionCustomer(await getDb(), request);
}
