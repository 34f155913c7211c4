// The back office's order list: its filters as a query, newest first, a page at a time.
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, orderItems, orders, paymentAttempts } from "~/db/schema";
import { customerForStaff } from "~/features/accounts/index.server";
import { pageCount } from "~/lib/list-query";
import { escapeLike } from "~/lib/search-text";
import { CASH_ON_DELIVERY } from "./checkout-choices";
import {
  ORDERS_PAGE_SIZE,
  type OrderFilters,
  orderDateRange,
  orderIdIn,
  phoneDigitsIn,
} from "./order-filters";
import { cashStateLabel, FIRST_STATUS, paymentStateLabel } from "./order-status";

export type OrderListRow = {
  id: number;
  createdAt: Date;
  /** The customer's name, or "Deleted customer" for an erased account (then with no e-mail or mobile). */
  customer: string;
  email: string | null;
  /** Units ordered, all lines together. */
  itemCount: number;
  /** Paise paid: offer prices plus shipping. */
  paid: number;
  status: string;
  /** "Paid", or how far a refund of the payment has gone; for a cash order, where its cash stands. */
  paymentState: string;
  /** A cash order waiting for the dealer's confirming call: the customer's mobile number to call. */
  callToConfirm: string | undefined;
};

export type OrderList = { rows: OrderListRow[]; total: number; page: number; pages: number };

/** An order id, the customer's name, e-mail or phone (any part of them), or PhonePe's merchantOrderId. */
function searchCondition(q: string): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  const conditions: (SQL | undefined)[] = [
    ilike(customers.email, pattern),
    ilike(sql`${customers.firstname} || ' ' || ${customers.lastname}`, pattern),
    eq(paymentAttempts.merchantOrderId, q.toUpperCase()),
  ];
  const id = orderIdIn(q);
  if (id !== undefined) conditions.push(eq(orders.id, id));
  const phone = phoneDigitsIn(q);
  if (phone !== undefined) conditions.push(ilike(customers.mobile, `%${phone}%`));
  return or(...conditions);
}

function listCondition(filters: OrderFilters): SQL | undefined {
  const { since, before } = orderDateRange(filters);
  return and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    since ? gte(orders.createdAt, since) : undefined,
    before ? lt(orders.createdAt, before) : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  );
}

/** The orders the filters select, newest first, a page of 25 at a time, with how many there are in all. */
export async function listOrders(db: Database, filters: OrderFilters): Promise<OrderList> {
  const where = listCondition(filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        deletedAt: customers.deletedAt,
        itemCount:
          sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`.mapWith(
            Number,
          ),
        paid: orders.totalPriceAfterDiscount,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        cashCollected: orders.cashCollected,
        mobile: customers.mobile,
        refundState: paymentAttempts.refundState,
        refundAmount: paymentAttempts.refundAmount,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((filters.page - 1) * ORDERS_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
      .where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((row) => {
      const customer = customerForStaff(row);
      return {
        id: row.id,
        createdAt: row.createdAt,
        customer: customer.name,
        email: customer.email,
        itemCount: row.itemCount,
        paid: row.paid,
        status: row.status,
        paymentState:
          row.paymentMethod === CASH_ON_DELIVERY
            ? cashStateLabel(row)
            : paymentStateLabel({ state: row.refundState, amount: row.refundAmount, paid: row.paid }),
        callToConfirm:
          row.paymentMethod === CASH_ON_DELIVERY && row.status === FIRST_STATUS
            ? (customer.mobile ?? undefined)
            : undefined,
      };
    }),
    total,
    page: filters.page,
    pages: pageCount(total, ORDERS_PAGE_SIZE),
  };
}
