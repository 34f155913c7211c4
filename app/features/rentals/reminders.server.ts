// Reminders of rentals ending (decision 0043): once per booking, when its tenure ends within 14 days, the
// customer is told the day (to extend or to fix the pick-up) and the dealer's owners get the list. Every
// instance runs it; a booking is claimed by one update, so nobody is told twice, and given back when the
// customer's mail fails.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, rentalBookings } from "~/db/schema";
import { formatShopDay, shopClock } from "~/features/delivery";
import { readShopContact } from "~/features/settings/index.server";
import { describeError } from "~/lib/errors.server";
import { type MailMessage, sendMail } from "~/lib/mail.server";
import { shop } from "~/lib/shop";
import { bookingReference } from "./booking";
import { mailOwners, rentalMail } from "./booking-mail.server";

/** Told this many days before a tenure ends, as the issue and rental shops do. */
export const ENDING_NOTICE_DAYS = 14;

/** The day a booking's tenure ends: its months after the day it went active. */
const endsOn = sql<string>`to_char((${rentalBookings.activeFrom} + make_interval(months => ${rentalBookings.months}::int))::date, 'YYYY-MM-DD')`;

/** The active rentals ending within the notice (and not yet told), claimed for this run. */
async function claimEnding(db: Database, now: Date) {
  const today = shopClock(now).day;
  const due = db
    .select({ id: rentalBookings.id })
    .from(rentalBookings)
    .where(
      and(
        eq(rentalBookings.status, "active"),
        isNull(rentalBookings.endingNoticeAt),
        sql`(${rentalBookings.activeFrom} + make_interval(months => ${rentalBookings.months}::int))::date <= ${today}::date + ${ENDING_NOTICE_DAYS}::int`,
      ),
    );
  const claimed = await db
    .update(rentalBookings)
    .set({ endingNoticeAt: now })
    .where(and(inArray(rentalBookings.id, due), isNull(rentalBookings.endingNoticeAt)))
    .returning({ id: rentalBookings.id });
  if (claimed.length === 0) return [];
  return db
    .select({
      id: rentalBookings.id,
      title: rentalBookings.title,
      units: rentalBookings.units,
      endsOn,
      email: customers.email,
      firstname: customers.firstname,
    })
    .from(rentalBookings)
    .innerJoin(customers, eq(customers.id, rentalBookings.customerId))
    .where(
      inArray(
        rentalBookings.id,
        claimed.map((row) => row.id),
      ),
    )
    .orderBy(endsOn);
}

/**
 * Tells the customers and the dealer's owners of rentals ending within ENDING_NOTICE_DAYS, once per booking.
 * Returns how many bookings were told about. A customer's mail that cannot be sent is logged and its claim
 * given back, so the next run (ten minutes on) tries again.
 */
export async function sendEndingReminders(
  db: Database,
  publicUrl: string,
  now = new Date(),
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<number> {
  const ending = await claimEnding(db, now);
  if (ending.length === 0) return 0;
  const contact = await readShopContact(db);
  for (const rental of ending) {
    const reference = bookingReference(rental.id);
    const day = formatShopDay(rental.endsOn);
    try {
      await send(
        rentalMail({
          to: rental.email,
          firstname: rental.firstname,
          subject: `Your ${shop.name} rental ${reference} ends on ${day}`,
          headline: `Your rental ${reference} (${rental.title}) ends on ${day}.`,
          next: `To keep the units longer, reply or call us on ${contact.hotline} before then. Otherwise we will call you to fix the day we pick them up.`,
          myRentalsUrl: new URL("/my-rentals", publicUrl).toString(),
          follow: "My Rentals:",
          contact,
        }),
      );
    } catch (error) {
      console.error(`Could not e-mail rental ${reference}'s end to its customer: ${describeError(error)}`);
      // Given back, as a charge's notice is: the next run tells the customer (and the owners) again.
      await db.update(rentalBookings).set({ endingNoticeAt: null }).where(eq(rentalBookings.id, rental.id));
    }
  }
  await mailOwners(
    db,
    {
      subject: `Rentals ending within ${ENDING_NOTICE_DAYS} days: ${ending.length}`,
      lines: ending.map(
        (rental) =>
          `${bookingReference(rental.id)}: ${rental.units} × ${rental.title}, ends ${formatShopDay(rental.endsOn)}`,
      ),
      action: "Arrange the pick-ups or extensions",
      publicUrl,
    },
    send,
  );
  return ending.length;
}

/** What the back office's first page counts: requests to check, and active rentals ending within the notice. */
export async function rentalsToAttend(db: Database, now = new Date()) {
  const today = shopClock(now).day;
  const [row] = await db
    .select({
      requested: sql<number>`count(*) FILTER (WHERE ${rentalBookings.status} = 'requested')`.mapWith(Number),
      ending:
        sql<number>`count(*) FILTER (WHERE ${rentalBookings.status} = 'active' AND (${rentalBookings.activeFrom} + make_interval(months => ${rentalBookings.months}::int))::date <= ${today}::date + ${ENDING_NOTICE_DAYS}::int)`.mapWith(
          Number,
        ),
    })
    .from(rentalBookings);
  return { requested: row?.requested ?? 0, ending: row?.ending ?? 0, days: ENDING_NOTICE_DAYS };
}
