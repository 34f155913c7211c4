import type { ActionFunctionArgs } from "@remix-run/node";
import { clientAddress } from "~/auth.server";
import { getDb } from "~/db/db.server";
import { saveAddress } from "~/features/accounts/index.server";
import {
  apiAnswer,
  apiFail,
  apiMessages,
  apiMethodNotAllowed,
  apiOk,
  countApiWrite,
  readApiBody,
  requireApiCustomer,
} from "~/features/api/index.server";
import { createOrderBody } from "~/features/api/schemas";
import { productAdminMessages } from "~/features/catalogue";
import { checkoutMessages } from "~/features/orders";
import { orderOfPayment, placeCashOrder, resolveChoices } from "~/features/orders/index.server";
import { successMessages } from "~/lib/messages";

export const loader = () => apiMethodNotAllowed("POST");

/**
 * POST /api/user/cart/create-order. The earlier shop recorded an order after its payment; here a payment
 * becomes its order by itself, once, so this answers the order a completed payment made. With `paymentInfo`
 * `{method: "cod"}` it places a cash-on-delivery order of the server's cart, checked as the checkout's.
 * Posted items, prices and totals are never read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    const customer = await requireApiCustomer(request);
    await countApiWrite(clientAddress(context), customer);
    const { paymentInfo, shippingInfo } = await readApiBody(request, createOrderBody);
    const db = await getDb();
    if (paymentInfo.merchantTransactionId) {
      const order = await orderOfPayment(db, customer.id, paymentInfo.merchantTransactionId);
      if (!order) return apiFail(409, apiMessages.orderNeedsPayment);
      return apiOk({ message: successMessages.ordered, order: { _id: String(order.orderId) } });
    }
    if (paymentInfo.method?.toLowerCase() !== "cod" || !shippingInfo) {
      return apiFail(400, apiMessages.orderNeedsPayment);
    }
    const { shipping: shippingChoice, gstin, businessName, payment: _, ...address } = shippingInfo;
    const choices = await resolveChoices(db, customer.id, address, {
      shipping: shippingChoice,
      payment: "cod",
    });
    if (!choices.ok) return apiFail(400, choices.message);
    await saveAddress(db, customer.id, address);
    const business = gstin && businessName ? { gstin, name: businessName } : null;
    const placed = await placeCashOrder(
      db,
      customer.id,
      address,
      { ...choices.shipping, business },
      choices.codFee,
    );
    switch (placed.kind) {
      case "ordered":
        return apiOk({ message: successMessages.ordered, order: { _id: String(placed.orderId) } }, 201);
      case "empty":
        return apiFail(409, checkoutMessages.emptyCart);
      case "refused":
        return apiFail(409, placed.message);
      case "unavailable":
        return apiFail(409, productAdminMessages.cartLineUnavailable(placed.title));
      default:
        return apiFail(409, checkoutMessages.shortOfStock(placed.title, placed.stock));
    }
  });
}
