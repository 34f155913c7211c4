import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getDb } from "~/db/db.server";
import { DOCUMENT_TITLES, TaxDocumentView } from "~/features/invoices";
import { documentFor } from "~/features/invoices/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { shop } from "~/lib/shop";
import invoiceStyles from "~/styles/invoice.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: invoiceStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data ? `${DOCUMENT_TITLES[data.document.kind]} ${data.document.number} | ${shop.name}` : shop.name,
  },
  { name: "robots", content: "noindex" },
];

/** The customer's own tax invoice or credit note, as a printable page (404 for anyone else's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const document = await documentFor(await getDb(), params, customer.id);
  return json({ document }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function CustomerTaxDocument() {
  const { document } = useLoaderData<typeof loader>();
  const pdf = `/my-orders/${document.order.id}/documents/${document.kind}/pdf`;
  return (
    <div className="container page tax-document-page">
      <p className="tax-document-actions">
        <Link to="/my-orders">My Orders</Link> · <a href={pdf}>Download PDF</a>
      </p>
      <TaxDocumentView document={document} />
    </div>
  );
}
