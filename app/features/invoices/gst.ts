/**
 * GST for the dealer's tax invoices (issue 17): the rates, the state codes, the check of a GSTIN, and the split
 * of a tax-inclusive price into taxable value and tax. Pure; money in integer paise.
 */

import { type GstRate, isGstRate } from "./gst-rates";
import { gstMessages } from "./messages";

// The rates are in gst-rates.ts, a module of their own, so a form that offers them carries nothing else of GST
// into the page.

// ---------------------------------------------------------------------------------------------------------
// State codes
// ---------------------------------------------------------------------------------------------------------

/**
 * The GST state codes: the first two digits of a GSTIN, and the place of supply on an invoice. The names are
 * those of indian-states.ts, so an address's state finds its code. Left out on purpose:
 * - 25 (Daman and Diu) and 28 (Andhra Pradesh before its division): retired. Daman and Diu merged into 26 in
 *   2020 and its taxpayers were registered again under 26; Andhra Pradesh was divided in 2014, before GST began,
 *   so no GSTIN starts with 28 (Andhra Pradesh is 37, Telangana 36).
 * - 99 (Centre Jurisdiction): the registrations under it (foreign online services, UN bodies) do not carry a
 *   PAN, so such a GSTIN would fail the PAN check anyway, and no delivery address is in it.
 * 97 (Other Territory: India's offshore areas) is kept: its taxpayers have ordinary PAN-based GSTINs.
 */
export const GST_STATE_CODES = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
} as const;
export type GstStateCode = keyof typeof GST_STATE_CODES;

const codeByStateName = new Map<string, GstStateCode>(
  Object.entries(GST_STATE_CODES).map(([code, name]) => [name, code as GstStateCode]),
);

function isGstStateCode(code: string): code is GstStateCode {
  return Object.hasOwn(GST_STATE_CODES, code);
}

/** The GST code of a state or union territory named as in indian-states.ts ("Karnataka" → "29"). */
export function stateCodeOf(stateName: string): GstStateCode | undefined {
  return codeByStateName.get(stateName);
}

