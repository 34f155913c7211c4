/**
 * The GST register written as CSV in the columns of GSTN's offline tool for GSTR-1: one file per table, as the
 * tool imports them section by section (the register itself is built in gst-register.ts). Each column is
 * declared once, its name beside the value it holds: GSTN's template first (its names, its order), then ours.
 */
import { toCsv } from "~/lib/csv";
import { plainRupeeFigures } from "~/lib/money";
import type { TaxAmounts } from "./gst";
import {
  type B2bRow,
  type B2clRow,
  type B2csRow,
  type GstRegister,
  type GstSection,
  type HsnRow,
  type NoteRow,
  placeOfSupplyText,
  type RateAmounts,
  returnDate,
} from "./gst-register";

/** A column: its name in the file, and what it holds for a row. */
type Column<Row> = readonly [name: string, cell: (row: Row) => string];

const empty = () => "";
const money = (paise: number) => plainRupeeFigures(paise);

/** What every rate row carries in GSTN's template: the rate, its taxable value, no cess. */
const rateColumns = {
  applicable: ["Applicable % of Tax Rate", empty],
  rate: ["Rate", (row) => String(row.rate)],
  taxable: ["Taxable Value", (row) => money(row.taxable)],
  cess: ["Cess Amount", () => "0.00"],
} as const satisfies Record<string, Column<RateAmounts>>;

/** The template's four columns of a rate row, in its order, as most tables have them together. */
const rated: readonly Column<RateAmounts>[] = [
  rateColumns.applicable,
  rateColumns.rate,
  rateColumns.taxable,
  rateColumns.cess,
];

/** Our own columns after the template's: the taxes of each row, for the accountant's checks. */
const taxColumns: readonly Column<TaxAmounts>[] = [
  ["Integrated Tax Amount", (row) => money(row.igst)],
  ["Central Tax Amount", (row) => money(row.cgst)],
  ["State/UT Tax Amount", (row) => money(row.sgst)],
];

const placeOfSupply: Column<{ placeOfSupply: string }> = [
  "Place Of Supply",
  (row) => placeOfSupplyText(row.placeOfSupply),
];
const eCommerceGstin: Column<unknown> = ["E-Commerce GSTIN", empty];
const originalInvoice: readonly Column<NoteRow>[] = [
  ["Original Invoice Number", (row) => row.invoiceNumber],
  ["Original Invoice Date", (row) => returnDate(row.invoiceDate)],
];

const b2b: readonly Column<B2bRow>[] = [
  ["GSTIN/UIN of Recipient", (row) => row.gstin],
  ["Receiver Name", (row) => row.receiverName],
  ["Invoice Number", (row) => row.number],
  ["Invoice date", (row) => returnDate(row.issuedOn)],
  ["Invoice Value", (row) => money(row.invoiceValue)],
  placeOfSupply,
  ["Reverse Charge", () => "N"],
  rateColumns.applicable,
  ["Invoice Type", () => "Regular B2B"],
  eCommerceGstin,
  rateColumns.rate,
  rateColumns.taxable,
  rateColumns.cess,
  ...taxColumns,
];

const b2cl: readonly Column<B2clRow>[] = [
  ["Invoice Number", (row) => row.number],
  ["Invoice date", (row) => returnDate(row.issuedOn)],
  ["Invoice Value", (row) => money(row.invoiceValue)],
  placeOfSupply,
  ...rated,
  eCommerceGstin,
  ...taxColumns,
];

const b2cs: readonly Column<B2csRow>[] = [
  // OE: sold on the dealer's own site, not through an e-commerce operator.
  ["Type", () => "OE"],
  placeOfSupply,
  ...rated,
  eCommerceGstin,
  ...taxColumns,
];

const cdnr: readonly Column<NoteRow>[] = [
  ["GSTIN/UIN of Recipient", (row) => row.gstin ?? ""],
  ["Receiver Name", (row) => row.receiverName],
  ["Note Number", (row) => row.number],
  ["Note Date", (row) => returnDate(row.issuedOn)],
  ["Note Type", () => "C"],
  placeOfSupply,
  ["Reverse Charge", () => "N"],
  ["Note Supply Type", () => "Regular B2B"],
  ["Note Value", (row) => money(row.noteValue)],
  ...rated,
  ...taxColumns,
  ...originalInvoice,
];

const cdnur: readonly Column<NoteRow>[] = [
  // Only notes against invoices that were B2CL are reported here (gst-register.ts).
  ["UR Type", () => "B2CL"],
  ["Note Number", (row) => row.number],
  ["Note Date", (row) => returnDate(row.issuedOn)],
  ["Note Type", () => "C"],
  placeOfSupply,
  ["Note Value", (row) => money(row.noteValue)],
  ...rated,
  ...taxColumns,
  ...originalInvoice,
];

const hsn: readonly Column<HsnRow>[] = [
  ["Supply Type", (row) => row.supply],
  ["HSN", (row) => row.hsn],
  ["Description", empty],
  ["UQC", (row) => row.uqc],
  // Services are reported without a quantity.
  ["Total Quantity", (row) => (row.uqc === "NA" ? "0" : String(row.quantity))],
  ["Total Value", (row) => money(row.amount)],
  rateColumns.rate,
  rateColumns.taxable,
  ...taxColumns,
  rateColumns.cess,
];

const names = <Row>(columns: readonly Column<Row>[]) => columns.map(([name]) => name);

/** The columns of each table, by name: GSTN's offline-tool template first (its names, its order), then ours. */
export const GST_CSV_COLUMNS: Record<GstSection, readonly string[]> = {
  b2b: names(b2b),
  b2cl: names(b2cl),
  b2cs: names(b2cs),
  cdnr: names(cdnr),
  cdnur: names(cdnur),
  hsn: names(hsn),
};

function csvOf<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  return toCsv(
    names(columns),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
  );
}

/** One table of the register as a CSV file (the house's writer: CRLF, quoted, formulas defused). */
export function gstSectionCsv(register: GstRegister, section: GstSection): string {
  switch (section) {
    case "b2b":
      return csvOf(b2b, register.b2b);
    case "b2cl":
      return csvOf(b2cl, register.b2cl);
    case "b2cs":
      return csvOf(b2cs, register.b2cs);
    case "cdnr":
      return csvOf(cdnr, register.cdnr);
    case "cdnur":
      return csvOf(cdnur, register.cdnur);
    case "hsn":
      return csvOf(hsn, register.hsn);
  }
}
