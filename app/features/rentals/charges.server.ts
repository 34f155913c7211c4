// A rental's charges (decision 0043, section 5): made at approval (the deposit and the first month) and a week
// before each later month, paid through PhonePe or at the counter, invoiced once paid; voided or refunded when
// the booking is cancelled, and the deposit given back at settlement. The later months' billing and notices are
// charge-billing.server.ts's, the tax documents' lists charge-documents.server.ts's.
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  paymentAttempts,
  type RentalDeduction,
  rentalBookings,
  rentalCharges,
  rentalEvents,
} from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { formatShopDay, shopClock } from "~/features/delivery";
import { issueCreditNote, issueRentalInvoice } from "~/features/invoices/index.server";
import { claimRefund } from "~/features/payments/index.server";
import { formatRupees } from "~/lib/money";
import { bookingReference, ENDED_STATUSES } from "./booking";
import {
  CHARGE_STATUS_TEXT,
  type ChargeStatus,
  chargeLabel,
  monthPeriod,
  OVERDUE_AFTER_DAYS,
  PAID_BY,
  plusDays,
  rentLine,
} from "./charges";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Booking = typeof rentalBookings.$inferSelect;
type Charge = typeof rentalCharges.$inferSelect;

/** The shop itself, as the booking's history and the audit trail name it when a payment moves a booking. */
const PAYMENT_ACTOR: Actor = { id: null, name: "PhonePe payment" };

/** At approval: the first charge, the deposit and the first month's rent for every unit, due at once. */
export async function openFirstCharge(tx: Tx, booking: Booking, now: Date): Promise<Charge> {
  const period = monthPeriod(booking.startDate, 1);
  const [charge] = await tx
    .insert(rentalCharges)
    .values({
      bookingId: booking.id,
      month: 1,
      rent: booking.monthlyRent * booking.units,
      deposit: booking.deposit * booking.units,
      periodFrom: period.from,
      periodTo: period.to,
      dueOn: shopClock(now).day,
    })
    .returning();
  if (!charge) throw new Error(`The first charge of booking ${booking.id} was not written`);
  return charge;
}

/** The invoice facts of a charge's rent: one line, the month and the days it covers. */
function rentInvoice(booking: Booking, charge: Charge, paidBy: string) {
  return {
    bookingId: booking.id,
    reference: `${bookingReference(booking.id)} month ${charge.month}`,
    paymentMethod: paidBy,
    lines: [
      {
        description: rentLine(booking.title, charge.month, booking.months, {
          from: charge.periodFrom,
          to: charge.periodTo,
        }),
        quantity: booking.units,
        unitPrice: charge.rent / booking.units,
      },
    ],
    address: booking.address,
    businessName: booking.businessName,
    gstin: booking.businessGstin,
  };
}

/**
 * A charge and its booking (of `bookingId`, when given), locked for the caller's transaction: the booking's row
 * first, then the charge's. The pipeline's moves lock the booking and then write its charges; taken in the other
 * order, a PhonePe payment settled while staff record the same charge paid at the counter deadlocked, and
 * PostgreSQL aborted one of the two (tests/integration/rental-races.test.ts).
 */
async function lockedCharge(tx: Tx, chargeId: number, bookingId?: number) {
  // A charge never moves to another booking: its booking's id can be read before either row is locked.
  const [owner] = await tx
    .select({ bookingId: rentalCharges.bookingId })
    .from(rentalCharges)
    .where(
      and(
        eq(rentalCharges.id, chargeId),
        bookingId === undefined ? undefined : eq(rentalCharges.bookingId, bookingId),
      ),
    );
  if (!owner) return undefined;
  const [booking] = await tx
    .select()
    .from(rentalBookings)
    .where(eq(rentalBookings.id, owner.bookingId))
    .for("update");
  const [charge] = await tx.select().from(rentalCharges).where(eq(rentalCharges.id, chargeId)).for("update");
  return booking && charge ? { booking, charge } : undefined;
}

/**
 * Records a due charge paid (nothing when it is not due any more) and issues the invoice of its rent, in the
 * caller's transaction. True when this call paid it.
 */
export async function markChargePaid(
  tx: Tx,
  booking: Booking,
  charge: Charge,
  how: { by: string; attemptId: number | null },
  now: Date,
): Promise<boolean> {
  const paid = await tx
    .update(rentalCharges)
    .set({ status: "paid", paidAt: now, paidBy: how.by, paymentAttemptId: how.attemptId })
    .where(and(eq(rentalCharges.id, charge.id), eq(rentalCharges.status, "due")))
    .returning({ id: rentalCharges.id });
  if (paid.length === 0) return false;
  await issueRentalInvoice(tx, { rentalChargeId: charge.id }, rentInvoice(booking, charge, how.by), now);
  return true;
}

