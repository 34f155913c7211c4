import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, rentalBookings, rentalUnits } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { formatShopDay } from "~/features/delivery";
import { bookingMessages, RETURN_TURNAROUND_DAYS, rentalAdminMessages } from "~/features/rentals";
// The charges' own day and month arithmetic, an internal of rentals, gives the expected dates, on purpose.
import { monthsAfter, plusDays } from "~/features/rentals/charges";
import {
  type BookingMoveForm,
  bookingHistory,
  customerBookings,
  depositBack,
  moveBooking,
  requestBooking,
  saveUnit,
  unitForEdit,
  writeRentalOffer,
} from "~/features/rentals/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct } from "./support/fixtures";
import { bookingForm, dellIdOf, earliestBengaluruStart, RENTAL_NOW } from "./support/rentals";

/*
 * The dealer's pipeline for a rental booking (decision 0043), on the unit register: each move made on the
 * status seen, units set aside at approval (never two bookings on one unit), back at inspection with the
 * charges found, the deposit settled less them; each move in the history and the audit trail.
 */

let database: TestDatabase;
let dellId: number;
const NOW = RENTAL_NOW;
const staff = { id: null, name: "Test staff" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  dellId = await dellIdOf(database.db);
});

afterAll(async () => {
  await database?.drop();
});

async function book(units: number) {
  const customer = await insertCustomer(database.db);
  const booked = await requestBooking(
    database.db,
    customer.id,
    dellId,
    await bookingForm(database.db, { units }),
    NOW,
  );
  return booked.ok ? { ...booked, customerId: customer.id } : booked;
}

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

const unit = (n: number) => ({
  productId: dellId,
  serialNumber: `DL3440-SN-${n}`,
  assetTag: `KC-R-${n}`,
  configuration: "Core i5-1235U, 16 GB, 512 GB SSD",
  grade: "A" as const,
  batteryHealth: 91,
  notes: "",
  status: undefined,
});

