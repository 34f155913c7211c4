import type { SerializeFrom } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildCreditNote, buildInvoice, type TaxDocument } from "./invoice";
import {
  CREDIT_NOTE_NUMBER,
  INVOICE_NUMBER,
  ORDER_IN_KARNATAKA,
  ORDER_IN_TAMIL_NADU,
  SUPPLIER,
} from "./invoice.test-fixtures";
import { TaxDocumentView } from "./TaxDocumentView";

/** The page as a loader's JSON gives it to the route. */
function render(document: TaxDocument): string {
  const fromLoader: SerializeFrom<TaxDocument> = JSON.parse(JSON.stringify(document));
  return renderToStaticMarkup(createElement(TaxDocumentView, { document: fromLoader }));
}

/** The page's text, tags left out and runs of white space made one space. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("TaxDocumentView", () => {
  const invoice = buildInvoice(ORDER_IN_KARNATAKA, SUPPLIER, INVOICE_NUMBER);

  it("shows an invoice inside Karnataka with CGST and SGST, as its PDF does", () => {
    const html = render(invoice);
    const text = textOf(html);
    for (const expected of [
      "Tax Invoice",
      "Kaveri Computer Systems Private Limited",
      "29AAACK1234F1ZW",
      "Karnataka (29)",
      "KC/26-27/000123",
      "25 November 2026",
      "KC-7F3A9Q",
      "Billing address",
      "Delivery address",
      "Place of supply",
      "84713010",
      "996812",
      "CGST",
      "SGST",
      "₹45,100.00",
      "Rupees Forty Five Thousand One Hundred Only",
      "Tax payable on reverse charge: No",
      "For Kaveri Computer Systems Private Limited",
      "Authorised signatory",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("IGST");
  });

  it("marks up the lines as a table with a caption and scoped headings", () => {
    const html = render(invoice);
    expect(html).toMatch(
      /<caption id="[^"]+">Goods and services supplied<span>Amounts in ₹<\/span><\/caption>/,
    );
    expect(html).toMatch(/<th scope="colgroup" colspan="2" class="tax-document-group">CGST<\/th>/i);
    expect(html).toContain('<th scope="col" rowspan="2">HSN/SAC</th>');
    expect(html).toContain('<th scope="row">Lenovo ThinkPad E14 Gen 5 (Graphite Black)</th>');
    expect(html).toContain('<tfoot><tr><td></td><th scope="row">Total</th>');
    expect(html.match(/<tbody>.*<\/tbody>/)?.[0].match(/<tr>/g)).toHaveLength(invoice.lines.length);
  });

  it("shows a credit note to Tamil Nadu with IGST, its invoice and the business", () => {
    const note = buildCreditNote(
      buildInvoice(ORDER_IN_TAMIL_NADU, SUPPLIER, INVOICE_NUMBER),
      1_000_00,
      CREDIT_NOTE_NUMBER,
    );
    const text = textOf(render(note));
    for (const expected of [
      "Credit Note",
      "Against invoice KC/26-27/000123 of 25 November 2026",
      "Credit note number",
      "CN/26-27/000007",
      "IGST",
      "Mylai Softech LLP",
      "33ABCDE5678G1ZH",
      "Tamil Nadu (33)",
      "₹1,000.00",
      "Rupees One Thousand Only",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("CGST");
  });
});
