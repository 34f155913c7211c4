// A rental's charge paid through PhonePe (decision 0043, section 5): the same payment attempts, PhonePe page,
// webhook, reconciler and refunds as a cart's; the attempt names the charge, and finishing it pays the charge
// (orders.server.ts) rather than making an order.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, paymentAttempts } from "~/db/schema";
import { nextStatusCheck } from "~/features/payments";
import { rentalPaymentMessages } from "~/features/rentals";
import { chargeToPay } from "~/features/rentals/index.server";
import { consume, rateLimits } from "~/lib/rate-limit.server";
import { checkoutMessages } from "./messages";
import { newMerchantOrderId, type OpenPayment, stillOpen } from "./payment-attempts.server";
import { followOpenPayment, openPaymentPage, type StartResult } from "./payment-flow.server";

/** Where PhonePe sends the customer back to: My Rentals checks the payment there. */
export const RENTAL_PAYMENT_RETURN = "/my-rentals";

/**
 * Starts (or goes back to) the PhonePe payment of one of the customer's due charges. The amount is the
 * charge's, read from the database; the customer's row is locked while the attempt is looked for and written,
 * so two presses of "Pay" make one attempt.
 */
export async function startRentalPayment(
  db: Database,
  customerId: number,
  chargeId: number,
  now = new Date(),
): Promise<StartResult> {
  type Recorded =
    | OpenPayment
    | { problem: "not-payable" }
    | { problem: "limited"; retryAfterMinutes: number }
    | { merchantOrderId: string; amount: number; what: string };
  const attempt = await db.transaction(async (tx): Promise<Recorded> => {
    const [customer] = await tx
      .select({ deletedAt: customers.deletedAt })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("update");
    if (!customer || customer.deletedAt !== null) return { problem: "not-payable" } as const;
    const charge = await chargeToPay(tx, customerId, chargeId);
    if (!charge) return { problem: "not-payable" } as const;
    const [open] = await tx
      .select({ merchantOrderId: paymentAttempts.merchantOrderId, paymentUrl: paymentAttempts.paymentUrl })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.rentalChargeId, chargeId),
          eq(paymentAttempts.status, "PENDING"),
          eq(paymentAttempts.amount, charge.amount),
          stillOpen(now),
        ),
      )
      .orderBy(desc(paymentAttempts.createdAt))
      .limit(1);
    if (open) {
      return open.paymentUrl
        ? ({ kind: "open", merchantOrderId: open.merchantOrderId, paymentUrl: open.paymentUrl } as const)
        : ({ kind: "starting", merchantOrderId: open.merchantOrderId } as const);
    }
    const limit = await consume(tx, rateLimits.paymentAttempts, `customer:${customerId}`, now);
    if (limit.limited) return { problem: "limited", retryAfterMinutes: limit.retryAfterMinutes } as const;
    const merchantOrderId = newMerchantOrderId(now);
    await tx.insert(paymentAttempts).values({
      merchantOrderId,
      customerId,
      amount: charge.amount,
      rentalChargeId: charge.chargeId,
      lines: [],
      shippingAddress: charge.address,
      shippingMethod: "Rental",
      shippingFee: 0,
      buyerGstin: charge.businessGstin,
      buyerBusinessName: charge.businessName,
      nextCheckAt: nextStatusCheck(now, now),
    });
    return {
      merchantOrderId,
      amount: charge.amount,
      what: `rental ${charge.reference} month ${charge.month}`,
    };
  });
  if ("kind" in attempt) return followOpenPayment(db, attempt);
  if ("problem" in attempt) {
    return attempt.problem === "limited"
      ? { ok: false, message: checkoutMessages.tooManyPayments(attempt.retryAfterMinutes), status: 429 }
      : { ok: false, message: rentalPaymentMessages.notPayable, status: 409 };
  }
  return openPaymentPage(
    db,
    attempt.merchantOrderId,
    attempt.amount,
    RENTAL_PAYMENT_RETURN,
    attempt.what,
    now,
  );
}
