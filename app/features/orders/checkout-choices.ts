/**
 * What a shopper chooses at checkout besides the address: how it is shipped and how it is paid. Pure: the
 * server offers the choices from the shop's rules and checks a posted choice against the same rules.
 */

import { formatRupees } from "~/lib/money";
import { codMessages } from "./messages";

/** The form's values for the shipping choice, and the names orders keep. */
export const SHIPPING_CHOICES = { standard: "Standard", express: "Express" } as const;
export type ShippingChoice = keyof typeof SHIPPING_CHOICES;
export type ShippingMethod = (typeof SHIPPING_CHOICES)[ShippingChoice];

/** The form's values for the payment choice, and the names orders keep. */
export const PAYMENT_CHOICES = { phonepe: "PhonePe", cod: "Cash on delivery" } as const;
export type PaymentChoice = keyof typeof PAYMENT_CHOICES;
export type PaymentMethod = (typeof PAYMENT_CHOICES)[PaymentChoice];

/** A business purchase: the GSTIN (checked) and the business's name, printed on the tax invoice. */
export type BusinessBuyer = { gstin: string; name: string };

/**
 * The shipping an order is placed with, as the server priced and promised it, and the business buying it
 * when the shopper gave a GSTIN.
 */
export type ChosenShipping = {
  method: ShippingMethod;
  fee: number;
  promisedBy: string;
  business?: BusinessBuyer | null | undefined;
};

export const CASH_ON_DELIVERY: PaymentMethod = PAYMENT_CHOICES.cod;

/**
 * A customer may have this many cash orders waiting for the dealer's confirming call and still choose cash
 * again ("no more than two"): beyond it, orders that are never confirmed cost the dealer stock held back.
 */
export const MAX_COD_AWAITING = 2;

export type CodFacts = {
  /** The dealer's switch in the back office. */
  enabled: boolean;
  /** The delivery zone of the PIN code allows cash (undefined: no PIN code known yet, checked when placed). */
  zoneAllows: boolean | undefined;
  /** Paise: everything the shopper would pay at the door, fees included. */
  total: number;
  /** Paise: the dealer's ceiling for cash orders. */
  ceiling: number;
  /** The customer's cash orders still waiting for confirmation. */
  awaiting: number;
};

/** Why cash on delivery cannot be chosen, in the shopper's words; undefined when it can. */
export function codRefusal(facts: CodFacts): string | undefined {
  if (!facts.enabled) return codMessages.off;
  if (facts.zoneAllows === false) return codMessages.notInZone;
  if (facts.total > facts.ceiling) return codMessages.aboveCeiling(formatRupees(facts.ceiling));
  if (facts.awaiting > MAX_COD_AWAITING) return codMessages.tooManyAwaiting(facts.awaiting);
  return undefined;
}

/** Paise the shopper pays for an order: the lines, the shipping, and the cash fee when paying at the door. */
export function orderTotal(subtotal: number, shippingFee: number, codFee: number): number {
  return subtotal + shippingFee + codFee;
}
