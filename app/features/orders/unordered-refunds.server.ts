// Payments that were refunded without ever becoming an order, for the dealer to settle.
import { and, count, desc, eq, inArray, notExists, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, orders, paymentAttempts } from "~/db/schema";
import { customerForStaff } from "~/features/accounts/index.server";
import { OPEN_REFUND_STATES } from "~/features/payments/index.server";
import { pageCount } from "~/lib/list-query";
import { ORDERS_PAGE_SIZE } from "./order-filters";
import { refundStateOf } from "./order-status";

/** Why a payment with no order needs the dealer's eye. */
export type UnorderedReason = "refund" | "amount-mismatch";

/**
 * Payments that never became an order and whose money is not settled yet: refunds still open or failed
 * (stock ran out while the shopper paid), and payments whose amount differed from the order's (refunded by
 * hand), newest first, a page of 25 at a time.
 */
export async function unorderedRefunds(db: Database, page = 1) {
  const where = and(
    or(
      inArray(paymentAttempts.refundState, [...OPEN_REFUND_STATES, "FAILED"]),
      eq(paymentAttempts.status, "AMOUNT_MISMATCH"),
    ),
    notExists(
      db.select({ id: orders.id }).from(orders).where(eq(orders.paymentAttemptId, paymentAttempts.id)),
    ),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        merchantOrderId: paymentAttempts.merchantOrderId,
        createdAt: paymentAttempts.createdAt,
        updatedAt: paymentAttempts.updatedAt,
        status: paymentAttempts.status,
        amount: paymentAttempts.amount,
        refundState: paymentAttempts.refundState,
        refundAmount: paymentAttempts.refundAmount,
        refundId: paymentAttempts.refundId,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        mobile: customers.mobile,
        deletedAt: customers.deletedAt,
      })
      .from(paymentAttempts)
      .innerJoin(customers, eq(customers.id, paymentAttempts.customerId))
      .where(where)
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(paymentAttempts).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((row) => {
      const refundState = refundStateOf(row.refundState);
      const reason: UnorderedReason = refundState ? "refund" : "amount-mismatch";
      const customer = customerForStaff(row);
      return {
        merchantOrderId: row.merchantOrderId,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        customer: customer.name,
        email: customer.email,
        mobile: customer.mobile,
        amount: row.amount,
        reason,
        refund: refundState
          ? { state: refundState, amount: row.refundAmount ?? row.amount, refundId: row.refundId }
          : null,
      };
    }),
    total,
    page,
    pages: pageCount(total, ORDERS_PAGE_SIZE),
  };
}
