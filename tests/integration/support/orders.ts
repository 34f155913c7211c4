import type { Database } from "~/db/client.server";
import type { ShippingAddress } from "~/db/schema";
import type { BusinessBuyer } from "~/lib/checkout-choices";
import { addToCart } from "~/modules/cart/cart.server";
import { finishPayment } from "~/modules/orders/orders.server";
import { createPaymentAttempt } from "~/modules/orders/payment-attempts.server";
import type { PhonePeClient } from "~/modules/payments/phonepe/client.server";
import { insertCustomer, type ProductRow, STANDARD_SHIPPING } from "./fixtures";

/**
 * A new customer who paid online for `quantity` of the product sent to `address` (a business when given):
 * the attempt made from the cart and settled as PhonePe would, so the order and its invoice exist.
 */
export async function paidOrder(
  db: Database,
  product: ProductRow,
  address: ShippingAddress,
  { quantity = 1, business = null }: { quantity?: number; business?: BusinessBuyer | null } = {},
): Promise<{ orderId: number; customerId: number }> {
  const customer = await insertCustomer(db);
  await addToCart(db, customer.id, { productId: product.id, colourId: product.colourId, quantity });
  const attempt = await createPaymentAttempt(db, customer.id, address, { ...STANDARD_SHIPPING, business });
  if (!("merchantOrderId" in attempt)) throw new Error("the attempt was refused");
  const result = await finishPayment(db, attempt.merchantOrderId, {
    state: "COMPLETED",
    amount: attempt.amount,
    transactionId: "T1",
    details: {},
  });
  if (result.kind !== "ordered") throw new Error(`no order: ${result.kind}`);
  return { orderId: result.orderId, customerId: customer.id };
}

/** A PhonePe that accepts every refund; nothing else is asked of it. */
export const phonePeThatRefunds: PhonePeClient = {
  startPayment: () => Promise.reject(new Error("not used")),
  orderStatus: () => Promise.reject(new Error("not used")),
  refund: async (input) => ({ refundId: "OMR1", amount: input.amount, state: "PENDING" }),
  refundStatus: () => Promise.reject(new Error("not used")),
};
