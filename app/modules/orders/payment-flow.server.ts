import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import type { ShippingAddress } from "~/db/schema";
import { nextStatusCheck } from "~/lib/payment-schedule";
import { describeError } from "~/modules/ops/errors.server";
import { PhonePeError, phonePeClientFromConfig } from "~/modules/payments/phonepe/client.server";
import {
  claimDueAttempts,
  createPaymentAttempt,
  type FinishResult,
  finishPayment,
  type PaymentOutcome,
  recordPaymentStart,
  scheduleNextCheck,
} from "./orders.server";

/** The spec's messages around payment (section 8); the provider is named in them. */
export const paymentMessages = {
  notStarted: "Failed to initiate PhonePe payment.",
  startFailed: (message: string) => `Something went wrong with PhonePe: ${message}`,
  verificationFailed: "Payment verification failed.",
  verifyError: "Error verifying payment.",
  ordered: "Ordered createad Successfully!",
  outOfStock:
    "Sorry, an item in your order ran out of stock while you were paying. No order was placed and your payment is being refunded.",
} as const;

export type StartResult =
  | { ok: true; redirectUrl: string }
  | { ok: false; message: string; emptyCart?: boolean };

/** Records the attempt from the database cart and asks PhonePe to start it; returns where to send the shopper. */
export async function startCheckoutPayment(
  db: Database,
  customerId: number,
  address: ShippingAddress,
): Promise<StartResult> {
  const attempt = await createPaymentAttempt(db, customerId, address);
  if ("problem" in attempt) {
    if (attempt.problem === "empty") return { ok: false, message: "Your cart is empty.", emptyCart: true };
    return {
      ok: false,
      message: `Sorry, only ${attempt.stock} of ${attempt.title} ${attempt.stock === 1 ? "is" : "are"} in stock. Please change the quantity in your cart.`,
    };
  }
  const { merchantOrderId, amount } = attempt;
  const redirectUrl = new URL("/checkout", config().publicUrl);
  redirectUrl.searchParams.set("merchantTransactionId", merchantOrderId);
  try {
    const started = await phonePeClientFromConfig().startPayment({
      merchantOrderId,
      amount,
      redirectUrl: redirectUrl.toString(),
      message: `Kaveri Computers order ${merchantOrderId}`,
    });
    if (!started.redirectUrl) {
      await recordPaymentStart(db, merchantOrderId, { failure: "No redirect URL from PhonePe" });
      return { ok: false, message: paymentMessages.notStarted };
    }
    await recordPaymentStart(db, merchantOrderId, { providerOrderId: started.orderId });
    return { ok: true, redirectUrl: started.redirectUrl };
  } catch (error) {
    const message = error instanceof PhonePeError || error instanceof Error ? error.message : String(error);
    console.error(`PhonePe could not start payment ${merchantOrderId}: ${describeError(error)}`);
    await recordPaymentStart(db, merchantOrderId, { failure: message });
    return { ok: false, message: paymentMessages.startFailed(message) };
  }
}

/** Asks PhonePe how the payment went, as an outcome finishPayment understands. */
export async function fetchOutcome(merchantOrderId: string): Promise<PaymentOutcome> {
  const status = await phonePeClientFromConfig().orderStatus(merchantOrderId);
  const details: Record<string, unknown> = {
    state: status.state,
    paymentDetails: status.paymentDetails,
    ...(status.errorCode ? { errorCode: status.errorCode } : {}),
  };
  if (status.state === "COMPLETED") {
    return { state: "COMPLETED", amount: status.amount, transactionId: status.transactionId, details };
  }
  if (status.state === "FAILED") {
    return { state: "FAILED", message: status.message ?? status.errorCode, details };
  }
  return { state: "PENDING" };
}

/** Finishes a payment and, when stock ran out meanwhile, asks PhonePe to refund it (logged if that fails). */
export async function settlePayment(
  db: Database,
  merchantOrderId: string,
  outcome: PaymentOutcome,
): Promise<FinishResult> {
  const result = await finishPayment(db, merchantOrderId, outcome);
  if (result.kind === "out-of-stock") {
    try {
      await phonePeClientFromConfig().refund({
        merchantRefundId: `${merchantOrderId}R`,
        originalMerchantOrderId: merchantOrderId,
        amount: result.amount,
      });
    } catch (error) {
      console.error(
        `Refund of ${merchantOrderId} could not be requested; refund it from the PhonePe dashboard: ${describeError(error)}`,
      );
    }
  }
  return result;
}

/**
 * One pass of the reconciler: payments still pending whose check is due (claimed by this instance only) are
 * asked about and finished, or scheduled again along PhonePe's polling schedule.
 */
export async function reconcilePendingPayments(db: Database, now = new Date()): Promise<number> {
  const due = await claimDueAttempts(db, now);
  for (const attempt of due) {
    try {
      const outcome = await fetchOutcome(attempt.merchantOrderId);
      const result = await settlePayment(db, attempt.merchantOrderId, outcome);
      if (result.kind === "pending") {
        await scheduleNextCheck(db, attempt.merchantOrderId, nextStatusCheck(attempt.createdAt, new Date()));
      }
    } catch (error) {
      console.error(
        `Could not check payment ${attempt.merchantOrderId}; it is tried again later: ${describeError(error)}`,
      );
    }
  }
  return due.length;
}
