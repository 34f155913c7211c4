// What a customer's erasure of their account (decision 0041) does to their rentals: a booking out with them, or
// whose deposit is not settled, keeps the account open; a request not yet approved is withdrawn; and every
// document they sent is deleted at once, whatever the retention time.
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rentalBookings, rentalDocuments } from "~/db/schema";
import { BOOKING_STATUS_TEXT, bookingReference, ENDED_STATUSES, WITHDRAWABLE_STATUSES } from "./booking";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What an erased customer's requests that never went out keep of the address: nothing. */
const ERASED_ADDRESS = {
  firstname: "Deleted",
  lastname: "customer",
  address: "",
  city: "",
  state: "",
  country: "India",
  pincode: "",
};

/** The customer's rentals that an erasure must wait for, as "rental RENT-000042 (Approved)". */
export async function openRentalsOf(db: Database | Tx, customerId: number): Promise<string[]> {
  const rows = await db
    .select({ id: rentalBookings.id, status: rentalBookings.status })
    .from(rentalBookings)
    .where(
      and(
        eq(rentalBookings.customerId, customerId),
        notInArray(rentalBookings.status, [...ENDED_STATUSES, ...WITHDRAWABLE_STATUSES]),
      ),
    )
    .orderBy(rentalBookings.id);
  return rows.map((row) => `rental ${bookingReference(row.id)} (${BOOKING_STATUS_TEXT[row.status]})`);
}

/** Inside the erasure's transaction: withdraws the requests not yet approved and deletes every document. */
export async function eraseRentalsOf(tx: Tx, customerId: number, now: Date): Promise<{ documents: number }> {
  await tx
    .update(rentalBookings)
    .set({ status: "withdrawn", endedAt: now, updatedAt: now })
    .where(
      and(
        eq(rentalBookings.customerId, customerId),
        inArray(rentalBookings.status, [...WITHDRAWABLE_STATUSES]),
      ),
    );
  // Requests that never went out keep nothing of the customer: no law asks the shop to keep them.
  await tx
    .update(rentalBookings)
    .set({ address: ERASED_ADDRESS, businessName: null, businessGstin: null, updatedAt: now })
    .where(
      and(
        eq(rentalBookings.customerId, customerId),
        inArray(rentalBookings.status, ["withdrawn", "rejected"]),
      ),
    );
  const theirs = tx
    .select({ id: rentalBookings.id })
    .from(rentalBookings)
    .where(eq(rentalBookings.customerId, customerId));
  const deleted = await tx
    .delete(rentalDocuments)
    .where(inArray(rentalDocuments.bookingId, theirs))
    .returning({ id: rentalDocuments.id });
  return { documents: deleted.length };
}
