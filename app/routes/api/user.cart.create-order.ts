import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiFail,
  apiMessages,
  apiMethodNotAllowed,
  apiOk,
  customerWrite,
  readApiBody,
} from "~/features/api/index.server";
import { createOrderBody } from "~/features/api/schemas";
import { orderOfPayment, placeOrder } from "~/features/orders/index.server";
import { clientAddress } from "~/lib/auth.server";
import { successMessages } from "~/lib/messages";

export const loader = () => apiMethodNotAllowed("POST");

/** The order made, with `success: true`, which the earlier shop's clients read to move on to their orders page. */
const ordered = (orderId: number) => ({
  success: true as const,
  message: successMessages.ordered,
  order: { _id: String(orderId) },
});

/**
 * POST /api/user/cart/create-order. The earlier shop recorded an order after its payment; here a payment
 * becomes its order by itself, once, so this answers the order a completed payment made. With `paymentInfo`
 * `{method: "cod"}` it places a cash-on-delivery order of the server's cart, checked as the checkout's.
 * Posted items, prices and totals are never read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "POST", async (customer) => {
    const { paymentInfo, shippingInfo } = await readApiBody(request, createOrderBody);
    const db = await getDb();
    if (paymentInfo.merchantTransactionId) {
      const order = await orderOfPayment(db, customer.id, paymentInfo.merchantTransactionId);
      if (!order) return apiFail(409, apiMessages.orderNeedsPayment);
      return apiOk(ordered(order.orderId));
    }
    if (paymentInfo.method?.toLowerCase() !== "cod") return apiFail(400, apiMessages.orderNeedsPayment);
    if (!shippingInfo) return apiFail(400, apiMessages.shippingInfoRequired);
    const placed = await placeOrder(db, customer.id, { ...shippingInfo, payment: "cod" });
    switch (placed.kind) {
      case "ordered":
        return apiOk(ordered(placed.orderId), 201);
      case "refused":
        return apiFail(400, placed.message);
      case "empty":
        return apiFail(409, placed.message);
      case "problem":
        return apiFail(placed.status, placed.message);
      case "pay":
        // A cash order starts no payment: not reached.
        throw new Error("A cash-on-delivery order started a payment");
    }
  });
}
