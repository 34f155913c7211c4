/**
 * The GST register written as CSV in the columns of GSTN's offline tool for GSTR-1: one file per table, as the
 * tool imports them section by section (the register itself is built in gst-register.ts).
 */
import { toCsv } from "~/lib/csv";
import { plainRupeeFigures } from "~/lib/money";
import type { TaxAmounts } from "./gst";
import { type GstRegister, type GstSection, placeOfSupplyText, returnDate } from "./gst-register";

/** Our own columns after the template's: the taxes of each row, for the accountant's checks. */
const TAX_COLUMNS = ["Integrated Tax Amount", "Central Tax Amount", "State/UT Tax Amount"] as const;

const taxCells = (row: TaxAmounts) => [
  plainRupeeFigures(row.igst),
  plainRupeeFigures(row.cgst),
  plainRupeeFigures(row.sgst),
];

/** The columns of each table: GSTN's offline-tool template first (its names, its order), then ours. */
export const GST_CSV_COLUMNS: Record<GstSection, readonly string[]> = {
  b2b: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Applicable % of Tax Rate",
    "Invoice Type",
    "E-Commerce GSTIN",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    ...TAX_COLUMNS,
  ],
  b2cl: [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
    ...TAX_COLUMNS,
  ],
  b2cs: [
    "Type",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
    ...TAX_COLUMNS,
  ],
  cdnr: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Supply Type",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    ...TAX_COLUMNS,
    "Original Invoice Number",
    "Original Invoice Date",
  ],
  cdnur: [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    ...TAX_COLUMNS,
    "Original Invoice Number",
    "Original Invoice Date",
  ],
  hsn: [
    "Supply Type",
    "HSN",
    "Description",
    "UQC",
    "Total Quantity",
    "Total Value",
    "Rate",
    "Taxable Value",
    ...TAX_COLUMNS,
    "Cess Amount",
  ],
};

function sectionRows(register: GstRegister, section: GstSection): string[][] {
  switch (section) {
    case "b2b":
      return register.b2b.map((row) => [
        row.gstin,
        row.receiverName,
        row.number,
        returnDate(row.issuedOn),
        plainRupeeFigures(row.invoiceValue),
        placeOfSupplyText(row.placeOfSupply),
        "N",
        "",
        "Regular B2B",
        "",
        String(row.rate),
        plainRupeeFigures(row.taxable),
        "0.00",
        ...taxCells(row),
      ]);
    case "b2cl":
      return register.b2cl.map((row) => [
        row.number,
        returnDate(row.issuedOn),
        plainRupeeFigures(row.invoiceValue),
        placeOfSupplyText(row.placeOfSupply),
        "",
        String(row.rate),
        plainRupeeFigures(row.taxable),
        "0.00",
        "",
        ...taxCells(row),
      ]);
    case "b2cs":
      return register.b2cs.map((row) => [
        "OE",
        placeOfSupplyText(row.placeOfSupply),
        "",
        String(row.rate),
        plainRupeeFigures(row.taxable),
        "0.00",
        "",
        ...taxCells(row),
      ]);
    case "cdnr":
      return register.cdnr.map((row) => [
        row.gstin ?? "",
        row.receiverName,
        row.number,
        returnDate(row.issuedOn),
        "C",
        placeOfSupplyText(row.placeOfSupply),
        "N",
        "Regular B2B",
        plainRupeeFigures(row.noteValue),
        "",
        String(row.rate),
        plainRupeeFigures(row.taxable),
        "0.00",
        ...taxCells(row),
        row.invoiceNumber,
        returnDate(row.invoiceDate),
      ]);
    case "cdnur":
      return register.cdnur.map((row) => [
        "B2CL",
        row.number,
        returnDate(row.issuedOn),
        "C",
        placeOfSupplyText(row.placeOfSupply),
        plainRupeeFigures(row.noteValue),
        "",
        String(row.rate),
        plainRupeeFigures(row.taxable),
        "0.00",
        ...taxCells(row),
        row.invoiceNumber,
        returnDate(row.invoiceDate),
      ]);
    case "hsn":
      return register.hsn.map((row) => [
        row.supply,
        row.hsn,
        "",
        row.uqc,
        row.uqc === "NA" ? "0" : String(row.quantity),
        plainRupeeFigures(row.amount),
        String(row.rate),
        plainRupeeFigures(row.taxable),
        ...taxCells(row),
        "0.00",
      ]);
  }
}

/** One table of the register as a CSV file (the house's writer: CRLF, quoted, formulas defused). */
export function gstSectionCsv(register: GstRegister, section: GstSection): string {
  return toCsv(GST_CSV_COLUMNS[section], sectionRows(register, section));
}
