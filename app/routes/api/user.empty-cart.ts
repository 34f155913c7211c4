import type { ActionFunctionArgs } from "@remix-run/node";
import { clientAddress } from "~/auth.server";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiMessages,
  apiMethodNotAllowed,
  apiOk,
  countApiWrite,
  requireApiCustomer,
} from "~/features/api/index.server";
import { emptyCart } from "~/features/lists/index.server";

export const loader = () => apiMethodNotAllowed("DELETE");

/** DELETE /api/user/empty-cart: the customer's whole cart. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "DELETE") return apiMethodNotAllowed("DELETE");
    const customer = await requireApiCustomer(request);
    await countApiWrite(clientAddress(context), customer);
    await emptyCart(await getDb(), customer.id);
    return apiOk({ message: apiMessages.cartEmptied });
  });
}
