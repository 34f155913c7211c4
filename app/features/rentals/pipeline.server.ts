// A booking's moves along the dealer's pipeline (decision 0043): each made on the status the staff member saw,
// in one transaction with its units, its history and the audit trail; the customer is mailed after the commit.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, type RentalDeduction, rentalBookings, rentalEvents, rentalUnits } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { shopClock } from "~/features/delivery";
import { readShopSettings } from "~/features/settings/index.server";
import { formatRupees } from "~/lib/money";
import { rentalAdminMessages } from "./admin-messages";
import { BOOKING_STATUS_TEXT, bookingReference, type RentalBookingStatus } from "./booking";
import { monthsAfter, PAID_BY } from "./charges";
import {
  type ClaimedRefund,
  cancelCharges,
  chargesOf,
  markChargePaid,
  openFirstCharge,
  settleDeposit,
  unpaidMonth,
} from "./charges.server";
import { closingCharge, monthsText, monthsUsed, perMonth } from "./offer";
import { hasEnded, moveOf } from "./pipeline";
import type { BookingMoveForm } from "./schemas";
import { unitEvent } from "./units.server";

/** What the customer is told after a move (mailed after the commit). */
export type MoveNotice = {
  bookingId: number;
  to: string;
  firstname: string;
  status: RentalBookingStatus;
  reason: string | undefined;
  /** Lines about the units, the deductions, the deposit back. */
  details: string[];
};

export type MoveResult =
  | {
      ok: true;
      reference: string;
      status: RentalBookingStatus;
      notice: MoveNotice;
      /** A PhonePe refund claimed by the move (a cancellation after payment, the deposit back). */
      refund: ClaimedRefund | null;
    }
  | { ok: false; status: number; field: string | null; message: string };

/**
 * The deposit held, what is charged against it (the inspection's charges and the early-closing charge), what
 * goes back (never below nothing) and what the customer still owes beyond it.
 */
export function depositBack(
  deposit: number,
  units: number,
  deductions: readonly RentalDeduction[],
  closureCharge = 0,
) {
  const held = deposit * units;
  const charged = deductions.reduce((sum, line) => sum + line.amount, 0) + closureCharge;
  return { held, charged, back: Math.max(0, held - charged), owed: Math.max(0, charged - held) };
}

/** The day a tenure ends: its months after the day it went active. */
export const tenureEnd = (activeFrom: string, months: number) => monthsAfter(activeFrom, months);

/**
 * Moves a booking from `form.from` to `form.to`. Refused (nothing changed) when the booking is no longer in
 * `from` (someone moved it meanwhile), when the pipeline has no such move, when a reason is needed and
 * missing, when approval does not name exactly the booking's number of free units of its product, or when the
 * inspection's charges exceed the deposit. Units are set aside at approval, handed over at delivery (noted on
 * each unit), and free again at inspection or cancellation.
 */
