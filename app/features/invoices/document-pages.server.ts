// The tax documents' pages, for My Orders and the back office: the printable page's data and the PDF file.
// An unknown kind or order, another customer's order, or a document not issued yet is a 404 alike.
import type { Database } from "~/db/client.server";
import { parseId } from "~/lib/params";
import type { DocumentKind, TaxDocument } from "./invoice";
import { DOCUMENT_TITLES } from "./invoice";
import { renderTaxDocumentPdf } from "./invoice-pdf.server";
import { taxDocumentOf } from "./invoices.server";

const notFound = () => new Response("No such document", { status: 404 });

function kindOf(value: string | undefined): DocumentKind | undefined {
  return value === "invoice" || value === "credit-note" ? value : undefined;
}

/** The document the URL names; `customerId` limits it to that customer's own orders. */
export async function documentFor(
  db: Database,
  params: { id?: string | undefined; kind?: string | undefined },
  customerId?: number,
): Promise<TaxDocument> {
  const orderId = parseId(params.id);
  const kind = kindOf(params.kind);
  if (orderId === undefined || !kind) throw notFound();
  const document = await taxDocumentOf(db, orderId, kind, customerId);
  if (!document) throw notFound();
  return document;
}

/** The document as an A4 PDF download, named by its number. */
export async function pdfResponse(document: TaxDocument): Promise<Response> {
  const pdf = await renderTaxDocumentPdf(document);
  const name = `${DOCUMENT_TITLES[document.kind].replace(/ /g, "-")}-${document.number.replace(/\//g, "-")}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(pdf.length),
      // The buyer's own document: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
