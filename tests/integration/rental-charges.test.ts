import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  paymentAttempts,
  rentalBookings,
  rentalCharges,
  shopSettings,
  staff,
  taxDocuments,
} from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import type { TaxDocument } from "~/features/invoices";
import { monthRegister } from "~/features/invoices/index.server";
import { confirmPayment, startRentalPayment } from "~/features/orders/index.server";
import { rentalAdminMessages, rentalPaymentMessages } from "~/features/rentals";
import {
  type BookingMoveForm,
  customerBookings,
  moveBooking,
  recordCounterPayment,
  requestBooking,
  saveUnit,
  sendChargeNotices,
} from "~/features/rentals/index.server";
import { changeShopRules } from "~/features/settings/index.server";
import type { MailMessage } from "~/lib/mail.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";
import { type PhonePeSimulator, startPhonePeSimulator } from "./support/phonepe-simulator";
import { bookingForm, dellIdOf, RENTAL_NOW } from "./support/rentals";

/*
 * A rental's money (decision 0043, section 5): the deposit and first month billed at approval and paid through
 * PhonePe (the bundled simulator) from My Rentals, which moves the booking to paid and issues the month's tax
 * invoice (SAC 997315); later months billed a week ahead and mailed, overdue after a week; a cancellation after
 * payment refunded and credited; the deposit refunded at settlement against the first payment, and what was
 * kept from it invoiced.
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

let database: TestDatabase;
let sim: PhonePeSimulator;
let dellId: number;
let unitNumber = 0;
const NOW = RENTAL_NOW;
const clerk = { id: null, name: "Test staff" };
const PUBLIC_URL = "https://shop.example.in";

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startPhonePeSimulator(database.db);
  await seedCatalogue(database.db);
  dellId = await dellIdOf(database.db);
  await database.db.insert(staff).values({ email: "owner@example.in", name: "Owner", role: "owner" });
});

afterAll(async () => {
  await sim?.close();
  await database?.drop();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
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

/** A customer's booking of one Dell for `months`, checked and approved on a unit of its own. */
async function approvedBooking(months = 3) {
  // A unit of its own first: once the register has units, a booking may ask only for free ones.
  unitNumber++;
  const unit = await saveUnit(database.db, clerk, undefined, {
    productId: dellId,
    serialNumber: `CH-SN-${unitNumber}`,
    assetTag: `KC-CH-${unitNumber}`,
    configuration: "Core i5, 16 GB, 512 GB SSD",
    grade: "A",
    batteryHealth: 90,
    notes: "",
    status: undefined,
  });
  if (!unit.ok) throw new Error(unit.message);
  const customer = await insertCustomer(database.db);
  const booked = await requestBooking(
    database.db,
    customer.id,
    dellId,
    await bookingForm(database.db, { months }),
    NOW,
  );
  if (!booked.ok) throw new Error(booked.message);
  const id = booked.bookingId;
  await moveBooking(database.db, clerk, id, move({ from: "requested", to: "verified" }), NOW);
  const approved = await moveBooking(
    database.db,
    clerk,
    id,
    move({ from: "verified", to: "approved", unitIds: [unit.id] }),
    NOW,
  );
  if (!approved.ok) throw new Error(approved.message);
  return { id, customerId: customer.id, reference: booked.reference };
}

const chargesOf = (bookingId: number) =>
  database.db
    .select()
    .from(rentalCharges)
    .where(eq(rentalCharges.bookingId, bookingId))
    .orderBy(rentalCharges.month);

const statusOf = async (bookingId: number) =>
  (await database.db.select().from(rentalBookings).where(eq(rentalBookings.id, bookingId)))[0]?.status;

async function invoiceOf(chargeId: number, kind = "invoice"): Promise<TaxDocument | undefined> {
  const [row] = await database.db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.rentalChargeId, chargeId), eq(taxDocuments.kind, kind)));
  return row?.document;
}

/** The dealer's setting for rentals paid in cash at the door (a new version, so every reader sees it). */
async function allowCashForRentals(allowed: boolean) {
  await changeShopRules(database.db, null, async (tx) => {
    await tx.update(shopSettings).set({ rentalCashOnDelivery: allowed }).where(eq(shopSettings.id, 1));
  });
}

/** PhonePe's page, opened by the shop, is paid. */
async function paidOnPhonePe(merchantOrderId: string) {
  const settled = await sim.admin.settle(merchantOrderId, { state: "COMPLETED", webhook: "none" });
  expect(settled.status).toBe(200);
}

