import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, orderEvents, orders, paymentAttempts, products, staff } from "~/db/schema";
import type { Actor } from "~/features/audit/index.server";
import { addToCart } from "~/features/lists/index.server";
import type { OrderStatus } from "~/features/orders";
import {
  createPaymentAttempt,
  fetchOutcome,
  finishPayment,
  listOrders,
  moveOrder,
  orderDetail,
  refundOrder,
  sendStatusMail,
  unorderedRefunds,
} from "~/features/orders/index.server";
import { parseOrderFilters } from "~/features/orders/schemas";
import { followDueRefunds, merchantRefundIdOf, requestRefund } from "~/features/payments/index.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import {
  type CustomerRow,
  insertCustomer,
  insertProduct,
  type ProductRow,
  STANDARD_SHIPPING,
} from "./support/fixtures";
import { sendVia } from "./support/mail";
import { type PhonePeSimulator, startPhonePeSimulator } from "./support/phonepe-simulator";
import { startSmtpServer, type TestSmtpServer } from "./support/smtp";

/*
 * The back office's orders module: the list's filters and search, an order's page, moving an order along its
 * life cycle (history and audit in the same transaction, a stale status refused), the status mail, an owner's
 * refund through PhonePe (once per order, at most what was paid), and the payments refunded without an order.
 * Who may refund (owners only) is checked by the route. PhonePe is the bundled simulator on a port of its own
 * (./support/phonepe-simulator.ts): orders that are refunded were paid there, and it records what it was asked.
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

let database: TestDatabase;
let sim: PhonePeSimulator;
let smtp: TestSmtpServer;
let laptop: ProductRow;
let mouse: ProductRow;
let owner: Actor;
let member: Actor;

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
  smtp = await startSmtpServer();
  laptop = await insertProduct(database.db, { discountedPrice: 45_990_00, quantity: 500 });
  mouse = await insertProduct(database.db, { discountedPrice: 499_00, quantity: 500 });
  const [lakshmi, ravi] = await database.db
    .insert(staff)
    .values([
      { email: "lakshmi@kaveri.test", name: "Lakshmi Iyer", role: "owner" },
      { email: "ravi@kaveri.test", name: "Ravi Kumar", role: "staff" },
    ])
    .returning({ id: staff.id, name: staff.name });
  if (!lakshmi || !ravi) throw new Error("no staff");
  owner = lakshmi;
  member = ravi;
});

afterAll(async () => {
  await smtp?.close();
  await sim?.close();
  await database?.drop();
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await sim.admin.clearFaults();
});

let sequence = 0;

/** A customer of their own (unique name, e-mail and mobile), so searches find only this test's orders. */
async function newCustomer(): Promise<CustomerRow> {
  const n = ++sequence;
  return insertCustomer(database.db, {
    firstname: `Meera${n}`,
    lastname: `Shetty${n}`,
    email: `meera.shetty${n}@example.in`,
    mobile: `9${randomInt(100_000_000, 1_000_000_000)}`,
    savedAddress: address,
  });
}

/**
 * An order placed the way the shop places one: a cart, a payment attempt and PhonePe's COMPLETED. With
 * `atPhonePe` the payment is made on the simulator and the outcome read from it as the shop does (an order to
 * refund there); otherwise the COMPLETED is given.
 */
async function placeOrder(
  customer: CustomerRow,
  lines: { product: ProductRow; quantity: number }[] = [{ product: laptop, quantity: 1 }],
  { atPhonePe = false }: { atPhonePe?: boolean } = {},
) {
  for (const line of lines) {
    await addToCart(database.db, customer.id, {
      productId: line.product.id,
      colourId: line.product.colourId,
      quantity: line.quantity,
    });
  }
  const attempt = await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING);
  if (!("merchantOrderId" in attempt)) throw new Error("the attempt was refused");
  if (atPhonePe) await sim.pay(attempt.merchantOrderId, attempt.amount);
  const result = await finishPayment(
    database.db,
    attempt.merchantOrderId,
    atPhonePe
      ? await fetchOutcome(attempt.merchantOrderId)
      : {
          state: "COMPLETED",
          amount: attempt.amount,
          transactionId: `T${attempt.merchantOrderId.slice(-8)}`,
          details: {},
        },
  );
  if (result.kind !== "ordered") throw new Error(`no order: ${result.kind}`);
  return { orderId: result.orderId, merchantOrderId: attempt.merchantOrderId, paid: attempt.amount };
}

