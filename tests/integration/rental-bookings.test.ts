import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rentalBookings, rentalDocuments } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { eraseAccount } from "~/features/accounts/index.server";
import { formatShopDay } from "~/features/delivery";
import { bookingMessages } from "~/features/rentals";
import {
  customerBookings,
  purgeEndedRentalDocuments,
  readDocument,
  requestBooking,
  withdrawBooking,
  writeRentalOffer,
} from "~/features/rentals/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct, signUpCustomer } from "./support/fixtures";
import {
  type BookingForm,
  bookingForm,
  dellIdOf,
  earliestBengaluruStart,
  pdf,
  RENTAL_NOW,
} from "./support/rentals";

/*
 * A customer's rental booking (decision 0043): checked against the shop's own data, stored with its documents in
 * one transaction, withdrawn by its customer alone, its documents deleted 90 days after it ends, and closed by
 * the customer's erasure of their account.
 */

let database: TestDatabase;
let dellId: number;

const NOW = RENTAL_NOW;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  dellId = await dellIdOf(database.db);
});

afterAll(async () => {
  await database?.drop();
});

/** A photo of an ID card as a phone makes it: a JPEG with the phone's GPS position in its metadata. */
async function photo(): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#c8d8f0" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 12" }, IFD3: { GPSLatitudeRef: "N" } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], "aadhaar.jpg", { type: "image/jpeg" });
}

/** The earliest start for a Bengaluru PIN code at NOW. */
const earliest = () => earliestBengaluruStart(database.db);

/** An accepted form for 2 units, the ID proof a phone's photo. */
async function values(overrides: Partial<BookingForm> = {}) {
  return bookingForm(database.db, {
    units: 2,
    idProofKind: "masked-aadhaar",
    idProof: await photo(),
    ...overrides,
  });
}

const bookingsOf = (customerId: number) =>
  database.db.select().from(rentalBookings).where(eq(rentalBookings.customerId, customerId));

