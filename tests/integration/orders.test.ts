import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  cartItems,
  customers,
  orderEvents,
  orderItems,
  orders,
  paymentAttempts,
  products,
} from "~/db/schema";
import { addToCart } from "~/features/lists/index.server";
import {
  createPaymentAttempt,
  customerOrders,
  fetchOutcome,
  finishPayment,
  noteWebhook,
} from "~/features/orders/index.server";
// Tests the payment attempts' own reuse and check schedule, internals of orders, on purpose.
import {
  checkFailed,
  claimDueAttempts,
  failedCheckBackoffMs,
  recordPaymentStart,
  reusablePaymentPage,
  scheduleNextCheck,
} from "~/features/orders/payment-attempts.server";
import {
  followDueRefunds,
  merchantRefundIdOf,
  noteRefundWebhook,
  requestRefund,
} from "~/features/payments/index.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct, type ProductRow, STANDARD_SHIPPING } from "./support/fixtures";
import { type PhonePeSimulator, startPhonePeSimulator } from "./support/phonepe-simulator";

/*
 * Payments becoming orders (once, at the database's price), the reconciler's claims, and the refund of a payment
 * whose stock ran out, asked of the bundled PhonePe simulator (./support/phonepe-simulator.ts).
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

let database: TestDatabase;
let sim: PhonePeSimulator;
let product: ProductRow;

const address = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startPhonePeSimulator(database.db);
  product = await insertProduct(database.db, { discountedPrice: 45_990_00, quantity: 40 });
});

afterAll(async () => {
  await sim?.close();
  await database?.drop();
});

afterEach(async () => {
  vi.useRealTimers();
  await sim.admin.clearFaults();
});

/** A customer with `quantity` of the product in the cart and a payment attempt for it. */
async function customerWithAttempt(quantity = 1) {
  const customer = await insertCustomer(database.db, { savedAddress: address });
  await addToCart(database.db, customer.id, { productId: product.id, colourId: product.colourId, quantity });
  const attempt = await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING);
  if (!("merchantOrderId" in attempt)) throw new Error("the attempt was refused");
  return { customerId: customer.id, ...attempt };
}

async function stockNow() {
  const [row] = await database.db
    .select({ quantity: products.quantity, sold: products.sold })
    .from(products)
    .where(eq(products.id, product.id));
  return row;
}

