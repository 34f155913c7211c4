import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { apiFail, apiMethodNotAllowed, apiOk, customerWrite } from "~/features/api/index.server";
import { cartProblemMessage, removeCartLine } from "~/features/lists/index.server";
import { clientAddress } from "~/lib/auth.server";
import { successMessages } from "~/lib/messages";
import { parseId } from "~/lib/params";

export const loader = () => apiMethodNotAllowed("DELETE");

/** DELETE /api/user/delete-product-cart/:id: one of the customer's own cart lines; another's is not found. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "DELETE", async (customer) => {
    const lineId = parseId(params.id);
    const removed =
      lineId === undefined
        ? ({ ok: false, problem: "no-line" } as const)
        : await removeCartLine(await getDb(), customer.id, lineId);
    return removed.ok
      ? apiOk({ message: successMessages.deletedFromCart })
      : apiFail(404, cartProblemMessage(removed));
  });
}
