import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, cartItems, deliveryZones, orderEvents, orders, products, shopSettings } from "~/db/schema";
import { placeOfPin, stateRefusal } from "~/features/delivery/index.server";
import { addToCart } from "~/features/lists/index.server";
import {
  checkoutOptions,
  collectCash,
  customerOrders,
  moveOrder,
  placeCashOrder,
  refundOrder,
  refuseAtDoor,
  resolveChoices,
} from "~/features/orders/index.server";
import type { PhonePeClient } from "~/features/payments/index.server";
import { changeShopRules } from "~/features/settings/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct, type ProductRow } from "./support/fixtures";
import { insertStaffMember } from "./support/staff-member";

/*
 * Cash on delivery and the shipping choice, from the checkout's rules to the order at the door: the rules
 * come from the seeded settings and zones (migration 0011), changed here through the settings module.
 */

let database: TestDatabase;
let laptop: ProductRow;
let mouse: ProductRow;
let member: { id: number; name: string };

const chennai = {
  firstname: "Kavya",
  lastname: "Iyer",
  address: "7, Bazullah Road, T. Nagar",
  city: "Chennai",
  state: "Tamil Nadu",
  country: "India",
  pincode: "600017",
};

const bengaluru = { ...chennai, city: "Bengaluru", state: "Karnataka", pincode: "560034" };

/** Wednesday 25 November 2026, 10 AM in India: standard delivery by Monday 7 December. */
const wednesdayMorning = new Date("2026-11-25T10:00:00+05:30");

const standard = { method: "Standard" as const, fee: 100_00, promisedBy: "2026-12-07" };

beforeAll(async () => {
  database = await openTestDatabase();
  laptop = await insertProduct(database.db, { discountedPrice: 45_000_00, quantity: 20 });
  mouse = await insertProduct(database.db, {
    title: "Wireless Mouse",
    discountedPrice: 1_500_00,
    quantity: 50,
  });
  member = (await insertStaffMember(database.db)).actor as { id: number; name: string };
});

afterAll(async () => {
  await database?.drop();
});

async function shopperWith(product: ProductRow, quantity = 1) {
  const customer = await insertCustomer(database.db);
  await addToCart(database.db, customer.id, { productId: product.id, colourId: product.colourId, quantity });
  return customer;
}

async function stockOf(product: ProductRow) {
  const [row] = await database.db
    .select({ quantity: products.quantity, sold: products.sold })
    .from(products)
    .where(eq(products.id, product.id));
  return row;
}

