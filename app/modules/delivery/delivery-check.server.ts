import { createCookie } from "@remix-run/node";
import { desc, eq } from "drizzle-orm";
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import { formatShopDay, formatTimeLeft } from "~/lib/delivery-dates";
import { deliveryMessages } from "~/lib/messages";
import { normalisePinCode } from "~/lib/pin-codes";
import { quoteDelivery } from "./delivery.server";
import { placeOfPin } from "./pin-directory.server";

/** What the "Check delivery" box shows: the shopper's PIN code and what the shop promises it, in words. */
export type DeliveryCheck = {
  /** The PIN code as typed or remembered, to put back in the field. */
  pin: string;
  /** The field's message when what was typed is not a PIN code. */
  error?: string;
  answer?:
    | { served: false; message: string }
    | {
        served: true;
        /** "Chennai, Tamil Nadu", when India Post's directory knows the PIN code. */
        place?: string;
        deliverBy: string;
        orderWithin?: string;
        express?: { deliverBy: string; fee: number };
        cashOnDelivery: boolean;
      };
};

let cookie: ReturnType<typeof createCookie> | undefined;

/** A visitor's PIN code, kept a year so product pages, the cart and checkout show its date. */
function pinCookie() {
  cookie ??= createCookie("pin", {
    httpOnly: true,
    sameSite: "lax",
    secure: config().cookieSecure,
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
  });
  return cookie;
}

/** The PIN code a shopper last checked on this device. */
export async function pinFromCookie(request: Request): Promise<string | undefined> {
  const value: unknown = await pinCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? normalisePinCode(value) : undefined;
}

/** A customer who never checked a PIN code on this device: the one of their checkout address or last order. */
async function customersPin(db: Database, customerId: number): Promise<string | undefined> {
  const [saved] = await db
    .select({ address: customers.savedAddress })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (saved?.address?.pincode) return normalisePinCode(saved.address.pincode);
  const [last] = await db
    .select({ address: orders.shippingInfo })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.id))
    .limit(1);
  return last ? normalisePinCode(last.address.pincode) : undefined;
}

/**
 * The delivery box for a page: the PIN code in `?pin=` when one was typed (remembered from then on with the
 * returned cookie), else the remembered one, else nothing to say. `now` is the clock the promise is made by.
 */
export async function deliveryCheck(
  db: Database,
  request: Request,
  customerId: number | undefined,
  now = new Date(),
): Promise<{ check: DeliveryCheck | undefined; setCookie: string | undefined }> {
  const typed = new URL(request.url).searchParams.get("pin");
  if (typed !== null) {
    const pin = normalisePinCode(typed);
    if (!pin)
      return { check: { pin: typed.slice(0, 20), error: deliveryMessages.pinInvalid }, setCookie: undefined };
    return { check: await deliveryAnswer(db, pin, now), setCookie: await pinCookie().serialize(pin) };
  }
  const remembered =
    (await pinFromCookie(request)) ??
    (customerId === undefined ? undefined : await customersPin(db, customerId));
  return { check: remembered ? await deliveryAnswer(db, remembered, now) : undefined, setCookie: undefined };
}

/** What the shop promises a well-formed PIN code at `now`, in words. */
export async function deliveryAnswer(db: Database, pin: string, now = new Date()): Promise<DeliveryCheck> {
  const [quote, place] = await Promise.all([quoteDelivery(db, pin, now), placeOfPin(pin)]);
  if (!quote.served) return { pin, answer: { served: false, message: deliveryMessages.notServed(pin) } };
  return {
    pin,
    answer: {
      served: true,
      place: place ? `${place.district}, ${place.states[0]}` : undefined,
      deliverBy: deliveryMessages.deliverBy(formatShopDay(quote.standard.deliverBy)),
      orderWithin:
        quote.standard.minutesToCutoff === undefined
          ? undefined
          : deliveryMessages.orderWithin(formatTimeLeft(quote.standard.minutesToCutoff)),
      express: quote.express && {
        deliverBy: deliveryMessages.expressBy(formatShopDay(quote.express.deliverBy)),
        fee: quote.express.fee,
      },
      cashOnDelivery: quote.cashOnDelivery,
    },
  };
}

/**
 * Why the checkout cannot send an order to this address, or undefined when it can: a PIN code no zone
 * delivers to, or one India Post places in another state than the one chosen. A PIN code the directory does
 * not know is given the benefit of the doubt.
 */
export async function addressRefusal(
  db: Database,
  address: { pincode: string; state: string },
): Promise<string | undefined> {
  const [quote, place] = await Promise.all([quoteDelivery(db, address.pincode), placeOfPin(address.pincode)]);
  if (!quote.served) return deliveryMessages.notServed(address.pincode);
  if (place && !place.states.some((state) => state === address.state)) {
    return deliveryMessages.pinInOtherState(address.pincode, place.states[0] ?? "", address.state);
  }
  return undefined;
}
