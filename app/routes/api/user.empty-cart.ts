import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { apiMessages, apiMethodNotAllowed, apiOk, customerWrite } from "~/features/api/index.server";
import { emptyCart } from "~/features/lists/index.server";
import { clientAddress } from "~/lib/auth.server";

export const loader = () => apiMethodNotAllowed("DELETE");

/** DELETE /api/user/empty-cart: the customer's whole cart. */
export async function action({ request, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "DELETE", async (customer) => {
    await emptyCart(await getDb(), customer.id);
    return apiOk({ message: apiMessages.cartEmptied });
  });
}
