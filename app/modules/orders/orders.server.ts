import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  type CartSnapshotLine,
  cartItems,
  customers,
  orderItems,
  orders,
  paymentAttempts,
  products,
  type ShippingAddress,
} from "~/db/schema";
import { subtotal } from "~/lib/cart";
import { nextStatusCheck } from "~/lib/payment-schedule";
import { SHIPPING_FEE_PAISE } from "~/lib/shop";
import { cartLines } from "~/modules/cart/cart.server";
import { isPhonePeId } from "~/modules/payments/phonepe/types";

/** Order statuses, in the order an order moves through them (docs/decisions/0011-orders-and-payments.md). */
export const ORDER_STATUSES = [
  "Ordered",
  "Processed",
  "Shipped",
  "Out for delivery",
  "Delivered",
  "Cancelled",
  "Refunded",
] as const;

export type AttemptStatus = "PENDING" | "COMPLETED" | "FAILED" | "AMOUNT_MISMATCH" | "REFUND_PENDING";

export type PaymentOutcome =
  | {
      state: "COMPLETED";
      amount: number;
      transactionId?: string | undefined;
      details: Record<string, unknown>;
    }
  | { state: "FAILED"; message?: string | undefined; details: Record<string, unknown> }
  | { state: "PENDING" };

export type FinishResult =
  | { kind: "ordered"; orderId: number; customerId: number }
  | { kind: "failed"; message: string | null }
  | { kind: "pending" }
  | { kind: "amount-mismatch" }
  | { kind: "out-of-stock"; amount: number }
  | { kind: "unknown" };

/** Our id for a payment, sent to PhonePe as merchantOrderId: readable, unique, at most 63 characters. */
export function newMerchantOrderId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `KC${stamp}${randomBytes(5).toString("hex").toUpperCase()}`;
}

export type StartProblem =
  | { problem: "empty" }
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
  now = new Date(),
): Promise<{ merchantOrderId: string; amount: number } | StartProblem> {
  const lines = await cartLines(db, customerId);
  if (lines.length === 0) return { problem: "empty" };
  const short = lines.find((line) => line.quantity > line.stock);
  if (short) return { problem: "stock", title: short.title, stock: short.stock };
  const snapshot: CartSnapshotLine[] = lines.map((line) => ({
    productId: line.productId,
    title: line.title,
    colourId: line.colour.id,
    colourValue: line.colour.value,
    colourName: line.colour.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    originalPrice: line.originalPrice,
  }));
  const amount = subtotal(lines) + SHIPPING_FEE_PAISE;
  if (amount > MAX_ONLINE_ORDER_PAISE) return { problem: "too-large", amount };
  const merchantOrderId = newMerchantOrderId(now);
  await db.insert(paymentAttempts).values({
    merchantOrderId,
    customerId,
    amount,
    lines: snapshot,
    shippingAddress: address,
    nextCheckAt: nextStatusCheck(now, now),
  });
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
 * The customer's pending attempt for exactly this cart and amount, with a payment page PhonePe still keeps
 * open for at least another minute: Place Order pressed again (a double click, a back button, a second tab)
 * goes back to it instead of opening another PhonePe order. Its address is updated to the one just sent.
 */
export async function reusablePaymentPage(
  db: Database,
  customerId: number,
  address: ShippingAddress,
  now = new Date(),
): Promise<{ merchantOrderId: string; paymentUrl: string } | null> {
  const lines = await cartLines(db, customerId);
  if (lines.length === 0) return null;
  const amount = subtotal(lines) + SHIPPING_FEE_PAISE;
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
        isNotNull(paymentAttempts.paymentUrl),
        gt(paymentAttempts.expireAt, new Date(now.getTime() + 60_000)),
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
  const match = candidates.find((attempt) => attempt.paymentUrl && sameLines(attempt.lines, current));
  if (!match?.paymentUrl) return null;
  await db
    .update(paymentAttempts)
    .set({ shippingAddress: address, updatedAt: now })
    .where(eq(paymentAttempts.id, match.id));
  return { merchantOrderId: match.merchantOrderId, paymentUrl: match.paymentUrl };
}

/**
 * PhonePe's webhook says this order changed: its attempt is made due for a status check now (the reconciler
 * confirms it through the order-status API; the webhook's body itself is never trusted). An attempt the shop
 * gave up on by itself ("Payment expired") is asked about again, since PhonePe still had news of it.
 * "unknown" when the shop never started such a payment.
 */
export async function noteWebhook(db: Database, merchantOrderId: string, now = new Date()) {
  if (!isPhonePeId(merchantOrderId)) return "unknown" as const;
  const [attempt] = await db
    .select({ id: paymentAttempts.id, status: paymentAttempts.status, reason: paymentAttempts.failureReason })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.merchantOrderId, merchantOrderId))
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
 * Finishes a payment exactly once, whoever calls first: the shopper's return, PhonePe's webhook or the
 * reconciler. The attempt row is locked for the transaction and the order's payment_attempt_id is unique, so
 * concurrent calls on any number of instances create one order at most. A paid amount that differs from the
 * attempt's creates no order; stock that ran out while the shopper paid creates none either (the caller
 * refunds; see the decision record).
 */