export async function moveBooking(
  db: Database,
  actor: Actor,
  bookingId: number,
  form: BookingMoveForm,
  now = new Date(),
): Promise<MoveResult> {
  const refuse = (status: number, field: string | null, message: string) =>
    ({ ok: false, status, field, message }) as const;
  return db
    .transaction(async (tx): Promise<MoveResult> => {
      const [row] = await tx
        .select({ booking: rentalBookings, email: customers.email, firstname: customers.firstname })
        .from(rentalBookings)
        .innerJoin(customers, eq(customers.id, rentalBookings.customerId))
        .where(eq(rentalBookings.id, bookingId))
        // The customer's row too: an erasure of the account waits for the move, or the move for the erasure.
        .for("update");
      if (!row) return refuse(404, null, rentalAdminMessages.noSuchMove);
      const { booking } = row;
      if (booking.status !== form.from) {
        return refuse(409, null, rentalAdminMessages.stale(BOOKING_STATUS_TEXT[booking.status]));
      }
      const move = moveOf(booking.status, form.to);
      if (!move) return refuse(400, null, rentalAdminMessages.noSuchMove);
      if (move.needs === "cash" && !(await readShopSettings(tx)).rentalCashOnDelivery) {
        return refuse(400, null, rentalAdminMessages.noCashForRentals);
      }
      if (move.needs === "reason" && !form.reason)
        return refuse(400, "reason", rentalAdminMessages.reasonRequired);

      const reference = bookingReference(bookingId);
      const details: string[] = [];
      const changes: Partial<typeof rentalBookings.$inferInsert> = { status: move.to, updatedAt: now };
      const held = await tx
        .select({ id: rentalUnits.id, assetTag: rentalUnits.assetTag })
        .from(rentalUnits)
        .where(eq(rentalUnits.bookingId, bookingId));

      if (move.needs === "units") {
        const chosen = [...new Set(form.unitIds)];
        if (chosen.length !== booking.units) {
          return refuse(400, "unitIds", rentalAdminMessages.unitsCount(booking.units));
        }
        const taken = await tx
          .update(rentalUnits)
          .set({ status: "rented", bookingId, updatedAt: now })
          .where(
            and(
              inArray(rentalUnits.id, chosen),
              eq(rentalUnits.productId, booking.productId ?? 0),
              eq(rentalUnits.status, "available"),
            ),
          )
          .returning({ id: rentalUnits.id, assetTag: rentalUnits.assetTag });
        if (taken.length !== chosen.length) {
          // Another booking took one meanwhile: undo the whole move.
          tx.rollback();
        }
        for (const unit of taken) await unitEvent(tx, actor, unit.id, "Set aside", form.note, bookingId);
        details.push(`Units set aside: ${taken.map((unit) => unit.assetTag).join(", ")}`);
      }
      let refund: ClaimedRefund | null = null;
      if (move.to === "approved") {
        const first = await openFirstCharge(tx, booking, now);
        details.push(
          `To pay now: ${formatRupees(first.rent + first.deposit)} (the refundable deposit ${formatRupees(first.deposit)} and the first month's rent ${formatRupees(first.rent)}). Pay it with PhonePe from My Rentals, or at our counter.`,
        );
      }
      if (move.to === "paid" || move.needs === "cash") {
        const charges = await chargesOf(tx, bookingId);
        const first =
          charges.find((charge) => charge.month === 1) ?? (await openFirstCharge(tx, booking, now));
        const by = move.needs === "cash" ? PAID_BY.cashOnDelivery : PAID_BY.counter;
        await markChargePaid(tx, booking, first, { by, attemptId: null }, now);
        details.push(`Received: ${formatRupees(first.rent + first.deposit)} (${by.toLowerCase()})`);
      }
      if (move.to === "cancelled") {
        const cancelled = await cancelCharges(tx, booking, now);
        details.push(...cancelled.details);
        refund = cancelled.refund;
      }
      if (move.to === "delivered") {
        for (const unit of held) await unitEvent(tx, actor, unit.id, "Handed over", form.note, bookingId);
      }
      if (move.to === "active" && booking.status === "delivered") {
        changes.activeFrom = shopClock(now).day;
      }
      if (move.needs === "tenure") {
        const plan = booking.offer?.plans.find((candidate) => candidate.months === form.months);
        if (!plan || plan.months <= booking.months) {
          return refuse(400, "months", rentalAdminMessages.tenureRequired);
        }
        changes.months = plan.months;
        changes.monthlyRent = plan.monthlyRent;
        // A new end: the customer and the owners are told again when it comes near.
        changes.endingNoticeAt = null;
        details.push(
          `Extended to ${monthsText(plan.months)} at ${perMonth(plan.monthlyRent)} from the next month's rent`,
        );
      }
      if (move.to === "return_requested" && booking.activeFrom) {
        const today = shopClock(now).day;
        if (today < tenureEnd(booking.activeFrom, booking.months) && booking.offer) {
          const used = monthsUsed(booking.activeFrom, today);
          const charge = closingCharge(booking.offer, booking.monthlyRent, booking.units, used);
          changes.closureCharge = charge;
          details.push(
            `Closing early after ${monthsText(used)} of ${monthsText(booking.months)}: ${formatRupees(charge)} under the rental terms, taken from the deposit`,
          );
        }
      }
      if (move.to === "picked_up") {
        for (const unit of held) await unitEvent(tx, actor, unit.id, "Picked up", form.note, bookingId);
      }
      if (move.needs === "deductions") {
        const { held: deposit, charged } = depositBack(booking.deposit, booking.units, form.deductions);
        if (charged > deposit) {
          return refuse(
            400,
            "deduction1Amount",
            rentalAdminMessages.deductionsOverDeposit(formatRupees(deposit)),
          );
        }
        changes.deductions = form.deductions;
        for (const line of form.deductions) details.push(`${line.label}: ${formatRupees(line.amount)}`);
      }
      if (move.to === "settled") {
        const unpaid = await unpaidMonth(tx, bookingId);
        if (unpaid !== null) return refuse(409, null, rentalAdminMessages.rentUnpaid(unpaid));
        const { back } = depositBack(
          booking.deposit,
          booking.units,
          booking.deductions,
          booking.closureCharge,
        );
        const deposit = await settleDeposit(
          tx,
          booking,
          { back, closureCharge: booking.closureCharge, deductions: booking.deductions },
          now,
        );
        changes.depositReturnedBy = deposit.by;
        details.push(deposit.detail);
        refund = deposit.refund;
      }
      // Units come back to the register at inspection, or when the booking is cancelled before they went out.
      if (move.to === "inspected" || move.to === "cancelled") {
        if (held.length > 0) {
          // Back with charges found, the units go to repair until staff say they are fit to rent again.
          const repair = move.to === "inspected" && form.deductions.length > 0;
          await tx
            .update(rentalUnits)
            .set({ status: repair ? "repair" : "available", bookingId: null, updatedAt: now })
            .where(eq(rentalUnits.bookingId, bookingId));
          const what = move.to === "cancelled" ? "Released" : repair ? "Back, to repair" : "Back, inspected";
          for (const unit of held) await unitEvent(tx, actor, unit.id, what, form.note, bookingId);
        }
      }
      if (hasEnded(move.to)) changes.endedAt = now;
      await tx.update(rentalBookings).set(changes).where(eq(rentalBookings.id, bookingId));
      await tx.insert(rentalEvents).values({
        bookingId,
        fromStatus: booking.status,
        toStatus: move.to,
        staffId: actor.id,
        actorName: actor.name,
        reason: form.reason ?? null,
        note: form.note,
      });
      await recordAudit(tx, actor, "rental.status", reference, {
        status: { before: booking.status, after: move.to },
        ...(form.reason ? { reason: form.reason } : {}),
        ...(changes.deductions
          ? { deductions: form.deductions.map((line) => `${line.label} ${formatRupees(line.amount)}`) }
          : {}),
      });
      return {
        ok: true,
        reference,
        status: move.to,
        notice: {
          bookingId,
          to: row.email,
          firstname: row.firstname,
          status: move.to,
          reason: form.reason,
          details,
        },
        refund,
      };
    })
    .catch((error: unknown) => {
      // The rollback above: a unit was taken by another booking between the page and the post.
      if (error instanceof Error && /rollback/i.test(error.name + error.message)) {
        return { ok: false, status: 409, field: "unitIds", message: rentalAdminMessages.unitsTaken } as const;
      }
      throw error;
    });
}

/** A booking's history, newest first: moves, with who made them and their notes. */
export async function bookingHistory(db: Database, bookingId: number) {
  const rows = await db
    .select()
    .from(rentalEvents)
    .where(and(eq(rentalEvents.bookingId, bookingId)))
    .orderBy(desc(rentalEvents.id));
  return rows
    .filter((row) => row.unitId === null)
    .map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      who: row.actorName,
      from: row.fromStatus
        ? (BOOKING_STATUS_TEXT[row.fromStatus as RentalBookingStatus] ?? row.fromStatus)
        : null,
      to: row.toStatus ? (BOOKING_STATUS_TEXT[row.toStatus as RentalBookingStatus] ?? row.toStatus) : "",
      note: [row.reason ? `Reason: ${row.reason}` : "", row.note].filter(Boolean).join("; "),
    }));
}