const filters = (query: string) => parseOrderFilters(new URLSearchParams(query));

async function orderRow(orderId: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function historyOf(orderId: number) {
  return database.db
    .select({
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      by: orderEvents.actorName,
      staffId: orderEvents.staffId,
      courier: orderEvents.courier,
      trackingNumber: orderEvents.trackingNumber,
      note: orderEvents.note,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
}

async function auditOf(orderId: number) {
  return database.db
    .select({ action: auditLog.action, staffName: auditLog.staffName, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.subject, `order ${orderId}`))
    .orderBy(auditLog.id);
}

async function stockOf(product: ProductRow) {
  const [row] = await database.db
    .select({ quantity: products.quantity, sold: products.sold })
    .from(products)
    .where(eq(products.id, product.id));
  return row;
}

/** Moves an order along several statuses, each from the one before, as a staff member would. */
async function moveThrough(orderId: number, ...statuses: OrderStatus[]) {
  let from: OrderStatus = "Ordered";
  for (const to of statuses) {
    const moved = await moveOrder(database.db, member, { orderId, from, to });
    if (!moved.ok) throw new Error(`${from} → ${to}: ${moved.problem}`);
    from = to;
  }
}

/** The refundId PhonePe gave when it took the refund `merchantRefundId`. */
function refundIdGiven(merchantRefundId: string): string | undefined {
  const taken = sim
    .calls("refund")
    .find((r) => r.status === 200 && JSON.parse(r.body).merchantRefundId === merchantRefundId);
  return (JSON.parse(taken?.answer ?? "{}") as { refundId?: string }).refundId;
}

describe(`the order list (${databaseKind})`, () => {
  it("shows each order's customer, units, amount paid, status and payment, newest first", async () => {
    const customer = await newCustomer();
    const first = await placeOrder(customer, [
      { product: laptop, quantity: 2 },
      { product: mouse, quantity: 3 },
    ]);
    const second = await placeOrder(customer);
    const list = await listOrders(database.db, filters(`q=${customer.email}`));
    expect(list).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(list.rows.map((row) => row.id)).toEqual([second.orderId, first.orderId]);
    expect(list.rows[1]).toEqual({
      id: first.orderId,
      createdAt: expect.any(Date),
      customer: `${customer.firstname} ${customer.lastname}`,
      email: customer.email,
      itemCount: 5,
      paid: first.paid,
      status: "Ordered",
      paymentState: "Paid",
    });
  });

  it("finds an order by its id, the customer's name, e-mail or phone, or PhonePe's merchantOrderId", async () => {
    const customer = await newCustomer();
    const { orderId, merchantOrderId } = await placeOrder(customer);
    const found = async (q: string) =>
      (await listOrders(database.db, filters(new URLSearchParams({ q }).toString()))).rows.map((r) => r.id);
    expect(await found(`#${orderId}`)).toContain(orderId);
    expect(await found(String(orderId))).toContain(orderId);
    for (const q of [
      `${customer.firstname} ${customer.lastname}`,
      customer.lastname.toUpperCase(),
      customer.email.toUpperCase(),
      customer.email.split("@")[0] ?? "",
      `+91 ${customer.mobile.slice(0, 5)} ${customer.mobile.slice(5)}`,
      customer.mobile.slice(1, 7),
      merchantOrderId.toLowerCase(),
    ]) {
      expect(await found(q), q).toEqual([orderId]);
    }
    // LIKE's wildcards are text in a search, not patterns.
    expect(await found("%")).toEqual([]);
    expect(await found("meera_shetty")).toEqual([]);
  });

  it("filters by status and by India's calendar days, and pages 25 at a time", async () => {
    const customer = await newCustomer();
    const placed = [];
    for (let i = 0; i < 27; i++) placed.push(await placeOrder(customer, [{ product: mouse, quantity: 1 }]));
    // Three orders around India's midnight between the 1st and the 2nd of March 2025.
    const at = (iso: string) => new Date(iso);
    const stamps = [
      at("2025-03-01T23:59:00+05:30"),
      at("2025-03-02T00:00:00+05:30"),
      at("2025-03-02T23:59:59+05:30"),
    ];
    for (const [i, createdAt] of stamps.entries()) {
      await database.db
        .update(orders)
        .set({ createdAt })
        .where(eq(orders.id, placed[i]?.orderId ?? 0));
    }
    const q = `q=${customer.email}`;
    const ids = async (query: string) =>
      (await listOrders(database.db, filters(query))).rows.map((r) => r.id);
    expect(await ids(`${q}&from=2025-03-02&to=2025-03-02`)).toEqual([placed[2]?.orderId, placed[1]?.orderId]);
    expect(await ids(`${q}&to=2025-03-01`)).toEqual([placed[0]?.orderId]);
    expect((await ids(`${q}&from=2025-03-03`)).length).toBe(24);

    await moveThrough(placed[5]?.orderId ?? 0, "Processed", "Shipped");
    expect(await ids(`${q}&status=Shipped`)).toEqual([placed[5]?.orderId]);
    expect(await ids(`${q}&status=Delivered`)).toEqual([]);

    const pageOne = await listOrders(database.db, filters(q));
    expect(pageOne).toMatchObject({ total: 27, page: 1, pages: 2 });
    expect(pageOne.rows).toHaveLength(25);
    const pageTwo = await listOrders(database.db, filters(`${q}&page=2`));
    // Newest first: the two oldest, of the 1st and 2nd of March, are left for page 2.
    expect(pageTwo.rows.map((r) => r.id)).toEqual([placed[1]?.orderId, placed[0]?.orderId]);
    expect(new Set([...pageOne.rows, ...pageTwo.rows].map((r) => r.id)).size).toBe(27);
    expect((await listOrders(database.db, filters(`${q}&page=3`))).rows).toEqual([]);
  });
});

describe(`an order's page (${databaseKind})`, () => {
  it("has the items, amounts, address, customer, payment, history and the statuses it may move to", async () => {
    const customer = await newCustomer();
    const { orderId, merchantOrderId, paid } = await placeOrder(customer, [
      { product: laptop, quantity: 1 },
      { product: mouse, quantity: 2 },
    ]);
    const detail = await orderDetail(database.db, orderId);
    expect(detail).toMatchObject({
      id: orderId,
      status: "Ordered",
      amounts: {
        atMrp: laptop.originalPrice + 2 * mouse.originalPrice + 100_00,
        paid,
        shipping: 100_00,
      },
      shippingAddress: address,
      customer: {
        name: `${customer.firstname} ${customer.lastname}`,
        email: customer.email,
        mobile: customer.mobile,
        erased: false,
      },
      payment: {
        merchantOrderId,
        transactionId: `T${merchantOrderId.slice(-8)}`,
        state: "COMPLETED",
        amount: paid,
      },
      refund: null,
      courier: null,
      trackingNumber: null,
      nextStatuses: ["Processed", "Cancelled"],
    });
    expect(detail?.items).toEqual([
      expect.objectContaining({
        title: laptop.title,
        colourName: "Black",
        quantity: 1,
        unitPrice: 45_990_00,
      }),
      expect.objectContaining({ title: mouse.title, colourValue: "#111111", quantity: 2, unitPrice: 499_00 }),
    ]);
    expect(detail?.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "Ordered", actorName: "Shop" }),
    ]);
  });

  it("is null for an order that does not exist", async () => {
    expect(await orderDetail(database.db, 2_000_000_000)).toBeNull();
  });
});