/** The state or union territory of a GST code ("29" → "Karnataka"). */
export function stateOfCode(code: string): string | undefined {
  return isGstStateCode(code) ? GST_STATE_CODES[code] : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// GSTIN
// ---------------------------------------------------------------------------------------------------------

/** The characters of a GSTIN, in the order that gives each its value (0–35) for the check digit. */
const GSTIN_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A GSTIN as typed or pasted ("29abcde 1234f1zw ") as it is stored and checked ("29ABCDE1234F1ZW"). */
export function normaliseGstin(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase();
}

/**
 * The check digit (15th character) that follows the first 14 characters of a GSTIN: GSTN's mod-36 checksum.
 * From the left, each character's value is multiplied by 1, 2, 1, 2, …; each product adds its base-36 digits
 * (quotient and remainder by 36) to the sum; the check digit is the value that brings the sum to a multiple
 * of 36. Undefined when the text is not 14 characters of 0-9 and A-Z.
 */
export function gstinCheckDigit(first14: string): string | undefined {
  if (first14.length !== 14) return undefined;
  let sum = 0;
  for (let position = 0; position < 14; position++) {
    const value = GSTIN_CHARACTERS.indexOf(first14.charAt(position));
    if (value < 0) return undefined;
    const product = value * (position % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/**
 * What is wrong with a GSTIN, in the words of gstMessages; undefined when it is valid. Pass it normalised
 * (normaliseGstin): it checks the text it is given, which is the text to store. The checks run in the order
 * of the characters, so the message names the first part that is wrong: 15 characters; a state code; a PAN
 * (5 letters, 4 digits, 1 letter); the entity number (1-9 or A-Z: the holder's registrations in the state);
 * Z; the check digit.
 */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== 15) return gstMessages.gstinLength;
  const stateCode = gstin.slice(0, 2);
  if (!isGstStateCode(stateCode)) return gstMessages.gstinState(stateCode);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(gstin.slice(2, 12))) return gstMessages.gstinPan;
  if (!/^[1-9A-Z]$/.test(gstin.charAt(12))) return gstMessages.gstinEntity;
  if (gstin.charAt(13) !== "Z") return gstMessages.gstinZ;
  if (gstinCheckDigit(gstin.slice(0, 14)) !== gstin.charAt(14)) return gstMessages.gstinCheckDigit;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// The tax split of an invoice
// ---------------------------------------------------------------------------------------------------------

/** A line of goods as the shop charged it: the unit price includes GST. */
export type InvoiceLineInput = {
  description: string;
  /** HSN code of the goods (SAC for a service such as delivery). */
  hsn: string;
  quantity: number;
  /** Paise, GST included. */
  unitPrice: number;
  rate: GstRate;
};

/** The delivery charge, GST included; it takes the rate of the principal supply (principalSupplyRate). */
export type ShippingChargeInput = {
  description: string;
  /** SAC of the service. */
  hsn: string;
  /** Paise, GST included. */
  amount: number;
};

/** Paise: what was charged, and the part of it that is taxable value and each tax. */
export type TaxAmounts = {
  /** What the shopper was charged: taxable + cgst + sgst + igst, exactly. */
  amount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
};

export type TaxedLine = InvoiceLineInput & TaxAmounts;

export type TaxSplitInput = {
  lines: readonly InvoiceLineInput[];
  shipping?: ShippingChargeInput;
  /** The dealer's state (29 for Karnataka). */
  supplierStateCode: string;
  /** The place of supply: the state of the delivery address. */
  placeOfSupplyStateCode: string;
};

export type TaxSplit = {
  /** The goods in the order given, then the shipping line when there is one. */
  lines: TaxedLine[];
  /** The sums of the lines, so that the lines and the totals both add up to the paisa. */
  totals: TaxAmounts;
  /** Supplied inside the dealer's state: CGST and SGST; otherwise IGST. */
  intraState: boolean;
};

/** A line total stays below this, so that amount × 200 is still an exact integer in a JavaScript number. */
const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 200);

/**
 * The taxable value within a tax-inclusive amount: amount × 100 / (100 + rate), rounded to the nearest paisa,
 * in integers. A tie (exactly half a paisa) cannot happen at 5, 18 or 40 %: 200 × amount is never an odd
 * multiple of 105, 118 or 140.
 */
export function taxableValueOf(amount: number, rate: GstRate): number {
  const divisor = 100 + rate;
  return Math.floor((amount * 200 + divisor) / (2 * divisor));
}

/**
 * Splits a tax-inclusive amount: the tax is what remains after the taxable value, so the parts add up to what
 * was charged. Inside the state, CGST and SGST are half the tax each; of an odd number of paise, CGST takes
 * the lower half and SGST the extra paisa (a fixed rule, so the same order always gives the same invoice).
 */
function splitAmount(amount: number, rate: GstRate, intraState: boolean): TaxAmounts {
  const taxable = taxableValueOf(amount, rate);
  const tax = amount - taxable;
  if (!intraState) return { amount, taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.floor(tax / 2);
  return { amount, taxable, cgst, sgst: tax - cgst, igst: 0 };
}

/**
 * The rate of a delivery charge billed with the goods. Goods delivered by the seller for one price are a
 * composite supply, taxed at the rate of its principal supply (CGST Act, sections 2(30), 2(90) and 8(a)); with goods
 * at several rates, the principal supply is taken to be the line of the highest value. Of lines of equal
 * value, the higher rate wins, so a tie never lowers the tax. Undefined for no lines.
 */
export function principalSupplyRate(lines: readonly InvoiceLineInput[]): GstRate | undefined {
  let principal: { amount: number; rate: GstRate } | undefined;
  for (const line of lines) {
    const amount = line.unitPrice * line.quantity;
    if (
      principal === undefined ||
      amount > principal.amount ||
      (amount === principal.amount && line.rate > principal.rate)
    ) {
      principal = { amount, rate: line.rate };
    }
  }
  return principal?.rate;
}

function checkLine(line: InvoiceLineInput): void {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(
      `The quantity of ${line.description} must be a whole number from 1: ${line.quantity}`,
    );
  }
  if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) {
    throw new RangeError(`The price of ${line.description} must be whole paise from 0: ${line.unitPrice}`);
  }
  if (!isGstRate(line.rate)) {
    throw new RangeError(`The GST rate of ${line.description} is not a slab in force: ${line.rate}`);
  }
  if (line.unitPrice * line.quantity > MAX_AMOUNT) {
    throw new RangeError(`The amount of ${line.description} is too large to split exactly`);
  }
}

/**
 * The invoice's tax split. Each line is split on its line total (unit price × quantity), not per unit, so
 * the taxable value is the nearest paisa to the line's true value; the shipping charge, when there is one and
 * it is not zero, is a line of its own at the principal supply's rate. The totals are the sums of the lines.
 * Throws a RangeError for input no order can hold (an unknown state code, a rate not in force, a quantity
 * below 1, a price that is not whole paise, shipping without goods): those are mistakes in the caller.
 */
export function splitTax(input: TaxSplitInput): TaxSplit {
  for (const code of [input.supplierStateCode, input.placeOfSupplyStateCode]) {
    if (!isGstStateCode(code)) throw new RangeError(`Not a GST state code: ${code}`);
  }
  const intraState = input.supplierStateCode === input.placeOfSupplyStateCode;

  const goods: InvoiceLineInput[] = [...input.lines];
  const { shipping } = input;
  if (shipping !== undefined && shipping.amount !== 0) {
    const rate = principalSupplyRate(input.lines);
    if (rate === undefined) throw new RangeError("A shipping charge needs goods to go with it");
    goods.push({
      description: shipping.description,
      hsn: shipping.hsn,
      quantity: 1,
      unitPrice: shipping.amount,
      rate,
    });
  }

  const lines = goods.map((line): TaxedLine => {
    checkLine(line);
    return { ...line, ...splitAmount(line.unitPrice * line.quantity, line.rate, intraState) };
  });
  const totals: TaxAmounts = { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const line of lines) {
    totals.amount += line.amount;
    totals.taxable += line.taxable;
    totals.cgst += line.cgst;
    totals.sgst += line.sgst;
    totals.igst += line.igst;
  }
  return { lines, totals, intraState };
}
