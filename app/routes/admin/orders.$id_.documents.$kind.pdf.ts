import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { documentFor, pdfResponse } from "~/features/invoices/index.server";
import { requireBackOffice } from "~/lib/auth.server";

/** An order's tax invoice or credit note as a PDF, for staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  return pdfResponse(await documentFor(await getDb(), params));
}
