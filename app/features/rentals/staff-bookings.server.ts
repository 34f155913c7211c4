// The back office's view of rental bookings: the list staff work through, and one booking with its documents.
// The moves along the pipeline come with the unit register (decision 0043).
import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { customers, rentalBookings } from "~/db/schema";
import { formatShopDay, shopClock } from "~/features/delivery";
import { readShopSettings } from "~/features/settings/index.server";
import { formatLongDate } from "~/lib/dates";
import { choice, listPage } from "~/lib/list-filters";
import { pageCount } from "~/lib/list-query";
import { formatRupees } from "~/lib/money";
import {
  BOOKING_STATUS_TEXT,
  bookingReference,
  DOCUMENT_PURPOSES,
  documentKindText,
  RENTAL_BOOKING_STATUSES,
} from "./booking";
import { bookingTaxDocuments } from "./charge-documents.server";
import { chargesOf, chargeView } from "./charges.server";
import { documentsOf } from "./documents.server";
import { monthsText, perMonth, upFront } from "./offer";
import { BOOKING_MOVES } from "./pipeline";
import { bookingHistory, depositBack, tenureEnd } from "./pipeline.server";
import { freeUnits, unitsOf } from "./units.server";

export const RENTALS_PAGE_SIZE = 50;

/** The list's filters in the URL: a status and a page. */
export const rentalListSchema = z.object({ status: choice(RENTAL_BOOKING_STATUSES), page: listPage });
export type RentalListFilters = z.output<typeof rentalListSchema>;

/** The bookings, newest first, a page at a time; with a status, only those in it. */
export async function listBookings(db: Database, filters: RentalListFilters) {
  const where = filters.status ? eq(rentalBookings.status, filters.status) : undefined;
  const [counted] = await db.select({ n: count() }).from(rentalBookings).where(where);
  const total = counted?.n ?? 0;
  const pages = pageCount(total, RENTALS_PAGE_SIZE);
  const page = Math.min(filters.page, pages);
  const rows = await db
    .select({ booking: rentalBookings, email: customers.email })
    .from(rentalBookings)
    .innerJoin(customers, eq(customers.id, rentalBookings.customerId))
    .where(where)
    .orderBy(desc(rentalBookings.createdAt), desc(rentalBookings.id))
    .limit(RENTALS_PAGE_SIZE)
    .offset((page - 1) * RENTALS_PAGE_SIZE);
  return {
    total,
    page,
    pages,
    rows: rows.map(({ booking, email }) => ({
      id: booking.id,
      reference: bookingReference(booking.id),
      customer: `${booking.address.firstname} ${booking.address.lastname}`,
      email,
      title: booking.title,
      plan: `${booking.units} × ${monthsText(booking.months)}`,
      start: formatShopDay(booking.startDate),
      status: BOOKING_STATUS_TEXT[booking.status],
      requestedAt: booking.createdAt.toISOString(),
    })),
  };
}

/** One booking as staff read it, with its documents listed (their bytes are served one at a time). */
export async function bookingForStaff(db: Database, bookingId: number) {
  const [row] = await db
    .select({ booking: rentalBookings, email: customers.email, mobile: customers.mobile })
    .from(rentalBookings)
    .innerJoin(customers, eq(customers.id, rentalBookings.customerId))
    .where(eq(rentalBookings.id, bookingId));
  if (!row) return undefined;
  const { booking } = row;
  const paid = upFront({ deposit: booking.deposit }, booking, booking.units);
  const [documents, units, history, charges, taxDocuments] = await Promise.all([
    documentsOf(db, bookingId),
    unitsOf(db, bookingId),
    bookingHistory(db, bookingId),
    chargesOf(db, bookingId),
    bookingTaxDocuments(db, bookingId),
  ]);
  const today = shopClock(new Date()).day;
  const settings = await readShopSettings(db);
  const free =
    booking.status === "verified" && booking.productId ? await freeUnits(db, booking.productId) : [];
  const deposit = depositBack(booking.deposit, booking.units, booking.deductions, booking.closureCharge);
  return {
    id: booking.id,
    reference: bookingReference(booking.id),
    status: BOOKING_STATUS_TEXT[booking.status],
    statusCode: booking.status,
    // Cash at the door only where the dealer allows it for rentals.
    moves: BOOKING_MOVES[booking.status].filter(
      (move) => move.needs !== "cash" || settings.rentalCashOnDelivery,
    ),
    unitsWanted: booking.units,
    /** The longer plans a running rental can be extended to. */
    extendTo: (booking.offer?.plans ?? [])
      .filter((plan) => plan.months > booking.months)
      .map((plan) => ({
        months: plan.months,
        text: `${monthsText(plan.months)} at ${perMonth(plan.monthlyRent)}`,
      })),
    units,
    freeUnits: free,
    history,
    deductions: booking.deductions.map((line) => ({ label: line.label, amount: formatRupees(line.amount) })),
    deposit: {
      held: formatRupees(deposit.held),
      charged: formatRupees(deposit.charged),
      back: formatRupees(deposit.back),
    },
    productId: booking.productId,
    title: booking.title,
    facts: [
      ["Customer", `${booking.address.firstname} ${booking.address.lastname} (${row.email}, ${row.mobile})`],
      ["Plan", `${booking.units} × ${monthsText(booking.months)} at ${perMonth(booking.monthlyRent)}`],
      ...(booking.activeFrom
        ? ([
            [
              "Tenure",
              `From ${formatShopDay(booking.activeFrom)} to ${formatShopDay(tenureEnd(booking.activeFrom, booking.months))}`,
            ],
          ] as [string, string][])
        : []),
      ...(booking.closureCharge > 0
        ? ([["Closing early", formatRupees(booking.closureCharge)]] as [string, string][])
        : []),
      [
        "Up front",
        `${formatRupees(paid.total)} (first month ${formatRupees(paid.firstMonth)}, deposit ${formatRupees(paid.deposit)})`,
      ],
      ["Start", formatShopDay(booking.startDate)],
      [
        "Deliver to",
        [
          booking.address.address,
          booking.address.other,
          booking.address.city,
          booking.address.state,
          booking.address.pincode,
        ]
          .filter(Boolean)
          .join(", "),
      ],
      [
        "Renter",
        booking.businessGstin ? `${booking.businessName} (GSTIN ${booking.businessGstin})` : "An individual",
      ],
      ["Terms agreed", `Version ${booking.termsVersion}`],
      ["Requested", formatLongDate(booking.createdAt)],
    ] as [string, string][],
    // Month 1 is paid at the counter by the pipeline's "paid" move; later months by their own form.
    charges: charges.map((charge) => ({
      ...chargeView(charge, today),
      recordable: charge.status === "due" && charge.month > 1,
    })),
    taxDocuments,
    depositReturnedBy: booking.depositReturnedBy,
    documents: documents.map((document) => ({
      id: document.id,
      purpose: DOCUMENT_PURPOSES[document.purpose],
      kind: documentKindText(document.kind),
      size: `${Math.max(1, Math.round(document.size / 1024))} KB`,
      type:
        document.mediaType === "application/pdf"
          ? "PDF"
          : document.mediaType === "image/png"
            ? "PNG"
            : "JPEG",
    })),
  };
}
