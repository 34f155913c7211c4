import { eq } from "drizzle-orm";
import { vi } from "vitest";
import type { Database } from "~/db/client.server";
import { paymentAttempts, type ShippingAddress } from "~/db/schema";
import { addToCart } from "~/features/lists/index.server";
import { type BusinessBuyer, type RefundState, refundStateOf } from "~/features/orders";
import {
  createPaymentAttempt,
  fetchOutcome,
  finishPayment,
  type PaymentOutcome,
  reconcilePendingPayments,
} from "~/features/orders/index.server";
import { merchantRefundIdOf } from "~/features/payments/index.server";
import { action as phonePeWebhook } from "~/routes/api.phonepe.webhook";
import { insertCustomer, type ProductRow, STANDARD_SHIPPING } from "./fixtures";
import type { PhonePeSimulator } from "./phonepe-simulator";

/**
 * A new customer (or `customerId`'s) who paid online for `quantity` of the product sent to `address` (a business when given): the
 * attempt made from the cart and settled, so the order and its invoice exist. With `paidAt` the payment is made
 * on the PhonePe simulator and its outcome read back as the shop reads it (an order PhonePe can refund);
 * otherwise PhonePe's COMPLETED is given.
 */
export async function paidOrder(
  db: Database,
  product: ProductRow,
  address: ShippingAddress,
  {
    quantity = 1,
    business = null,
    paidAt,
    customerId,
  }: {
    quantity?: number;
    business?: BusinessBuyer | null;
    paidAt?: PhonePeSimulator;
    customerId?: number;
  } = {},
): Promise<{ orderId: number; customerId: number; merchantOrderId: string }> {
  const customer = customerId === undefined ? await insertCustomer(db) : { id: customerId };
  await addToCart(db, customer.id, { productId: product.id, colourId: product.colourId, quantity });
  const attempt = await createPaymentAttempt(db, customer.id, address, { ...STANDARD_SHIPPING, business });
  if (!("merchantOrderId" in attempt)) throw new Error("the attempt was refused");
  const { merchantOrderId } = attempt;
  let outcome: PaymentOutcome = {
    state: "COMPLETED",
    amount: attempt.amount,
    transactionId: "T1",
    details: {},
  };
  if (paidAt) {
    await paidAt.pay(merchantOrderId, attempt.amount);
    outcome = await fetchOutcome(merchantOrderId);
  }
  const result = await finishPayment(db, merchantOrderId, outcome);
  if (result.kind !== "ordered") throw new Error(`no order: ${result.kind}`);
  return { orderId: result.orderId, customerId: customer.id, merchantOrderId };
}

const REFUND_ENDS = ["pg.refund.completed", "pg.refund.failed"];

/**
 * Follows an order's refund, asked of the simulator, to its end as production does: PhonePe ends it on its own
 * clock (the simulator: three seconds after it was asked) and says so in a webhook; that webhook goes through the
 * shop's webhook endpoint (which brings the check forward), and one pass of the shop's reconciler reads the
 * refund's state back from PhonePe's refund-status API. Returns the state the shop then keeps.
 */
export async function refundFollowedToItsEnd(
  db: Database,
  sim: PhonePeSimulator,
  merchantOrderId: string,
): Promise<RefundState | null> {
  const merchantRefundId = merchantRefundIdOf(merchantOrderId);
  const ended = await vi.waitFor(
    () => {
      const webhook = sim
        .webhooksAbout(merchantRefundId)
        .find(({ body }) => REFUND_ENDS.includes(String((body as { event?: unknown }).event)));
      if (!webhook) throw new Error(`PhonePe has not ended refund ${merchantRefundId} yet`);
      return webhook;
    },
    // Three seconds as a rule; a busy machine delays the simulator's timers and its database.
    { timeout: 30_000, interval: 50 },
  );
  const answer = await phonePeWebhook({
    request: new Request(`${sim.base}/api/phonepe/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(ended.authorization ? { Authorization: ended.authorization } : {}),
      },
      body: JSON.stringify(ended.body),
    }),
    params: {},
    context: {},
  });
  // {"success":true} only: an "unknown-refund" answer would mean the shop never noted it.
  const said = await answer.text();
  if (answer.status !== 200 || said !== JSON.stringify({ success: true })) {
    throw new Error(`the shop's webhook endpoint answered ${answer.status}: ${said}`);
  }
  const statusReads = () =>
    sim.calls("refundStatus").filter((r) => r.path.includes(`/${merchantRefundId}/`) && r.status === 200);
  const readBefore = statusReads().length;
  await reconcilePendingPayments(db);
  if (statusReads().length !== readBefore + 1) {
    throw new Error(`the reconciler did not read refund ${merchantRefundId} back from PhonePe`);
  }
  const [attempt] = await db
    .select({ state: paymentAttempts.refundState })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
  return refundStateOf(attempt?.state);
}
