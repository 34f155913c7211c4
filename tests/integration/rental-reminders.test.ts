import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rentalBookings, staff } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { rentalsToAttend, sendEndingReminders } from "~/features/rentals/index.server";
import type { MailMessage } from "~/lib/mail.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";
import { DELL, dellIdOf, RENTAL_NOW } from "./support/rentals";

/*
 * Rentals ending (decision 0043): once a rental's tenure ends within 14 days, its customer is told the day and
 * the dealer's owners get the list, once per booking, whichever instance runs first.
 */

let database: TestDatabase;
let dellId: number;
const NOW = RENTAL_NOW;
const PUBLIC_URL = "https://shop.example.in";

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  dellId = await dellIdOf(database.db);
  await database.db.insert(staff).values([
    { email: "owner@example.in", name: "Owner", role: "owner" },
    { email: "former-owner@example.in", name: "Former", role: "owner", disabledAt: NOW },
    { email: "clerk@example.in", name: "Clerk", role: "staff" },
  ]);
});

afterAll(async () => {
  await database?.drop();
});

/** An active rental of 3 months that went active on `activeFrom`. */
async function activeRental(activeFrom: string, firstname = "Asha") {
  const customer = await insertCustomer(database.db, { firstname });
  const [booking] = await database.db
    .insert(rentalBookings)
    .values({
      customerId: customer.id,
      productId: dellId,
      title: DELL,
      months: 3,
      units: 2,
      monthlyRent: 2_499_00,
      deposit: 10_000_00,
      startDate: activeFrom,
      address: {
        firstname,
        lastname: "Rao",
        address: "12, 4th Cross",
        city: "Bengaluru",
        state: "Karnataka",
        country: "India",
        pincode: "560034",
      },
      termsVersion: "2026-11-28",
      status: "active",
      activeFrom,
    })
    .returning({ id: rentalBookings.id });
  return { email: customer.email, id: booking?.id ?? 0 };
}

describe(`rentals ending (${databaseKind})`, () => {
  it("tells the customer and the active owners once, 14 days ahead, and the dashboard counts it", async () => {
    // Ends 30 January (10 days on): told now. Ends 20 February (31 days on): not yet.
    const soon = await activeRental("2026-10-30", "Soon");
    const later = await activeRental("2026-11-20", "Later");
    expect(await rentalsToAttend(database.db, NOW)).toMatchObject({ ending: 1, days: 14 });

    const sent: MailMessage[] = [];
    const send = async (message: MailMessage) => {
      sent.push(message);
    };
    expect(await sendEndingReminders(database.db, PUBLIC_URL, NOW, send)).toBe(1);
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [
        soon.email,
        `Your Kaveri Computers rental RENT-${String(soon.id).padStart(6, "0")} ends on Saturday, 30 January`,
      ],
      ["owner@example.in", "Rentals ending within 14 days: 1"],
    ]);
    expect(sent[0]?.text).toContain("Hello Soon,");
    expect(sent[1]?.text).toContain(`2 × ${DELL}, ends Saturday, 30 January`);
    expect(sent[1]?.text).toContain(`${PUBLIC_URL}/admin/rentals?status=active`);

    // Told once: another run (another instance) tells nobody again.
    expect(await sendEndingReminders(database.db, PUBLIC_URL, NOW, send)).toBe(0);
    expect(sent.length).toBe(2);

    // On 6 February, the later rental is 14 days from its end (20 February): told then, not the day before.
    const day = 24 * 60 * 60 * 1000;
    expect(await sendEndingReminders(database.db, PUBLIC_URL, new Date(NOW.getTime() + 16 * day), send)).toBe(
      0,
    );
    expect(await sendEndingReminders(database.db, PUBLIC_URL, new Date(NOW.getTime() + 17 * day), send)).toBe(
      1,
    );
    expect(sent.slice(2).map((message) => message.to)).toEqual([later.email, "owner@example.in"]);
  });

  it("tells the customer again at the next run when the mail could not be sent", async () => {
    const failing = await activeRental("2026-10-31", "Unlucky");
    // Every mail tried, and whether it went.
    const tried: [to: string, went: boolean][] = [];
    const down = async (message: MailMessage) => {
      const refused = message.to === failing.email;
      tried.push([message.to, !refused]);
      if (refused) throw new Error("SMTP 451: try again later");
    };
    const up = async (message: MailMessage) => {
      tried.push([message.to, true]);
    };
    const toCustomer = () => tried.filter(([to]) => to === failing.email);
    expect(await sendEndingReminders(database.db, PUBLIC_URL, NOW, down)).toBe(1);
    expect(toCustomer()).toEqual([[failing.email, false]]);
    // The next run tries again, and the mail goes.
    expect(await sendEndingReminders(database.db, PUBLIC_URL, NOW, up)).toBe(1);
    expect(toCustomer()).toEqual([
      [failing.email, false],
      [failing.email, true],
    ]);
    // Then it is told: a third run tells nobody.
    expect(await sendEndingReminders(database.db, PUBLIC_URL, NOW, up)).toBe(0);
    expect(toCustomer()).toHaveLength(2);
  });
});
