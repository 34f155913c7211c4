/**
 * The words and figures printed on a tax invoice or credit note, worked out once for both its forms: the PDF
 * (features/invoices/invoice-pdf.server.ts) and the printable page (features/invoices/TaxDocumentView.tsx),
 * so the two never say different things. Pure.
 */
import { formatCalendarDay } from "~/lib/dates";
import { formatRupeeFigures, formatRupeesExact } from "~/lib/money";
import { DOCUMENT_TITLES } from "./document-titles";
import type { GstRate } from "./gst-rates";
import type { TaxDocument } from "./invoice";

export const TAX_DOCUMENT_LABELS = {
  gstin: "GSTIN",
  state: "State",
  number: { invoice: "Invoice number", "credit-note": "Credit note number" },
  date: "Date",
  orderNumber: "Order number",
  orderReference: "Order reference",
  rentalReference: "Rental booking",
  payment: "Payment",
  billedTo: "Billing address",
  deliveredTo: "Delivery address",
  businessName: "Business",
  placeOfSupply: "Place of supply",
  lines: { invoice: "Goods and services supplied", "credit-note": "Goods and services credited" },
  amountsIn: "Amounts in ₹",
  totalRow: "Total",
  taxableValue: "Taxable value",
  total: { invoice: "Invoice total", "credit-note": "Credit note total" },
  amountInWords: "Amount in words",
  reverseCharge: "Tax payable on reverse charge: No",
  signatory: "Authorised signatory",
  page: "Page",
} as const;

/** "Tax Invoice KC/26-27/000123": the PDF's title and the page's. */
export function taxDocumentName(document: TaxDocument): string {
  return `${DOCUMENT_TITLES[document.kind]} ${document.number}`;
}

/** A credit note names the invoice it corrects: "Against invoice KC/26-27/000123 of 25 November 2026". */
export function againstInvoiceText(document: TaxDocument): string | null {
  if (!document.refersTo) return null;
  return `Against invoice ${document.refersTo.number} of ${formatCalendarDay(document.refersTo.issuedOn)}`;
}

/** "Karnataka (29)". */
export function stateWithCode(state: string, stateCode: string): string {
  return `${state} (${stateCode})`;
}

/** A rate as invoices print it: "18%", "2.5%" (half of 5 % as CGST). */
function percent(rate: number): string {
  return `${rate}%`;
}

/** The rate of CGST or SGST is half the GST rate; IGST is the whole. */
function taxRate(rate: GstRate, intraState: boolean): string {
  return percent(intraState ? rate / 2 : rate);
}

export type TaxColumn = {
  /** The column's own heading ("Rate", "Amount" under a tax's name). */
  label: string;
  /** The tax whose two columns share a heading above them. */
  group: "CGST" | "SGST" | "IGST" | null;
  /** Figures line up on the right. */
  numeric: boolean;
  /** How wide the column may grow: the description takes what the others leave. */
  wide: boolean;
};

export type TaxTable = {
  columns: TaxColumn[];
  /** One row of texts per line, one text per column. */
  rows: string[][];
  /** The totals row, one text per column (empty where a sum means nothing). */
  totals: string[];
};

const plain = (label: string): TaxColumn => ({ label, group: null, numeric: false, wide: false });
const figure = (label: string, group: TaxColumn["group"] = null): TaxColumn => ({
  label,
  group,
  numeric: true,
  wide: false,
});

/**
 * The table of lines: #, description, HSN/SAC, quantity, unit price, taxable value, then CGST and SGST (rate
 * and amount each) inside the dealer's state or IGST outside it, and the line's total; the amounts in rupees
 * to the paisa, without the sign (the table says "Amounts in ₹" once).
 */
export function taxTable(document: TaxDocument): TaxTable {
  const { intraState, totals } = document;
  const taxes = intraState ? (["cgst", "sgst"] as const) : (["igst"] as const);
  const columns: TaxColumn[] = [
    plain("#"),
    { label: "Description", group: null, numeric: false, wide: true },
    plain("HSN/SAC"),
    figure("Qty"),
    figure("Unit price incl. GST"),
    figure("Taxable value"),
    ...taxes.flatMap((tax) => {
      const group = tax.toUpperCase() as "CGST" | "SGST" | "IGST";
      return [figure("Rate", group), figure("Amount", group)];
    }),
    figure("Total"),
  ];
  const rows = document.lines.map((line, index) => [
    String(index + 1),
    line.description,
    line.hsn,
    String(line.quantity),
    formatRupeeFigures(line.unitPrice),
    formatRupeeFigures(line.taxable),
    ...taxes.flatMap((tax) => [taxRate(line.rate, intraState), formatRupeeFigures(line[tax])]),
    formatRupeeFigures(line.amount),
  ]);
  const totalsRow = [
    "",
    TAX_DOCUMENT_LABELS.totalRow,
    "",
    "",
    "",
    formatRupeeFigures(totals.taxable),
    ...taxes.flatMap((tax) => ["", formatRupeeFigures(totals[tax])]),
    formatRupeeFigures(totals.amount),
  ];
  return { columns, rows, totals: totalsRow };
}

/** The summary under the table: taxable value, each tax charged, and the total, with the rupee sign. */
export function taxSummary(document: TaxDocument): { label: string; value: string }[] {
  const { totals } = document;
  const taxes = document.intraState
    ? [
        { label: "CGST", value: totals.cgst },
        { label: "SGST", value: totals.sgst },
      ]
    : [{ label: "IGST", value: totals.igst }];
  return [
    { label: TAX_DOCUMENT_LABELS.taxableValue, value: formatRupeesExact(totals.taxable) },
    ...taxes.map((tax) => ({ label: tax.label, value: formatRupeesExact(tax.value) })),
    { label: TAX_DOCUMENT_LABELS.total[document.kind], value: formatRupeesExact(totals.amount) },
  ];
}

/** The document's own facts, printed beside the supplier: number, date and order. */
export function documentFacts(document: TaxDocument): { label: string; value: string }[] {
  return [
    { label: TAX_DOCUMENT_LABELS.number[document.kind], value: document.number },
    { label: TAX_DOCUMENT_LABELS.date, value: formatCalendarDay(document.issuedOn) },
    ...(document.order.rental
      ? [{ label: TAX_DOCUMENT_LABELS.rentalReference, value: document.order.reference }]
      : [
          { label: TAX_DOCUMENT_LABELS.orderNumber, value: String(document.order.id) },
          { label: TAX_DOCUMENT_LABELS.orderReference, value: document.order.reference },
        ]),
    { label: TAX_DOCUMENT_LABELS.payment, value: document.order.paymentMethod },
  ];
}
