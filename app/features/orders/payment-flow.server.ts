import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, type ShippingAddress } from "~/db/schema";
import { productAdminMessages } from "~/features/catalogue";
import { nextStatusCheck, PAYMENT_EXPIRY_SECONDS } from "~/features/payments";
import {
  followDueRefunds,
  PhonePeError,
  phonePeClientFromConfig,
  requestRefund,
} from "~/features/payments/index.server";
import { rentalPaymentMessages } from "~/features/rentals";
import { sendChargePaidMail } from "~/features/rentals/index.server";
import { readShopSettings } from "~/features/settings/index.server";
import { config } from "~/lib/config.server";
import { describeError } from "~/lib/errors.server";
import { sharedMetrics } from "~/lib/metrics.mjs";
import { formatRupees } from "~/lib/money";
import { consume, rateLimits } from "~/lib/rate-limit.server";
import { shop } from "~/lib/shop";
import type { ChosenShipping } from "./checkout-choices";
import { checkoutMessages, paymentMessages } from "./messages";
import { sendOrderPaidMail } from "./order-mail.server";
import { finishPayment } from "./orders.server";
import {
  awaitPaymentStart,
  checkFailed,
  claimDueAttempts,
  claimLiveCheck,
  createPaymentAttempt,
  customerAttempt,
  type FinishResult,
  MAX_ONLINE_ORDER_PAISE,
  type OpenPayment,
  type PaymentOutcome,
  recordPaymentStart,
  reusablePaymentPage,
  scheduleNextCheck,
} from "./payment-attempts.server";

export type StartResult =
  /** The payment's page, and its id (the JSON API's client verifies the payment by it). */
  | { ok: true; redirectUrl: string; merchantOrderId: string }
  | { ok: false; message: string; emptyCart?: boolean; status?: number };

/** Records the attempt from the database cart and asks PhonePe to start it; returns where to send the shopper. */
export async function startCheckoutPayment(
  db: Database,
  customerId: number,
  address: ShippingAddress,
  shipping: ChosenShipping,
  now = new Date(),
): Promise<StartResult> {
  // The customer's row is locked while the attempt is looked for and recorded, so a second Place Order at the
  // same moment (a double press, a second tab) finds the first one's attempt instead of making another.
  const attempt = await db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    // Place Order again with the same cart: back to the payment page PhonePe already has (or is opening).
    const open = await reusablePaymentPage(tx, customerId, address, shipping, now);
    if (open) return open;
    const limit = await consume(tx, rateLimits.paymentAttempts, `customer:${customerId}`, now);
    if (limit.limited) return { problem: "limited", retryAfterMinutes: limit.retryAfterMinutes } as const;
    return createPaymentAttempt(tx, customerId, address, shipping, now);
  });
  if ("kind" in attempt) return followOpenPayment(db, attempt);
  if ("problem" in attempt) {
    if (attempt.problem === "limited") {
      return { ok: false, message: checkoutMessages.tooManyPayments(attempt.retryAfterMinutes) };
    }
    if (attempt.problem === "empty")
      return { ok: false, message: checkoutMessages.emptyCart, emptyCart: true };
    if (attempt.problem === "unavailable") {
      return { ok: false, message: productAdminMessages.cartLineUnavailable(attempt.title), status: 409 };
    }
    if (attempt.problem === "too-large") {
      return {
        ok: false,
        message: checkoutMessages.tooLargeToPayOnline(
          formatRupees(MAX_ONLINE_ORDER_PAISE),
          (await readShopSettings(db)).hotline,
        ),
      };
    }
    return { ok: false, message: checkoutMessages.shortOfStock(attempt.title, attempt.stock) };
  }
  return openPaymentPage(
    db,
    attempt.merchantOrderId,
    attempt.amount,
    "/checkout",
    `order ${attempt.merchantOrderId}`,
    now,
  );
}

/** Back to a payment PhonePe already has open, or waits for the request that is opening it. */
export async function followOpenPayment(db: Database, open: OpenPayment): Promise<StartResult> {
  const { merchantOrderId } = open;
  if (open.kind === "open") return { ok: true, redirectUrl: open.paymentUrl, merchantOrderId };
  const started = await awaitPaymentStart(db, merchantOrderId);
  if (started && "paymentUrl" in started)
    return { ok: true, redirectUrl: started.paymentUrl, merchantOrderId };
  return {
    ok: false,
    message: started?.failure ? paymentMessages.startFailed(started.failure) : paymentMessages.notStarted,
  };
}

/**
 * Asks PhonePe to open its payment page for a recorded attempt, returning the shopper to `returnPath` with the
 * attempt's id; notes the page (or why there is none) on the attempt.
 */
