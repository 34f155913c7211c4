import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { pdfResponse } from "~/features/invoices/index.server";
import { bookingTaxDocument } from "~/features/rentals/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { parseId } from "~/lib/params";

/** A rental's tax invoice or credit note as a PDF, for the back office. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const bookingId = parseId(params.id);
  const documentId = parseId(params.documentId);
  const document =
    bookingId && documentId ? await bookingTaxDocument(await getDb(), bookingId, documentId) : undefined;
  if (!document) throw new Response("No such document", { status: 404 });
  return pdfResponse(document);
}