describe(`moving an order along its life cycle (${databaseKind})`, () => {
  it("records each move in the order, its history and the audit trail, with the courier when shipped", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    expect(
      await moveOrder(database.db, member, { orderId, from: "Ordered", to: "Processed", note: "Packed" }),
    ).toEqual({
      ok: true,
      notice: {
        to: customer.email,
        firstname: customer.firstname,
        orderId,
        status: "Processed",
        courier: null,
        trackingNumber: null,
        // The order is still on its way: the mail repeats the day it was promised by.
        details: ["Standard delivery, promised by Friday, 4 December"],
      },
    });
    const shipped = await moveOrder(database.db, member, {
      orderId,
      from: "Processed",
      to: "Shipped",
      courier: "Blue Dart",
      trackingNumber: "BD-7788991",
    });
    expect(shipped).toMatchObject({
      ok: true,
      notice: { courier: "Blue Dart", trackingNumber: "BD-7788991" },
    });
    await moveOrder(database.db, member, { orderId, from: "Shipped", to: "Out for delivery" });

    expect(await orderRow(orderId)).toMatchObject({
      status: "Out for delivery",
      courier: "Blue Dart",
      trackingNumber: "BD-7788991",
    });
    expect(await historyOf(orderId)).toEqual([
      {
        from: null,
        to: "Ordered",
        by: "Shop",
        staffId: null,
        courier: null,
        trackingNumber: null,
        note: null,
      },
      {
        from: "Ordered",
        to: "Processed",
        by: "Ravi Kumar",
        staffId: member.id,
        courier: null,
        trackingNumber: null,
        note: "Packed",
      },
      {
        from: "Processed",
        to: "Shipped",
        by: "Ravi Kumar",
        staffId: member.id,
        courier: "Blue Dart",
        trackingNumber: "BD-7788991",
        note: null,
      },
      {
        from: "Shipped",
        to: "Out for delivery",
        by: "Ravi Kumar",
        staffId: member.id,
        courier: null,
        trackingNumber: null,
        note: null,
      },
    ]);
    expect(await auditOf(orderId)).toEqual([
      {
        action: "order.status",
        staffName: "Ravi Kumar",
        details: { status: { before: "Ordered", after: "Processed" }, note: "Packed" },
      },
      {
        action: "order.status",
        staffName: "Ravi Kumar",
        details: {
          status: { before: "Processed", after: "Shipped" },
          courier: "Blue Dart",
          trackingNumber: "BD-7788991",
        },
      },
      {
        action: "order.status",
        staffName: "Ravi Kumar",
        details: { status: { before: "Shipped", after: "Out for delivery" } },
      },
    ]);
    expect((await orderDetail(database.db, orderId))?.nextStatuses).toEqual(["Delivered"]);
  });

  it("refuses a stale status: someone else moved the order since the page was shown", async () => {
    const { orderId } = await placeOrder(await newCustomer());
    await moveThrough(orderId, "Processed");
    expect(await moveOrder(database.db, owner, { orderId, from: "Ordered", to: "Cancelled" })).toEqual({
      ok: false,
      problem: "stale",
      current: "Processed",
    });
    expect((await orderRow(orderId))?.status).toBe("Processed");
    expect(await historyOf(orderId)).toHaveLength(2);
    expect(await auditOf(orderId)).toHaveLength(1);
  });

  raceTest(
    "lets one of two staff members moving the same order at once win; the other is told it changed",
    async () => {
      const { orderId } = await placeOrder(await newCustomer());
      const results = await Promise.all([
        moveOrder(database.db, member, { orderId, from: "Ordered", to: "Processed" }),
        moveOrder(database.db, owner, { orderId, from: "Ordered", to: "Cancelled" }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ problem: "stale" })]);
      expect(await historyOf(orderId)).toHaveLength(2);
    },
  );

  it("refuses moves the life cycle does not allow, and unknown orders", async () => {
    const { orderId } = await placeOrder(await newCustomer());
    for (const to of ["Shipped", "Delivered", "Refunded", "Ordered"] as const) {
      expect(await moveOrder(database.db, member, { orderId, from: "Ordered", to })).toEqual({
        ok: false,
        problem: "not-allowed",
      });
    }
    await moveThrough(orderId, "Processed", "Shipped");
    expect(await moveOrder(database.db, member, { orderId, from: "Shipped", to: "Cancelled" })).toEqual({
      ok: false,
      problem: "not-allowed",
    });
    expect(
      await moveOrder(database.db, member, { orderId: 2_000_000_000, from: "Ordered", to: "Processed" }),
    ).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect(await historyOf(orderId)).toHaveLength(3);
  });

  it("puts a cancelled order's items back in stock, recorded in the audit trail", async () => {
    const { orderId } = await placeOrder(await newCustomer(), [{ product: mouse, quantity: 3 }]);
    const before = await stockOf(mouse);
    await moveThrough(orderId, "Processed", "Cancelled");
    expect(await stockOf(mouse)).toEqual({
      quantity: (before?.quantity ?? 0) + 3,
      sold: (before?.sold ?? 0) - 3,
    });
    const [, cancelled] = await auditOf(orderId);
    expect(cancelled?.details).toEqual({
      status: { before: "Processed", after: "Cancelled" },
      stock: [{ product: mouse.id, stock: { before: before?.quantity, after: (before?.quantity ?? 0) + 3 } }],
    });
    // Delivered and refunded by hand later: the parcel never came back through here, so no stock moves.
  });
});

