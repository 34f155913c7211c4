// Orders: made exactly once from a paid payment attempt (finishPayment), and read back for My Orders.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { qualified } from "~/db/qualified";
import {
  cartItems,
  customers,
  orderEvents,
  orderItems,
  orders,
  paymentAttempts,
  products,
  type ShippingAddress,
  taxDocuments,
} from "~/db/schema";
import { issueInvoice } from "~/features/invoices/index.server";
import { isPhonePeId } from "~/features/payments";
import { settleRentalCharge } from "~/features/rentals/index.server";
import { PAYMENT_CHOICES } from "./checkout-choices";
import { cashNote, deliveryNote } from "./order-notes";
import { FIRST_STATUS } from "./order-status";
import type { AttemptStatus, FinishResult, PaymentOutcome } from "./payment-attempts.server";

/** The name an order's history gives the shop itself (the order placed by a payment, a refund it followed). */
export const SHOP_ACTOR = "Shop";

/**
 * Finishes a payment exactly once, whoever calls first: the shopper's return, PhonePe's webhook or the
 * reconciler. The attempt row is locked for the transaction and the order's payment_attempt_id is unique, so
 * concurrent calls on any number of instances create one order at most. A paid amount that differs from the
 * attempt's creates no order; stock that ran out while the shopper paid creates none either (the caller
 * refunds; see the decision record). The order's history starts in the same transaction (decision 0020).
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
    if (existing) {
      return { kind: "ordered", orderId: existing.id, customerId: attempt.customerId, isNew: false } as const;
    }

    const status = attempt.status as AttemptStatus;
    if (status === "AMOUNT_MISMATCH") return { kind: "amount-mismatch" } as const;
    if (status === "REFUND_PENDING") {
      return attempt.rentalChargeId === null
        ? ({ kind: "out-of-stock", amount: attempt.amount } as const)
        : ({ kind: "not-payable", amount: attempt.amount } as const);
    }
    if (outcome.state === "PENDING") {
      if (status === "FAILED") return { kind: "failed", message: attempt.failureReason } as const;
      // PhonePe keeps the order open after a failed try: remember why, so the waiting page can say so.
      const lastTry = outcome.lastTryFailed ?? null;
      if (lastTry !== attempt.failureReason) {
        await tx
          .update(paymentAttempts)
          .set({ failureReason: lastTry, updatedAt: new Date() })
          .where(eq(paymentAttempts.id, attempt.id));
      }
      return { kind: "pending" } as const;
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

    if (attempt.rentalChargeId !== null) {
      const settled = await settleRentalCharge(tx, attempt.rentalChargeId, attempt.id, now);
      const paid = settled.kind === "paid";
      await tx
        .update(paymentAttempts)
        .set({
          status: paid ? "COMPLETED" : "REFUND_PENDING",
          providerDetails: outcome.details,
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      if (settled.kind !== "paid") return { kind: "not-payable", amount: attempt.amount } as const;
      return { ...settled, kind: "rental-paid", chargeId: attempt.rentalChargeId } as const;
    }

    const made = await makeOrder(tx, attempt, {
      provider: "PhonePe",
      merchantOrderId,
      providerOrderId: attempt.providerOrderId,
      transactionId: outcome.transactionId ?? null,
      ...outcome.details,
    });
    if (made.kind === "short") {
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
    await tx
      .update(paymentAttempts)
      .set({ status: "COMPLETED", providerDetails: outcome.details, nextCheckAt: null, updatedAt: now })
      .where(eq(paymentAttempts.id, attempt.id));
    // Paid: the tax invoice is issued with the order, in the same transaction (decision 0028).
    await issueInvoice(tx, made.orderId, now);
    return { kind: "ordered", orderId: made.orderId, customerId: attempt.customerId, isNew: true } as const;
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Attempt = typeof paymentAttempts.$inferSelect;

/**
 * Turns a settled attempt (paid online, or a cash order) into the order, inside the caller's transaction: the
 * products are locked in id order (no deadlocks between two finishers) and the stock checked; then stock
 * taken, the order, its items and the first row of its history written, the lines taken out of the cart and
 * the kept address forgotten. "short" when a line's stock ran out: nothing is written.
 */
