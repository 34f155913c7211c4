import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ToastView } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import type { ShopContact } from "~/features/settings";
import { readShopContact } from "~/features/settings/index.server";
import { isBackOffice } from "~/features/staff";
import { currentCustomer } from "~/request.server";
import { readToast } from "~/toast.server";

/**
 * The frame's data on every page: who is signed in, their cart, the toast, and the dealer's contact details.
 * The contact details come from the settings this process keeps: no query on most requests.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const backOffice = isBackOffice(new URL(request.url).pathname);
  const [customer, flash, contact] = await Promise.all([
    backOffice ? null : currentCustomer(request),
    readToast(request),
    backOffice ? null : getDb().then(readShopContact),
  ]);
  return json(
    {
      customer: customer ? { firstname: customer.firstname } : null,
      cart: customer?.cart ?? { lines: 0, total: 0 },
      toast: flash.toast satisfies ToastView | null,
      contact: contact satisfies ShopContact | null,
      year: new Date().getFullYear(),
    },
    { headers: flash.headers },
  );
}