async function orderRow(id: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function placed(customerId: number) {
  const result = await placeCashOrder(database.db, customerId, chennai, standard, 0, wednesdayMorning);
  if (result.kind !== "ordered") throw new Error(`no cash order: ${result.kind}`);
  return result.orderId;
}

describe(`the checkout's choices (${databaseKind})`, () => {
  it("offers Standard with its date, cash on delivery, and Express only once the dealer sets a fee", async () => {
    const shopper = await shopperWith(laptop);
    const options = await checkoutOptions(database.db, shopper.id, "600017", 45_000_00, wednesdayMorning);
    expect(options).toEqual({
      shipping: [
        { choice: "standard", method: "Standard", fee: 100_00, promise: "Delivery by Monday, 7 December" },
      ],
      cash: { fee: 0, refusal: undefined },
    });
    await changeShopRules(database.db, null, (tx) =>
      tx.update(shopSettings).set({ expressFee: 250_00 }).where(eq(shopSettings.id, 1)),
    );
    try {
      const withExpress = await checkoutOptions(
        database.db,
        shopper.id,
        "600017",
        45_000_00,
        wednesdayMorning,
      );
      expect(withExpress.shipping[1]).toEqual({
        choice: "express",
        method: "Express",
        fee: 250_00,
        promise: "Delivery by Tuesday, 1 December",
      });
      const chosen = await resolveChoices(
        database.db,
        shopper.id,
        chennai,
        { shipping: "express", payment: "cod" },
        wednesdayMorning,
      );
      expect(chosen).toEqual({
        ok: true,
        shipping: { method: "Express", fee: 250_00, promisedBy: "2026-12-01" },
        payment: "cod",
        codFee: 0,
      });
    } finally {
      await changeShopRules(database.db, null, (tx) =>
        tx.update(shopSettings).set({ expressFee: null }).where(eq(shopSettings.id, 1)),
      );
    }
    // Express posted while the dealer offers none: refused on the shipping choice, never silently Standard.
    expect(
      await resolveChoices(database.db, shopper.id, chennai, { shipping: "express", payment: "phonepe" }),
    ).toEqual({
      ok: false,
      field: "shipping",
      message: "Express delivery does not reach this PIN code. Please choose Standard.",
    });
  });

  it("refuses a PIN code no zone serves or in another state, on the PIN code, before the choices", async () => {
    const shopper = await shopperWith(laptop);
    // Express is not offered (no fee set): the PIN code's refusal still comes first.
    const choices = { shipping: "express", payment: "cod" } as const;
    const wrongState = { ...chennai, state: "Karnataka" };
    expect(await resolveChoices(database.db, shopper.id, wrongState, choices)).toEqual({
      ok: false,
      field: "pincode",
      message: "PIN code 600017 is in Tamil Nadu, not Karnataka. Please check the PIN code or the state.",
    });
    const andaman = {
      ...chennai,
      city: "Port Blair",
      state: "Andaman and Nicobar Islands",
      pincode: "744101",
    };
    expect(await resolveChoices(database.db, shopper.id, andaman, choices)).toEqual({
      ok: false,
      field: "pincode",
      message: "We do not deliver to 744101 yet",
    });
    // A PIN code India Post's directory does not list (or a directory that could not be read) is not refused.
    expect(stateRefusal(wrongState, undefined)).toBeUndefined();
    expect(stateRefusal(chennai, await placeOfPin("600017"))).toBeUndefined();
  });

  it("refuses cash above the ceiling, shipping included, on the page, when posted and when placed", async () => {
    const expensive = await insertProduct(database.db, { discountedPrice: 49_950_00, quantity: 5 });
    const shopper = await shopperWith(expensive);
    // Rs. 49,950 + Rs. 100 shipping is over Rs. 50,000.
    const options = await checkoutOptions(database.db, shopper.id, "600017", 49_950_00);
    expect(options.cash.refusal).toBe("Cash on delivery is available for orders up to Rs. 50,000.");
    expect(
      await resolveChoices(database.db, shopper.id, chennai, { shipping: "standard", payment: "cod" }),
    ).toEqual({
      ok: false,
      field: "payment",
      message: "Cash on delivery is available for orders up to Rs. 50,000.",
    });
    // The cart grew past the ceiling after the choice was checked: the placing itself refuses it.
    expect(await placeCashOrder(database.db, shopper.id, chennai, standard, 0)).toEqual({
      kind: "refused",
      message: "Cash on delivery is available for orders up to Rs. 50,000.",
    });
    // Paying online stays open.
    expect(
      await resolveChoices(database.db, shopper.id, chennai, { shipping: "standard", payment: "phonepe" }),
    ).toMatchObject({ ok: true, payment: "phonepe" });
  });

  it("refuses cash where the dealer switched it off, or the zone does not take it", async () => {
    const shopper = await shopperWith(laptop);
    const cod = { shipping: "standard", payment: "cod" } as const;
    await changeShopRules(database.db, null, (tx) =>
      tx.update(shopSettings).set({ cashOnDelivery: false }).where(eq(shopSettings.id, 1)),
    );
    try {
      expect(await resolveChoices(database.db, shopper.id, chennai, cod)).toMatchObject({
        ok: false,
        message: "Cash on delivery is not available at the moment.",
      });
    } finally {
      await changeShopRules(database.db, null, (tx) =>
        tx.update(shopSettings).set({ cashOnDelivery: true }).where(eq(shopSettings.id, 1)),
      );
    }
    const [zone] = await changeShopRules(database.db, null, (tx) =>
      tx
        .insert(deliveryZones)
        .values({
          name: "Chennai by courier, prepaid only",
          pinList: "600",
          standardDaysMin: 2,
          standardDaysMax: 3,
          cashOnDelivery: false,
        })
        .returning({ id: deliveryZones.id }),
    );
    try {
      expect(await resolveChoices(database.db, shopper.id, chennai, cod)).toMatchObject({
        ok: false,
        field: "payment",
        message: "Cash on delivery does not reach this PIN code yet.",
      });
      // Bengaluru is still in "All of India", which takes cash.
      expect(await resolveChoices(database.db, shopper.id, bengaluru, cod)).toMatchObject({ ok: true });
    } finally {
      await changeShopRules(database.db, null, (tx) =>
        tx.delete(deliveryZones).where(eq(deliveryZones.id, zone?.id ?? 0)),
      );
    }
  });

  it("allows no more than two cash orders awaiting the dealer's call", async () => {
    const shopper = await insertCustomer(database.db);
    for (let i = 0; i < 3; i++) {
      await addToCart(database.db, shopper.id, {
        productId: laptop.id,
        colourId: laptop.colourId,
        quantity: 1,
      });
      await placed(shopper.id);
    }
    await addToCart(database.db, shopper.id, {
      productId: laptop.id,
      colourId: laptop.colourId,
      quantity: 1,
    });
    const options = await checkoutOptions(database.db, shopper.id, "600017", 45_000_00);
    expect(options.cash.refusal).toMatch(
      /^You have 3 cash-on-delivery orders waiting for our confirming call/,
    );
    // Once the dealer confirms one, cash is offered again.
    const [first] = await customerOrders(database.db, shopper.id);
    await moveOrder(database.db, member, { orderId: first?.id ?? 0, from: "Ordered", to: "Processed" });
    expect(
      (await checkoutOptions(database.db, shopper.id, "600017", 45_000_00)).cash.refusal,
    ).toBeUndefined();
  });
});

describe(`a cash order (${databaseKind})`, () => {
  it("is made once from the database cart, however often Place Order is pressed at once", async () => {
    const shopper = await shopperWith(mouse, 2);
    const before = await stockOf(mouse);
    const presses = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeCashOrder(database.db, shopper.id, chennai, standard, 0, wednesdayMorning),
      ),
    );
    const ids = new Set(presses.map((press) => (press.kind === "ordered" ? press.orderId : press.kind)));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    expect(typeof orderId, "every press answered with the one order").toBe("number");
    expect(await stockOf(mouse)).toEqual({
      quantity: (before?.quantity ?? 0) - 2,
      sold: (before?.sold ?? 0) + 2,
    });
    expect(await database.db.select().from(cartItems).where(eq(cartItems.customerId, shopper.id))).toEqual(
      [],
    );
    const order = await orderRow(Number(orderId));
    expect(order).toMatchObject({
      paymentMethod: "Cash on delivery",
      shippingMethod: "Standard",
      promisedBy: "2026-12-07",
      shippingFee: 100_00,
      totalPriceAfterDiscount: 2 * 1_500_00 + 100_00,
      status: "Ordered",
      cashCollected: null,
    });
    const [mine] = await customerOrders(database.db, shopper.id);
    expect(mine).toMatchObject({
      delivery: "Standard delivery, promised by Monday, 7 December",
      cash: "Cash on delivery: Rs. 3,100 to pay on delivery",
    });
  });

  it("is confirmed, then delivered with the cash collected: it counts as paid, once", async () => {
    const shopper = await shopperWith(laptop);
    const orderId = await placed(shopper.id);
    await moveOrder(database.db, member, { orderId, from: "Ordered", to: "Processed" });
    // A cash order is never "Delivered" by a plain move.
    expect(await moveOrder(database.db, member, { orderId, from: "Processed", to: "Delivered" })).toEqual({
      ok: false,
      problem: "not-allowed",
    });
    expect(await collectCash(database.db, member, { orderId, from: "Processed", amount: 45_200_00 })).toEqual(
      {
        ok: false,
        problem: "too-much",
        due: 45_100_00,
      },
    );
    const collected = await collectCash(database.db, member, {
      orderId,
      from: "Processed",
      amount: 45_100_00,
    });
    expect(collected).toMatchObject({
      ok: true,
      notice: { status: "Delivered", details: ["Cash on delivery: Rs. 45,100 paid on delivery"] },
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: "Delivered",
      cashCollected: 45_100_00,
      cashCollectedBy: member.name,
    });
    expect(
      await collectCash(database.db, member, { orderId, from: "Delivered", amount: 45_100_00 }),
    ).toMatchObject({ ok: false });
    const history = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(history.at(-1)).toMatchObject({ toStatus: "Delivered", note: "Cash collected: Rs. 45,100" });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.cash"), eq(auditLog.subject, `order ${orderId}`)));
    expect(audit).toHaveLength(1);
    const [mine] = await customerOrders(database.db, shopper.id);
    expect(mine).toMatchObject({
      status: "Delivered",
      cash: "Cash on delivery: Rs. 45,100 paid on delivery",
    });
  });

  it("refused at the door is cancelled and its items go back in stock", async () => {
    const shopper = await shopperWith(mouse, 3);
    const before = await stockOf(mouse);
    const orderId = await placed(shopper.id);
    await moveOrder(database.db, member, { orderId, from: "Ordered", to: "Processed" });
    // Not yet at the door: refusing is for a parcel that left the shop.
    expect(await refuseAtDoor(database.db, member, { orderId, from: "Processed" })).toEqual({
      ok: false,
      problem: "not-allowed",
    });
    await moveOrder(database.db, member, { orderId, from: "Processed", to: "Shipped" });
    expect(await refuseAtDoor(database.db, member, { orderId, from: "Shipped" })).toMatchObject({ ok: true });
    expect((await orderRow(orderId))?.status).toBe("Cancelled");
    expect(await stockOf(mouse)).toEqual(before);
  });

  it("has nothing for PhonePe to refund", async () => {
    const shopper = await shopperWith(laptop);
    const orderId = await placed(shopper.id);
    const untouchable = new Proxy({} as PhonePeClient, {
      get: () => {
        throw new Error("PhonePe must not be asked about a cash order");
      },
    });
    expect(await refundOrder(database.db, untouchable, member, { orderId, amount: 100 })).toEqual({
      ok: false,
      problem: "cash-order",
    });
  });
});
