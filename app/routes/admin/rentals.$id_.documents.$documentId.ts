import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { recordAudit } from "~/features/audit/index.server";
import { bookingReference, DOCUMENT_PURPOSES } from "~/features/rentals";
import { readDocument } from "~/features/rentals/index.server";
import { getSessionStaff } from "~/features/staff/index.server";
import { parseId } from "~/lib/params";

const notFound = () =>
  new Response("Not found.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

const EXTENSIONS = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" } as const;

/**
 * One identity, address or purchase-order document of a rental booking, for staff alone. Anyone else (a
 * visitor, a customer, the customer who sent it) gets the same 404 as for a document that does not exist: the
 * address says nothing. Each opening is in the audit trail. The browser downloads it and runs nothing in it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const member = await getSessionStaff(db, request);
  const bookingId = parseId(params.id);
  const documentId = parseId(params.documentId);
  if (!member || !bookingId || !documentId) return notFound();
  const document = await readDocument(db, bookingId, documentId);
  if (!document) return notFound();
  const reference = bookingReference(bookingId);
  await recordAudit(db, { id: member.id, name: member.name }, "rental.document", reference, {
    document: DOCUMENT_PURPOSES[document.purpose],
  });
  const extension = EXTENSIONS[document.mediaType as keyof typeof EXTENSIONS] ?? "bin";
  return new Response(document.content, {
    headers: {
      "Content-Type": document.mediaType,
      "Content-Length": String(document.content.byteLength),
      "Content-Disposition": `attachment; filename="${reference}-${document.purpose.replace("_", "-")}.${extension}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
