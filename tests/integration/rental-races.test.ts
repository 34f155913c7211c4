import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  paymentAttempts,
  rentalBookings,
  rentalCharges,
  rentalEvents,
  rentalUnits,
  taxDocuments,
} from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { fetchOutcome, settlePayment, startRentalPayment } from "~/features/orders/index.server";
import { rentalAdminMessages } from "~/features/rentals";
import {
  type BookingMoveForm,
  billComingMonths,
  moveBooking,
  recordCounterPayment,
  requestBooking,
  saveUnit,
} from "~/features/rentals/index.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";
import { type PhonePeSimulator, startPhonePeSimulator } from "./support/phonepe-simulator";
import { bookingForm, dellIdOf, RENTAL_NOW } from "./support/rentals";

/*
 * A rental's units and money when two things happen to them at the same moment, on PostgreSQL (raceTest): two
 * staff members approving two bookings for overlapping dates with the same unit, and a charge recorded paid at
 * the counter while PhonePe's webhook for its payment is being handled. Each race runs ten rounds; each fails
 * when the lock or the guarding WHERE it is about is taken out (docs/testing.md, "Why PostgreSQL as well as
 * PGlite").
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

const ROUNDS = 10;
const NOW = RENTAL_NOW;
const clerk = { id: null, name: "Test staff" };
const otherClerk = { id: null, name: "Other staff" };

let database: TestDatabase;
let sim: PhonePeSimulator;
let dellId: number;
let unitNumber = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startPhonePeSimulator(database.db);
  await seedCatalogue(database.db);
  dellId = await dellIdOf(database.db);
});

afterAll(async () => {
  await sim?.close();
  await database?.drop();
});

const move = (
  overrides: Partial<BookingMoveForm> & Pick<BookingMoveForm, "from" | "to">,
): BookingMoveForm => ({
  reason: undefined,
  note: "",
  unitIds: [],
  months: undefined,
  deductions: [],
  ...overrides,
});

/** A Dell unit of the register, free. */
async function newUnit(): Promise<number> {
  unitNumber++;
  const unit = await saveUnit(database.db, clerk, undefined, {
    productId: dellId,
    serialNumber: `RACE-SN-${unitNumber}`,
    assetTag: `KC-RACE-${unitNumber}`,
    configuration: "Core i5, 16 GB, 512 GB SSD",
    grade: "A",
    batteryHealth: 90,
    notes: "",
    status: undefined,
  });
  if (!unit.ok) throw new Error(unit.message);
  return unit.id;
}

/** A new customer's booking of one Dell for three months from the earliest start, checked by staff. */
async function verifiedBooking(): Promise<{ id: number; customerId: number }> {
  const customer = await insertCustomer(database.db);
  const booked = await requestBooking(database.db, customer.id, dellId, await bookingForm(database.db), NOW);
  if (!booked.ok) throw new Error(booked.message);
  const verified = await moveBooking(
    database.db,
    clerk,
    booked.bookingId,
    move({ from: "requested", to: "verified" }),
    NOW,
  );
  if (!verified.ok) throw new Error(verified.message);
  return { id: booked.bookingId, customerId: customer.id };
}

/** A booking approved on a unit of its own: its first charge (deposit and month 1) is due. */
async function approvedBooking() {
  const unitId = await newUnit();
  const booking = await verifiedBooking();
  const approved = await moveBooking(
    database.db,
    clerk,
    booking.id,
    move({ from: "verified", to: "approved", unitIds: [unitId] }),
    NOW,
  );
  if (!approved.ok) throw new Error(approved.message);
  return booking;
}

async function charge(bookingId: number, month: number) {
  const [row] = await database.db
    .select()
    .from(rentalCharges)
    .where(and(eq(rentalCharges.bookingId, bookingId), eq(rentalCharges.month, month)));
  if (!row) throw new Error(`booking ${bookingId} has no charge for month ${month}`);
  return row;
}

/**
 * The customer pays the charge on PhonePe's page (settled at the simulator, its webhook left out), and the
 * shop's reconciler, woken by the webhook, has asked PhonePe how it went: the outcome it is about to settle.
 */
async function paidAtPhonePe(customerId: number, chargeId: number) {
  const started = await startRentalPayment(database.db, customerId, chargeId);
  if (!started.ok) throw new Error(started.message);
  const settled = await sim.admin.settle(started.merchantOrderId, { state: "COMPLETED", webhook: "none" });
  expect(settled.status).toBe(200);
  const outcome = await fetchOutcome(started.merchantOrderId);
  expect(outcome.state).toBe("COMPLETED");
  return { merchantOrderId: started.merchantOrderId, outcome };
}