export async function finishPayment(
  db: Database,
  merchantOrderId: string,
  outcome: PaymentOutcome,
): Promise<FinishResult> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId))
      .for("update");
    if (!attempt) return { kind: "unknown" } as const;

    const [existing] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentAttemptId, attempt.id));
    if (existing) return { kind: "ordered", orderId: existing.id, customerId: attempt.customerId } as const;

    const status = attempt.status as AttemptStatus;
    if (status === "AMOUNT_MISMATCH") return { kind: "amount-mismatch" } as const;
    if (status === "REFUND_PENDING") return { kind: "out-of-stock", amount: attempt.amount } as const;
    if (outcome.state === "PENDING") {
      return status === "FAILED"
        ? ({ kind: "failed", message: attempt.failureReason } as const)
        : ({ kind: "pending" } as const);
    }
    const now = new Date();
    if (outcome.state === "FAILED") {
      await tx
        .update(paymentAttempts)
        .set({
          status: "FAILED",
          failureReason: outcome.message ?? null,
          providerDetails: outcome.details,
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      return { kind: "failed", message: outcome.message ?? null } as const;
    }

    if (outcome.amount !== attempt.amount) {
      console.error(
        `Payment ${merchantOrderId}: PhonePe reports ${outcome.amount} paise paid, the attempt was for ${attempt.amount}. No order created; refund by hand.`,
      );
      await tx
        .update(paymentAttempts)
        .set({
          status: "AMOUNT_MISMATCH",
          providerDetails: outcome.details,
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      return { kind: "amount-mismatch" } as const;
    }

    // Lock the products in id order (no deadlocks between two finishers), then check the stock.
    const productIds = [...new Set(attempt.lines.map((line) => line.productId))].sort((a, b) => a - b);
    const stock = await tx
      .select({ id: products.id, quantity: products.quantity })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for("update");
    const available = new Map(stock.map((row) => [row.id, row.quantity]));
    const short = attempt.lines.some((line) => (available.get(line.productId) ?? 0) < line.quantity);
    if (short) {
      await tx
        .update(paymentAttempts)
        .set({
          status: "REFUND_PENDING",
          providerDetails: outcome.details,
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      return { kind: "out-of-stock", amount: attempt.amount } as const;
    }

    for (const line of attempt.lines) {
      await tx
        .update(products)
        .set({
          quantity: sql`${products.quantity} - ${line.quantity}`,
          sold: sql`${products.sold} + ${line.quantity}`,
          updatedAt: now,
        })
        .where(eq(products.id, line.productId));
    }
    const atMrp = attempt.lines.reduce((sum, line) => sum + line.originalPrice * line.quantity, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        customerId: attempt.customerId,
        paymentAttemptId: attempt.id,
        totalPrice: atMrp + SHIPPING_FEE_PAISE,
        totalPriceAfterDiscount: attempt.amount,
        shippingFee: SHIPPING_FEE_PAISE,
        paymentInfo: {
          provider: "PhonePe",
          merchantOrderId,
          providerOrderId: attempt.providerOrderId,
          transactionId: outcome.transactionId ?? null,
          ...outcome.details,
        },
        shippingInfo: attempt.shippingAddress,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("The new order row was not returned");
    await tx.insert(orderItems).values(
      attempt.lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        title: line.title,
        colourId: line.colourId,
        colourValue: line.colourValue,
        colourName: line.colourName,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        originalPrice: line.originalPrice,
      })),
    );
    await tx
      .update(paymentAttempts)
      .set({ status: "COMPLETED", providerDetails: outcome.details, nextCheckAt: null, updatedAt: now })
      .where(eq(paymentAttempts.id, attempt.id));
    // The paid-for lines leave the cart; the address is no longer needed.
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.customerId, attempt.customerId), inArray(cartItems.productId, productIds)));
    await tx.update(customers).set({ savedAddress: null }).where(eq(customers.id, attempt.customerId));
    return { kind: "ordered", orderId: order.id, customerId: attempt.customerId } as const;
  });
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

/** Why an attempt the shop stopped asking about is marked failed (PhonePe never said). */
const EXPIRED_BY_SHOP = "Payment expired";

/** Sets when a still-pending attempt is checked next (null: given up, it expired). */
export async function scheduleNextCheck(db: Database, merchantOrderId: string, next: Date | null) {
  await db
    .update(paymentAttempts)
    .set(
      next ? { nextCheckAt: next } : { status: "FAILED", failureReason: EXPIRED_BY_SHOP, nextCheckAt: null },
    )
    .where(and(eq(paymentAttempts.merchantOrderId, merchantOrderId), eq(paymentAttempts.status, "PENDING")));
}

export type OrderView = {
  id: number;
  totalPrice: number;
  totalPriceAfterDiscount: number;
  status: string;
  createdAt: Date;
  items: {
    id: number;
    title: string;
    quantity: number;
    unitPrice: number;
    colourName: string;
    colourValue: string;
  }[];
};

/** The customer's orders, newest first, each with its items. */
export async function customerOrders(db: Database, customerId: number): Promise<OrderView[]> {
  const rows = await db
    .select({
      id: orders.id,
      totalPrice: orders.totalPrice,
      totalPriceAfterDiscount: orders.totalPriceAfterDiscount,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      title: orderItems.title,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      colourName: orderItems.colourName,
      colourValue: orderItems.colourValue,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({
    ...row,
    items: items.filter((item) => item.orderId === row.id).map(({ orderId: _orderId, ...item }) => item),
  }));
}
