import { and, count, eq, gte, isNotNull, isNull, lte, notInArray, sql, sum } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { enquiries, orders, paymentAttempts, products } from "~/db/schema";
import { shownInShop } from "~/features/catalogue/index.server";
import { rentalsToAttend } from "~/features/rentals/index.server";
import { shopDayAndMonthStart } from "~/lib/dates";
import { LOW_STOCK } from "~/lib/limits";

export type Dashboard = {
  /** Paid orders and what they brought in (cancelled and refunded ones left out). */
  today: { orders: number; revenue: number };
  month: { orders: number; revenue: number };
  /** Orders paid and not yet processed. */
  toProcess: number;
  /** Payments PhonePe has not settled yet. */
  pendingPayments: number;
  /** Refunds asked of PhonePe and not yet completed or failed. */
  refundsInProgress: number;
  /** Products with 1 to 5 units left, and those sold out. */
  lowStock: number;
  soldOut: number;
  /** Enquiries no staff member has opened yet (or marked unread again). */
  unreadEnquiries: number;
  /** Rental requests whose documents wait to be checked, and active rentals ending within the notice. */
  rentals: { requested: number; ending: number; days: number };
};

const FINISHED_REFUNDS = ["COMPLETED", "FAILED"];
const NOT_SALES = ["Cancelled", "Refunded"];

/** The back office's front page: the day's and month's sales (days in India's time) and what needs doing. */
export async function dashboard(db: Database, now = new Date()): Promise<Dashboard> {
  const { day, month } = shopDayAndMonthStart(now);
  // Cancelled and refunded orders are not sales.
  const sales = (from: Date) =>
    db
      .select({ orders: count(), revenue: sum(orders.totalPriceAfterDiscount).mapWith(Number) })
      .from(orders)
      .where(
        and(gte(orders.createdAt, from), lte(orders.createdAt, now), notInArray(orders.status, NOT_SALES)),
      );
  const [[today], [thisMonth], [toProcess], [pending], [refunds], [stock], [unread], rentals] =
    await Promise.all([
      sales(day),
      sales(month),
      db.select({ n: count() }).from(orders).where(eq(orders.status, "Ordered")),
      db.select({ n: count() }).from(paymentAttempts).where(eq(paymentAttempts.status, "PENDING")),
      db
        .select({ n: count() })
        .from(paymentAttempts)
        .where(
          and(
            isNotNull(paymentAttempts.refundState),
            notInArray(paymentAttempts.refundState, FINISHED_REFUNDS),
          ),
        ),
      db
        .select({
          low: sql<number>`count(*) FILTER (WHERE ${products.quantity} > 0)`.mapWith(Number),
          out: sql<number>`count(*) FILTER (WHERE ${products.quantity} <= 0)`.mapWith(Number),
        })
        .from(products)
        // Hidden products are not for sale: their stock needs nothing doing.
        .where(and(lte(products.quantity, LOW_STOCK), shownInShop)),
      db.select({ n: count() }).from(enquiries).where(isNull(enquiries.readAt)),
      rentalsToAttend(db, now),
    ]);
  return {
    today: { orders: today?.orders ?? 0, revenue: today?.revenue ?? 0 },
    month: { orders: thisMonth?.orders ?? 0, revenue: thisMonth?.revenue ?? 0 },
    toProcess: toProcess?.n ?? 0,
    pendingPayments: pending?.n ?? 0,
    refundsInProgress: refunds?.n ?? 0,
    lowStock: stock?.low ?? 0,
    soldOut: stock?.out ?? 0,
    unreadEnquiries: unread?.n ?? 0,
    rentals,
  };
}
