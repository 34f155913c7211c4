// Payment attempts: one per Place Order (or reused), from the database cart to PhonePe and back. Orders are
// made from a paid attempt in orders.server.ts; refunds of attempts in the payments feature.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type CartSnapshotLine, customers, paymentAttempts, type ShippingAddress } from "~/db/schema";
import { subtotal } from "~/features/lists";
import { cartLines, snapshotLines } from "~/features/lists/index.server";
import { isPhonePeId, nextStatusCheck } from "~/features/payments";
import type { ChosenShipping } from "./checkout-choices";

export type AttemptStatus = "PENDING" | "COMPLETED" | "FAILED" | "AMOUNT_MISMATCH" | "REFUND_PENDING";

export type PaymentOutcome =
  | {
      state: "COMPLETED";
      amount: number;
      transactionId?: string | undefined;
      details: Record<string, unknown>;
    }
  | { state: "FAILED"; message?: string | undefined; details: Record<string, unknown> }
  /** Still open; `lastTryFailed` is PhonePe's reason when the shopper's latest try inside it failed. */
  | { state: "PENDING"; lastTryFailed?: string | undefined };

export type FinishResult =
  /** `isNew` for the one call that made the order (it mails the customer); false for every later one. */
  | { kind: "ordered"; orderId: number; customerId: number; isNew: boolean }
  | { kind: "failed"; message: string | null }
  | { kind: "pending" }
  | { kind: "amount-mismatch" }
  | { kind: "out-of-stock"; amount: number }
  /** A rental's charge paid (decision 0043); `isNew` for the one call that recorded it. */
  | {
      kind: "rental-paid";
      chargeId: number;
      bookingId: number;
      customerId: number;
      isNew: boolean;
      movedToPaid: boolean;
    }
  /** A rental's charge that was not due any more when its payment came (cancelled, paid at the counter): refunded. */
  | { kind: "not-payable"; amount: number }
  | { kind: "unknown" };

/** Our id for a payment, sent to PhonePe as merchantOrderId: readable, unique, at most 63 characters. */
export function newMerchantOrderId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `KC${stamp}${randomBytes(5).toString("hex").toUpperCase()}`;
}

export type StartProblem =
  | { problem: "empty" }
  | { problem: "unavailable"; title: string }
  | { problem: "stock"; title: string; stock: number }
  | { problem: "too-large"; amount: number };

/**
 * The most one online payment may be: amounts are stored as PostgreSQL integers (at most about Rs. 2.14 crore),
 * and so a cart past this is refused with a message rather than overflowing.
 */
export const MAX_ONLINE_ORDER_PAISE = 2_00_00_000 * 100;

/**
 * Records a payment attempt for the customer's cart as it is in the database now: the lines and their offer
 * prices, the amount (subtotal + shipping) and the address. Nothing from the browser but the address.
 */
export async function createPaymentAttempt(
  db: Database,
  customerId: number,
  address: ShippingAddress,
  shipping: ChosenShipping,
  now = new Date(),
): Promise<{ merchantOrderId: string; amount: number } | StartProblem> {
  const lines = await cartLines(db, customerId);
  if (lines.length === 0) return { problem: "empty" };
  // A product hidden by the back office is not sold: the line stays in the cart for the shopper to remove.
  const gone = lines.find((line) => !line.available);
  if (gone) return { problem: "unavailable", title: gone.title };
  const short = lines.find((line) => line.quantity > line.stock);
  if (short) return { problem: "stock", title: short.title, stock: short.stock };
  const snapshot = snapshotLines(lines);
  const amount = subtotal(lines) + shipping.fee;
  if (amount > MAX_ONLINE_ORDER_PAISE) return { problem: "too-large", amount };
  const merchantOrderId = newMerchantOrderId(now);
  // The customer's row is held while the attempt is written: an erasure of the account (which locks it for
  // update) either comes first, and no attempt is made for an erased account, or comes after and sees it.
  const made = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ deletedAt: customers.deletedAt })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("share");
    if (!customer || customer.deletedAt !== null) return false;
    await tx.insert(paymentAttempts).values({
      merchantOrderId,
      customerId,
      amount,
      lines: snapshot,
      shippingAddress: address,
      shippingMethod: shipping.method,
      shippingFee: shipping.fee,
      promisedBy: shipping.promisedBy,
      buyerGstin: shipping.business?.gstin ?? null,
      buyerBusinessName: shipping.business?.name ?? null,
      nextCheckAt: nextStatusCheck(now, now),
    });
    return true;
  });
  if (!made) return { problem: "empty" };
  return { merchantOrderId, amount };
}

/** Notes what PhonePe said when the payment was started (or that it could not be). */
export async function recordPaymentStart(
  db: Database,
  merchantOrderId: string,
  result: { providerOrderId: string; paymentUrl: string; expireAt: Date } | { failure: string },
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set(
      "providerOrderId" in result
        ? {
            providerOrderId: result.providerOrderId,
            paymentUrl: result.paymentUrl,
            expireAt: result.expireAt,
            updatedAt: new Date(),
          }
        : { status: "FAILED", failureReason: result.failure, nextCheckAt: null, updatedAt: new Date() },
    )
    .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
}