describe(`the rental pipeline (${databaseKind})`, () => {
  it("takes a booking from request to settled deposit on the units it set aside", async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const saved = await saveUnit(database.db, staff, undefined, unit(n));
      if (!saved.ok) throw new Error(saved.message);
      ids.push(saved.id);
    }
    expect(
      await saveUnit(database.db, staff, undefined, { ...unit(9), serialNumber: "DL3440-SN-1" }),
    ).toEqual({
      ok: false,
      field: "serialNumber",
      message: rentalAdminMessages.serialTaken,
    });

    const booked = await book(2);
    if (!booked.ok) throw new Error(booked.message);
    const id = booked.bookingId;
    // Made on the status seen: a page showing "verified" cannot move a booking still requested.
    expect(
      await moveBooking(database.db, staff, id, move({ from: "verified", to: "approved" }), NOW),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: rentalAdminMessages.stale("Requested"),
    });
    expect(
      await moveBooking(database.db, staff, id, move({ from: "requested", to: "settled" }), NOW),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: rentalAdminMessages.noSuchMove,
    });
    expect(
      await moveBooking(database.db, staff, id, move({ from: "requested", to: "verified" }), NOW),
    ).toMatchObject({
      ok: true,
      status: "verified",
    });
    expect(
      await moveBooking(
        database.db,
        staff,
        id,
        move({ from: "verified", to: "approved", unitIds: [ids[0] ?? 0] }),
        NOW,
      ),
    ).toMatchObject({ ok: false, field: "unitIds", message: rentalAdminMessages.unitsCount(2) });
    const approved = await moveBooking(
      database.db,
      staff,
      id,
      move({ from: "verified", to: "approved", unitIds: [ids[0] ?? 0, ids[1] ?? 0] }),
      NOW,
    );
    expect(approved).toMatchObject({
      ok: true,
      notice: {
        details: [
          "Units set aside: KC-R-1, KC-R-2",
          "To pay now: Rs. 24,998 (the refundable deposit Rs. 20,000 and the first month's rent Rs. 4,998). Pay it with PhonePe from My Rentals, or at our counter.",
        ],
      },
    });

    // One unit left: a booking of two is refused, and a second booking cannot take a unit already out.
    expect(await book(2)).toMatchObject({
      ok: false,
      field: "units",
      message: bookingMessages.unitsFreeOn(1, formatShopDay(await earliestBengaluruStart(database.db))),
    });
    const other = await book(1);
    if (!other.ok) throw new Error(other.message);
    await moveBooking(database.db, staff, other.bookingId, move({ from: "requested", to: "verified" }), NOW);
    expect(
      await moveBooking(
        database.db,
        staff,
        other.bookingId,
        move({ from: "verified", to: "approved", unitIds: [ids[1] ?? 0] }),
        NOW,
      ),
    ).toEqual({ ok: false, status: 409, field: "unitIds", message: rentalAdminMessages.unitsTaken });
    const [stillVerified] = await database.db
      .select({ status: rentalBookings.status })
      .from(rentalBookings)
      .where(eq(rentalBookings.id, other.bookingId));
    expect(stillVerified?.status).toBe("verified");

    for (const [from, to] of [
      ["approved", "paid"],
      ["paid", "delivered"],
      ["delivered", "active"],
      ["active", "return_requested"],
      ["return_requested", "picked_up"],
    ] as const) {
      expect(
        await moveBooking(database.db, staff, id, move({ from, to, note: `${to} checklist` }), NOW),
      ).toMatchObject({
        ok: true,
        status: to,
      });
    }
    // The inspection's charges may not exceed the deposit held (2 × Rs. 10,000).
    expect(
      await moveBooking(
        database.db,
        staff,
        id,
        move({ from: "picked_up", to: "inspected", deductions: [{ label: "Screen", amount: 20_000_01 }] }),
        NOW,
      ),
    ).toMatchObject({ ok: false, field: "deduction1Amount" });
    expect(
      await moveBooking(
        database.db,
        staff,
        id,
        move({
          from: "picked_up",
          to: "inspected",
          deductions: [{ label: "Cracked hinge", amount: 1_500_00 }],
        }),
        NOW,
      ),
    ).toMatchObject({ ok: true, notice: { details: ["Cracked hinge: Rs. 1,500"] } });
    const settled = await moveBooking(
      database.db,
      staff,
      id,
      move({ from: "inspected", to: "settled" }),
      NOW,
    );
    // Paid at the counter, the deposit goes back there: less the hinge and the early closing's charge.
    expect(settled).toMatchObject({
      ok: true,
      notice: { details: ["Rs. 17,900 of the deposit is paid back at our counter."] },
    });

    const [booking] = await database.db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
    expect(booking).toMatchObject({
      status: "settled",
      activeFrom: "2027-01-20",
      deductions: [{ label: "Cracked hinge", amount: 1_500_00 }],
      endedAt: NOW,
    });
    expect(depositBack(booking?.deposit ?? 0, booking?.units ?? 0, booking?.deductions ?? [])).toEqual({
      held: 20_000_00,
      charged: 1_500_00,
      back: 18_500_00,
      owed: 0,
    });
    // The units are back in the register, in repair after the charge found (the third was never out).
    const units = await database.db.select().from(rentalUnits).where(eq(rentalUnits.productId, dellId));
    expect(units.map((row) => [row.assetTag, row.status, row.bookingId]).sort()).toEqual([
      ["KC-R-1", "repair", null],
      ["KC-R-2", "repair", null],
      ["KC-R-3", "available", null],
    ]);
    const history = await unitForEdit(database.db, ids[0] ?? 0);
    expect(history?.history.map((event) => [event.what, event.booking])).toEqual([
      ["Back, to repair", booked.reference],
      ["Picked up", booked.reference],
      ["Handed over", booked.reference],
      ["Set aside", booked.reference],
      ["Added", null],
    ]);
    expect((await bookingHistory(database.db, id)).map((event) => event.to)).toEqual([
      "Deposit settled",
      "Inspected",
      "Picked up",
      "Return requested",
      "Active",
      "Delivered",
      "Paid",
      "Approved",
      "Documents checked",
    ]);
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.subject, booked.reference));
    expect(audited.length).toBe(9);
  });

  it("counts a unit out on a rental as free for a start after its tenure ends and the turnaround", async () => {
    // A product of its own with one unit, on a one-month plan.
    const laptop = await insertProduct(database.db, { productType: "rental", quantity: 0 });
    await database.db.transaction((tx) =>
      writeRentalOffer(tx, laptop.id, {
        deposit: 5_000_00,
        minimumMonths: 1,
        earlyClosure: "reprice",
        closureFeeMonths: 0,
        plans: [{ months: 1, monthlyRent: 1_999_00 }],
      }),
    );
    const saved = await saveUnit(database.db, staff, undefined, {
      ...unit(40),
      productId: laptop.id,
      serialNumber: "ONE-UNIT-1",
      assetTag: "KC-ONE-1",
    });
    if (!saved.ok) throw new Error(saved.message);
    const start = await earliestBengaluruStart(database.db);
    const ask = async (startDate: string) => {
      const customer = await insertCustomer(database.db);
      const form = await bookingForm(database.db, { months: 1, startDate });
      return requestBooking(database.db, customer.id, laptop.id, form, NOW);
    };
    const first = await ask(start);
    if (!first.ok) throw new Error(first.message);
    await moveBooking(database.db, staff, first.bookingId, move({ from: "requested", to: "verified" }), NOW);
    await moveBooking(
      database.db,
      staff,
      first.bookingId,
      move({ from: "verified", to: "approved", unitIds: [saved.id] }),
      NOW,
    );
    // Out from the start for a month: back, and ready 3 days later.
    const back = plusDays(monthsAfter(start, 1), RETURN_TURNAROUND_DAYS);
    expect(await ask(plusDays(back, -1))).toEqual({
      ok: false,
      field: "units",
      status: 409,
      message: bookingMessages.unitsFreeOn(0, formatShopDay(plusDays(back, -1))),
    });
    expect(await ask(back)).toMatchObject({ ok: true });
  });

  it("refuses documents or cancels only with a reason, and frees the units of a cancelled booking", async () => {
    const refused = await book(1);
    if (!refused.ok) throw new Error(refused.message);
    expect(
      await moveBooking(
        database.db,
        staff,
        refused.bookingId,
        move({ from: "requested", to: "rejected" }),
        NOW,
      ),
    ).toMatchObject({ ok: false, field: "reason", message: rentalAdminMessages.reasonRequired });
    expect(
      await moveBooking(
        database.db,
        staff,
        refused.bookingId,
        move({
          from: "requested",
          to: "rejected",
          reason: "The address proof is older than three months.",
          note: "Staff only: called twice, no answer.",
        }),
        NOW,
      ),
    ).toMatchObject({ ok: true, notice: { reason: "The address proof is older than three months." } });
    // The customer reads the reason in My Rentals; staff's own note stays in the back office.
    const [listed] = await customerBookings(database.db, refused.customerId);
    expect(listed).toMatchObject({
      status: "Documents refused",
      reason: "The address proof is older than three months.",
    });
    expect(JSON.stringify(listed)).not.toContain("Staff only");
    const [rejected] = await database.db
      .select()
      .from(rentalBookings)
      .where(eq(rentalBookings.id, refused.bookingId));
    expect([rejected?.status, rejected?.endedAt]).toEqual(["rejected", NOW]);

    const cancelled = await book(1);
    if (!cancelled.ok) throw new Error(cancelled.message);
    const [free] = await database.db
      .select({ id: rentalUnits.id })
      .from(rentalUnits)
      .where(eq(rentalUnits.status, "available"));
    await moveBooking(
      database.db,
      staff,
      cancelled.bookingId,
      move({ from: "requested", to: "verified" }),
      NOW,
    );
    await moveBooking(
      database.db,
      staff,
      cancelled.bookingId,
      move({ from: "verified", to: "approved", unitIds: [free?.id ?? 0] }),
      NOW,
    );
    expect(
      await moveBooking(
        database.db,
        staff,
        cancelled.bookingId,
        move({ from: "approved", to: "cancelled", reason: "The customer called to cancel." }),
        NOW,
      ),
    ).toMatchObject({ ok: true });
    const [released] = await database.db
      .select()
      .from(rentalUnits)
      .where(eq(rentalUnits.id, free?.id ?? 0));
    expect([released?.status, released?.bookingId]).toEqual(["available", null]);
  });

  it("extends a running rental to a longer plan, and charges a rental closed early under its rule", async () => {
    const booked = await book(1);
    if (!booked.ok) throw new Error(booked.message);
    const id = booked.bookingId;
    const [free] = await database.db
      .select({ id: rentalUnits.id })
      .from(rentalUnits)
      .where(eq(rentalUnits.status, "available"));
    const steps: [BookingMoveForm["from"], BookingMoveForm["to"], Partial<BookingMoveForm>][] = [
      ["requested", "verified", {}],
      ["verified", "approved", { unitIds: [free?.id ?? 0] }],
      ["approved", "paid", {}],
      ["paid", "delivered", {}],
      ["delivered", "active", {}],
    ];
    for (const [from, to, extra] of steps) {
      const moved = await moveBooking(database.db, staff, id, move({ from, to, ...extra }), NOW);
      if (!moved.ok) throw new Error(moved.message);
    }
    // Booked for 3 months at Rs. 2,499; extended to the 6-month plan at Rs. 2,199. A tenure it does not offer,
    // or a shorter one, is refused beside the field.
    for (const months of [undefined, 2, 1]) {
      expect(
        await moveBooking(database.db, staff, id, move({ from: "active", to: "active", months }), NOW),
      ).toMatchObject({ ok: false, field: "months", message: rentalAdminMessages.tenureRequired });
    }
    const later = new Date("2027-02-10T10:00:00+05:30");
    expect(
      await moveBooking(database.db, staff, id, move({ from: "active", to: "active", months: 6 }), later),
    ).toMatchObject({
      ok: true,
      notice: { details: ["Extended to 6 months at Rs. 2,199 / month from the next month's rent"] },
    });
    const [extended] = await database.db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
    // The tenure still runs from the day it started.
    expect([extended?.months, extended?.monthlyRent, extended?.activeFrom]).toEqual([
      6,
      2_199_00,
      "2027-01-20",
    ]);

    // Returned after 4 months begun (20 January to 21 April) of 6: re-priced at the 3-month plan, Rs. 300 more a
    // month for 4 months.
    const april = new Date("2027-04-21T10:00:00+05:30");
    expect(
      await moveBooking(database.db, staff, id, move({ from: "active", to: "return_requested" }), april),
    ).toMatchObject({
      ok: true,
      notice: {
        details: [
          "Closing early after 4 months of 6 months: Rs. 1,200 under the rental terms, taken from the deposit",
        ],
      },
    });
    const [closing] = await database.db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
    expect(closing?.closureCharge).toBe(1_200_00);
    expect(depositBack(closing?.deposit ?? 0, closing?.units ?? 0, [], closing?.closureCharge)).toEqual({
      held: 10_000_00,
      charged: 1_200_00,
      back: 8_800_00,
      owed: 0,
    });
  });
});
