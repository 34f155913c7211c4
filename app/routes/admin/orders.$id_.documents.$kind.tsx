import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { getDb } from "~/db/db.server";
import { DOCUMENT_TITLES, TaxDocumentView } from "~/features/invoices";
import { documentFor } from "~/features/invoices/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import invoiceStyles from "~/styles/invoice.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: invoiceStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `${DOCUMENT_TITLES[data.document.kind]} ${data.document.number}` : "Document not found");

/** An order's tax invoice or credit note as issued, for staff to print or send. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  return json(
    { document: await documentFor(await getDb(), params) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AdminTaxDocument() {
  const { document } = useLoaderData<typeof loader>();
  const pdf = `/admin/orders/${document.order.id}/documents/${document.kind}/pdf`;
  return (
    <div className="tax-document-page">
      <p className="admin-back tax-document-actions">
        <Link to={`/admin/orders/${document.order.id}`}>Order #{document.order.id}</Link> ·{" "}
        <a href={pdf}>Download PDF</a>
      </p>
      <TaxDocumentView document={document} />
    </div>
  );
}
