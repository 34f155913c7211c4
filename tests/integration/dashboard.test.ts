import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries, orders, paymentAttempts, type ShippingAddress } from "~/db/schema";
import { createEnquiry, markEnquiryUnread, openEnquiry } from "~/features/content/index.server";
import { type Dashboard, dashboard } from "~/features/dashboard/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { type CustomerRow, insertCustomer, insertProduct } from "./support/fixtures";
import { insertStaffMember } from "./support/staff-member";

/*
 * The back office's front page. Every figure is checked as a difference (what the dashboard says after the
 * test's rows were added, minus before), so the tests do not depend on each other's rows; the sales figures
 * use a fixed `now` and instants written in India's time (+05:30), never the real clock.
 */

let database: TestDatabase;
let customer: CustomerRow;

const address: ShippingAddress = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

/** Long before any `now` these tests use: rows that must not count as today's or this month's sales. */
const LONG_AGO = new Date("2020-01-10T12:00:00+05:30");

beforeAll(async () => {
  database = await openTestDatabase();
  customer = await insertCustomer(database.db, { savedAddress: address });
});

afterAll(async () => {
  await database?.drop();
});

let sequence = 0;

type AttemptValues = Partial<typeof paymentAttempts.$inferInsert>;

/** A payment attempt as the checkout stores one (paid unless the test says otherwise). */
async function insertAttempt(overrides: AttemptValues = {}) {
  const n = ++sequence;
  const [attempt] = await database.db
    .insert(paymentAttempts)
    .values({
      merchantOrderId: `DASHBOARD-${n}`,
      customerId: customer.id,
      amount: 46_090_00,
      status: "COMPLETED",
      lines: [],
      shippingAddress: address,
      createdAt: LONG_AGO,
      ...overrides,
    })
    .returning();
  if (!attempt) throw new Error("the payment attempt was not stored");
  return attempt;
}

