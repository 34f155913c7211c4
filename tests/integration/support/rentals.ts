import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { quoteDelivery } from "~/features/delivery/index.server";
import type { requestBooking } from "~/features/rentals/index.server";

/* What the rental tests share: the seed's Dell rental, a moment in India, and a booking form that is accepted. */

export const DELL = "Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)";

/** A Wednesday morning in Bengaluru, 20 January 2027. */
export const RENTAL_NOW = new Date("2027-01-20T10:00:00+05:30");

export const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

export const pdf = (text = PDF, name = "bill.pdf") => new File([text], name, { type: "application/pdf" });

/** The seed's Dell rental's id. */
export async function dellIdOf(db: Database): Promise<number> {
  const [dell] = await db.select({ id: products.id }).from(products).where(eq(products.title, DELL));
  return dell?.id ?? 0;
}

/** The earliest start for a Bengaluru PIN code at `now`: the day the delivery rules promise there. */
export async function earliestBengaluruStart(db: Database, now = RENTAL_NOW): Promise<string> {
  const quote = await quoteDelivery(db, "560034", now);
  if (!quote.served) throw new Error("Bengaluru is not served");
  return quote.standard.deliverBy;
}

export type BookingForm = Parameters<typeof requestBooking>[3];

/** A booking form for a Bengaluru address that the shop accepts: 3 months, a passport and a bill as PDFs. */
export async function bookingForm(db: Database, overrides: Partial<BookingForm> = {}): Promise<BookingForm> {
  return {
    months: 3,
    units: 1,
    startDate: await earliestBengaluruStart(db),
    firstname: "Asha",
    lastname: "Rao",
    address: "12, 4th Cross, Koramangala",
    city: "Bengaluru",
    state: "Karnataka",
    country: "India",
    pincode: "560034",
    customerType: "individual",
    idProofKind: "passport",
    addressProofKind: "utility-bill",
    terms: "on",
    idProof: pdf(PDF, "id.pdf"),
    addressProof: pdf(),
    ...overrides,
  };
}