describe(`the status mail (${databaseKind})`, () => {
  it("tells the customer the order's id, its new status, the courier and tracking number, and links My Orders", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    await moveThrough(orderId, "Processed");
    const moved = await moveOrder(database.db, member, {
      orderId,
      from: "Processed",
      to: "Shipped",
      courier: "DTDC",
      trackingNumber: "D12345678",
    });
    if (!moved.ok) throw new Error(moved.problem);
    expect(await sendStatusMail(database.db, moved.notice, "https://shop.example.in", sendVia(smtp))).toBe(
      true,
    );
    const mail = await smtp.waitForMessage((m) => m.to.includes(customer.email), 5_000);
    expect(mail.subject).toBe(`Your Kaveri Computers order #${orderId} is Shipped`);
    expect(mail.text).toContain(`Hello ${customer.firstname},`);
    expect(mail.text).toContain(`Your order #${orderId} is now Shipped.`);
    expect(mail.text).toContain("Courier: DTDC");
    expect(mail.text).toContain("Tracking number: D12345678");
    expect(mail.text).toContain("https://shop.example.in/my-orders");
    expect(mail.html).toContain('href="https://shop.example.in/my-orders"');
  });

  it("that cannot be sent is logged without the address, and the move stays", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const moved = await moveOrder(database.db, member, { orderId, from: "Ordered", to: "Processed" });
    if (!moved.ok) throw new Error(moved.problem);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25"));
    expect(await sendStatusMail(database.db, moved.notice, "https://shop.example.in", failing)).toBe(false);
    expect(logged).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0]?.[0])).toContain(`order #${orderId}`);
    expect(String(logged.mock.calls[0]?.[0])).not.toContain(customer.email);
    expect((await orderRow(orderId))?.status).toBe("Processed");
  });
});

