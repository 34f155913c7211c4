import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { documentFor, pdfResponse } from "~/features/invoices/index.server";
import { requireCustomer } from "~/lib/auth.server";

/** The customer's own tax invoice or credit note as a PDF (404 for anyone else's, or one not issued yet). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  return pdfResponse(await documentFor(await getDb(), params, customer.id));
}
