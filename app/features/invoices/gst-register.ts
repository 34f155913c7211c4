/**
 * The accountant's month (issue 17, item 7): the month's tax invoices and credit notes sorted into the tables
 * of the monthly return, GSTR-1 (gst-csv.ts writes them in the columns of GSTN's offline tool). Pure: the
 * caller reads the documents and settings.
 *
 * Where each document goes:
 * - B2B (table 4A): an invoice to a buyer with a GSTIN, one row per invoice and rate.
 * - B2CL (table 5): an invoice without a GSTIN, delivered to another state, worth more than the threshold (a
 *   setting; Rs 1,00,000 since August 2024), one row per invoice and rate.
 * - B2CS (table 7): every other invoice without a GSTIN, summed by place of supply and rate (type OE: sold on
 *   the dealer's own site, not through an e-commerce operator).
 * - CDNR (table 9B, registered): a credit note to a buyer with a GSTIN, one row per note and rate.
 * - CDNUR (table 9B, unregistered): a credit note without a GSTIN against an invoice that was B2CL (inter-state
 *   and its value above the threshold now), one row per note and rate, UR type B2CL.
 * - Every other credit note without a GSTIN is not reported on its own: GSTR-1 takes B2CS net of them, so
 *   it is subtracted from the B2CS row of its place of supply and rate (which can go below zero in a month of
 *   refunds for sales made earlier; the accountant then files it as an amendment, B2CSA).
 * Credit notes are positive in CDNR and CDNUR, as the return asks; the month's net (invoices less credit
 * notes) is B2B + B2CL + B2CS − CDNR − CDNUR, to the paisa.
 *
 * The HSN summary (table 12) is invoices less credit notes by HSN and rate, in the two tabs the return has
 * had since 2025 (B2B: buyers with a GSTIN; B2C: the rest), so its total is the month's net too. Quantities:
 * goods count in units (UQC NOS); a full refund's credit note takes its units back (the goods come back to
 * stock), a part refund's takes none (a price adjustment); services (SAC 99…: delivery, the cash fee) are
 * reported with UQC NA and no quantity.
 */

import { formatSortableDate, MONTHS } from "~/lib/dates";
import { stateOfCode, type TaxAmounts, type TaxedLine } from "./gst";
import type { GstRate } from "./gst-rates";
import { PART_REFUND_PREFIX, type TaxDocument } from "./invoice";

export const GST_SECTIONS = ["b2b", "b2cl", "b2cs", "cdnr", "cdnur", "hsn"] as const;
export type GstSection = (typeof GST_SECTIONS)[number];

export function isGstSection(value: unknown): value is GstSection {
  return typeof value === "string" && (GST_SECTIONS as readonly string[]).includes(value);
}

export const GST_SECTION_LABELS: Record<GstSection, string> = {
  b2b: "B2B: invoices to registered buyers",
  b2cl: "B2CL: large inter-state invoices to consumers",
  b2cs: "B2CS: other sales to consumers, net of their credit notes",
  cdnr: "CDNR: credit notes to registered buyers",
  cdnur: "CDNUR: credit notes against B2CL invoices",
  hsn: "HSN summary: invoices less credit notes",
};

// ---------------------------------------------------------------------------------------------------------
// Months, money, dates and places as the return writes them
// ---------------------------------------------------------------------------------------------------------

/** A month of the register, "2026-11": its first day and the next month's, as India's calendar days. */
export type RegisterMonth = { month: string; first: string; next: string; label: string };

/** "2026-11" as a register month; undefined for anything else (the picker sends exactly this shape). */
export function parseRegisterMonth(text: string | null | undefined): RegisterMonth | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? "");
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2999 || month < 1 || month > 12) return undefined;
  const two = (n: number) => String(n).padStart(2, "0");
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return {
    month: `${year}-${two(month)}`,
    first: `${year}-${two(month)}-01`,
    next: `${nextYear}-${two(nextMonth)}-01`,
    label: `${MONTHS[month - 1]} ${year}`,
  };
}

/** The month it is in India at `now`, "2026-11": the register's default. */
export function shopMonthOf(now: Date): string {
  return formatSortableDate(now).slice(0, 7);
}

const SHORT_MONTHS = MONTHS.map((name) => name.slice(0, 3));

/** A calendar day as the return's templates write it: "2026-11-05" → "05-Nov-2026" (DD-MMM-YYYY). */
export function returnDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = SHORT_MONTHS[Number(match?.[2]) - 1];
  if (!match || !month) throw new RangeError(`Not a calendar day: ${day}`);
  return `${match[3]}-${month}-${match[1]}`;
}

/** A place of supply as the return names it: "29" → "29-Karnataka". */
export function placeOfSupplyText(code: string): string {
  const state = stateOfCode(code);
  if (!state) throw new RangeError(`Not a GST state code: ${code}`);
  return `${code}-${state}`;
}

