/**
 * A tax invoice or credit note as it is issued (issue 17): everything printed on it, worked out once and kept
 * as a snapshot, so later edits of products, prices or the shop's settings never change an issued document.
 * Pure: the caller reads the order, the shop's settings and a number from the database.
 */
import { amountInWords } from "./amount-in-words";
import type { DocumentKind } from "./document-titles";
import {
  type InvoiceLineInput,
  principalSupplyRate,
  splitTax,
  stateCodeOf,
  type TaxAmounts,
  type TaxedLine,
} from "./gst";
import type { GstRate } from "./gst-rates";

export { DOCUMENT_TITLES, type DocumentKind } from "./document-titles";

/**
 * What a part refund's credit-note lines start with: a price adjustment, no goods come back (the GST
 * register counts no quantity for them in the HSN summary).
 */
export const PART_REFUND_PREFIX = "Part refund: ";

/** SAC of courier services, for the delivery charge and the cash-on-delivery fee. */
export const DELIVERY_SAC = "996812";

export type Supplier = {
  legalName: string;
  tradeName: string;
  gstin: string;
  /** The address, one line per line. */
  address: string[];
  state: string;
  stateCode: string;
};

export type Buyer = {
  /** The person the order is for. */
  name: string;
  /** A business purchase: the business's name and GSTIN, as given at checkout. */
  businessName: string | null;
  gstin: string | null;
  /** One address serves as billing and delivery address: the checkout asks for one. */
  address: string[];
  state: string;
  stateCode: string;
};

export type TaxDocument = {
  kind: DocumentKind;
  number: string;
  /** India's calendar day of issue, "2026-11-25". */
  issuedOn: string;
  /** A credit note's invoice. */
  refersTo: { number: string; issuedOn: string } | null;
  /** What it is for: an order, or (`rental`) a rental booking, whose id and reference it carries. */
  order: { id: number; reference: string; paymentMethod: string; rental?: boolean };
  supplier: Supplier;
  buyer: Buyer;
  /** The state of the delivery address, with its GST code. */
  placeOfSupply: { state: string; stateCode: string };
  intraState: boolean;
  lines: TaxedLine[];
  totals: TaxAmounts;
  amountInWords: string;
  reverseCharge: false;
};

/** An order line as the order keeps it, with the tax facts its product had when it was ordered. */
export type OrderLineFacts = {
  title: string;
  colourName: string;
  hsn: string;
  rate: GstRate;
  quantity: number;
  /** Paise, GST included: what the shopper paid for one. */
  unitPrice: number;
};

export type OrderFacts = {
  id: number;
  reference: string;
  paymentMethod: string;
  lines: OrderLineFacts[];
  /** Paise, GST included. */
  shippingFee: number;
  codFee: number;
  address: {
    firstname: string;
    lastname: string;
    address: string;
    other?: string | undefined;
    city: string;
    state: string;
    pincode: string;
    country: string;
  };
  businessName: string | null;
  gstin: string | null;
};

function addressLines(address: OrderFacts["address"]): string[] {
  return [
    address.address,
    ...(address.other ? [address.other] : []),
    `${address.city}, ${address.state} ${address.pincode}`,
    address.country,
  ];
}

function codeOf(state: string): string {
  const code = stateCodeOf(state);
  if (!code) throw new RangeError(`No GST state code for ${state}`);
  return code;
}

/**
 * The tax invoice of a paid order: its goods, then the delivery charge (at the principal supply's rate,
 * decision 0028) and a cash-on-delivery fee the same way, split by the place of supply, the delivery
 * address's state.
 */
export function buildInvoice(
  order: OrderFacts,
  supplier: Supplier,
  document: { number: string; issuedOn: string },
): TaxDocument {
  const goods = order.lines.map((line) => ({
    description: `${line.title} (${line.colourName})`,
    hsn: line.hsn,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    rate: line.rate,
  }));
  const principal = principalSupplyRate(goods);
  if (order.codFee > 0 && principal !== undefined) {
    goods.push({
      description: "Cash on delivery fee",
      hsn: DELIVERY_SAC,
      quantity: 1,
      unitPrice: order.codFee,
      rate: principal,
    });
  }
  return invoiceOf(
    { id: order.id, reference: order.reference, paymentMethod: order.paymentMethod },
    order,
    goods,
    { description: "Delivery charge", hsn: DELIVERY_SAC, amount: order.shippingFee },
    supplier,
    document,
  );
}

/** SAC 997315: leasing or rental of computers without an operator (decision 0043). */
export const RENTAL_SAC = "997315";

