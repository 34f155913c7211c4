// A rental booking's identity, address and purchase-order documents (decision 0043): checked by their bytes,
// pictures re-encoded without their metadata, kept in the database (never under a public URL), read by staff
// alone, and deleted DOCUMENTS_KEPT_DAYS after the booking ends.

import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { rentalBookings, rentalDocuments } from "~/db/schema";
import { sniffFileType } from "~/lib/file-types";
import { requestLimits } from "~/lib/request-limits.mjs";
import { createWorkGate } from "~/lib/work-gate.server";
import { DOCUMENTS_KEPT_DAYS, type DocumentPurpose, type RentalDocumentType } from "./booking";

/** A photo of a document needs no more: a 50 MP phone photo is the largest real one. */
const DOCUMENT_MAX_MEGAPIXELS = 50;
/** Pictures are kept within this many pixels a side: every word of an ID card stays legible. */
const DOCUMENT_MAX_SIDE = 3000;

export type CheckedDocument = { mediaType: RentalDocumentType; content: Uint8Array };
export type DocumentProblem = "type" | "too-large" | "unreadable";

/** One document decoded at a time in each process, as pictures are (a large one takes a core for a moment). */
const decoding = createWorkGate({ concurrency: 1, maxQueued: 8, retryAfterSeconds: 5 });

/**
 * A document as the shop keeps it, or why it is refused. A PDF is kept as sent once its bytes say PDF (staff
 * download it; the browser is told never to run it). A JPEG or PNG is decoded, turned upright and re-encoded:
 * what is kept is a picture and nothing else, without the GPS position a phone writes into a photo.
 */
export async function checkDocument(
  bytes: Uint8Array,
): Promise<{ ok: true; document: CheckedDocument } | { ok: false; problem: DocumentProblem }> {
  if (bytes.byteLength > requestLimits.rentalDocumentBytes) return { ok: false, problem: "too-large" };
  const type = sniffFileType(bytes);
  if (type === "pdf") {
    // A PDF ends with its end-of-file marker (within its last kilobyte, allowing for trailing whitespace).
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - 1024))).toString("latin1");
    if (!tail.includes("%%EOF")) return { ok: false, problem: "unreadable" };
    return { ok: true, document: { mediaType: "application/pdf", content: bytes } };
  }
  if (type !== "jpeg" && type !== "png") return { ok: false, problem: "type" };
  return decoding.run(async () => {
    try {
      const image = sharp(bytes, {
        limitInputPixels: DOCUMENT_MAX_MEGAPIXELS * 1_000_000,
        failOn: "error",
        animated: false,
      });
      const { format } = await image.metadata();
      if (format !== type) return { ok: false, problem: "type" } as const;
      const fitted = image.autoOrient().resize({
        width: DOCUMENT_MAX_SIDE,
        height: DOCUMENT_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      });
      const content =
        type === "jpeg" ? await fitted.jpeg({ quality: 85 }).toBuffer() : await fitted.png().toBuffer();
      if (content.byteLength > requestLimits.rentalDocumentBytes)
        return { ok: false, problem: "too-large" } as const;
      return {
        ok: true,
        document: {
          mediaType: type === "jpeg" ? "image/jpeg" : "image/png",
          content: new Uint8Array(content),
        },
      } as const;
    } catch {
      return { ok: false, problem: "unreadable" } as const;
    }
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DocumentToStore = CheckedDocument & { purpose: DocumentPurpose; kind: string };

/** Stores a booking's documents inside the caller's transaction. */
export async function storeDocuments(tx: Tx, bookingId: number, documents: DocumentToStore[]): Promise<void> {
  if (documents.length === 0) return;
  await tx.insert(rentalDocuments).values(
    documents.map((document) => ({
      bookingId,
      purpose: document.purpose,
      kind: document.kind,
      mediaType: document.mediaType,
      size: document.content.byteLength,
      content: document.content,
    })),
  );
}

/** A booking's documents without their bytes: what the booking's page lists. */
export async function documentsOf(db: Database, bookingId: number) {
  return db
    .select({
      id: rentalDocuments.id,
      purpose: rentalDocuments.purpose,
      kind: rentalDocuments.kind,
      mediaType: rentalDocuments.mediaType,
      size: rentalDocuments.size,
    })
    .from(rentalDocuments)
    .where(eq(rentalDocuments.bookingId, bookingId))
    .orderBy(rentalDocuments.id);
}

/** One document of one booking, with its bytes: for staff only (the route checks who asks). */
export async function readDocument(db: Database, bookingId: number, documentId: number) {
  const [row] = await db
    .select()
    .from(rentalDocuments)
    .where(and(eq(rentalDocuments.id, documentId), eq(rentalDocuments.bookingId, bookingId)));
  return row ? { ...row, content: new Uint8Array(row.content) } : undefined;
}

/**
 * Deletes the documents of bookings that ended more than DOCUMENTS_KEPT_DAYS before `now` (housekeeping runs it
 * on every instance; deleting twice is harmless). Returns how many were deleted.
 */
export async function purgeEndedRentalDocuments(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DOCUMENTS_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const ended = db
    .select({ id: rentalBookings.id })
    .from(rentalBookings)
    .where(and(isNotNull(rentalBookings.endedAt), lt(rentalBookings.endedAt, before)));
  const deleted = await db
    .delete(rentalDocuments)
    .where(inArray(rentalDocuments.bookingId, ended))
    .returning({ id: rentalDocuments.id });
  return deleted.length;
}
