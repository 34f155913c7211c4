import { describe, expect, it } from "vitest";
import { buildCreditNote, buildInvoice, type OrderFacts, type TaxDocument } from "./invoice";
import {
  CREDIT_NOTE_NUMBER,
  INVOICE_NUMBER,
  LAPTOP,
  ORDER_IN_KARNATAKA,
  ORDER_IN_TAMIL_NADU,
  SUPPLIER,
} from "./invoice.test-fixtures";
import { renderTaxDocumentPdf } from "./invoice-pdf.server";

/** The PDF's text (pages joined, runs of white space made one space), its page count and its metadata. */
async function readPdf(pdf: Buffer) {
  const { extractText, getDocumentProxy } = await import("unpdf");
  // pdf.js takes the bytes over, so it gets a copy.
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  const { info } = await document.getMetadata();
  return { pages: totalPages, text: text.replace(/\s+/g, " "), info: info as Record<string, unknown> };
}

const intraStateInvoice = buildInvoice(ORDER_IN_KARNATAKA, SUPPLIER, INVOICE_NUMBER);
const interStateCreditNote = buildCreditNote(
  buildInvoice(ORDER_IN_TAMIL_NADU, SUPPLIER, INVOICE_NUMBER),
  1_000_00,
  CREDIT_NOTE_NUMBER,
);

describe("renderTaxDocumentPdf", () => {
  it("renders an invoice inside Karnataka as a GST tax invoice with CGST and SGST", async () => {
    const pdf = await renderTaxDocumentPdf(intraStateInvoice);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { pages, text, info } = await readPdf(pdf);
    expect(pages).toBe(1);
    expect(info.Title).toBe("Tax Invoice KC/26-27/000123");
    expect(info.Author).toBe("Kaveri Computer Systems Private Limited");

    for (const expected of [
      "Tax Invoice",
      "Kaveri Computer Systems Private Limited",
      "Kaveri Computers",
      "No. 14, 2nd Floor, S.P. Road",
      "29AAACK1234F1ZW",
      "Karnataka (29)",
      "KC/26-27/000123",
      "25 November 2026",
      "KC-7F3A9Q",
      "Billing address",
      "Delivery address",
      "Asha Rao",
      "221, 5th Cross, Jayanagar 4th Block",
      "Place of supply",
      "Lenovo ThinkPad E14 Gen 5 (Graphite Black)",
      "84713010",
      "84716060",
      "996812",
      "CGST",
      "SGST",
      "9%",
      "36,864.41",
      "₹45,100.00",
      "₹38,220.34",
      "Rupees Forty Five Thousand One Hundred Only",
      "Tax payable on reverse charge: No",
      "For Kaveri Computer Systems Private Limited",
      "Authorised signatory",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("IGST");
    expect(text).not.toContain("Credit Note");
    // The delivery address is the billing address again.
    expect(text.split("221, 5th Cross, Jayanagar 4th Block")).toHaveLength(3);
  });

  it("renders a part refund to Tamil Nadu as a credit note with IGST, naming its invoice and the business", async () => {
    const { text, info } = await readPdf(await renderTaxDocumentPdf(interStateCreditNote));
    expect(info.Title).toBe("Credit Note CN/26-27/000007");
    for (const expected of [
      "Credit Note",
      "CN/26-27/000007",
      "2 December 2026",
      "Against invoice KC/26-27/000123 of 25 November 2026",
      "IGST",
      "18%",
      "Tamil Nadu (33)",
      "Mylai Softech LLP",
      "33ABCDE5678G1ZH",
      "Part refund: Cash on delivery fee",
      "₹1,000.00",
      "Rupees One Thousand Only",
      "Tax payable on reverse charge: No",
      "Authorised signatory",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("CGST");
    expect(text).not.toContain("SGST");
    expect(text).not.toContain("Tax Invoice");
  });

  it("runs a long invoice over several pages, with every line on one of them", async () => {
    const order: OrderFacts = {
      ...ORDER_IN_KARNATAKA,
      lines: Array.from({ length: 40 }, (_, index) => ({
        ...LAPTOP,
        title: `Refurbished desktop number ${index + 1}, Core i5, 16 GB, 512 GB SSD`,
        quantity: 1 + (index % 3),
        rate: index % 4 === 0 ? 5 : 18,
      })),
    };
    const invoice: TaxDocument = buildInvoice(order, SUPPLIER, INVOICE_NUMBER);
    const { pages, text } = await readPdf(await renderTaxDocumentPdf(invoice));
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const line of invoice.lines) expect(text).toContain(line.description);
    expect(text).toContain("Tax Invoice KC/26-27/000123 (continued)");
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain("Authorised signatory");
    // The table's heading is repeated on every page of lines.
    expect(text.split("HSN/SAC").length - 1).toBeGreaterThanOrEqual(2);
  });

  it("renders the same document to the same bytes", async () => {
    const first = await renderTaxDocumentPdf(intraStateInvoice);
    const second = await renderTaxDocumentPdf(structuredClone(intraStateInvoice));
    expect(second.equals(first)).toBe(true);
  });
});