/** A booking's charges, oldest month first. */
export function chargesOf(tx: Pick<Database, "select">, bookingId: number) {
  return tx
    .select()
    .from(rentalCharges)
    .where(eq(rentalCharges.bookingId, bookingId))
    .orderBy(asc(rentalCharges.month));
}

export type SettledCharge =
  | { kind: "paid"; isNew: boolean; bookingId: number; customerId: number; movedToPaid: boolean }
  /** Not due any more (cancelled, or paid another way meanwhile): the payment is refunded. */
  | { kind: "not-payable" };

/**
 * A PhonePe payment of a charge has completed, in the transaction that finishes its attempt: the charge is paid
 * and invoiced, and the first charge moves an approved booking to paid. Called again for the same attempt, it
 * says so (isNew false).
 */
export async function settleRentalCharge(
  tx: Tx,
  chargeId: number,
  attemptId: number,
  now = new Date(),
): Promise<SettledCharge> {
  const row = await lockedCharge(tx, chargeId);
  if (!row) return { kind: "not-payable" };
  const { charge, booking } = row;
  const done = { bookingId: booking.id, customerId: booking.customerId };
  if (charge.status === "paid" && charge.paymentAttemptId === attemptId) {
    return { kind: "paid", isNew: false, movedToPaid: false, ...done };
  }
  if (ENDED_STATUSES.includes(booking.status)) return { kind: "not-payable" };
  if (!(await markChargePaid(tx, booking, charge, { by: PAID_BY.phonePe, attemptId }, now))) {
    return { kind: "not-payable" };
  }
  let movedToPaid = false;
  if (charge.month === 1 && booking.status === "approved") {
    await tx
      .update(rentalBookings)
      .set({ status: "paid", updatedAt: now })
      .where(eq(rentalBookings.id, booking.id));
    await tx.insert(rentalEvents).values({
      bookingId: booking.id,
      fromStatus: "approved",
      toStatus: "paid",
      actorName: PAYMENT_ACTOR.name,
      note: "",
    });
    await recordAudit(tx, PAYMENT_ACTOR, "rental.status", bookingReference(booking.id), {
      status: { before: "approved", after: "paid" },
    });
    movedToPaid = true;
  }
  return { kind: "paid", isNew: true, movedToPaid, ...done };
}

/** A charge the customer may pay through PhonePe now: theirs, due, and its booking still running. */
export async function chargeToPay(db: Pick<Database, "select">, customerId: number, chargeId: number) {
  const [row] = await db
    .select({ charge: rentalCharges, booking: rentalBookings })
    .from(rentalCharges)
    .innerJoin(rentalBookings, eq(rentalBookings.id, rentalCharges.bookingId))
    .where(
      and(
        eq(rentalCharges.id, chargeId),
        eq(rentalBookings.customerId, customerId),
        eq(rentalCharges.status, "due"),
        notInArray(rentalBookings.status, [...ENDED_STATUSES]),
      ),
    );
  if (!row) return null;
  const { charge, booking } = row;
  return {
    chargeId: charge.id,
    amount: charge.rent + charge.deposit,
    reference: bookingReference(booking.id),
    month: charge.month,
    address: booking.address,
    businessGstin: booking.businessGstin,
    businessName: booking.businessName,
  };
}

/** The PhonePe payment a paid charge came from, to refund against. */
async function phonePePaymentOf(tx: Tx, charge: Charge) {
  if (charge.paidBy !== PAID_BY.phonePe || charge.paymentAttemptId === null) return null;
  const [attempt] = await tx
    .select({ merchantOrderId: paymentAttempts.merchantOrderId, refundState: paymentAttempts.refundState })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, charge.paymentAttemptId));
  return attempt ?? null;
}

/** A refund claimed in a move's transaction, for the caller to ask PhonePe about after the commit. */
export type ClaimedRefund = { merchantOrderId: string; amount: number };

/**
 * A booking cancelled: charges not paid are void; one already paid (the first, before delivery) is given back
 * in full, by a PhonePe refund of its payment or at the counter, and its rent's invoice is credited.
 */
export async function cancelCharges(tx: Tx, booking: Booking, now: Date) {
  await tx
    .update(rentalCharges)
    .set({ status: "void" })
    .where(and(eq(rentalCharges.bookingId, booking.id), eq(rentalCharges.status, "due")));
  const paid = (await chargesOf(tx, booking.id)).filter((charge) => charge.status === "paid");
  const details: string[] = [];
  let refund: ClaimedRefund | null = null;
  for (const charge of paid) {
    const amount = charge.rent + charge.deposit;
    await issueCreditNote(tx, { rentalChargeId: charge.id }, charge.rent, now);
    const payment = await phonePePaymentOf(tx, charge);
    if (payment && (await claimRefund(tx, payment.merchantOrderId, amount, now))) {
      refund = { merchantOrderId: payment.merchantOrderId, amount };
      details.push(`${formatRupees(amount)} is refunded to the PhonePe payment it came from.`);
    } else {
      details.push(`${formatRupees(amount)} paid is returned to you at our counter.`);
    }
  }
  return { details, refund };
}

