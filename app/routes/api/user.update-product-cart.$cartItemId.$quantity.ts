import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { apiFail, apiMethodNotAllowed, apiOk, customerWrite } from "~/features/api/index.server";
import { cartQuantitySchema } from "~/features/catalogue/schemas";
import { cartProblemMessage, updateCartQuantity } from "~/features/lists/index.server";
import { clientAddress } from "~/lib/auth.server";
import { fieldMessages, successMessages } from "~/lib/messages";

export const loader = () => apiMethodNotAllowed("DELETE");

/**
 * DELETE /api/user/update-product-cart/:cartItemId/:quantity: the earlier shop set a quantity with a DELETE.
 * The path's numbers are read as the cart page's form (1 to 10), and the line must be the customer's own.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "DELETE", async (customer) => {
    // The path read as the cart page's form: a line's id, and a quantity from 1 to 10.
    const parsed = cartQuantitySchema.safeParse({ lineId: params.cartItemId, quantity: params.quantity });
    if (!parsed.success) return apiFail(400, parsed.error.issues[0]?.message ?? fieldMessages.quantityRange);
    const { lineId, quantity } = parsed.data;
    const changed = await updateCartQuantity(await getDb(), customer.id, lineId, quantity);
    if (changed.ok) return apiOk({ message: successMessages.cartUpdated });
    return apiFail(changed.problem === "no-line" ? 404 : 409, cartProblemMessage(changed));
  });
}