/** GST on computers' rent is at the rate of the goods rented: 18 % for computers and their peripherals. */
export const RENTAL_GST_RATE: GstRate = 18;

/** A rental's charge as its invoice prints it: a month's rent, or what was kept from its deposit. */
export type RentalInvoiceFacts = {
  bookingId: number;
  /** The booking's reference, with the month it pays. */
  reference: string;
  paymentMethod: string;
  lines: { description: string; quantity: number; unitPrice: number }[];
  address: OrderFacts["address"];
  businessName: string | null;
  gstin: string | null;
};

/** The tax invoice of a rental's charge: its lines under the rental SAC at the goods' rate. */
export function buildRentalInvoice(
  facts: RentalInvoiceFacts,
  supplier: Supplier,
  document: { number: string; issuedOn: string },
): TaxDocument {
  return invoiceOf(
    { id: facts.bookingId, reference: facts.reference, paymentMethod: facts.paymentMethod, rental: true },
    facts,
    facts.lines.map((line) => ({ ...line, hsn: RENTAL_SAC, rate: RENTAL_GST_RATE })),
    undefined,
    supplier,
    document,
  );
}

function invoiceOf(
  subject: TaxDocument["order"],
  buyer: Pick<OrderFacts, "address" | "businessName" | "gstin">,
  lines: InvoiceLineInput[],
  shipping: { description: string; hsn: string; amount: number } | undefined,
  supplier: Supplier,
  document: { number: string; issuedOn: string },
): TaxDocument {
  const placeOfSupply = { state: buyer.address.state, stateCode: codeOf(buyer.address.state) };
  const split = splitTax({
    lines,
    ...(shipping ? { shipping } : {}),
    supplierStateCode: supplier.stateCode,
    placeOfSupplyStateCode: placeOfSupply.stateCode,
  });
  return {
    kind: "invoice",
    number: document.number,
    issuedOn: document.issuedOn,
    refersTo: null,
    order: subject,
    supplier,
    buyer: {
      name: `${buyer.address.firstname} ${buyer.address.lastname}`,
      businessName: buyer.businessName,
      gstin: buyer.gstin,
      address: addressLines(buyer.address),
      state: placeOfSupply.state,
      stateCode: placeOfSupply.stateCode,
    },
    placeOfSupply,
    intraState: split.intraState,
    lines: split.lines,
    totals: split.totals,
    amountInWords: amountInWords(split.totals.amount),
    reverseCharge: false,
  };
}

/**
 * Shares `amount` paise out over `weights` in proportion, in whole paise that add up to it exactly: each gets
 * its rounded-down share, and the paise left over go to the largest remainders (the earliest of equals).
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0) throw new RangeError("Nothing to share the amount over");
  const exact = weights.map((weight) => (amount * weight) / whole);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

/**
 * The credit note for a refund of `amount` paise against `invoice`: the whole invoice again for a full
 * refund; for a part, the amount shared out over the invoice's lines in proportion to what each was charged,
 * each part taxed at its line's rate, so the credit note reverses the same tax split.
 */
export function buildCreditNote(
  invoice: TaxDocument,
  amount: number,
  document: { number: string; issuedOn: string },
): TaxDocument {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > invoice.totals.amount) {
    throw new RangeError(`A credit note of ${amount} paise against ${invoice.totals.amount}`);
  }
  const full = amount === invoice.totals.amount;
  const shares = full
    ? []
    : shareOut(
        amount,
        invoice.lines.map((line) => line.amount),
      );
  const lines = full
    ? invoice.lines.map(({ description, hsn, quantity, unitPrice, rate }) => ({
        description,
        hsn,
        quantity,
        unitPrice,
        rate,
      }))
    : invoice.lines
        .map((line, index) => ({
          description: `${PART_REFUND_PREFIX}${line.description}`,
          hsn: line.hsn,
          quantity: 1,
          unitPrice: shares[index] ?? 0,
          rate: line.rate,
        }))
        .filter((line) => line.unitPrice > 0);
  const split = splitTax({
    lines,
    supplierStateCode: invoice.supplier.stateCode,
    placeOfSupplyStateCode: invoice.placeOfSupply.stateCode,
  });
  return {
    ...invoice,
    kind: "credit-note",
    number: document.number,
    issuedOn: document.issuedOn,
    refersTo: { number: invoice.number, issuedOn: invoice.issuedOn },
    intraState: split.intraState,
    lines: split.lines,
    totals: split.totals,
    amountInWords: amountInWords(split.totals.amount),
  };
}