describe(`payments and orders (${databaseKind})`, () => {
  it("charges the database price plus Rs. 100 shipping", async () => {
    const { amount } = await customerWithAttempt(2);
    expect(amount).toBe(2 * product.discountedPrice + 10_000);
  });

  raceTest("20 concurrent completions and duplicate webhooks create exactly one order", async () => {
    const before = await stockNow();
    const { merchantOrderId, amount, customerId } = await customerWithAttempt(2);
    const outcome = { state: "COMPLETED", amount, transactionId: "T1", details: {} } as const;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => finishPayment(database.db, merchantOrderId, outcome)),
    );
    const ids = new Set(results.map((r) => (r.kind === "ordered" ? r.orderId : null)));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBeNull();
    const mine = await database.db.select().from(orders).where(eq(orders.customerId, customerId));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      totalPriceAfterDiscount: amount,
      status: "Ordered",
      shippingFee: 10_000,
    });
    const items = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, mine[0]?.id ?? 0));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 2, unitPrice: product.discountedPrice });
    // The order's history starts with one row, written with the order.
    const history = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, mine[0]?.id ?? 0));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "Ordered", actorName: "Shop", staffId: null }),
    ]);
    expect(await stockNow()).toEqual({
      quantity: (before?.quantity ?? 0) - 2,
      sold: (before?.sold ?? 0) + 2,
    });
    expect(await database.db.select().from(cartItems).where(eq(cartItems.customerId, customerId))).toEqual(
      [],
    );
    const [customer] = await database.db
      .select({ saved: customers.savedAddress })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(customer?.saved).toBeNull();
    const listed = await customerOrders(database.db, customerId);
    expect(listed[0]?.items[0]).toMatchObject({ quantity: 2, colourName: expect.any(String) });
  });

  it("a paid amount that differs from the attempt creates no order", async () => {
    const { merchantOrderId, amount, customerId } = await customerWithAttempt(1);
    const result = await finishPayment(database.db, merchantOrderId, {
      state: "COMPLETED",
      amount: amount - 1,
      details: {},
    });
    expect(result).toEqual({ kind: "amount-mismatch" });
    expect(await database.db.select().from(orders).where(eq(orders.customerId, customerId))).toEqual([]);
    // A later correct-looking call does not turn it into an order either.
    expect(
      (await finishPayment(database.db, merchantOrderId, { state: "COMPLETED", amount, details: {} })).kind,
    ).toBe("amount-mismatch");
  });

  it("a failed payment keeps the cart; pending stays pending", async () => {
    const { merchantOrderId, customerId } = await customerWithAttempt(1);
    expect(await finishPayment(database.db, merchantOrderId, { state: "PENDING" })).toEqual({
      kind: "pending",
    });
    expect(
      await finishPayment(database.db, merchantOrderId, {
        state: "FAILED",
        message: "Declined",
        details: {},
      }),
    ).toEqual({
      kind: "failed",
      message: "Declined",
    });
    expect(
      await database.db.select().from(cartItems).where(eq(cartItems.customerId, customerId)),
    ).toHaveLength(1);
    expect(await database.db.select().from(orders).where(eq(orders.customerId, customerId))).toEqual([]);
  });

  it("stock that ran out while the shopper paid creates no order and asks for a refund", async () => {
    const { merchantOrderId, amount, customerId } = await customerWithAttempt(1);
    const before = await stockNow();
    await database.db.update(products).set({ quantity: 0 }).where(eq(products.id, product.id));
    const result = await finishPayment(database.db, merchantOrderId, {
      state: "COMPLETED",
      amount,
      details: {},
    });
    expect(result).toEqual({ kind: "out-of-stock", amount });
    expect(await database.db.select().from(orders).where(eq(orders.customerId, customerId))).toEqual([]);
    await database.db
      .update(products)
      .set({ quantity: before?.quantity ?? 0 })
      .where(eq(products.id, product.id));
  });

  it("an unknown merchant order id does nothing", async () => {
    expect(
      await finishPayment(database.db, "KC-NOT-OURS", { state: "COMPLETED", amount: 1, details: {} }),
    ).toEqual({
      kind: "unknown",
    });
  });

  it("the reconciler claims a due attempt once", async () => {
    const { merchantOrderId } = await customerWithAttempt(1);
    const later = new Date(Date.now() + 60_000);
    const [first, second] = await Promise.all([
      claimDueAttempts(database.db, later, 50),
      claimDueAttempts(database.db, later, 50),
    ]);
    const claimed = [...(first ?? []), ...(second ?? [])].filter(
      (row) => row.merchantOrderId === merchantOrderId,
    );
    expect(claimed).toHaveLength(1);
    const [attempt] = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    expect(attempt?.checkCount).toBe(1);
  });
});

describe("an order too large to pay online", () => {
  it("is refused before any attempt is stored, instead of overflowing the amount", async () => {
    const customer = await insertCustomer(database.db, { firstname: "Ravi", lastname: "Kumar" });
    const [before] = await database.db
      .select({ originalPrice: products.originalPrice })
      .from(products)
      .where(eq(products.id, product.id));
    if (!before) throw new Error("no product");
    // A Rs. 1.2 crore server rack, three of them: Rs. 3.6 crore is past what an amount column can hold.
    await database.db
      .update(products)
      .set({ originalPrice: 1_20_00_000 * 100, discountedPrice: 1_20_00_000 * 100, quantity: 50 })
      .where(eq(products.id, product.id));
    try {
      await addToCart(database.db, customer.id, {
        productId: product.id,
        colourId: product.colourId,
        quantity: 3,
      });
      const attempt = await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING);
      expect(attempt).toEqual({ problem: "too-large", amount: 3 * 1_20_00_000 * 100 + 10_000 });
      const stored = await database.db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.customerId, customer.id));
      expect(stored).toEqual([]);
    } finally {
      await database.db
        .update(products)
        .set({
          originalPrice: before.originalPrice,
          discountedPrice: product.discountedPrice,
          quantity: product.quantity,
        })
        .where(eq(products.id, product.id));
    }
  });
});

