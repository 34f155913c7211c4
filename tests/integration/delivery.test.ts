import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryZones, shopHolidays, shopSettings } from "~/db/schema";
import { readCatalogueVersion } from "~/features/catalogue/index.server";
import { deliveryPromise } from "~/features/delivery";
import { quoteDelivery, seedHolidays } from "~/features/delivery/index.server";
import { changeShopRules, forgetShopRules, readShopRules } from "~/features/settings/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

/*
 * Delivery promises come from the seeded settings and zones (migration 0011), and a change made through the
 * settings module is seen at once by this process and within a second by any other.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** Wednesday 25 November 2026, 10 AM in India. */
const wednesdayMorning = new Date("2026-11-25T10:00:00+05:30");

describe(`delivery quotes (${databaseKind})`, () => {
  it("serves all of India at the policy's days, but not the islands", async () => {
    const chennai = await quoteDelivery(database.db, "600017", wednesdayMorning);
    expect(chennai).toMatchObject({
      served: true,
      zone: { name: "All of India" },
      standard: { deliverBy: "2026-12-07", minutesToCutoff: 360, daysMin: 5, daysMax: 7 },
      cashOnDelivery: true,
    });
    // Express is off until the dealer sets a fee.
    expect(chennai.served && chennai.express).toBeUndefined();
    expect(await quoteDelivery(database.db, "744101", wednesdayMorning)).toEqual({
      pin: "744101",
      served: false,
    });
    expect(await quoteDelivery(database.db, "682555", wednesdayMorning)).toEqual({
      pin: "682555",
      served: false,
    });
    expect((await quoteDelivery(database.db, "682030", wednesdayMorning)).served).toBe(true);
  });

  it("follows the dealer's changes: an express fee, a holiday, a zone of its own", async () => {
    const catalogueBefore = await readCatalogueVersion(database.db);
    await changeShopRules(database.db, null, async (tx) => {
      await tx.update(shopSettings).set({ expressFee: 25_000 }).where(eq(shopSettings.id, 1));
      await tx.insert(shopHolidays).values({ day: "2026-11-27", name: "Kanakadasa Jayanthi" });
      await tx.insert(deliveryZones).values({
        name: "Bengaluru",
        pinList: "560-562",
        standardDaysMin: 1,
        standardDaysMax: 2,
        expressDaysMin: 1,
        expressDaysMax: 1,
        cashOnDelivery: true,
      });
    });
    const bengaluru = await quoteDelivery(database.db, "560034", wednesdayMorning);
    // Processed Wednesday and Thursday; Friday is now a holiday, so Monday and Tuesday in transit.
    expect(bengaluru).toMatchObject({
      served: true,
      zone: { name: "Bengaluru" },
      standard: { deliverBy: "2026-12-01" },
      express: { deliverBy: "2026-11-30", fee: 25_000 },
    });
    // Chennai keeps the national zone, and now has express too.
    const chennai = await quoteDelivery(database.db, "600017", wednesdayMorning);
    expect(chennai).toMatchObject({ zone: { name: "All of India" }, express: { deliverBy: "2026-12-02" } });
    // Pages visitors get from the cache show the shop's settings: they are renewed.
    expect(await readCatalogueVersion(database.db)).toBeGreaterThan(catalogueBefore);
  });

  it("reads the rules once a second at most, and again when another instance changed them", async () => {
    forgetShopRules(database.db);
    const first = await readShopRules(database.db, 1_000_000);
    expect(await readShopRules(database.db, 1_000_500)).toBe(first);
    // Another instance (plain SQL here) turns cash on delivery off and bumps the version.
    await database.db
      .update(shopSettings)
      .set({ cashOnDelivery: false, version: first.settings.version + 1 })
      .where(eq(shopSettings.id, 1));
    expect((await readShopRules(database.db, 1_000_900)).settings.cashOnDelivery).toBe(true);
    expect((await readShopRules(database.db, 1_001_100)).settings.cashOnDelivery).toBe(false);
  });

  it("copies this year's and next year's holidays from the library once; a day the dealer removed stays removed", async () => {
    const added = await seedHolidays(database.db, wednesdayMorning);
    const days = await database.db.select().from(shopHolidays);
    const named = new Map(days.map((day) => [day.day, day.name]));
    // National days and Karnataka's own, for 2026 and 2027.
    expect(named.get("2026-01-26")).toMatch(/Republic Day/);
    expect(named.get("2027-08-15")).toMatch(/Independence Day/);
    expect(named.get("2026-11-01")).toMatch(/Karnataka|Rajyotsava/);
    expect(added).toBeGreaterThanOrEqual(10);
    // Republic Day 2027 falls on a Tuesday: orders placed the Monday evening before start on Wednesday.
    const mondayEvening = await quoteDelivery(database.db, "600017", new Date("2027-01-25T18:00:00+05:30"));
    const withoutIt = { ...(await readShopRules(database.db)).calendar, holidays: new Set<string>() };
    const unchecked = deliveryPromise(new Date("2027-01-25T18:00:00+05:30"), 7, withoutIt);
    expect(mondayEvening.served && mondayEvening.standard.deliverBy).not.toBe(unchecked.deliverBy);

    await changeShopRules(database.db, null, (tx) =>
      tx.delete(shopHolidays).where(eq(shopHolidays.day, "2027-08-15")),
    );
    expect(await seedHolidays(database.db, wednesdayMorning)).toBe(0);
    const after = await database.db.select().from(shopHolidays).where(eq(shopHolidays.day, "2027-08-15"));
    expect(after).toEqual([]);
  });
});
