import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentAttempts } from "~/db/schema";
import { describeError } from "~/lib/errors.server";
import type { PhonePeClient } from "./phonepe-client.server";
import { isPhonePeId, type RefundState } from "./phonepe-types";

/** Refunds PhonePe has not finished yet: the reconciler follows them. */
export const OPEN_REFUND_STATES: RefundState[] = ["REQUESTED", "PENDING", "CONFIRMED"];

/** One refund per attempt: its id is derived from the attempt's, so asking twice asks for the same refund. */
export function merchantRefundIdOf(merchantOrderId: string): string {
  return `${merchantOrderId}R`;
}

/**
 * When an open refund is asked about next: a minute after it was asked for (PhonePe may not have answered),
 * then every five minutes until PhonePe says COMPLETED or FAILED; a refund webhook brings the check forward.
 */
export function nextRefundCheck(state: RefundState, now: Date): Date {
  return new Date(now.getTime() + (state === "REQUESTED" ? 60 : 300) * 1000);
}

/**
 * Claims the one refund of an attempt, of `amount` paise, with one conditional UPDATE: false when a refund was
 * claimed before (by anyone, on any instance). Pass a transaction to claim it together with other changes;
 * then ask PhonePe after the commit (askForClaimedRefund).
 */
export async function claimRefund(
  db: Pick<Database, "update">,
  merchantOrderId: string,
  amount: number,
  now = new Date(),
): Promise<boolean> {
  const claimed = await db
    .update(paymentAttempts)
    .set({
      refundState: "REQUESTED",
      refundAmount: amount,
      refundCheckAt: nextRefundCheck("REQUESTED", now),
      updatedAt: now,
    })
    .where(and(eq(paymentAttempts.merchantOrderId, merchantOrderId), isNull(paymentAttempts.refundState)))
    .returning({ id: paymentAttempts.id });
  return claimed.length > 0;
}

/**
 * Asks PhonePe for a refund this caller has just claimed. If PhonePe cannot be reached the claim stays
 * REQUESTED and the reconciler asks again (the same merchantRefundId, so PhonePe refunds once).
 */
export function askForClaimedRefund(
  db: Database,
  client: PhonePeClient,
  merchantOrderId: string,
  amount: number,
  now = new Date(),
): Promise<RefundState> {
  return askPhonePe(db, client, merchantOrderId, "REQUESTED", amount, now);
}

/**
 * Asks PhonePe to refund `amount` paise of an attempt: the whole of a payment that cannot become an order
 * (stock ran out while the shopper paid), or what an owner chose to give back of an order's. Claimed first,
 * so reloads, duplicate webhooks and several instances ask once; null when a refund was claimed before.
 */
export async function requestRefund(
  db: Database,
  client: PhonePeClient,
  merchantOrderId: string,
  amount: number,
  now = new Date(),
): Promise<RefundState | null> {
  if (!(await claimRefund(db, merchantOrderId, amount, now))) return null;
  return askForClaimedRefund(db, client, merchantOrderId, amount, now);
}

/** The next step for an open refund: ask for it (still REQUESTED) or ask how it stands, and store the answer. */
async function askPhonePe(
  db: Database,
  client: PhonePeClient,
  merchantOrderId: string,
  state: RefundState,
  amount: number,
  now: Date,
): Promise<RefundState> {
  const merchantRefundId = merchantRefundIdOf(merchantOrderId);
  try {
    let next: RefundState;
    let refundId: string | undefined;
    if (state === "REQUESTED") {
      const answer = await client.refund({
        merchantRefundId,
        originalMerchantOrderId: merchantOrderId,
        amount,
      });
      next = answer.state;
      refundId = answer.refundId;
      console.info(`Refund ${merchantRefundId} of ${amount} paise requested from PhonePe: ${next}`);
    } else {
      next = (await client.refundStatus(merchantRefundId)).state;
    }
    const done = next === "COMPLETED" || next === "FAILED";
    await db
      .update(paymentAttempts)
      .set({
        refundState: next,
        ...(refundId ? { refundId } : {}),
        refundCheckAt: done ? null : nextRefundCheck(next, now),
        updatedAt: now,
      })
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    if (next === "FAILED") {
      console.error(
        `PhonePe reports refund ${merchantRefundId} FAILED; the dealer must settle it with the shopper.`,
      );
    }
    return next;
  } catch (error) {
    // Asked again at the next check; the same merchantRefundId keeps it one refund.
    console.error(`Refund ${merchantRefundId} could not be followed just now: ${describeError(error)}`);
    return state;
  }
}

/**
 * Follows every open refund whose check is due (claimed for this instance: its next check moves on in the same
 * statement), until PhonePe says COMPLETED or FAILED.
 */
export async function followDueRefunds(
  db: Database,
  client: PhonePeClient,
  now = new Date(),
): Promise<number> {
  const due = db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(inArray(paymentAttempts.refundState, OPEN_REFUND_STATES), lte(paymentAttempts.refundCheckAt, now)),
    )
    .orderBy(asc(paymentAttempts.refundCheckAt))
    .limit(10)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(paymentAttempts)
    .set({ refundCheckAt: new Date(now.getTime() + 60_000) })
    .where(inArray(paymentAttempts.id, due))
    .returning({
      merchantOrderId: paymentAttempts.merchantOrderId,
      refundState: paymentAttempts.refundState,
      amount: paymentAttempts.amount,
      refundAmount: paymentAttempts.refundAmount,
    });
  for (const refund of claimed) {
    const state = (refund.refundState ?? "REQUESTED") as RefundState;
    // Refunds claimed before refund_amount existed were of the whole amount (migration 0008 filled them in).
    const amount = refund.refundAmount ?? refund.amount;
    await askPhonePe(db, client, refund.merchantOrderId, state, amount, now);
  }
  return claimed.length;
}

/**
 * PhonePe's webhook says a refund moved: its attempt is made due for a check now (the state is read back from
 * PhonePe's refund-status API, never taken from the body). "unknown" for a refund the shop never asked for.
 */
export async function noteRefundWebhook(db: Database, merchantRefundId: string, now = new Date()) {
  const merchantOrderId = merchantRefundId.endsWith("R") ? merchantRefundId.slice(0, -1) : "";
  if (!isPhonePeId(merchantOrderId)) return "unknown" as const;
  const noted = await db
    .update(paymentAttempts)
    .set({ refundCheckAt: now })
    .where(
      and(
        eq(paymentAttempts.merchantOrderId, merchantOrderId),
        inArray(paymentAttempts.refundState, OPEN_REFUND_STATES),
      ),
    )
    .returning({ id: paymentAttempts.id });
  if (noted.length > 0) return "noted" as const;
  const [known] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.merchantOrderId, merchantOrderId))
    .limit(1);
  return known ? ("noted" as const) : ("unknown" as const);
}
