// What a change to an order shares: the order locked for the transaction, the customer's notice, and its
// items put back in stock. For this feature's own commands only (not in the entry).
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, orderItems, orders, paymentAttempts, products } from "~/db/schema";
import type { StatusNotice } from "./order-mail.server";
import { cashNote, deliveryNote } from "./order-notes";
import { isFinished, type OrderStatus } from "./order-status";

/** A transaction of the shop's database, as Drizzle hands it to a callback. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Locks the order for this transaction and reads what a change of status needs. */
export async function lockOrder(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      email: customers.email,
      firstname: customers.firstname,
      shippingMethod: orders.shippingMethod,
      promisedBy: orders.promisedBy,
      paymentMethod: orders.paymentMethod,
      totalPriceAfterDiscount: orders.totalPriceAfterDiscount,
      cashCollected: orders.cashCollected,
      merchantOrderId: paymentAttempts.merchantOrderId,
      paid: paymentAttempts.amount,
      refundState: paymentAttempts.refundState,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  return row;
}

export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** What the customer is told of the order's move to `status` (mailed after the commit). */
export function noticeOf(
  order: LockedOrder,
  status: OrderStatus,
  change: { courier?: string | null; trackingNumber?: string | null; cashCollected?: number | null } = {},
): StatusNotice {
  const cash = cashNote({
    ...order,
    status,
    cashCollected: change.cashCollected === undefined ? order.cashCollected : change.cashCollected,
  });
  return {
    to: order.email,
    firstname: order.firstname,
    orderId: order.id,
    status,
    courier: change.courier === undefined ? order.courier : change.courier,
    trackingNumber: change.trackingNumber === undefined ? order.trackingNumber : change.trackingNumber,
    // The promised day matters while the order is on its way, not once it has ended.
    details: [...(isFinished(status) ? [] : [deliveryNote(order)]), ...(cash ? [cash] : [])],
  };
}

/**
 * Puts an order's items back in stock (it was cancelled or refunded before it left the shop): the products
 * are locked in id order, as finishPayment does, so the two never deadlock. Returns each product's stock
 * before and after, for the audit trail.
 */
export async function putItemsBack(tx: Tx, orderId: number, now: Date) {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const units = new Map<number, number>();
  for (const line of lines) {
    if (line.productId !== null) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  if (units.size === 0) return [];
  const stock = await tx
    .select({ id: products.id, quantity: products.quantity })
    .from(products)
    .where(inArray(products.id, [...units.keys()]))
    .orderBy(asc(products.id))
    .for("update");
  const changes: { product: number; stock: { before: number; after: number } }[] = [];
  for (const product of stock) {
    const back = units.get(product.id) ?? 0;
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${back}`,
        // "Sold" counts what left the shop; it never goes below 0 whatever was edited by hand meanwhile.
        sold: sql`GREATEST(${products.sold} - ${back}, 0)`,
        updatedAt: now,
      })
      .where(eq(products.id, product.id));
    changes.push({
      product: product.id,
      stock: { before: product.quantity, after: product.quantity + back },
    });
  }
  return changes;
}
