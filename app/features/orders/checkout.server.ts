// The checkout's choices (shipping and payment) as the shop's rules allow them, and the cash order: placed at
// once, from the database cart, exactly once however often Place Order is pressed.
import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, orders, paymentAttempts, products, type ShippingAddress } from "~/db/schema";
import { deliveryMessages, formatShopDay } from "~/features/delivery";
import { placeOfPin, quoteDelivery, stateRefusal } from "~/features/delivery/index.server";
import { subtotal } from "~/features/lists";
import { cartLines, snapshotLines } from "~/features/lists/index.server";
import { readShopSettings } from "~/features/settings/index.server";
import { SHIPPING_FEE_PAISE } from "~/lib/limits";
import { formatRupees } from "~/lib/money";
import {
  CASH_ON_DELIVERY,
  type ChosenShipping,
  codRefusal,
  orderTotal,
  type PaymentChoice,
  SHIPPING_CHOICES,
  type ShippingChoice,
  type ShippingMethod,
} from "./checkout-choices";
import { codMessages } from "./messages";
import { makeOrder } from "./orders.server";
import { newMerchantOrderId } from "./payment-attempts.server";

/** One shipping option as the checkout shows it. */
export type ShippingOption = {
  choice: ShippingChoice;
  method: ShippingMethod;
  fee: number;
  /** "Delivery by Friday, 27 November", once the PIN code is known. */
  promise: string | undefined;
};

export type CheckoutOptions = {
  shipping: ShippingOption[];
  cash: { fee: number; refusal: string | undefined };
};

/** Cash orders of this customer that the dealer has not yet confirmed by phone. */
async function cashOrdersAwaiting(db: Database, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.paymentMethod, CASH_ON_DELIVERY),
        eq(orders.status, "Ordered"),
      ),
    );
  return row?.n ?? 0;
}

/**
 * What the checkout offers for a cart of `sub` paise sent to `pin` (undefined while no PIN code is known):
 * Standard always, Express where the dealer set a fee and the zone has express days, and cash on delivery
 * with the reason when it is not available (the cash check is made with standard shipping's total).
 */
export async function checkoutOptions(
  db: Database,
  customerId: number,
  pin: string | undefined,
  sub: number,
  now = new Date(),
): Promise<CheckoutOptions> {
  const [settings, quote, awaiting] = await Promise.all([
    readShopSettings(db),
    pin ? quoteDelivery(db, pin, now) : undefined,
    cashOrdersAwaiting(db, customerId),
  ]);
  const served = quote?.served ? quote : undefined;
  const shipping: ShippingOption[] = [
    {
      choice: "standard",
      method: SHIPPING_CHOICES.standard,
      fee: SHIPPING_FEE_PAISE,
      promise: served && deliveryMessages.deliverBy(formatShopDay(served.standard.deliverBy)),
    },
  ];
  if (served?.express) {
    shipping.push({
      choice: "express",
      method: SHIPPING_CHOICES.express,
      fee: served.express.fee,
      promise: deliveryMessages.deliverBy(formatShopDay(served.express.deliverBy)),
    });
  } else if (!quote && settings.expressFee !== null) {
    // Offered on the page until the PIN code is known; the server checks it reaches the PIN code when placed.
    shipping.push({
      choice: "express",
      method: SHIPPING_CHOICES.express,
      fee: settings.expressFee,
      promise: undefined,
    });
  }
  const refusal = codRefusal({
    enabled: settings.cashOnDelivery,
    zoneAllows: quote ? quote.served && quote.cashOnDelivery : undefined,
    total: orderTotal(sub, SHIPPING_FEE_PAISE, settings.codFee),
    ceiling: settings.codCeiling,
    awaiting,
  });
  return { shipping, cash: { fee: settings.codFee, refusal } };
}

export type ChoiceResult =
  | { ok: true; shipping: ChosenShipping; payment: PaymentChoice; codFee: number }
  | { ok: false; field: "pincode" | "shipping" | "payment"; message: string };

/**
 * Checks the address's PIN code (a zone delivers there, in the state chosen) and the posted choices against
 * the rules for it and this cart, and prices them, from one delivery quote at `now`: nothing the browser sent
 * but the address and the two choices is used.
 */