describe("a webhook noted for the reconciler", () => {
  async function attemptRow(merchantOrderId: string) {
    const [row] = await database.db
      .select({
        status: paymentAttempts.status,
        nextCheckAt: paymentAttempts.nextCheckAt,
        reason: paymentAttempts.failureReason,
      })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    return row;
  }

  it("makes a pending attempt due now, and leaves orders the shop never started alone", async () => {
    const { merchantOrderId } = await customerWithAttempt();
    const now = new Date(Date.now() + 1000);
    expect(await noteWebhook(database.db, { merchantOrderId }, now)).toBe("noted");
    expect((await attemptRow(merchantOrderId))?.nextCheckAt).toEqual(now);
    expect(await noteWebhook(database.db, { merchantOrderId: "KC_NEVER_STARTED" }, now)).toBe("unknown");
    expect(await noteWebhook(database.db, { merchantOrderId: "bad\u0000id" }, now)).toBe("unknown");
  });

  it("finds the attempt by PhonePe's own order id when the webhook carries only that", async () => {
    const { merchantOrderId } = await customerWithAttempt();
    await recordPaymentStart(database.db, merchantOrderId, {
      providerOrderId: `OMO${merchantOrderId.slice(-10)}`,
      paymentUrl: "https://mercury-uat.phonepe.com/transact/x",
      expireAt: new Date(Date.now() + 20 * 60_000),
    });
    const now = new Date(Date.now() + 2000);
    expect(await noteWebhook(database.db, { orderId: `OMO${merchantOrderId.slice(-10)}` }, now)).toBe(
      "noted",
    );
    expect((await attemptRow(merchantOrderId))?.nextCheckAt).toEqual(now);
    expect(await noteWebhook(database.db, { orderId: "OMO-NOT-OURS" }, now)).toBe("unknown");
  });

  it("asks again about a payment the shop had given up on", async () => {
    const { merchantOrderId } = await customerWithAttempt();
    await scheduleNextCheck(database.db, merchantOrderId, null);
    expect(await attemptRow(merchantOrderId)).toMatchObject({ status: "FAILED", reason: "Payment expired" });
    const now = new Date();
    expect(await noteWebhook(database.db, { merchantOrderId }, now)).toBe("noted");
    expect(await attemptRow(merchantOrderId)).toEqual({ status: "PENDING", nextCheckAt: now, reason: null });
  });
});

describe("Place Order again with the same cart", () => {
  it("goes back to the payment page PhonePe has open, until the cart changes or the page expires", async () => {
    const { customerId, merchantOrderId } = await customerWithAttempt(1);
    const now = new Date();
    const paymentUrl = `https://mercury-uat.phonepe.com/transact/${merchantOrderId}`;
    // Being started at PhonePe: a second press waits for its page rather than opening another.
    expect(await reusablePaymentPage(database.db, customerId, address, STANDARD_SHIPPING, now)).toEqual({
      kind: "starting",
      merchantOrderId,
    });
    await recordPaymentStart(database.db, merchantOrderId, {
      providerOrderId: "OMO1",
      paymentUrl,
      expireAt: new Date(now.getTime() + 20 * 60_000),
    });
    const moved = { ...address, city: "Mysuru" };
    expect(await reusablePaymentPage(database.db, customerId, moved, STANDARD_SHIPPING, now)).toEqual({
      kind: "open",
      merchantOrderId,
      paymentUrl,
    });
    const [saved] = await database.db
      .select({ address: paymentAttempts.shippingAddress })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    expect(saved?.address.city).toBe("Mysuru");
    // Close to PhonePe's expiry the page is not reused.
    expect(
      await reusablePaymentPage(
        database.db,
        customerId,
        address,
        STANDARD_SHIPPING,
        new Date(now.getTime() + 19.5 * 60_000),
      ),
    ).toBeNull();
    // Another quantity is another payment.
    await database.db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.customerId, customerId));
    expect(await reusablePaymentPage(database.db, customerId, address, STANDARD_SHIPPING, now)).toBeNull();
  });
});

