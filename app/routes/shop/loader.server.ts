import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import type { ShopContact } from "~/features/settings";
import { readShopContact } from "~/features/settings/index.server";
import { currentCustomer } from "~/lib/request.server";

/**
 * The shop frame's data on every shop page: who is signed in, their cart, and the dealer's contact details.
 * The contact details come from the settings this process keeps: no query on most requests.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [customer, contact] = await Promise.all([currentCustomer(request), getDb().then(readShopContact)]);
  return json({
    customer: customer ? { firstname: customer.firstname } : null,
    cart: customer?.cart ?? { lines: 0, total: 0 },
    contact: contact satisfies ShopContact | null,
    year: new Date().getFullYear(),
  });
}
