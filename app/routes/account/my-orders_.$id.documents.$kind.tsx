import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "~/db/db.server";
import { CustomerTaxDocumentPage, customerTaxDocumentMeta } from "~/features/invoices";
import { documentFor } from "~/features/invoices/index.server";
import { requireCustomer } from "~/lib/auth.server";
import invoiceStyles from "~/styles/invoice.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: invoiceStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => customerTaxDocumentMeta(data?.document);

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
    <CustomerTaxDocumentPage document={document} back={{ to: "/my-orders", label: "My Orders" }} pdf={pdf} />
  );
}