describe(`rental bookings (${databaseKind})`, () => {
  it("stores a request at the offer's rent and deposit, with its documents, and lists it for its customer", async () => {
    const customer = await insertCustomer(database.db);
    const booked = await requestBooking(database.db, customer.id, dellId, await values(), NOW);
    expect(booked).toMatchObject({ ok: true, reference: expect.stringMatching(/^RENT-\d{6}$/) });
    if (!booked.ok) return;
    const [booking] = await bookingsOf(customer.id);
    // The seed's Dell: Rs. 2,499 a month for 3 months, a deposit of Rs. 10,000 per unit.
    expect(booking).toMatchObject({
      months: 3,
      units: 2,
      monthlyRent: 2_499_00,
      deposit: 10_000_00,
      status: "requested",
      termsVersion: expect.any(String),
      endedAt: null,
    });
    const documents = await database.db
      .select()
      .from(rentalDocuments)
      .where(eq(rentalDocuments.bookingId, booked.bookingId));
    expect(documents.map((document) => [document.purpose, document.kind, document.mediaType]).sort()).toEqual(
      [
        ["address_proof", "utility-bill", "application/pdf"],
        ["id_proof", "masked-aadhaar", "image/jpeg"],
      ],
    );
    // The photo was re-encoded: still a picture of the card, without the phone's metadata.
    const idProof = documents.find((document) => document.purpose === "id_proof");
    const stored = await readDocument(database.db, booked.bookingId, idProof?.id ?? 0);
    const metadata = await sharp(stored?.content).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
      "jpeg",
      64,
      40,
      undefined,
    ]);
    expect(
      Buffer.from((await readDocument(database.db, booked.bookingId, documents[0]?.id ?? 0))?.content ?? [])
        .length,
    ).toBeGreaterThan(0);
    // Another booking's id with this document's id finds nothing.
    expect(await readDocument(database.db, booked.bookingId + 1, idProof?.id ?? 0)).toBeUndefined();

    const listed = await customerBookings(database.db, customer.id);
    expect(listed).toEqual([
      expect.objectContaining({
        reference: booked.reference,
        plan: "2 × 3 months at Rs. 2,499 / month",
        upFront: "Rs. 24,998",
        status: "Requested",
        withdrawable: true,
      }),
    ]);
    expect(await customerBookings(database.db, (await insertCustomer(database.db)).id)).toEqual([]);
  });

  it("refuses what the shop cannot honour, beside the field, and stores nothing", async () => {
    const customer = await insertCustomer(database.db);
    const start = await earliest();
    const hidden = await insertProduct(database.db, { productType: "rental", hiddenAt: NOW });
    const bought = await insertProduct(database.db);
    const fewUnits = await insertProduct(database.db, { productType: "rental", quantity: 3 });
    await database.db.transaction((tx) =>
      writeRentalOffer(tx, fewUnits.id, {
        deposit: 5_000_00,
        minimumMonths: 3,
        earlyClosure: "reprice",
        closureFeeMonths: 0,
        plans: [{ months: 3, monthlyRent: 1_999_00 }],
      }),
    );
    const refusals: [Parameters<typeof requestBooking>[3], number, string | null, string][] = [
      [await values({ months: 24 }), dellId, "months", bookingMessages.tenureNotOffered],
      [
        await values({ units: 4 }),
        fewUnits.id,
        "units",
        bookingMessages.unitsFreeOn(3, formatShopDay(await earliestBengaluruStart(database.db))),
      ],
      [
        await values({ pincode: "744101", state: "Andaman and Nicobar Islands" }),
        dellId,
        "pincode",
        bookingMessages.pinNotServed("744101"),
      ],
      [
        await values({ pincode: "600017" }),
        dellId,
        "state",
        expect.stringContaining("PIN code 600017 is in Tamil Nadu"),
      ],
      [
        await values({ startDate: "2027-01-20" }),
        dellId,
        "startDate",
        expect.stringContaining("The earliest start we can deliver to 560034 is"),
      ],
      [
        await values({ startDate: "2027-06-30" }),
        dellId,
        "startDate",
        expect.stringContaining("Choose a start on or before"),
      ],
      [
        await values({ idProof: new File(["<?php echo 1; ?>"], "id.jpg", { type: "image/jpeg" }) }),
        dellId,
        "idProof",
        bookingMessages.documentType,
      ],
      [
        await values({ addressProof: pdf("%PDF-1.4\n1 0 obj") }),
        dellId,
        "addressProof",
        bookingMessages.documentUnreadable,
      ],
      [await values(), hidden.id, null, bookingMessages.notBookable],
      [await values(), bought.id, null, bookingMessages.notBookable],
    ];
    for (const [form, productId, field, message] of refusals) {
      const answer = await requestBooking(database.db, customer.id, productId, form, NOW);
      expect(
        answer,
        JSON.stringify([form.months, form.units, form.pincode, form.startDate, productId]),
      ).toEqual({
        ok: false,
        field,
        message,
        status: expect.any(Number),
      });
    }
    expect(start < "2027-06-30").toBe(true);
    expect(await bookingsOf(customer.id)).toEqual([]);
  });

  it("lets only its customer withdraw a request, and only before approval", async () => {
    const [owner, stranger] = [await insertCustomer(database.db), await insertCustomer(database.db)];
    const booked = await requestBooking(database.db, owner.id, dellId, await values({ units: 1 }), NOW);
    if (!booked.ok) throw new Error(booked.message);
    expect(await withdrawBooking(database.db, stranger.id, booked.bookingId, NOW)).toEqual({ ok: false });
    expect(await withdrawBooking(database.db, owner.id, booked.bookingId, NOW)).toEqual({
      ok: true,
      reference: booked.reference,
    });
    const [withdrawn] = await bookingsOf(owner.id);
    expect([withdrawn?.status, withdrawn?.endedAt?.toISOString()]).toEqual(["withdrawn", NOW.toISOString()]);
    expect(await withdrawBooking(database.db, owner.id, booked.bookingId, NOW)).toEqual({ ok: false });

    const approved = await requestBooking(database.db, owner.id, dellId, await values({ units: 1 }), NOW);
    if (!approved.ok) throw new Error(approved.message);
    await database.db
      .update(rentalBookings)
      .set({ status: "approved" })
      .where(eq(rentalBookings.id, approved.bookingId));
    expect(await withdrawBooking(database.db, owner.id, approved.bookingId, NOW)).toEqual({ ok: false });
  });

  it("deletes a booking's documents 90 days after it ended, not before, and never while it runs", async () => {
    const customer = await insertCustomer(database.db);
    const book = async () => {
      const booked = await requestBooking(database.db, customer.id, dellId, await values({ units: 1 }), NOW);
      if (!booked.ok) throw new Error(booked.message);
      return booked.bookingId;
    };
    const [endedLongAgo, endedRecently, running] = [await book(), await book(), await book()];
    const day = 24 * 60 * 60 * 1000;
    await database.db
      .update(rentalBookings)
      .set({ status: "settled", endedAt: new Date(NOW.getTime() - 91 * day) })
      .where(eq(rentalBookings.id, endedLongAgo));
    await database.db
      .update(rentalBookings)
      .set({ status: "withdrawn", endedAt: new Date(NOW.getTime() - 89 * day) })
      .where(eq(rentalBookings.id, endedRecently));
    await database.db.update(rentalBookings).set({ status: "active" }).where(eq(rentalBookings.id, running));
    const documentsOf = async (bookingId: number) =>
      (
        await database.db
          .select({ id: rentalDocuments.id })
          .from(rentalDocuments)
          .where(eq(rentalDocuments.bookingId, bookingId))
      ).length;

    expect(await purgeEndedRentalDocuments(database.db, NOW)).toBe(2);
    expect([
      await documentsOf(endedLongAgo),
      await documentsOf(endedRecently),
      await documentsOf(running),
    ]).toEqual([0, 2, 2]);
    // Two days on, the second has passed its 90 days too; the running rental keeps its documents.
    expect(await purgeEndedRentalDocuments(database.db, new Date(NOW.getTime() + 2 * day))).toBe(2);
    expect([await documentsOf(endedRecently), await documentsOf(running)]).toEqual([0, 2]);
  });

  it("waits for a rental out with the customer before erasing the account; erasing deletes every document", async () => {
    const noMail = { send: async () => undefined };
    const { customer, values: account } = await signUpCustomer(database.db);
    const requested = await requestBooking(database.db, customer.id, dellId, await values({ units: 1 }), NOW);
    const out = await requestBooking(database.db, customer.id, dellId, await values({ units: 1 }), NOW);
    if (!requested.ok || !out.ok) throw new Error("not booked");
    await database.db
      .update(rentalBookings)
      .set({ status: "delivered" })
      .where(eq(rentalBookings.id, out.bookingId));
    const documentsOf = async (bookingId: number) =>
      (
        await database.db
          .select({ id: rentalDocuments.id })
          .from(rentalDocuments)
          .where(eq(rentalDocuments.bookingId, bookingId))
      ).length;
    // Each booking came with its ID and address proof; another customer's booking keeps its own.
    const other = await insertCustomer(database.db);
    const others = await requestBooking(database.db, other.id, dellId, await values({ units: 1 }), NOW);
    if (!others.ok) throw new Error(others.message);
    expect([
      await documentsOf(requested.bookingId),
      await documentsOf(out.bookingId),
      await documentsOf(others.bookingId),
    ]).toEqual([2, 2, 2]);

    expect(await eraseAccount(database.db, customer.id, account.password, { ...noMail, now: NOW })).toEqual({
      ok: false,
      problem: "stillOpen",
      open: [`rental ${out.reference} (Delivered)`],
    });
    await database.db
      .update(rentalBookings)
      .set({ status: "settled", endedAt: NOW })
      .where(eq(rentalBookings.id, out.bookingId));
    expect(await eraseAccount(database.db, customer.id, account.password, { ...noMail, now: NOW })).toEqual({
      ok: true,
    });
    const after = await bookingsOf(customer.id);
    expect(after.map((booking) => [booking.id, booking.status]).sort()).toEqual(
      [
        [requested.bookingId, "withdrawn"],
        [out.bookingId, "settled"],
      ].sort(),
    );
    // The request withdrawn and the rental that went out alike; the other customer's untouched.
    expect([
      await documentsOf(requested.bookingId),
      await documentsOf(out.bookingId),
      await documentsOf(others.bookingId),
    ]).toEqual([0, 0, 2]);
  });
});