export async function openPaymentPage(
  db: Database,
  merchantOrderId: string,
  amount: number,
  returnPath: string,
  what: string,
  now = new Date(),
): Promise<StartResult> {
  const redirectUrl = new URL(returnPath, config().publicUrl);
  redirectUrl.searchParams.set("merchantTransactionId", merchantOrderId);
  try {
    const started = await phonePeClientFromConfig().startPayment({
      merchantOrderId,
      amount,
      redirectUrl: redirectUrl.toString(),
      message: `${shop.name} ${what}`,
      // Said out loud, so PhonePe and the shop agree on when an unpaid order ends.
      expireAfter: PAYMENT_EXPIRY_SECONDS,
    });
    if (!started.redirectUrl) {
      await recordPaymentStart(db, merchantOrderId, { failure: "No redirect URL from PhonePe" });
      return { ok: false, message: paymentMessages.notStarted };
    }
    await recordPaymentStart(db, merchantOrderId, {
      providerOrderId: started.orderId,
      paymentUrl: started.redirectUrl,
      expireAt: new Date(started.expireAt ?? now.getTime() + PAYMENT_EXPIRY_SECONDS * 1000),
    });
    return { ok: true, redirectUrl: started.redirectUrl, merchantOrderId };
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
    // The shopper sees PhonePe's own words when it gives some; its codes stay in the details for the dealer.
    return { state: "FAILED", message: status.message, details };
  }
  const lastTry = status.paymentDetails.at(-1);
  return {
    state: "PENDING",
    lastTryFailed: lastTry?.state === "FAILED" ? (lastTry.errorCode ?? "declined") : undefined,
  };
}

/**
 * Finishes a payment and, when stock ran out meanwhile, asks PhonePe to refund it: once per attempt, followed
 * to its end by the reconciler (the payments feature's refunds).
 */
export async function settlePayment(
  db: Database,
  merchantOrderId: string,
  outcome: PaymentOutcome,
): Promise<FinishResult> {
  const result = await finishPayment(db, merchantOrderId, outcome);
  if (result.kind === "out-of-stock" || result.kind === "not-payable") {
    await requestRefund(db, phonePeClientFromConfig(), merchantOrderId, result.amount);
  }
  if (result.kind === "rental-paid" && result.isNew)
    void sendChargePaidMail(db, result.chargeId, config().publicUrl);
  // Once, by whoever made the order, after the commit: a mail that cannot be sent never undoes the order.
  if (result.kind === "ordered" && result.isNew)
    void sendOrderPaidMail(db, result.orderId, config().publicUrl);
  return result;
}

/**
 * The one door for confirming a payment: asks PhonePe how it went and finishes it once (an order, a failure,
 * or a refund for stock that ran out), whoever knocks: the shopper's return, the reconciler after a webhook or
 * on PhonePe's polling schedule.
 */
export async function confirmPayment(db: Database, merchantOrderId: string): Promise<FinishResult> {
  return settlePayment(db, merchantOrderId, await fetchOutcome(merchantOrderId));
}

export type ReturnOutcome =
  | { kind: "ordered" }
  | {
      kind: "pending";
      refreshSeconds: number;
      note: string | null;
      /** The shopper's latest try inside the still-open PhonePe order failed: why, and where to pay again. */
      retry: { reason: string; paymentUrl: string } | null;
    }
  | { kind: "failed"; message: string };

/** How often a shopper's return page may ask PhonePe live about one payment. */
const LIVE_CHECK_EVERY_MS = 5_000;

/**
 * Seconds until the "Confirming your payment…" page reloads itself: every 3 s for the first half minute,
 * then less and less often (at most once a minute). A meta refresh, so it works without JavaScript.
 */
export function pendingRefreshSeconds(startedAt: Date, now: Date): number {
  const age = (now.getTime() - startedAt.getTime()) / 1000;
  if (age < 30) return 3;
  if (age < 120) return 5;
  if (age < 300) return 15;
  if (age < 1200) return 30;
  return 60;
}

/**
 * What the shopper is told about a payment that could not become an order (or pay a rental's charge), as its
 * refund goes.
 */
async function refundMessage(
  db: Database,
  attempt: { refundState: string | null; rentalChargeId: number | null } | null,
): Promise<string> {
  const state = attempt?.refundState ?? null;
  if (state === "FAILED") return checkoutMessages.refundFailed((await readShopSettings(db)).hotline);
  if (attempt?.rentalChargeId) {
    return state === "COMPLETED" ? rentalPaymentMessages.refunded : rentalPaymentMessages.beingRefunded;
  }
  return state === "COMPLETED" ? checkoutMessages.refunded : checkoutMessages.outOfStock;
}