export async function makeOrder(
  tx: Tx,
  attempt: Attempt,
  paymentInfo: Record<string, unknown>,
  now = new Date(),
): Promise<{ kind: "ordered"; orderId: number } | { kind: "short" }> {
  const productIds = [...new Set(attempt.lines.map((line) => line.productId))].sort((a, b) => a - b);
  const stock = await tx
    .select({ id: products.id, quantity: products.quantity })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for("update");
  const available = new Map(stock.map((row) => [row.id, row.quantity]));
  if (attempt.lines.some((line) => (available.get(line.productId) ?? 0) < line.quantity)) {
    return { kind: "short" };
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
  const cash = attempt.method === "COD";
  const [order] = await tx
    .insert(orders)
    .values({
      customerId: attempt.customerId,
      paymentAttemptId: attempt.id,
      totalPrice: atMrp + attempt.shippingFee + attempt.codFee,
      totalPriceAfterDiscount: attempt.amount,
      shippingFee: attempt.shippingFee,
      shippingMethod: attempt.shippingMethod,
      promisedBy: attempt.promisedBy,
      paymentMethod: cash ? PAYMENT_CHOICES.cod : PAYMENT_CHOICES.phonepe,
      codFee: attempt.codFee,
      buyerGstin: attempt.buyerGstin,
      buyerBusinessName: attempt.buyerBusinessName,
      paymentInfo,
      shippingInfo: attempt.shippingAddress,
      status: FIRST_STATUS,
      createdAt: now,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("The new order row was not returned");
  // The order's history starts with the order placed, by the shop itself.
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: FIRST_STATUS,
    actorName: SHOP_ACTOR,
    createdAt: now,
  });
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
      // Attempts from before invoices carry no tax facts: the columns' defaults (8471 at 18 %) stand in.
      ...(line.hsn ? { hsn: line.hsn } : {}),
      ...(line.gstRate !== undefined ? { gstRate: line.gstRate } : {}),
    })),
  );
  // The ordered lines leave the cart; the address is no longer needed.
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.customerId, attempt.customerId), inArray(cartItems.productId, productIds)));
  await tx.update(customers).set({ savedAddress: null }).where(eq(customers.id, attempt.customerId));
  return { kind: "ordered", orderId: order.id };
}

export type OrderView = {
  id: number;
  totalPrice: number;
  totalPriceAfterDiscount: number;
  status: string;
  /** Set when the order was shipped (both optional). */
  courier: string | null;
  trackingNumber: string | null;
  /** "Standard delivery, promised by Friday, 27 November" (app/features/orders/order-notes.ts). */
  delivery: string;
  /** For a cash order: what is to pay at the door, or was paid there. */
  cash: string | undefined;
  /** The tax documents issued for it: its invoice once paid, a credit note once refunded. */
  documents: { invoice: boolean; creditNote: boolean };
  /** "phonepe" or "cod", and where it goes: the JSON API's order carries both (decision 0045). */
  paymentMethod: string;
  shippingInfo: ShippingAddress;
  createdAt: Date;
  items: {
    id: number;
    /** Null once the product is gone from the catalogue (orders keep their items as sold). */
    productId: number | null;
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
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      shippingMethod: orders.shippingMethod,
      promisedBy: orders.promisedBy,
      paymentMethod: orders.paymentMethod,
      cashCollected: orders.cashCollected,
      documentKinds: sql<
        string[]
      >`ARRAY(SELECT ${taxDocuments.kind} FROM ${taxDocuments} WHERE ${qualified(taxDocuments.orderId)} = ${qualified(orders.id)})`,
      shippingInfo: orders.shippingInfo,
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
      productId: orderItems.productId,
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
  return rows.map(({ shippingMethod, promisedBy, paymentMethod, cashCollected, documentKinds, ...row }) => ({
    ...row,
    paymentMethod,
    documents: {
      invoice: documentKinds.includes("invoice"),
      creditNote: documentKinds.includes("credit-note"),
    },
    delivery: deliveryNote({ shippingMethod, promisedBy }),
    cash: cashNote({ ...row, paymentMethod, cashCollected }),
    items: items.filter((item) => item.orderId === row.id).map(({ orderId: _orderId, ...item }) => item),
  }));
}

/** The order a customer's own payment became, with what was paid; null before it did, or for another's. */
export async function orderOfPayment(
  db: Database,
  customerId: number,
  merchantOrderId: string,
): Promise<{ orderId: number; amount: number } | null> {
  // An id typed by whoever holds it: anything that is not a PhonePe id belongs to nobody.
  if (!isPhonePeId(merchantOrderId)) return null;
  const [row] = await db
    .select({ orderId: orders.id, amount: paymentAttempts.amount })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.paymentAttemptId, paymentAttempts.id))
    .where(
      and(eq(paymentAttempts.merchantOrderId, merchantOrderId), eq(paymentAttempts.customerId, customerId)),
    )
    .limit(1);
  return row ?? null;
}