async function attemptOf(merchantOrderId: string) {
  const [row] = await database.db
    .select({
      state: paymentAttempts.refundState,
      amount: paymentAttempts.refundAmount,
      refundId: paymentAttempts.refundId,
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
  return row;
}

describe(`an owner's refund (${databaseKind})`, () => {
  it("asks PhonePe once for part of the payment; the status stays and the history says so", async () => {
    const { orderId, merchantOrderId, paid } = await placeOrder(await newCustomer(), undefined, {
      atPhonePe: true,
    });
    await moveThrough(orderId, "Processed", "Shipped", "Delivered");
    const result = await refundOrder(database.db, sim.client, owner, {
      orderId,
      amount: 1_500_50,
      note: "Bag returned",
    });
    expect(result).toEqual({ ok: true, state: "PENDING", notice: null });
    const merchantRefundId = merchantRefundIdOf(merchantOrderId);
    expect(sim.refundsAsked(merchantRefundId)).toEqual([
      { merchantRefundId, originalMerchantOrderId: merchantOrderId, amount: 1_500_50 },
    ]);
    expect(await sim.admin.order(merchantOrderId)).toMatchObject({ amount: paid, refundedAmount: 1_500_50 });
    const refundId = refundIdGiven(merchantRefundId);
    expect(refundId).toMatch(/^OMR\d+$/);
    expect(await attemptOf(merchantOrderId)).toEqual({ state: "PENDING", amount: 1_500_50, refundId });
    expect((await orderRow(orderId))?.status).toBe("Delivered");
    expect((await historyOf(orderId)).at(-1)).toEqual({
      from: "Delivered",
      to: "Delivered",
      by: "Lakshmi Iyer",
      staffId: owner.id,
      courier: null,
      trackingNumber: null,
      note: "Part refund of Rs. 1,500.5 requested from PhonePe: Bag returned",
    });
    expect((await auditOf(orderId)).at(-1)).toEqual({
      action: "order.refund",
      staffName: "Lakshmi Iyer",
      details: { merchantOrderId, amount: 1_500_50, paid, note: "Bag returned" },
    });
    const detail = await orderDetail(database.db, orderId);
    expect(detail?.refund).toEqual({ state: "PENDING", amount: 1_500_50, refundId });
    // With the refund made, the dealer may close the order as Refunded by hand.
    expect(detail?.nextStatuses).toEqual(["Refunded"]);
    expect((await listOrders(database.db, filters(`q=%23${orderId}`))).rows[0]?.paymentState).toBe(
      "Part refund in progress",
    );
  });

  raceTest("is refused a second time, also when asked for five times at once", async () => {
    const { orderId, merchantOrderId } = await placeOrder(await newCustomer(), undefined, {
      atPhonePe: true,
    });
    const merchantRefundId = merchantRefundIdOf(merchantOrderId);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        refundOrder(database.db, sim.client, owner, { orderId, amount: 100_00 }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 4 }, () => ({ ok: false, problem: "refunded-before" })),
    );
    expect(sim.refundsAsked(merchantRefundId)).toHaveLength(1);
    expect(await refundOrder(database.db, sim.client, owner, { orderId, amount: 50_00 })).toEqual({
      ok: false,
      problem: "refunded-before",
    });
    expect(sim.refundsAsked(merchantRefundId)).toHaveLength(1);
    expect(await sim.admin.order(merchantOrderId)).toMatchObject({ refundedAmount: 100_00 });
    expect((await auditOf(orderId)).filter((entry) => entry.action === "order.refund")).toHaveLength(1);
  });

  it("is at most what was paid and more than nothing; an unknown order is refused", async () => {
    const { orderId, merchantOrderId, paid } = await placeOrder(await newCustomer(), undefined, {
      atPhonePe: true,
    });
    const merchantRefundId = merchantRefundIdOf(merchantOrderId);
    const refund = (amount: number) => refundOrder(database.db, sim.client, owner, { orderId, amount });
    expect(await refund(paid + 1)).toEqual({ ok: false, problem: "too-large", paid });
    for (const amount of [0, -100, 0.5, Number.NaN]) {
      expect(await refund(amount)).toEqual({ ok: false, problem: "not-positive" });
    }
    expect(
      await refundOrder(database.db, sim.client, owner, { orderId: 2_000_000_000, amount: 100 }),
    ).toEqual({ ok: false, problem: "not-found" });
    expect(sim.refundsAsked(merchantRefundId)).toEqual([]);
    expect(await attemptOf(merchantOrderId)).toEqual({ state: null, amount: null, refundId: null });
    expect(await historyOf(orderId)).toHaveLength(1);
    // The control: exactly what was paid is asked for, and PhonePe takes it.
    expect(await refund(paid)).toMatchObject({ ok: true, state: "PENDING" });
    expect(sim.refundsAsked(merchantRefundId)).toEqual([
      { merchantRefundId, originalMerchantOrderId: merchantOrderId, amount: paid },
    ]);
  });

  it("of the whole payment makes the order Refunded, puts unshipped items back, and tells the customer", async () => {
    const customer = await newCustomer();
    const { orderId, merchantOrderId, paid } = await placeOrder(customer, [{ product: mouse, quantity: 2 }], {
      atPhonePe: true,
    });
    await moveThrough(orderId, "Processed");
    const before = await stockOf(mouse);
    const result = await refundOrder(database.db, sim.client, owner, { orderId, amount: paid });
    expect(result).toEqual({
      ok: true,
      state: "PENDING",
      notice: {
        to: customer.email,
        firstname: customer.firstname,
        orderId,
        status: "Refunded",
        courier: null,
        trackingNumber: null,
        details: [],
      },
    });
    expect(await sim.admin.order(merchantOrderId)).toMatchObject({ amount: paid, refundedAmount: paid });
    expect((await orderRow(orderId))?.status).toBe("Refunded");
    expect(await stockOf(mouse)).toEqual({
      quantity: (before?.quantity ?? 0) + 2,
      sold: (before?.sold ?? 0) - 2,
    });
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      from: "Processed",
      to: "Refunded",
      by: "Lakshmi Iyer",
      note: `Full refund of Rs. ${(paid / 100).toLocaleString("en-IN")} requested from PhonePe`,
    });
    expect((await auditOf(orderId)).at(-1)?.details).toMatchObject({
      status: { before: "Processed", after: "Refunded" },
    });
    expect((await orderDetail(database.db, orderId))?.nextStatuses).toEqual([]);
  });

  it("stays claimed when PhonePe cannot be reached, and the reconciler asks again for the same amount", async () => {
    const { orderId, merchantOrderId } = await placeOrder(await newCustomer(), undefined, {
      atPhonePe: true,
    });
    const merchantRefundId = merchantRefundIdOf(merchantOrderId);
    await sim.admin.fault({ switch: "api", api: "refund", answer: "500", times: 1 });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const now = new Date();
    expect(
      await refundOrder(database.db, sim.client, owner, { orderId, amount: 2_000_00 }, now),
    ).toMatchObject({
      ok: true,
      state: "REQUESTED",
    });
    await followDueRefunds(database.db, sim.client, new Date(now.getTime() + 2 * 60_000));
    const asked = { merchantRefundId, originalMerchantOrderId: merchantOrderId, amount: 2_000_00 };
    expect(sim.refundsAsked(merchantRefundId)).toEqual([asked, asked]);
    expect(
      sim
        .calls("refund")
        .filter((r) => JSON.parse(r.body).merchantRefundId === merchantRefundId)
        .map((r) => r.status),
    ).toEqual([500, 200]);
    expect(await attemptOf(merchantOrderId)).toMatchObject({ state: "PENDING", amount: 2_000_00 });
    expect(await sim.admin.order(merchantOrderId)).toMatchObject({ refundedAmount: 2_000_00 });
  });
});