// ---------------------------------------------------------------------------------------------------------
// The register
// ---------------------------------------------------------------------------------------------------------

/** What was charged at one rate: the amount and its taxable value and taxes (paise). */
export type RateAmounts = TaxAmounts & { rate: GstRate };

export type B2bRow = RateAmounts & {
  gstin: string;
  receiverName: string;
  number: string;
  issuedOn: string;
  /** The whole invoice's value, on each of its rate rows (as the return asks). */
  invoiceValue: number;
  placeOfSupply: string;
};

export type B2clRow = RateAmounts & {
  number: string;
  issuedOn: string;
  invoiceValue: number;
  placeOfSupply: string;
};

export type B2csRow = RateAmounts & { placeOfSupply: string };

export type NoteRow = RateAmounts & {
  /** Null for an unregistered buyer (CDNUR). */
  gstin: string | null;
  receiverName: string;
  number: string;
  issuedOn: string;
  invoiceNumber: string;
  invoiceDate: string;
  noteValue: number;
  placeOfSupply: string;
};

export type HsnRow = TaxAmounts & {
  supply: "B2B" | "B2C";
  hsn: string;
  /** NOS for goods, NA for services (no quantity). */
  uqc: "NOS" | "NA";
  quantity: number;
  rate: GstRate;
};

export type SectionTotals = TaxAmounts & { documents: number; rows: number };

/** Where a document went: the table it is reported in (a B2CS credit note is netted into B2CS). */
export type DocumentSection = "b2b" | "b2cl" | "b2cs" | "cdnr" | "cdnur";

export type RegisterDocument = {
  kind: TaxDocument["kind"];
  number: string;
  issuedOn: string;
  /** The order it is for, or the rental booking when `rental`. */
  orderId: number;
  rental: boolean;
  buyer: string;
  gstin: string | null;
  placeOfSupply: string;
  amount: number;
  section: DocumentSection;
  refersTo: string | null;
};

export type GstRegister = {
  b2b: B2bRow[];
  b2cl: B2clRow[];
  b2cs: B2csRow[];
  cdnr: NoteRow[];
  cdnur: NoteRow[];
  hsn: HsnRow[];
  totals: Record<GstSection, SectionTotals>;
  /** Invoices less credit notes: B2B + B2CL + B2CS − CDNR − CDNUR, and the HSN summary's total. */
  net: TaxAmounts;
  documents: RegisterDocument[];
};

export type RegisterInput = {
  /** The month's invoices and credit notes, as issued. */
  documents: readonly TaxDocument[];
  /**
   * The value (paise) of each invoice a credit note of the month refers to that was issued in an earlier
   * month, by its number: it decides whether the note is CDNUR (against B2CL) or nets into B2CS.
   */
  earlierInvoiceValues?: ReadonlyMap<string, number>;
  /** Paise: inter-state invoices to consumers above this are B2CL. */
  b2clThreshold: number;
  /** The dealer's state, "29". */
  supplierStateCode: string;
};

const zero = (): TaxAmounts => ({ amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 });

function add(to: TaxAmounts, amounts: TaxAmounts, sign: 1 | -1 = 1): void {
  to.amount += sign * amounts.amount;
  to.taxable += sign * amounts.taxable;
  to.cgst += sign * amounts.cgst;
  to.sgst += sign * amounts.sgst;
  to.igst += sign * amounts.igst;
}

