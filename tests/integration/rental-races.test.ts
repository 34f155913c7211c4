import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rentalBookings, rentalCharges, rentalEvents, rentalUnits } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { rentalAdminMessages } from "~/features/rentals";
import { type BookingMoveForm, moveBooking, requestBooking, saveUnit } from "~/features/rentals/index.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";
import { bookingForm, dellIdOf, RENTAL_NOW } from "./support/rentals";

/*
 * A rental's units when two things happen to them at the same moment, on PostgreSQL (raceTest): two staff
 * members approving two bookings for overlapping dates with the same unit. Each race runs ten rounds and fails
 * when the lock or the guarding WHERE it is about is taken out (docs/testing.md, "Why PostgreSQL as well as
 * PGlite").
 */

const ROUNDS = 10;
const NOW = RENTAL_NOW;
const clerk = { id: null, name: "Test staff" };
const otherClerk = { id: null, name: "Other staff" };

let database: TestDatabase;
let dellId: number;
let unitNumber = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  dellId = await dellIdOf(database.db);
});

afterAll(async () => {
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
});
