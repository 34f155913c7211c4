import { createCookie } from "@remix-run/node";
import type { Database } from "~/db/client.server";
import { config } from "~/lib/config.server";
import { quoteDelivery } from "./delivery.server";
import type { DeliveryCheck } from "./delivery-check";
import { formatShopDay, formatTimeLeft } from "./delivery-dates";
import { deliveryMessages } from "./messages";
import { normalisePinCode } from "./pin-codes";
import { placeOfPin } from "./pin-directory.server";

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

/**
 * The delivery box for a page: the PIN code in `?pin=` when one was typed (remembered from then on with the
 * returned cookie), else the one this device checked, else a signed-in customer's (from their kept address
 * or last order, read with the session: no query of its own), else nothing to say. `now` is the clock the
 * promise is made by.
 */
export async function deliveryCheck(
  db: Database,
  request: Request,
  customer: { rememberedPin: string | null } | null | undefined,
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
    (customer?.rememberedPin ? normalisePinCode(customer.rememberedPin) : undefined);
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