describe("a refund for stock that ran out", () => {
  /** Paid on PhonePe (the simulator) while the stock ran out: the shop reads PhonePe's COMPLETED and makes no order. */
  async function outOfStockAttempt() {
    const { merchantOrderId, amount } = await customerWithAttempt(1);
    await sim.pay(merchantOrderId, amount);
    const before = await stockNow();
    await database.db.update(products).set({ quantity: 0 }).where(eq(products.id, product.id));
    const result = await finishPayment(database.db, merchantOrderId, await fetchOutcome(merchantOrderId));
    await database.db
      .update(products)
      .set({ quantity: before?.quantity ?? 0 })
      .where(eq(products.id, product.id));
    expect(result).toEqual({ kind: "out-of-stock", amount });
    return { merchantOrderId, amount };
  }
  async function refundOf(merchantOrderId: string) {
    const [row] = await database.db
      .select({
        state: paymentAttempts.refundState,
        checkAt: paymentAttempts.refundCheckAt,
        amount: paymentAttempts.refundAmount,
      })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    return row;
  }
  /** The refund-status questions PhonePe was asked about one refund. */
  const statusAsks = (merchantRefundId: string) =>
    sim.calls("refundStatus").filter((r) => r.path.includes(`/${merchantRefundId}/`));

  it("is asked for once whatever the reloads and webhooks, and followed until PhonePe completes it", async () => {
    const { merchantOrderId, amount } = await outOfStockAttempt();
    const merchantRefundId = merchantRefundIdOf(merchantOrderId);
    // PhonePe's clock (the simulator's) is the mocked Date from here: a refund is CONFIRMED a second after it
    // was made and COMPLETED after three.
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    vi.setSystemTime(t0);
    const now = new Date(t0);
    await Promise.all(
      Array.from({ length: 5 }, () => requestRefund(database.db, sim.client, merchantOrderId, amount, now)),
    );
    expect(sim.refundsAsked(merchantRefundId)).toEqual([
      { merchantRefundId, originalMerchantOrderId: merchantOrderId, amount },
    ]);
    expect(await sim.admin.order(merchantOrderId)).toMatchObject({ refundedAmount: amount });
    expect(await refundOf(merchantOrderId)).toMatchObject({ state: "PENDING", amount });

    // PhonePe confirms it and says so in a webhook, which brings the check forward; the state is read back
    // from PhonePe.
    vi.setSystemTime(t0 + 1500);
    await vi.waitFor(
      () => expect(sim.webhookEvents(merchantRefundId)).toEqual([["pg.refund.accepted", "CONFIRMED"]]),
      { timeout: 5000 },
    );
    expect(await noteRefundWebhook(database.db, merchantRefundId, now)).toBe("noted");
    await followDueRefunds(database.db, sim.client, now);
    expect((await refundOf(merchantOrderId))?.state).toBe("CONFIRMED");
    vi.setSystemTime(t0 + 3500);
    await followDueRefunds(database.db, sim.client, new Date(t0 + 10 * 60_000));
    expect(await refundOf(merchantOrderId)).toEqual({ state: "COMPLETED", checkAt: null, amount });
    expect(statusAsks(merchantRefundId)).toHaveLength(2);
    await vi.waitFor(() =>
      expect(sim.webhookEvents(merchantRefundId)).toEqual([
        ["pg.refund.accepted", "CONFIRMED"],
        ["pg.refund.completed", "COMPLETED"],
      ]),
    );
    // Done: nothing more is asked, and a late duplicate webhook changes nothing.
    expect(await noteRefundWebhook(database.db, merchantRefundId, now)).toBe("noted");
    await followDueRefunds(database.db, sim.client, new Date(t0 + 60 * 60_000));
    expect(statusAsks(merchantRefundId)).toHaveLength(2);
    expect(sim.refundsAsked(merchantRefundId)).toHaveLength(1);
    expect(await refundOf(merchantOrderId)).toEqual({ state: "COMPLETED", checkAt: null, amount });
    expect(await noteRefundWebhook(database.db, "KC_NEVER_ASKEDR", now)).toBe("unknown");
  });

  it("asks again with the same refund id when PhonePe could not be reached", async () => {
    const { merchantOrderId, amount } = await outOfStockAttempt();
    const merchantRefundId = merchantRefundIdOf(merchantOrderId);
    await sim.admin.fault({ switch: "api", api: "refund", answer: "429", times: 1 });
    const now = new Date();
    expect(await requestRefund(database.db, sim.client, merchantOrderId, amount, now)).toBe("REQUESTED");
    await followDueRefunds(database.db, sim.client, new Date(now.getTime() + 2 * 60_000));
    // The reconciler asks for the amount that was claimed, not more, under the same id.
    const asked = { merchantRefundId, originalMerchantOrderId: merchantOrderId, amount };
    expect(sim.refundsAsked(merchantRefundId)).toEqual([asked, asked]);
    expect(
      sim
        .calls("refund")
        .filter((r) => JSON.parse(r.body).merchantRefundId === merchantRefundId)
        .map((r) => r.status),
    ).toEqual([429, 200]);
    expect((await refundOf(merchantOrderId))?.state).toBe("PENDING");
    expect(await sim.admin.order(merchantOrderId)).toMatchObject({ refundedAmount: amount });
  });
});

describe("status checks that cannot reach PhonePe", () => {
  it("back off (30 s doubling, at most 15 minutes) and start afresh once PhonePe answers", async () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(failedCheckBackoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
    const { merchantOrderId } = await customerWithAttempt(1);
    const now = new Date();
    const nextAt = async () =>
      (
        await database.db
          .select({ at: paymentAttempts.nextCheckAt, failed: paymentAttempts.failedChecks })
          .from(paymentAttempts)
          .where(eq(paymentAttempts.merchantOrderId, merchantOrderId))
      )[0];
    await checkFailed(database.db, merchantOrderId, now);
    await checkFailed(database.db, merchantOrderId, now);
    expect(await nextAt()).toEqual({ at: new Date(now.getTime() + 60_000), failed: 2 });
    await scheduleNextCheck(database.db, merchantOrderId, new Date(now.getTime() + 3000));
    expect((await nextAt())?.failed).toBe(0);
  });
});
