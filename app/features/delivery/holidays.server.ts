import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { shopHolidays, shopSettings } from "~/db/schema";
import { changeShopRules, readShopSettings } from "~/features/settings/index.server";
import { shopClock } from "./delivery-dates";

export type Holiday = { day: string; name: string };

/**
 * India's public holidays and Karnataka's, for one year, from the date-holidays library (decision 0024). It
 * has the fixed-date ones only (Republic Day, Independence Day, Gandhi Jayanti, Christmas, Karnataka
 * Rajyotsava …); festivals on the lunar calendar (Ugadi, Diwali …) are added by the dealer in the back office.
 */
export async function libraryHolidays(year: number): Promise<Holiday[]> {
  // Loaded only when a year is seeded: the library and its data are large.
  const { default: Holidays } = await import("date-holidays");
  const calendar = new Holidays("IN", "KA");
  return calendar
    .getHolidays(year)
    .filter((holiday) => holiday.type === "public")
    .map((holiday) => ({ day: holiday.date.slice(0, 10), name: holiday.name }));
}

/**
 * Copies this year's and next year's holidays from the library into the shop's list, once per year: a day
 * the dealer removed after it was copied stays removed. Safe to run on several instances at once.
 */
export async function seedHolidays(db: Database, now = new Date()): Promise<number> {
  const year = Number(shopClock(now).day.slice(0, 4));
  const seededThrough = (await readShopSettings(db)).holidaysSeededThrough;
  const years = [year, year + 1].filter((candidate) => candidate > seededThrough);
  if (years.length === 0) return 0;
  const days = (await Promise.all(years.map(libraryHolidays))).flat();
  return changeShopRules(db, null, async (tx) => {
    const added =
      days.length === 0
        ? []
        : await tx
            .insert(shopHolidays)
            .values(days)
            .onConflictDoNothing()
            .returning({ day: shopHolidays.day });
    await tx
      .update(shopSettings)
      .set({ holidaysSeededThrough: sql`GREATEST(${shopSettings.holidaysSeededThrough}, ${year + 1})` });
    return added.length;
  });
}
