import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { pdfResponse } from "~/features/invoices/index.server";
import { bookingTaxDocument } from "~/features/rentals/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { parseId } from "~/lib/params";

/** A tax invoice or credit note of the customer's own rental, as a PDF (404 for anyone else's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const bookingId = parseId(params.id);
  const documentId = parseId(params.documentId);
  const document =
    bookingId && documentId
      ? await bookingTaxDocument(await getDb(), bookingId, documentId, customer.id)
      : undefined;
  if (!document) throw new Response("No such document", { status: 404 });
  return pdfResponse(document);
}