const invoicesOf = (chargeId: number) =>
  database.db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.rentalChargeId, chargeId), eq(taxDocuments.kind, "invoice")));

/**
 * Runs two calls at the same moment, the one or the other started first by turns. Which wins is for the
 * database to decide (the counter mostly does: the payment's side first locks its attempt); the test holds
 * either way.
 */
async function atOnce<A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (round % 2 === 0) return Promise.all([a(), b()]);
  const [second, first] = await Promise.all([b(), a()]);
  return [first, second];
}

async function attemptOf(merchantOrderId: string) {
  const [attempt] = await database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
  if (!attempt) throw new Error(`no attempt ${merchantOrderId}`);
  return attempt;
}

describe(`rental races (${databaseKind})`, () => {
  it("refuses a unit set aside for one booking to another approved after it", async () => {
    // The control of the first race: one after the other, the second approval is refused the same way.
    const unitId = await newUnit();
    const [first, second] = [await verifiedBooking(), await verifiedBooking()];
    const chosen = move({ from: "verified", to: "approved", unitIds: [unitId] });
    expect(await moveBooking(database.db, clerk, first.id, chosen, NOW)).toMatchObject({ ok: true });
    expect(await moveBooking(database.db, otherClerk, second.id, chosen, NOW)).toEqual({
      ok: false,
      status: 409,
      field: "unitIds",
      message: rentalAdminMessages.unitsTaken,
    });
  });

  raceTest(
    "two staff approving two overlapping bookings with the same unit at once: one gets it, the other is told",
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // Two customers want the Dell from the same day for three months; one unit is free.
        const unitId = await newUnit();
        const [first, second] = [await verifiedBooking(), await verifiedBooking()];
        const results = await Promise.all([
          moveBooking(
            database.db,
            clerk,
            first.id,
            move({ from: "verified", to: "approved", unitIds: [unitId] }),
            NOW,
          ),
          moveBooking(
            database.db,
            otherClerk,
            second.id,
            move({ from: "verified", to: "approved", unitIds: [unitId] }),
            NOW,
          ),
        ]);
        const won = results.findIndex((result) => result.ok);
        expect(won, `round ${round}: one approval goes through`).toBeGreaterThanOrEqual(0);
        const winner = won === 0 ? first : second;
        const loser = won === 0 ? second : first;
        expect(results[1 - won], `round ${round}: the other is refused`).toEqual({
          ok: false,
          status: 409,
          field: "unitIds",
          message: rentalAdminMessages.unitsTaken,
        });

        const [unit] = await database.db.select().from(rentalUnits).where(eq(rentalUnits.id, unitId));
        expect(unit, `round ${round}: the unit is out on the winner's booking`).toMatchObject({
          status: "rented",
          bookingId: winner.id,
        });
        const statuses = await database.db
          .select({ id: rentalBookings.id, status: rentalBookings.status })
          .from(rentalBookings)
          .where(eq(rentalBookings.id, loser.id));
        expect(statuses, `round ${round}: the refused booking waits for another unit`).toEqual([
          { id: loser.id, status: "verified" },
        ]);
        // Nothing of the refused approval is left: no charge to pay, no unit history naming it.
        expect(
          await database.db.select().from(rentalCharges).where(eq(rentalCharges.bookingId, loser.id)),
        ).toEqual([]);
        const setAside = await database.db
          .select({ bookingId: rentalEvents.bookingId })
          .from(rentalEvents)
          .where(and(eq(rentalEvents.unitId, unitId), eq(rentalEvents.toStatus, "Set aside")));
        expect(setAside).toEqual([{ bookingId: winner.id }]);
        const charged = await database.db
          .select({ month: rentalCharges.month, status: rentalCharges.status })
          .from(rentalCharges)
          .where(eq(rentalCharges.bookingId, winner.id));
        expect(charged, `round ${round}: the winner's first charge is due`).toEqual([
          { month: 1, status: "due" },
        ]);
      }
    },
    60_000,
  );

  raceTest(
    "the first charge recorded paid at the counter while its PhonePe webhook is handled is paid once",
    async () => {
      const winners: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const booking = await approvedBooking();
        const first = await charge(booking.id, 1);
        const { merchantOrderId, outcome } = await paidAtPhonePe(booking.customerId, first.id);

        const [counter, phonePe] = await atOnce(
          round,
          () => moveBooking(database.db, clerk, booking.id, move({ from: "approved", to: "paid" }), NOW),
          () => settlePayment(database.db, merchantOrderId, outcome),
        );
        const paid = await charge(booking.id, 1);
        const attempt = await attemptOf(merchantOrderId);
        if (counter.ok) {
          winners.push("counter");
          // PhonePe's money arrived for a charge paid already: it goes back in full.
          expect(phonePe, `round ${round}`).toEqual({ kind: "not-payable", amount: attempt.amount });
          expect(paid, `round ${round}`).toMatchObject({
            status: "paid",
            paidBy: "Counter",
            paymentAttemptId: null,
          });
          expect(attempt, `round ${round}`).toMatchObject({
            status: "REFUND_PENDING",
            refundAmount: attempt.amount,
          });
        } else {
          winners.push("PhonePe");
          expect(phonePe, `round ${round}`).toMatchObject({
            kind: "rental-paid",
            isNew: true,
            movedToPaid: true,
          });
          // The counter's move was made on a booking that is no longer approved.
          expect(counter, `round ${round}`).toEqual({
            ok: false,
            status: 409,
            field: null,
            message: rentalAdminMessages.stale("Paid"),
          });
          expect(paid, `round ${round}`).toMatchObject({
            status: "paid",
            paidBy: "PhonePe",
            paymentAttemptId: attempt.id,
          });
          expect(attempt.status, `round ${round}`).toBe("COMPLETED");
        }
        expect(await invoicesOf(first.id), `round ${round}: one invoice for the month`).toHaveLength(1);
        const moves = await database.db
          .select({ from: rentalEvents.fromStatus, to: rentalEvents.toStatus })
          .from(rentalEvents)
          .where(and(eq(rentalEvents.bookingId, booking.id), eq(rentalEvents.toStatus, "paid")));
        expect(moves, `round ${round}: the booking moved to paid once`).toEqual([
          { from: "approved", to: "paid" },
        ]);
      }
      console.info(`first charge, counter against PhonePe, won by: ${winners.join(", ")}`);
    },
    90_000,
  );

  raceTest(
    "a later month recorded paid at the counter while its PhonePe webhook is handled is paid once",
    async () => {
      const winners: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A running rental: the first charge paid at the counter, delivered, active since 20 January.
        const booking = await approvedBooking();
        for (const [from, to] of [
          ["approved", "paid"],
          ["paid", "delivered"],
          ["delivered", "active"],
        ] as const) {
          const moved = await moveBooking(database.db, clerk, booking.id, move({ from, to }), NOW);
          if (!moved.ok) throw new Error(moved.message);
        }
        // Month 2 is billed a week before it is due on 20 February.
        await billComingMonths(database.db, new Date("2027-02-13T10:00:00+05:30"));
        const second = await charge(booking.id, 2);
        const { merchantOrderId, outcome } = await paidAtPhonePe(booking.customerId, second.id);

        const [counter, phonePe] = await atOnce(
          round,
          () => recordCounterPayment(database.db, clerk, booking.id, second.id),
          () => settlePayment(database.db, merchantOrderId, outcome),
        );
        const paid = await charge(booking.id, 2);
        const attempt = await attemptOf(merchantOrderId);
        if (counter.ok) {
          winners.push("counter");
          expect(counter, `round ${round}`).toMatchObject({ ok: true, month: 2 });
          expect(phonePe, `round ${round}`).toEqual({ kind: "not-payable", amount: attempt.amount });
          expect(paid, `round ${round}`).toMatchObject({
            status: "paid",
            paidBy: "Counter",
            paymentAttemptId: null,
          });
          expect(attempt, `round ${round}`).toMatchObject({
            status: "REFUND_PENDING",
            refundAmount: attempt.amount,
          });
        } else {
          winners.push("PhonePe");
          expect(counter, `round ${round}: the counter is told it is paid already`).toEqual({
            ok: false,
            status: 409,
          });
          expect(phonePe, `round ${round}`).toMatchObject({
            kind: "rental-paid",
            isNew: true,
            movedToPaid: false,
          });
          expect(paid, `round ${round}`).toMatchObject({
            status: "paid",
            paidBy: "PhonePe",
            paymentAttemptId: attempt.id,
          });
          expect(attempt.status, `round ${round}`).toBe("COMPLETED");
        }
        expect(await invoicesOf(second.id), `round ${round}: one invoice for month 2`).toHaveLength(1);
      }
      console.info(`month 2, counter against PhonePe, won by: ${winners.join(", ")}`);
    },
    90_000,
  );
});