type LineKey = Pick<CartSnapshotLine, "productId" | "colourId" | "quantity" | "unitPrice">;

function sameLines(a: LineKey[], b: LineKey[]): boolean {
  const key = (line: LineKey) => `${line.productId}:${line.colourId}:${line.quantity}:${line.unitPrice}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, i) => k === right[i]);
}

/**
 * How long an attempt PhonePe has not yet answered for counts as being started: a second Place Order waits
 * for it rather than opening another PhonePe order. Longer than the client's two calls (token and pay) can
 * take; an attempt older than this without a payment page was lost with its process.
 */
export const STARTING_MS = 40_000;

export type OpenPayment =
  | { kind: "open"; merchantOrderId: string; paymentUrl: string }
  /** Another request is asking PhonePe for this cart's payment page right now. */
  | { kind: "starting"; merchantOrderId: string };

/**
 * A pending attempt worth going back to at `now`: its PhonePe page stays open for at least another minute, or
 * PhonePe is being asked for one. A cart's second Place Order and a rental charge's second Pay share it.
 */
export function stillOpen(now: Date) {
  return or(
    and(
      isNotNull(paymentAttempts.paymentUrl),
      gt(paymentAttempts.expireAt, new Date(now.getTime() + 60_000)),
    ),
    and(
      isNull(paymentAttempts.paymentUrl),
      gt(paymentAttempts.createdAt, new Date(now.getTime() - STARTING_MS)),
    ),
  );
}

/**
 * The customer's pending attempt for exactly this cart and amount: one with a payment page PhonePe still keeps
 * open for at least another minute, or one PhonePe is being asked to start. Place Order pressed again (a double
 * click, a back button, a second tab) goes back to it instead of opening another PhonePe order. Its address and
 * business buyer become the ones just sent. Called under the customer's row lock (startCheckoutPayment), so
 * two presses at once take turns here.
 */
export async function reusablePaymentPage(
  db: Database,
  customerId: number,
  address: ShippingAddress,
  shipping: ChosenShipping,
  now = new Date(),
): Promise<OpenPayment | null> {
  const lines = await cartLines(db, customerId);
  if (lines.length === 0 || lines.some((line) => !line.available)) return null;
  const amount = subtotal(lines) + shipping.fee;
  const candidates = await db
    .select({
      id: paymentAttempts.id,
      merchantOrderId: paymentAttempts.merchantOrderId,
      paymentUrl: paymentAttempts.paymentUrl,
      lines: paymentAttempts.lines,
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.customerId, customerId),
        eq(paymentAttempts.status, "PENDING"),
        eq(paymentAttempts.amount, amount),
        eq(paymentAttempts.shippingMethod, shipping.method),
        stillOpen(now),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(3);
  const current: LineKey[] = lines.map((line) => ({
    productId: line.productId,
    colourId: line.colour.id,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
  }));
  const match = candidates.find((attempt) => sameLines(attempt.lines, current));
  if (!match) return null;
  if (!match.paymentUrl) return { kind: "starting", merchantOrderId: match.merchantOrderId };
  await db
    .update(paymentAttempts)
    .set({
      shippingAddress: address,
      buyerGstin: shipping.business?.gstin ?? null,
      buyerBusinessName: shipping.business?.name ?? null,
      updatedAt: now,
    })
    .where(eq(paymentAttempts.id, match.id));
  return { kind: "open", merchantOrderId: match.merchantOrderId, paymentUrl: match.paymentUrl };
}

/**
 * Waits for another request to hear from PhonePe about `merchantOrderId`: its payment page, or that it could
 * not be started. Null when neither came within STARTING_MS.
 */
export async function awaitPaymentStart(
  db: Database,
  merchantOrderId: string,
  pollMs = 200,
): Promise<{ paymentUrl: string } | { failure: string } | null> {
  const until = Date.now() + STARTING_MS;
  while (Date.now() < until) {
    const [attempt] = await db
      .select({
        status: paymentAttempts.status,
        paymentUrl: paymentAttempts.paymentUrl,
        failureReason: paymentAttempts.failureReason,
      })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    if (attempt?.paymentUrl) return { paymentUrl: attempt.paymentUrl };
    if (attempt?.status !== "PENDING") return { failure: attempt?.failureReason ?? "" };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return null;
}

/**
 * PhonePe's webhook says this order changed: its attempt is made due for a status check now (the reconciler
 * confirms it through the order-status API; the webhook's body itself is never trusted). An attempt the shop
 * gave up on by itself ("Payment expired") is asked about again, since PhonePe still had news of it.
 * "unknown" when the shop never started such a payment.
 */
export async function noteWebhook(
  db: Database,
  ids: { merchantOrderId?: string | undefined; orderId?: string | undefined },
  now = new Date(),
) {
  // Ours when PhonePe sends it; otherwise PhonePe's own order id, stored when the payment started.
  const by = ids.merchantOrderId
    ? eq(paymentAttempts.merchantOrderId, ids.merchantOrderId)
    : eq(paymentAttempts.providerOrderId, ids.orderId ?? "");
  const id = ids.merchantOrderId ?? ids.orderId ?? "";
  if (!isPhonePeId(id)) return "unknown" as const;
  const [attempt] = await db
    .select({ id: paymentAttempts.id, status: paymentAttempts.status, reason: paymentAttempts.failureReason })
    .from(paymentAttempts)
    .where(by)
    .limit(1);
  if (!attempt) return "unknown" as const;
  const givenUp = attempt.status === "FAILED" && attempt.reason === EXPIRED_BY_SHOP;
  if (attempt.status === "PENDING" || givenUp) {
    await db
      .update(paymentAttempts)
      .set({ status: "PENDING", nextCheckAt: now, ...(givenUp ? { failureReason: null } : {}) })
      .where(eq(paymentAttempts.id, attempt.id));
  }
  return "noted" as const;
}

/** The attempt behind a return URL, only if it belongs to this customer. */
export async function customerAttempt(db: Database, customerId: number, merchantOrderId: string) {
  // A return URL is typed by whoever holds it: anything that is not a PhonePe id belongs to nobody.
  if (!isPhonePeId(merchantOrderId)) return null;
  const [attempt] = await db
    .select({
      id: paymentAttempts.id,
      status: paymentAttempts.status,
      amount: paymentAttempts.amount,
      failureReason: paymentAttempts.failureReason,
      paymentUrl: paymentAttempts.paymentUrl,
      refundState: paymentAttempts.refundState,
      rentalChargeId: paymentAttempts.rentalChargeId,
      createdAt: paymentAttempts.createdAt,
    })
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.merchantOrderId, merchantOrderId), eq(paymentAttempts.customerId, customerId)),
    )
    .limit(1);
  return attempt ?? null;
}

/**
 * Whether a return page may ask PhonePe live about this attempt now: at most once every `everyMs`, whichever
 * tab, reload or instance asks (one conditional UPDATE decides).
 */
export async function claimLiveCheck(db: Database, attemptId: number, now: Date, everyMs: number) {
  const claimed = await db
    .update(paymentAttempts)
    .set({ lastAskedAt: now })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        or(
          isNull(paymentAttempts.lastAskedAt),
          lte(paymentAttempts.lastAskedAt, new Date(now.getTime() - everyMs)),
        ),
      ),
    )
    .returning({ id: paymentAttempts.id });
  return claimed.length > 0;
}

/**
 * Claims up to `limit` pending attempts whose next status check is due, for this instance only: their next
 * check is pushed a minute ahead in the same statement (rows locked by another instance are skipped).
 */
export async function claimDueAttempts(db: Database, now = new Date(), limit = 10) {
  const due = db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, "PENDING"), lte(paymentAttempts.nextCheckAt, now)))
    .orderBy(asc(paymentAttempts.nextCheckAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(paymentAttempts)
    .set({
      nextCheckAt: new Date(now.getTime() + 60_000),
      checkCount: sql`${paymentAttempts.checkCount} + 1`,
    })
    .where(inArray(paymentAttempts.id, due))
    .returning({
      merchantOrderId: paymentAttempts.merchantOrderId,
      createdAt: paymentAttempts.createdAt,
    });
}

/** The wait after `failed` checks in a row that could not reach PhonePe: 30 s, doubling, at most 15 minutes. */
export function failedCheckBackoffMs(failed: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failed - 1), 15 * 60_000);
}

/**
 * A status check could not reach PhonePe (down, 429, 5xx): the next one waits longer each time it happens in a
 * row, so a PhonePe in trouble is not hammered; the first answer from PhonePe resets it (scheduleNextCheck).
 */
export async function checkFailed(db: Database, merchantOrderId: string, now = new Date()): Promise<void> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ failedChecks: sql`${paymentAttempts.failedChecks} + 1` })
    .where(and(eq(paymentAttempts.merchantOrderId, merchantOrderId), eq(paymentAttempts.status, "PENDING")))
    .returning({ failed: paymentAttempts.failedChecks });
  if (!row) return;
  await db
    .update(paymentAttempts)
    .set({ nextCheckAt: new Date(now.getTime() + failedCheckBackoffMs(row.failed)) })
    .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
}

/** Why an attempt the shop stopped asking about is marked failed (PhonePe never said). */
const EXPIRED_BY_SHOP = "Payment expired";

/** Sets when a still-pending attempt is checked next (null: given up, it expired). */
export async function scheduleNextCheck(db: Database, merchantOrderId: string, next: Date | null) {
  await db
    .update(paymentAttempts)
    .set(
      next
        ? { nextCheckAt: next, failedChecks: 0 }
        : { status: "FAILED", failureReason: EXPIRED_BY_SHOP, nextCheckAt: null },
    )
    .where(and(eq(paymentAttempts.merchantOrderId, merchantOrderId), eq(paymentAttempts.status, "PENDING")));
}