describe(`payments refunded without an order (${databaseKind})`, () => {
  it("lists stock-race refunds still open or failed and payments of the wrong amount, and nothing with an order", async () => {
    const customer = await newCustomer();
    const attemptFor = async () => {
      await addToCart(database.db, customer.id, {
        productId: mouse.id,
        colourId: mouse.colourId,
        quantity: 1,
      });
      const attempt = await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING);
      if (!("merchantOrderId" in attempt)) throw new Error("the attempt was refused");
      return attempt;
    };
    // Stock ran out while the shopper paid: no order, a refund of the whole amount.
    const raced = await attemptFor();
    const racedFailed = await attemptFor();
    const racedDone = await attemptFor();
    for (const attempt of [raced, racedFailed, racedDone]) {
      await sim.pay(attempt.merchantOrderId, attempt.amount);
      await database.db
        .update(paymentAttempts)
        .set({ status: "REFUND_PENDING" })
        .where(eq(paymentAttempts.merchantOrderId, attempt.merchantOrderId));
    }
    // PhonePe completes one refund and fails the other (a test's switch); three seconds on (the simulator's
    // clock is the mocked Date) the reconciler reads how each ended.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await requestRefund(database.db, sim.client, racedDone.merchantOrderId, racedDone.amount);
    await sim.admin.fault({ switch: "refundsFail", times: 1 });
    await requestRefund(database.db, sim.client, racedFailed.merchantOrderId, racedFailed.amount);
    const later = Date.now() + 3500;
    vi.setSystemTime(later);
    for (let followed = 1; followed > 0; ) {
      followed = await followDueRefunds(database.db, sim.client, new Date(later + 10 * 60_000));
    }
    vi.useRealTimers();
    expect((await attemptOf(racedDone.merchantOrderId))?.state).toBe("COMPLETED");
    expect((await attemptOf(racedFailed.merchantOrderId))?.state).toBe("FAILED");
    await vi.waitFor(() =>
      expect(sim.webhookEvents(merchantRefundIdOf(racedFailed.merchantOrderId)).at(-1)).toEqual([
        "pg.refund.failed",
        "FAILED",
      ]),
    );
    // The last one is still with PhonePe.
    await requestRefund(database.db, sim.client, raced.merchantOrderId, raced.amount);
    const mismatch = await attemptFor();
    await finishPayment(database.db, mismatch.merchantOrderId, {
      state: "COMPLETED",
      amount: mismatch.amount - 1,
      details: {},
    });
    // An order's own refund is on the order's page, not here.
    const ordered = await placeOrder(customer, undefined, { atPhonePe: true });
    await refundOrder(database.db, sim.client, owner, { orderId: ordered.orderId, amount: 100_00 });

    const listed = (await unorderedRefunds(database.db)).rows.filter((row) => row.email === customer.email);
    expect(listed.map((row) => [row.merchantOrderId, row.reason, row.refund?.state ?? null])).toEqual([
      [mismatch.merchantOrderId, "amount-mismatch", null],
      [racedFailed.merchantOrderId, "refund", "FAILED"],
      [raced.merchantOrderId, "refund", "PENDING"],
    ]);
    const refundId = refundIdGiven(merchantRefundIdOf(raced.merchantOrderId));
    expect(refundId).toMatch(/^OMR\d+$/);
    expect(listed[2]).toMatchObject({
      customer: `${customer.firstname} ${customer.lastname}`,
      mobile: customer.mobile,
      amount: raced.amount,
      refund: { amount: raced.amount, refundId },
    });
  });

  it("pages 25 at a time", async () => {
    // 26 payments of the wrong amount of one customer of its own: the newest rows of the list, 25 on page 1 and
    // the oldest on page 2. The file's other tests leave fewer than 25 rows here, so there are 2 pages.
    const customer = await newCustomer();
    await addToCart(database.db, customer.id, { productId: mouse.id, colourId: mouse.colourId, quantity: 1 });
    const mine: string[] = [];
    for (let i = 0; i < 26; i++) {
      const attempt = await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING);
      if (!("merchantOrderId" in attempt)) throw new Error("the attempt was refused");
      const result = await finishPayment(database.db, attempt.merchantOrderId, {
        state: "COMPLETED",
        amount: attempt.amount - 1,
        details: {},
      });
      expect(result).toEqual({ kind: "amount-mismatch" });
      mine.push(attempt.merchantOrderId);
    }
    const newestFirst = [...mine].reverse();
    const own = (rows: { email: string | null; merchantOrderId: string }[]) =>
      rows.filter((row) => row.email === customer.email).map((row) => row.merchantOrderId);

    const pageOne = await unorderedRefunds(database.db, 1);
    expect(pageOne).toMatchObject({ page: 1, pages: 2 });
    expect(pageOne.rows).toHaveLength(25);
    expect(own(pageOne.rows)).toEqual(newestFirst.slice(0, 25));
    const pageTwo = await unorderedRefunds(database.db, 2);
    expect(pageTwo).toMatchObject({ page: 2, pages: 2, total: pageOne.total });
    expect(own(pageTwo.rows)).toEqual([mine[0]]);
    expect((await unorderedRefunds(database.db, 3)).rows).toEqual([]);
  });
});
