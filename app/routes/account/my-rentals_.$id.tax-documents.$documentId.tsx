import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "~/db/db.server";
import { CustomerTaxDocumentPage, customerTaxDocumentMeta } from "~/features/invoices";
import { bookingTaxDocument } from "~/features/rentals/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { parseId } from "~/lib/params";
import invoiceStyles from "~/styles/invoice.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: invoiceStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => customerTaxDocumentMeta(data?.document);

/** A tax invoice or credit note of the customer's own rental, as a printable page (404 for anyone else's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const bookingId = parseId(params.id);
  const documentId = parseId(params.documentId);
  const document =
    bookingId && documentId
      ? await bookingTaxDocument(await getDb(), bookingId, documentId, customer.id)
      : undefined;
  if (!document) throw new Response("No such document", { status: 404 });
  return json(
    { document, pdf: `/my-rentals/${bookingId}/tax-documents/${documentId}/pdf` },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function RentalTaxDocument() {
  const { document, pdf } = useLoaderData<typeof loader>();
  return (
    <CustomerTaxDocumentPage
      document={document}
      back={{ to: "/my-rentals", label: "My Rentals" }}
      pdf={pdf}
    />
  );
}