/** Why a booking cannot be settled yet: a month's rent still due. */
export async function unpaidMonth(tx: Tx, bookingId: number): Promise<number | null> {
  const [due] = await tx
    .select({ month: rentalCharges.month })
    .from(rentalCharges)
    .where(and(eq(rentalCharges.bookingId, bookingId), eq(rentalCharges.status, "due")))
    .orderBy(asc(rentalCharges.month))
    .limit(1);
  return due?.month ?? null;
}

/**
 * Settlement: what was kept from the deposit (the inspection's charges and an early closing's) is a supply and
 * gets its tax invoice; what comes back is refunded against the first charge's PhonePe payment, or paid at the
 * counter when it was paid there.
 */
export async function settleDeposit(
  tx: Tx,
  booking: Booking,
  kept: { back: number; closureCharge: number; deductions: readonly RentalDeduction[] },
  now: Date,
) {
  const lines = [
    ...(kept.closureCharge > 0 ? [{ label: "Closing the rental early", amount: kept.closureCharge }] : []),
    ...kept.deductions,
  ];
  if (lines.length > 0) {
    await issueRentalInvoice(
      tx,
      { rentalBookingId: booking.id },
      {
        bookingId: booking.id,
        reference: `${bookingReference(booking.id)} settlement`,
        paymentMethod: "Kept from the deposit",
        lines: lines.map((line) => ({
          description: `${line.label} (rental of ${booking.title})`,
          quantity: 1,
          unitPrice: line.amount,
        })),
        address: booking.address,
        businessName: booking.businessName,
        gstin: booking.businessGstin,
      },
      now,
    );
  }
  const [first] = await tx
    .select()
    .from(rentalCharges)
    .where(and(eq(rentalCharges.bookingId, booking.id), eq(rentalCharges.month, 1)));
  const payment = first ? await phonePePaymentOf(tx, first) : null;
  let refund: ClaimedRefund | null = null;
  if (kept.back > 0 && payment && (await claimRefund(tx, payment.merchantOrderId, kept.back, now))) {
    refund = { merchantOrderId: payment.merchantOrderId, amount: kept.back };
  }
  const by = refund ? PAID_BY.phonePe : PAID_BY.counter;
  const detail =
    kept.back === 0
      ? "Nothing of the deposit comes back."
      : refund
        ? `${formatRupees(kept.back)} of the deposit is refunded to the PhonePe payment it came from.`
        : `${formatRupees(kept.back)} of the deposit is paid back at our counter.`;
  return { by, detail, refund };
}

/** A charge as My Rentals and the back office show it. */
export function chargeView(charge: Charge, today: string) {
  const status = charge.status as ChargeStatus;
  const overdue = status === "due" && charge.dueOn <= plusDays(today, -OVERDUE_AFTER_DAYS);
  return {
    id: charge.id,
    month: charge.month,
    label: chargeLabel(charge.month, charge.deposit),
    amount: formatRupees(charge.rent + charge.deposit),
    period: `${formatShopDay(charge.periodFrom)} to ${formatShopDay(charge.periodTo)}`,
    dueOn: formatShopDay(charge.dueOn),
    status: overdue ? "Overdue" : (CHARGE_STATUS_TEXT[status] ?? charge.status),
    due: status === "due",
    overdue,
    paid: status === "paid" ? `${charge.paidBy ?? ""}`.trim() : null,
  };
}

/**
 * Staff record a later month's rent paid at the counter: once (a charge no longer due is refused), with its
 * invoice, in the audit trail. Month 1 is the pipeline's "paid" move.
 */
export async function recordCounterPayment(
  db: Database,
  actor: Actor,
  bookingId: number,
  chargeId: number,
  now = new Date(),
): Promise<{ ok: true; reference: string; month: number } | { ok: false; status: 404 | 409 }> {
  return db.transaction(async (tx) => {
    const row = await lockedCharge(tx, chargeId, bookingId);
    if (!row || row.charge.month === 1) return { ok: false, status: 404 } as const;
    const reference = bookingReference(bookingId);
    const paid = await markChargePaid(
      tx,
      row.booking,
      row.charge,
      { by: PAID_BY.counter, attemptId: null },
      now,
    );
    if (!paid) return { ok: false, status: 409 } as const;
    await recordAudit(tx, actor, "rental.charge", reference, {
      month: row.charge.month,
      paid: formatRupees(row.charge.rent),
      by: PAID_BY.counter,
    });
    return { ok: true, reference, month: row.charge.month } as const;
  });
}