/** A document's lines summed by rate, lowest rate first (the return's rows are per invoice and rate). */
export function amountsByRate(lines: readonly TaxedLine[]): RateAmounts[] {
  const byRate = new Map<GstRate, RateAmounts>();
  for (const line of lines) {
    let row = byRate.get(line.rate);
    if (!row) {
      row = { rate: line.rate, ...zero() };
      byRate.set(line.rate, row);
    }
    add(row, line);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

const isService = (hsn: string) => hsn.startsWith("99");

function receiverName(document: TaxDocument): string {
  return document.buyer.businessName ?? document.buyer.name;
}

/** Sorts the month's documents and sums them into the return's tables; see the module's comment. */
export function buildGstRegister(input: RegisterInput): GstRegister {
  const documents = [...input.documents].sort(
    (a, b) =>
      a.issuedOn.localeCompare(b.issuedOn) ||
      (a.kind === b.kind ? 0 : a.kind === "invoice" ? -1 : 1) ||
      a.number.localeCompare(b.number),
  );
  const invoiceValues = new Map(input.earlierInvoiceValues ?? []);
  for (const document of documents) {
    if (document.kind === "invoice") invoiceValues.set(document.number, document.totals.amount);
  }
  const isLarge = (document: TaxDocument, invoiceValue: number) =>
    document.placeOfSupply.stateCode !== input.supplierStateCode && invoiceValue > input.b2clThreshold;

  const register: GstRegister = {
    b2b: [],
    b2cl: [],
    b2cs: [],
    cdnr: [],
    cdnur: [],
    hsn: [],
    totals: {
      b2b: { documents: 0, rows: 0, ...zero() },
      b2cl: { documents: 0, rows: 0, ...zero() },
      b2cs: { documents: 0, rows: 0, ...zero() },
      cdnr: { documents: 0, rows: 0, ...zero() },
      cdnur: { documents: 0, rows: 0, ...zero() },
      hsn: { documents: 0, rows: 0, ...zero() },
    },
    net: zero(),
    documents: [],
  };
  const b2cs = new Map<string, B2csRow>();
  const hsn = new Map<string, HsnRow>();

  for (const document of documents) {
    const credit = document.kind === "credit-note";
    const sign = credit ? -1 : 1;
    const gstin = document.buyer.gstin;
    const placeOfSupply = document.placeOfSupply.stateCode;
    let refersTo: { number: string; issuedOn: string } | null = null;
    let section: DocumentSection;
    if (!credit) {
      section = gstin ? "b2b" : isLarge(document, document.totals.amount) ? "b2cl" : "b2cs";
    } else {
      refersTo = document.refersTo;
      if (!refersTo) throw new RangeError(`Credit note ${document.number} names no invoice`);
      const invoiceValue = invoiceValues.get(refersTo.number);
      if (invoiceValue === undefined) {
        throw new RangeError(
          `The value of invoice ${refersTo.number} (credit note ${document.number}) is unknown`,
        );
      }
      section = gstin ? "cdnr" : isLarge(document, invoiceValue) ? "cdnur" : "b2cs";
    }

    const rates = amountsByRate(document.lines);
    for (const rate of rates) {
      switch (section) {
        case "b2b":
          register.b2b.push({
            gstin: gstin ?? "",
            receiverName: receiverName(document),
            number: document.number,
            issuedOn: document.issuedOn,
            invoiceValue: document.totals.amount,
            placeOfSupply,
            ...rate,
          });
          break;
        case "b2cl":
          register.b2cl.push({
            number: document.number,
            issuedOn: document.issuedOn,
            invoiceValue: document.totals.amount,
            placeOfSupply,
            ...rate,
          });
          break;
        case "cdnr":
        case "cdnur":
          register[section].push({
            gstin,
            receiverName: receiverName(document),
            number: document.number,
            issuedOn: document.issuedOn,
            invoiceNumber: refersTo?.number ?? "",
            invoiceDate: refersTo?.issuedOn ?? "",
            noteValue: document.totals.amount,
            placeOfSupply,
            ...rate,
          });
          break;
        case "b2cs": {
          const key = `${placeOfSupply}/${rate.rate}`;
          let row = b2cs.get(key);
          if (!row) {
            row = { placeOfSupply, rate: rate.rate, ...zero() };
            b2cs.set(key, row);
          }
          add(row, rate, sign);
          break;
        }
      }
    }
    add(register.totals[section], document.totals, section === "b2cs" ? sign : 1);
    register.totals[section].documents++;
    add(register.net, document.totals, sign);

    const supply = gstin ? "B2B" : "B2C";
    for (const line of document.lines) {
      const key = `${supply}/${line.hsn}/${line.rate}`;
      let row = hsn.get(key);
      if (!row) {
        row = {
          supply,
          hsn: line.hsn,
          uqc: isService(line.hsn) ? "NA" : "NOS",
          quantity: 0,
          rate: line.rate,
          ...zero(),
        };
        hsn.set(key, row);
      }
      add(row, line, sign);
      const returned = !credit || !line.description.startsWith(PART_REFUND_PREFIX);
      if (row.uqc === "NOS" && returned) row.quantity += sign * line.quantity;
    }
    register.totals.hsn.documents++;

    register.documents.push({
      kind: document.kind,
      number: document.number,
      issuedOn: document.issuedOn,
      orderId: document.order.id,
      rental: document.order.rental === true,
      buyer: receiverName(document),
      gstin,
      placeOfSupply,
      amount: document.totals.amount,
      section,
      refersTo: refersTo?.number ?? null,
    });
  }

  register.b2cs = [...b2cs.values()].sort(
    (a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate,
  );
  register.hsn = [...hsn.values()].sort(
    (a, b) => a.supply.localeCompare(b.supply) || a.hsn.localeCompare(b.hsn) || a.rate - b.rate,
  );
  for (const row of register.hsn) add(register.totals.hsn, row);
  for (const section of GST_SECTIONS) register.totals[section].rows = register[section].length;
  return register;
}