/**
 * The shopper is back from PhonePe (or the pending page reloaded): what to show. The attempt's state is read
 * from the database; PhonePe is asked live at most once every few seconds per attempt (the webhook and the
 * reconciler do the rest), and a PhonePe that is busy or down keeps the shopper waiting rather than showing an
 * error. Only the customer's own attempts count.
 */
export async function returnFromPhonePe(
  db: Database,
  customerId: number,
  merchantOrderId: string,
  purpose: { rental: boolean } = { rental: false },
  now = new Date(),
): Promise<ReturnOutcome> {
  const attempt = await customerAttempt(db, customerId, merchantOrderId);
  // Each page finishes its own kind of payment: a cart's at checkout, a rental charge's on My Rentals.
  if (!attempt || (attempt.rentalChargeId !== null) !== purpose.rental) {
    return { kind: "failed", message: paymentMessages.verificationFailed };
  }
  let note: string | null = null;
  if (attempt.status === "PENDING" && (await claimLiveCheck(db, attempt.id, now, LIVE_CHECK_EVERY_MS))) {
    try {
      const result = await confirmPayment(db, merchantOrderId);
      if (result.kind === "ordered" || result.kind === "rental-paid") return { kind: "ordered" };
      if (result.kind === "failed") {
        return { kind: "failed", message: result.message || paymentMessages.verificationFailed };
      }
      if (result.kind === "out-of-stock" || result.kind === "not-payable") {
        const refunded = await customerAttempt(db, customerId, merchantOrderId);
        return { kind: "failed", message: await refundMessage(db, refunded) };
      }
      if (result.kind !== "pending") return { kind: "failed", message: paymentMessages.verificationFailed };
    } catch (error) {
      console.error(`Could not ask PhonePe about payment ${merchantOrderId}: ${describeError(error)}`);
      note = checkoutMessages.stillChecking;
    }
  }
  const state = await customerAttempt(db, customerId, merchantOrderId);
  switch (state?.status) {
    case "COMPLETED":
      return { kind: "ordered" };
    case "PENDING":
      return {
        kind: "pending",
        refreshSeconds: pendingRefreshSeconds(state.createdAt, now),
        note,
        retry:
          state.failureReason && state.paymentUrl
            ? { reason: state.failureReason, paymentUrl: state.paymentUrl }
            : null,
      };
    case "REFUND_PENDING":
      return { kind: "failed", message: await refundMessage(db, state) };
    case "FAILED":
      return { kind: "failed", message: state.failureReason || paymentMessages.verificationFailed };
    default:
      return { kind: "failed", message: paymentMessages.verificationFailed };
  }
}

/**
 * One pass of the reconciler: open refunds whose check is due are followed, and payments still pending whose
 * check is due (claimed by this instance only) are confirmed, or scheduled again on PhonePe's polling schedule.
 */
export async function reconcilePendingPayments(db: Database, now = new Date()): Promise<number> {
  const refunds = await followDueRefunds(db, phonePeClientFromConfig(), now);
  const due = await claimDueAttempts(db, now);
  for (const attempt of due) {
    try {
      const result = await confirmPayment(db, attempt.merchantOrderId);
      if (result.kind === "pending") {
        await scheduleNextCheck(db, attempt.merchantOrderId, nextStatusCheck(attempt.createdAt, new Date()));
      }
    } catch (error) {
      sharedMetrics().reconcilerFailures.inc({ stage: "check" });
      console.error(
        `Could not check payment ${attempt.merchantOrderId}; it is tried again later: ${describeError(error)}`,
      );
      await checkFailed(db, attempt.merchantOrderId).catch(() => undefined);
    }
  }
  return due.length + refunds;
}

type Reconciler = { wake: () => void };
let reconciler: Reconciler | undefined;

/**
 * Runs the reconciler every `everyMs` on this instance, and at once when woken (a webhook has just said an
 * order changed). Every instance runs one; claimDueAttempts hands each due payment to one instance only.
 */
export function startReconciler(db: Database, everyMs: number): Reconciler {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    reconcilePendingPayments(db)
      .catch((error: unknown) => {
        sharedMetrics().reconcilerFailures.inc({ stage: "run" });
        console.error(`The payment reconciler failed; it runs again shortly: ${describeError(error)}`);
      })
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          setImmediate(run);
        }
      });
  };
  setInterval(run, everyMs).unref();
  reconciler = { wake: () => setImmediate(run) };
  return reconciler;
}

/** Asks this instance's reconciler to look now (no-op where none runs, e.g. in tests). */
export function wakeReconciler(): void {
  reconciler?.wake();
}