/** The customer presses "Pay" on My Rentals and pays on PhonePe; the shop confirms the payment. */
async function payOnPhonePe(customerId: number, chargeId: number) {
  const started = await startRentalPayment(database.db, customerId, chargeId);
  if (!started.ok) throw new Error(started.message);
  const [attempt] = await database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.rentalChargeId, chargeId))
    .orderBy(paymentAttempts.id);
  if (!attempt) throw new Error("no attempt");
  await paidOnPhonePe(attempt.merchantOrderId);
  return { attempt, result: await confirmPayment(database.db, attempt.merchantOrderId) };
}

describe(`a rental's money (${databaseKind})`, () => {
  it("bills the deposit and first month at approval, and paid through PhonePe moves the booking to paid", async () => {
    const { id, customerId } = await approvedBooking();
    const [first] = await chargesOf(id);
    // The booking's figures as quoted, for its one unit.
    const [booking] = await database.db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
    expect(first).toMatchObject({
      month: 1,
      rent: booking?.monthlyRent,
      deposit: booking?.deposit,
      status: "due",
      dueOn: "2027-01-20",
    });
    const [shown] = await customerBookings(database.db, customerId, NOW);
    expect(shown?.charges).toMatchObject([
      { label: "Deposit and month 1's rent", status: "Due", payable: true },
    ]);

    // Another customer cannot pay it, nor start a payment for it.
    const stranger = await insertCustomer(database.db);
    expect(await startRentalPayment(database.db, stranger.id, first?.id ?? 0)).toEqual({
      ok: false,
      message: rentalPaymentMessages.notPayable,
      status: 409,
    });

    // Pressing Pay twice goes back to the same PhonePe page.
    const once = await startRentalPayment(database.db, customerId, first?.id ?? 0);
    const twice = await startRentalPayment(database.db, customerId, first?.id ?? 0);
    expect(once.ok && twice.ok && once.redirectUrl === twice.redirectUrl).toBe(true);

    const { attempt, result } = await payOnPhonePe(customerId, first?.id ?? 0);
    expect(attempt.amount).toBe((booking?.monthlyRent ?? 0) + (booking?.deposit ?? 0));
    expect(result).toMatchObject({ kind: "rental-paid", bookingId: id, isNew: true, movedToPaid: true });
    expect(await confirmPayment(database.db, attempt.merchantOrderId)).toMatchObject({
      kind: "rental-paid",
      isNew: false,
    });
    expect(await statusOf(id)).toBe("paid");
    const [paid] = await chargesOf(id);
    expect(paid).toMatchObject({ status: "paid", paidBy: "PhonePe", paymentAttemptId: attempt.id });

    // The month's rent is invoiced, not the deposit: SAC 997315 at 18 %, Karnataka to Karnataka.
    const invoice = await invoiceOf(first?.id ?? 0);
    expect(invoice?.order).toMatchObject({ id, rental: true, paymentMethod: "PhonePe" });
    expect(invoice?.lines).toMatchObject([
      {
        description: expect.stringMatching(
          /^Rental of Dell Latitude .*, month 1 of 3 \(2027-0\d-\d\d to 2027-0\d-\d\d\)$/,
        ),
        hsn: "997315",
        rate: 18,
        quantity: 1,
      },
    ]);
    expect(invoice?.totals.amount).toBe(booking?.monthlyRent);
    expect(invoice?.intraState).toBe(true);
    // The accountant's month has it, in B2CS and in the HSN summary under the SAC.
    const register = await monthRegister(database.db, invoice?.issuedOn.slice(0, 7) ?? "");
    expect(register.documents.find((document) => document.number === invoice?.number)).toMatchObject({
      rental: true,
      orderId: id,
      section: "b2cs",
    });
    expect(register.hsn.find((row) => row.hsn === "997315")).toMatchObject({ uqc: "NA" });
  });

  it("refunds a payment that arrives for a charge no longer due, and refunds and credits a cancellation", async () => {
    // Paid at the counter while a PhonePe page was open: the PhonePe payment is refunded in full.
    const counter = await approvedBooking();
    const [due] = await chargesOf(counter.id);
    const started = await startRentalPayment(database.db, counter.customerId, due?.id ?? 0);
    expect(started.ok).toBe(true);
    expect(
      await moveBooking(database.db, clerk, counter.id, move({ from: "approved", to: "paid" }), NOW),
    ).toMatchObject({ ok: true });
    const [attempt] = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.rentalChargeId, due?.id ?? 0));
    await paidOnPhonePe(attempt?.merchantOrderId ?? "");
    expect(await confirmPayment(database.db, attempt?.merchantOrderId ?? "")).toEqual({
      kind: "not-payable",
      amount: attempt?.amount,
    });
    const [refunding] = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attempt?.id ?? 0));
    expect(refunding).toMatchObject({ status: "REFUND_PENDING", refundAmount: attempt?.amount });
    expect((await chargesOf(counter.id))[0]).toMatchObject({ status: "paid", paidBy: "Counter" });
    expect((await invoiceOf(due?.id ?? 0))?.order.paymentMethod).toBe("Counter");

    // Cancelled after paying through PhonePe: all of it back to that payment, and the rent's invoice credited.
    const cancelled = await approvedBooking();
    const [first] = await chargesOf(cancelled.id);
    const { attempt: paid } = await payOnPhonePe(cancelled.customerId, first?.id ?? 0);
    const moved = await moveBooking(
      database.db,
      clerk,
      cancelled.id,
      move({ from: "paid", to: "cancelled", reason: "The customer changed plans" }),
      NOW,
    );
    expect(moved).toMatchObject({
      ok: true,
      refund: { merchantOrderId: paid.merchantOrderId, amount: paid.amount },
    });
    const credit = await invoiceOf(first?.id ?? 0, "credit-note");
    expect(credit?.totals.amount).toBe(first?.rent);
    expect(credit?.refersTo?.number).toBe((await invoiceOf(first?.id ?? 0))?.number);

    // Cancelled before paying: the charge is void, and My Rentals offers no payment.
    const unpaid = await approvedBooking();
    await moveBooking(
      database.db,
      clerk,
      unpaid.id,
      move({ from: "approved", to: "cancelled", reason: "No reply" }),
      NOW,
    );
    expect((await chargesOf(unpaid.id))[0]?.status).toBe("void");
    const [shown] = await customerBookings(database.db, unpaid.customerId, NOW);
    expect(shown?.charges[0]).toMatchObject({ payable: false });
  });

  it("takes the first charge in cash at the door only where the dealer allows it for rentals", async () => {
    const { id, customerId } = await approvedBooking();
    const cash = move({ from: "approved", to: "delivered" });
    expect(await moveBooking(database.db, clerk, id, cash, NOW)).toEqual({
      ok: false,
      status: 400,
      field: null,
      message: rentalAdminMessages.noCashForRentals,
    });
    expect((await customerBookings(database.db, customerId, NOW))[0]?.charges[0]).toMatchObject({
      cashAtDelivery: false,
    });
    await allowCashForRentals(true);
    expect((await customerBookings(database.db, customerId, NOW))[0]?.charges[0]).toMatchObject({
      payable: true,
      cashAtDelivery: true,
    });
    expect(await moveBooking(database.db, clerk, id, cash, NOW)).toMatchObject({
      ok: true,
      status: "delivered",
    });
    const [first] = await chargesOf(id);
    expect(first).toMatchObject({ status: "paid", paidBy: "Cash on delivery" });
    expect((await invoiceOf(first?.id ?? 0))?.order.paymentMethod).toBe("Cash on delivery");
    await allowCashForRentals(false);
  });

  it("bills later months a week ahead, mails them once, reports them overdue, and settles only when paid", async () => {
    const { id, customerId, reference } = await approvedBooking(3);
    const [first] = await chargesOf(id);
    const { attempt: firstPayment } = await payOnPhonePe(customerId, first?.id ?? 0);
    for (const [from, to] of [
      ["paid", "delivered"],
      ["delivered", "active"],
    ] as const) {
      await moveBooking(database.db, clerk, id, move({ from, to }), NOW);
    }
    // Went active on 20 January: month 2 is due on 20 February, billed from 13 February.
    // The other tests' bookings are billed and chased too: this one's mails are those that name it.
    const sent: MailMessage[] = [];
    const send = async (message: MailMessage) => {
      if (message.text.includes(reference)) sent.push(message);
    };
    const day = (text: string) => new Date(`${text}T10:00:00+05:30`);
    expect(await sendChargeNotices(database.db, PUBLIC_URL, day("2027-02-12"), send)).toMatchObject({
      billed: 0,
    });
    expect(await sendChargeNotices(database.db, PUBLIC_URL, day("2027-02-13"), send)).toMatchObject({
      billed: 1,
      due: 1,
    });
    expect(await sendChargeNotices(database.db, PUBLIC_URL, day("2027-02-14"), send)).toEqual({
      billed: 0,
      due: 0,
      overdue: 0,
    });
    const [, second] = await chargesOf(id);
    expect(second).toMatchObject({
      month: 2,
      dueOn: "2027-02-20",
      periodFrom: "2027-02-20",
      periodTo: "2027-03-19",
      deposit: 0,
    });
    expect(sent.map((message) => message.subject)).toEqual([
      expect.stringContaining("Month 2's rent is due on"),
    ]);
    expect(sent[0]?.text).toContain(`${PUBLIC_URL}/my-rentals`);

    // A mail that could not be sent is sent at the next run.
    const failing = async () => {
      throw new Error("SMTP down");
    };
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // Unpaid a week after it was due: the customer and the owner are told, once.
    expect(await sendChargeNotices(database.db, PUBLIC_URL, day("2027-02-27"), failing)).toMatchObject({
      overdue: 0,
    });
    expect(await sendChargeNotices(database.db, PUBLIC_URL, day("2027-02-27"), send)).toMatchObject({
      overdue: 1,
    });
    expect(await sendChargeNotices(database.db, PUBLIC_URL, day("2027-02-28"), send)).toMatchObject({
      overdue: 0,
    });
    expect(
      sent.slice(1).map((message) => [message.to.includes("owner@") ? "owner" : "customer", message.subject]),
    ).toEqual([
      ["customer", expect.stringContaining("Month 2's rent is overdue")],
      ["owner", "Rental rent overdue by 7 days: 1"],
    ]);
    const [shown] = await customerBookings(database.db, customerId, day("2027-02-27"));
    expect(shown?.charges[1]).toMatchObject({ status: "Overdue", payable: true });

    // Not settled while a month is unpaid; staff record it paid at the counter, once.
    await moveBooking(
      database.db,
      clerk,
      id,
      move({ from: "active", to: "return_requested" }),
      day("2027-02-27"),
    );
    await moveBooking(
      database.db,
      clerk,
      id,
      move({ from: "return_requested", to: "picked_up" }),
      day("2027-02-27"),
    );
    await moveBooking(
      database.db,
      clerk,
      id,
      move({ from: "picked_up", to: "inspected", deductions: [{ label: "Broken key", amount: 500_00 }] }),
      day("2027-02-27"),
    );
    expect(
      await moveBooking(
        database.db,
        clerk,
        id,
        move({ from: "inspected", to: "settled" }),
        day("2027-02-28"),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      field: null,
      message: rentalAdminMessages.rentUnpaid(2),
    });
    expect(await recordCounterPayment(database.db, clerk, id, second?.id ?? 0)).toMatchObject({
      ok: true,
      month: 2,
    });
    expect(await recordCounterPayment(database.db, clerk, id, second?.id ?? 0)).toEqual({
      ok: false,
      status: 409,
    });
    expect((await invoiceOf(second?.id ?? 0))?.lines[0]?.description).toContain(
      "month 2 of 3 (2027-02-20 to 2027-03-19)",
    );

    // Settled: the early closing's charge and the broken key are invoiced; the rest refunded to the first payment.
    // By the Dell's plans (Rs. 2,799 for 1 month, Rs. 2,499 for 3, deposit Rs. 10,000 a unit): active from 20
    // January, returned on 27 February, 2 months used (the second begun); 2 months reach only the 1-month plan,
    // so each is charged again at Rs. 2,799 less the Rs. 2,499 paid: 2 × Rs. 300 = Rs. 600.
    const closing = 600_00;
    const kept = closing + 500_00;
    const back = 10_000_00 - kept;
    const [booking] = await database.db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
    expect(booking).toMatchObject({ closureCharge: closing, deposit: 10_000_00, units: 1 });
    const settled = await moveBooking(
      database.db,
      clerk,
      id,
      move({ from: "inspected", to: "settled" }),
      day("2027-02-28"),
    );
    expect(settled).toMatchObject({
      ok: true,
      refund: { merchantOrderId: firstPayment.merchantOrderId, amount: back },
    });
    const [settlement] = await database.db
      .select({ document: taxDocuments.document })
      .from(taxDocuments)
      .where(eq(taxDocuments.rentalBookingId, id));
    expect(settlement?.document.totals.amount).toBe(kept);
    expect(
      settlement?.document.lines.map((line) => [line.description.split(" (")[0], line.hsn, line.amount]),
    ).toEqual([
      ["Closing the rental early", "997315", closing],
      ["Broken key", "997315", 500_00],
    ]);
    const [refunded] = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, firstPayment.id));
    expect(refunded?.refundAmount).toBe(back);
    expect(
      (await database.db.select().from(rentalBookings).where(eq(rentalBookings.id, id)))[0]
        ?.depositReturnedBy,
    ).toBe("PhonePe");
  });
});