/** A paid order of `paid` paise (shipping included), with the MRP total well above it. */
async function insertOrder(values: { paid: number; createdAt?: Date; status?: string }) {
  const createdAt = values.createdAt ?? LONG_AGO;
  const attempt = await insertAttempt({ amount: values.paid, createdAt });
  const [order] = await database.db
    .insert(orders)
    .values({
      customerId: customer.id,
      paymentAttemptId: attempt.id,
      totalPrice: values.paid + 7_500_00,
      totalPriceAfterDiscount: values.paid,
      shippingFee: 10_000,
      status: values.status ?? "Ordered",
      paymentInfo: { transactionId: `T${attempt.id}` },
      shippingInfo: address,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!order) throw new Error("the order was not stored");
  return order;
}

/** What the dashboard shows after `change`, minus what it showed before, for the same `now`. */
async function change(now: Date, act: () => Promise<unknown>) {
  const before = await dashboard(database.db, now);
  await act();
  const after = await dashboard(database.db, now);
  const minus = (a: { orders: number; revenue: number }, b: { orders: number; revenue: number }) => ({
    orders: a.orders - b.orders,
    revenue: a.revenue - b.revenue,
  });
  return {
    after,
    today: minus(after.today, before.today),
    month: minus(after.month, before.month),
    toProcess: after.toProcess - before.toProcess,
    pendingPayments: after.pendingPayments - before.pendingPayments,
    refundsInProgress: after.refundsInProgress - before.refundsInProgress,
    lowStock: after.lowStock - before.lowStock,
    soldOut: after.soldOut - before.soldOut,
    unreadEnquiries: after.unreadEnquiries - before.unreadEnquiries,
  };
}

describe(`the back office dashboard (${databaseKind})`, () => {
  it("a month without orders shows 0 orders and Rs. 0, as numbers", async () => {
    const board: Dashboard = await dashboard(database.db, new Date("2099-06-15T12:00:00+05:30"));
    expect(board.today).toEqual({ orders: 0, revenue: 0 });
    expect(board.month).toEqual({ orders: 0, revenue: 0 });
    for (const figure of [
      board.toProcess,
      board.pendingPayments,
      board.refundsInProgress,
      board.lowStock,
      board.soldOut,
      board.unreadEnquiries,
    ]) {
      expect(typeof figure).toBe("number");
    }
  });

  it("counts today's and this month's orders and what was paid for them, by India's calendar", async () => {
    // 15 March 2026, 00:20 in India: in UTC it is still 14 March (18:50).
    const now = new Date("2026-03-15T00:20:00+05:30");
    const delta = await change(now, async () => {
      // Today in India.
      await insertOrder({ paid: 46_090_00, createdAt: new Date("2026-03-15T00:05:00+05:30") });
      await insertOrder({ paid: 1_399_00, createdAt: new Date("2026-03-15T00:19:00+05:30") });
      // Yesterday late evening in India: the same UTC day as `now`, but not today in the shop.
      await insertOrder({ paid: 12_600_00, createdAt: new Date("2026-03-14T23:50:00+05:30") });
      // The first minutes of the month in India (still February in UTC).
      await insertOrder({ paid: 8_200_00, createdAt: new Date("2026-03-01T00:05:00+05:30") });
      // The last minutes of last month in India.
      await insertOrder({ paid: 99_000_00, createdAt: new Date("2026-02-28T23:55:00+05:30") });
      await insertOrder({ paid: 5_000_00, createdAt: new Date("2026-02-10T12:00:00+05:30") });
    });
    expect(delta.today).toEqual({ orders: 2, revenue: 46_090_00 + 1_399_00 });
    expect(delta.month).toEqual({ orders: 4, revenue: 46_090_00 + 1_399_00 + 12_600_00 + 8_200_00 });
  });

  it("leaves cancelled and refunded orders, and orders after `now`, out of the sales", async () => {
    const now = new Date("2026-04-20T15:00:00+05:30");
    const delta = await change(now, async () => {
      await insertOrder({ paid: 10_000_00, createdAt: new Date("2026-04-20T10:00:00+05:30") });
      await insertOrder({
        paid: 20_000_00,
        createdAt: new Date("2026-04-20T11:00:00+05:30"),
        status: "Cancelled",
      });
      await insertOrder({
        paid: 30_000_00,
        createdAt: new Date("2026-04-20T12:00:00+05:30"),
        status: "Refunded",
      });
      await insertOrder({ paid: 40_000_00, createdAt: new Date("2026-04-20T16:00:00+05:30") });
    });
    expect(delta.today).toEqual({ orders: 1, revenue: 10_000_00 });
    expect(delta.month).toEqual({ orders: 1, revenue: 10_000_00 });
  });

  it("starts a new month at midnight in India on the 1st", async () => {
    // 1 April 2026, 00:30 in India: in UTC it is still 31 March (19:00).
    const now = new Date("2026-04-01T00:30:00+05:30");
    const delta = await change(now, async () => {
      await insertOrder({ paid: 3_100_00, createdAt: new Date("2026-04-01T00:10:00+05:30") });
      await insertOrder({ paid: 70_000_00, createdAt: new Date("2026-03-31T23:50:00+05:30") });
    });
    expect(delta.today).toEqual({ orders: 1, revenue: 3_100_00 });
    expect(delta.month).toEqual({ orders: 1, revenue: 3_100_00 });
  });

  it("orders to process are those still Ordered", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const delta = await change(now, async () => {
      await insertOrder({ paid: 20_000_00, status: "Ordered" });
      await insertOrder({ paid: 20_000_00, status: "Ordered" });
      for (const status of [
        "Processed",
        "Shipped",
        "Out for delivery",
        "Delivered",
        "Cancelled",
        "Refunded",
      ]) {
        await insertOrder({ paid: 20_000_00, status });
      }
    });
    expect(delta.toProcess).toBe(2);
    // The orders are from long ago: this month's sales do not move.
    expect(delta.month).toEqual({ orders: 0, revenue: 0 });
  });

  it("an order moving on from Ordered leaves the orders to process", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const order = await insertOrder({ paid: 9_999_00 });
    const delta = await change(now, () =>
      database.db.update(orders).set({ status: "Processed" }).where(eq(orders.id, order.id)),
    );
    expect(delta.toProcess).toBe(-1);
  });

  it("pending payments are the attempts PhonePe has not settled", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const delta = await change(now, async () => {
      await insertAttempt({ status: "PENDING" });
      await insertAttempt({ status: "PENDING" });
      await insertAttempt({ status: "COMPLETED" });
      await insertAttempt({ status: "FAILED" });
    });
    expect(delta.pendingPayments).toBe(2);
  });

  it("refunds in progress are those asked of PhonePe and not yet completed or failed", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const delta = await change(now, async () => {
      for (const refundState of ["REQUESTED", "PENDING", "CONFIRMED", "COMPLETED", "FAILED", null]) {
        await insertAttempt({ status: "COMPLETED", refundState });
      }
    });
    expect(delta.refundsInProgress).toBe(3);
    // A refunded attempt is not a pending payment.
    expect(delta.pendingPayments).toBe(0);
  });

  it("a refund that completes leaves the refunds in progress", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const attempt = await insertAttempt({ refundState: "PENDING" });
    const delta = await change(now, () =>
      database.db
        .update(paymentAttempts)
        .set({ refundState: "COMPLETED" })
        .where(eq(paymentAttempts.id, attempt.id)),
    );
    expect(delta.refundsInProgress).toBe(-1);
  });

  it("low stock is 1 to 5 units left; sold out is none left", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const delta = await change(now, async () => {
      for (const quantity of [1, 5, 6, 40, 0]) await insertProduct(database.db, { quantity });
    });
    expect(delta.lowStock).toBe(2);
    expect(delta.soldOut).toBe(1);
  });

  it("hidden products are not for sale: their stock is not counted", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const delta = await change(now, async () => {
      for (const quantity of [2, 0]) await insertProduct(database.db, { quantity, hiddenAt: now });
    });
    expect(delta.lowStock).toBe(0);
    expect(delta.soldOut).toBe(0);
  });

  it("unread enquiries are those no staff member has opened, or marked unread again", async () => {
    const now = new Date("2026-03-15T12:00:00+05:30");
    const { actor } = await insertStaffMember(database.db);
    const enquiry = {
      name: "Lakshmi Narayan",
      email: "lakshmi@example.in",
      mobile: "9845012345",
      comment: "Do you rent out laptops for a week-long training?",
    };
    const delta = await change(now, async () => {
      await createEnquiry(database.db, enquiry);
      await createEnquiry(database.db, enquiry);
      const opened = await createEnquiry(database.db, enquiry);
      await openEnquiry(database.db, actor, opened.id);
      const openedThenUnread = await createEnquiry(database.db, enquiry);
      await openEnquiry(database.db, actor, openedThenUnread.id);
      await markEnquiryUnread(database.db, actor, openedThenUnread.id);
      // The old status column no longer decides it.
      const contacted = await createEnquiry(database.db, enquiry);
      await database.db.update(enquiries).set({ status: "Contacted" }).where(eq(enquiries.id, contacted.id));
    });
    expect(delta.unreadEnquiries).toBe(4);
  });
});
