import { Link } from "@remix-run/react";
import type { ComponentProps } from "react";
import { shop } from "~/lib/shop";
import { DOCUMENT_TITLES } from "./document-titles";
import type { TaxDocument } from "./invoice";
import { TaxDocumentView } from "./TaxDocumentView";

/*
 * A customer's own tax invoice or credit note, of an order (My Orders) or a rental (My Rentals), as a printable
 * page in the shop's frame.
 */

/** The page's head: the document's title and number, and no search engine (its URL names the customer's own). */
export function customerTaxDocumentMeta(document: Pick<TaxDocument, "kind" | "number"> | undefined) {
  return [
    { title: document ? `${DOCUMENT_TITLES[document.kind]} ${document.number} | ${shop.name}` : shop.name },
    { name: "robots", content: "noindex" },
  ];
}

/** The page: the way back to the customer's list, the PDF, and the document. */
export function CustomerTaxDocumentPage({
  document,
  back,
  pdf,
}: {
  document: ComponentProps<typeof TaxDocumentView>["document"];
  back: { to: string; label: string };
  pdf: string;
}) {
  return (
    <div className="container page tax-document-page">
      <p className="tax-document-actions">
        <Link to={back.to}>{back.label}</Link> · <a href={pdf}>Download PDF</a>
      </p>
      <TaxDocumentView document={document} />
    </div>
  );
}
