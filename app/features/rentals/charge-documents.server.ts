// A rental's tax documents as My Rentals and the back office list them: each month's invoice, credit notes and
// the settlement's, oldest first.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rentalBookings, rentalCharges, taxDocuments } from "~/db/schema";
import type { DocumentKind } from "~/features/invoices";
import { formatRupees } from "~/lib/money";

export type BookingTaxDocument = { id: number; label: string; amount: string; kind: DocumentKind };

/**
 * The tax documents of these bookings (their months', their credit notes, their settlements'), oldest first,
 * by booking: one query for a customer's whole list.
 */
export async function bookingsTaxDocuments(
  db: Pick<Database, "select">,
  bookingIds: readonly number[],
): Promise<Map<number, BookingTaxDocument[]>> {
  const found = new Map<number, BookingTaxDocument[]>();
  if (bookingIds.length === 0) return found;
  const ids = [...bookingIds];
  const rows = await db
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      month: rentalCharges.month,
      amount: taxDocuments.amount,
      bookingId: sql<number>`coalesce(${rentalCharges.bookingId}, ${taxDocuments.rentalBookingId})`.mapWith(
        Number,
      ),
    })
    .from(taxDocuments)
    .leftJoin(rentalCharges, eq(rentalCharges.id, taxDocuments.rentalChargeId))
    .where(or(inArray(rentalCharges.bookingId, ids), inArray(taxDocuments.rentalBookingId, ids)))
    .orderBy(asc(taxDocuments.id));
  for (const row of rows) {
    const list = found.get(row.bookingId) ?? [];
    found.set(row.bookingId, list);
    list.push({
      id: row.id,
      label: `${row.kind === "invoice" ? "Invoice" : "Credit note"} ${row.number}${row.month ? ` (month ${row.month})` : " (deposit kept)"}`,
      amount: formatRupees(row.amount),
      kind: row.kind as DocumentKind,
    });
  }
  return found;
}

/** The tax documents of one booking, oldest first. */
export async function bookingTaxDocuments(db: Pick<Database, "select">, bookingId: number) {
  return (await bookingsTaxDocuments(db, [bookingId])).get(bookingId) ?? [];
}

/**
 * One of a booking's tax documents, by its id; with `customerId`, only when the booking is that customer's.
 * Another booking's document, or another customer's, is undefined alike (the route answers 404).
 */
export async function bookingTaxDocument(
  db: Pick<Database, "select">,
  bookingId: number,
  documentId: number,
  customerId?: number,
) {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .leftJoin(rentalCharges, eq(rentalCharges.id, taxDocuments.rentalChargeId))
    .innerJoin(
      rentalBookings,
      eq(rentalBookings.id, sql`coalesce(${rentalCharges.bookingId}, ${taxDocuments.rentalBookingId})`),
    )
    .where(
      and(
        eq(taxDocuments.id, documentId),
        eq(rentalBookings.id, bookingId),
        customerId === undefined ? undefined : eq(rentalBookings.customerId, customerId),
      ),
    );
  return row?.document;
}
