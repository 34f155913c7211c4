// A rental's later months (decision 0043, section 5): each billed a week before it falls due, and the due and
// overdue notices claimed once per charge, so two instances never mail the same notice twice.
import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, rentalBookings, rentalCharges } from "~/db/schema";
import { shopClock } from "~/features/delivery";
import { BILLED_DAYS_AHEAD, monthDueOn, monthPeriod, OVERDUE_AFTER_DAYS, plusDays } from "./charges";

/**
 * Bills the months falling due within BILLED_DAYS_AHEAD of running rentals: each month's charge is made once
 * (a unique month per booking), at the rent the booking has then (an extension's new rent from its next month).
 * Returns how many were made.
 */
export async function billComingMonths(db: Database, now = new Date()): Promise<number> {
  const horizon = plusDays(shopClock(now).day, BILLED_DAYS_AHEAD);
  const running = await db
    .select()
    .from(rentalBookings)
    .where(and(eq(rentalBookings.status, "active"), lte(rentalBookings.activeFrom, horizon)));
  let made = 0;
  for (const booking of running) {
    if (!booking.activeFrom) continue;
    for (let month = 2; month <= booking.months; month++) {
      const dueOn = monthDueOn(booking.activeFrom, month);
      if (dueOn > horizon) break;
      const period = monthPeriod(booking.activeFrom, month);
      const inserted = await db
        .insert(rentalCharges)
        .values({
          bookingId: booking.id,
          month,
          rent: booking.monthlyRent * booking.units,
          periodFrom: period.from,
          periodTo: period.to,
          dueOn,
        })
        .onConflictDoNothing()
        .returning({ id: rentalCharges.id });
      made += inserted.length;
    }
  }
  return made;
}

/** Claims, for this run, later months' charges whose customer has not been mailed yet, or that became overdue. */
export async function claimChargeNotices(db: Database, kind: "due" | "overdue", now = new Date()) {
  const today = shopClock(now).day;
  const column = kind === "due" ? rentalCharges.dueNoticeAt : rentalCharges.overdueNoticeAt;
  const when =
    kind === "due"
      ? and(eq(rentalCharges.status, "due"), gt(rentalCharges.month, 1))
      : and(eq(rentalCharges.status, "due"), lte(rentalCharges.dueOn, plusDays(today, -OVERDUE_AFTER_DAYS)));
  const claimed = await db
    .update(rentalCharges)
    .set(kind === "due" ? { dueNoticeAt: now } : { overdueNoticeAt: now })
    .where(and(when, isNull(column)))
    .returning({ id: rentalCharges.id });
  return claimed.map((row) => row.id);
}

/** Gives a claim back when its mail could not be sent, so the next run tries again. */
export async function unclaimChargeNotice(db: Database, kind: "due" | "overdue", chargeId: number) {
  await db
    .update(rentalCharges)
    .set(kind === "due" ? { dueNoticeAt: null } : { overdueNoticeAt: null })
    .where(eq(rentalCharges.id, chargeId));
}

/** The facts of charges for their mails, with the booking and the customer. */
export async function chargesForMail(db: Database, chargeIds: readonly number[]) {
  if (chargeIds.length === 0) return [];
  return db
    .select({
      charge: rentalCharges,
      booking: rentalBookings,
      email: customers.email,
      firstname: customers.firstname,
    })
    .from(rentalCharges)
    .innerJoin(rentalBookings, eq(rentalBookings.id, rentalCharges.bookingId))
    .innerJoin(customers, eq(customers.id, rentalBookings.customerId))
    .where(inArray(rentalCharges.id, [...chargeIds]))
    .orderBy(asc(rentalCharges.dueOn), asc(rentalCharges.id));
}