export async function resolveChoices(
  db: Database,
  customerId: number,
  address: { pincode: string; state: string },
  posted: { shipping: ShippingChoice; payment: PaymentChoice },
  now = new Date(),
): Promise<ChoiceResult> {
  const pin = address.pincode;
  const [quote, place] = await Promise.all([quoteDelivery(db, pin, now), placeOfPin(pin)]);
  if (!quote.served) return { ok: false, field: "pincode", message: deliveryMessages.notServed(pin) };
  const wrongState = stateRefusal(address, place);
  if (wrongState) return { ok: false, field: "pincode", message: wrongState };
  let shipping: ChosenShipping = {
    method: SHIPPING_CHOICES.standard,
    fee: SHIPPING_FEE_PAISE,
    promisedBy: quote.standard.deliverBy,
  };
  if (posted.shipping === "express") {
    if (!quote.express) return { ok: false, field: "shipping", message: codMessages.expressUnavailable };
    shipping = {
      method: SHIPPING_CHOICES.express,
      fee: quote.express.fee,
      promisedBy: quote.express.deliverBy,
    };
  }
  if (posted.payment === "phonepe") return { ok: true, shipping, payment: "phonepe", codFee: 0 };
  // Only cash needs the cart's total and the customer's waiting cash orders: paying online reads neither.
  const [settings, lines, awaiting] = await Promise.all([
    readShopSettings(db),
    cartLines(db, customerId),
    cashOrdersAwaiting(db, customerId),
  ]);
  const refusal = codRefusal({
    enabled: settings.cashOnDelivery,
    zoneAllows: quote.cashOnDelivery,
    total: orderTotal(subtotal(lines), shipping.fee, settings.codFee),
    ceiling: settings.codCeiling,
    awaiting,
  });
  if (refusal) return { ok: false, field: "payment", message: refusal };
  return { ok: true, shipping, payment: "cod", codFee: settings.codFee };
}

export type CashOrderResult =
  | { kind: "ordered"; orderId: number }
  | { kind: "empty" }
  | { kind: "unavailable"; title: string }
  | { kind: "stock"; title: string; stock: number }
  | { kind: "refused"; message: string };

/** How long a second Place Order of a cash order counts as the same press (the cart is empty by then). */
const SAME_PRESS_MS = 10 * 60_000;

/**
 * Places a cash-on-delivery order from the customer's cart as it is in the database now. The customer's row
 * is locked for the transaction, so a second Place Order (a double press with JavaScript off, a second tab)
 * waits for the first and then finds the cart empty: it is answered with the order just made, never a second
 * one. The ceiling is checked again on the locked cart. The order's payment record is a cash attempt, which
 * keeps one reference per order and is never sent to PhonePe.
 */
export async function placeCashOrder(
  db: Database,
  customerId: number,
  address: ShippingAddress,
  shipping: ChosenShipping,
  codFee: number,
  now = new Date(),
): Promise<CashOrderResult> {
  const settings = await readShopSettings(db);
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    const first = await cartLines(tx, customerId);
    // The products locked in id order (as makeOrder and the back office do), then the cart read again: its
    // stock figures can no longer change before the order takes them.
    const productIds = [...new Set(first.map((line) => line.productId))].sort((a, b) => a - b);
    if (productIds.length > 0) {
      await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, productIds))
        .orderBy(asc(products.id))
        .for("update");
    }
    const lines = productIds.length > 0 ? await cartLines(tx, customerId) : first;
    if (lines.length === 0) {
      const [recent] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            eq(orders.paymentMethod, CASH_ON_DELIVERY),
            gt(orders.createdAt, new Date(now.getTime() - SAME_PRESS_MS)),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1);
      return recent ? { kind: "ordered", orderId: recent.id } : { kind: "empty" };
    }
    const gone = lines.find((line) => !line.available);
    if (gone) return { kind: "unavailable", title: gone.title };
    const short = lines.find((line) => line.quantity > line.stock);
    if (short) return { kind: "stock", title: short.title, stock: short.stock };
    const amount = orderTotal(subtotal(lines), shipping.fee, codFee);
    if (amount > settings.codCeiling) {
      return { kind: "refused", message: codMessages.aboveCeiling(formatRupees(settings.codCeiling)) };
    }
    const snapshot = snapshotLines(lines);
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        merchantOrderId: newMerchantOrderId(now),
        customerId,
        amount,
        method: "COD",
        status: "COMPLETED",
        lines: snapshot,
        shippingAddress: address,
        shippingMethod: shipping.method,
        shippingFee: shipping.fee,
        promisedBy: shipping.promisedBy,
        codFee,
        buyerGstin: shipping.business?.gstin ?? null,
        buyerBusinessName: shipping.business?.name ?? null,
        nextCheckAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!attempt) throw new Error("The cash order's attempt row was not returned");
    const made = await makeOrder(
      tx,
      attempt,
      { provider: CASH_ON_DELIVERY, reference: attempt.merchantOrderId },
      now,
    );
    if (made.kind === "short") throw new Error("Stock moved under a lock: cannot happen");
    return { kind: "ordered", orderId: made.orderId };
  });
}
