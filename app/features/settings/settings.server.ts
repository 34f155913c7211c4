import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deliveryZones, shopHolidays, shopSettings } from "~/db/schema";
import type { ShopCalendar } from "~/features/delivery";
import { type PinSpan, parsePinList, type ZoneClaims } from "~/features/delivery";
import { type ShopContact, shopContact } from "./shop-contact";

export type ShopSettings = typeof shopSettings.$inferSelect;
export type DeliveryZone = typeof deliveryZones.$inferSelect;

/** Everything the shop's delivery promises are made from, read together and kept until the version moves. */
export type ShopRules = {
  settings: ShopSettings;
  calendar: ShopCalendar;
  zones: ZoneClaims<DeliveryZone>[];
};

/**
 * How long a process trusts what it read before asking the database whether the version moved: a change made
 * through another instance shows within this time; one made through this instance at once.
 */
const RECHECK_MS = 1000;

type Memo = { rules: ShopRules; checkedAt: number };
// Keyed by database: tests run several in one process.
const memos = new WeakMap<Database, Memo>();

/**
 * The shop's settings, holidays and delivery zones. One query for the version at most once a second; the
 * rest only when the version moved (every change through this module bumps it).
 */
export async function readShopRules(db: Database, now = Date.now()): Promise<ShopRules> {
  const memo = memos.get(db);
  if (memo && now - memo.checkedAt < RECHECK_MS) return memo.rules;
  if (memo) {
    const [row] = await db
      .select({ version: shopSettings.version })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    if (row?.version === memo.rules.settings.version) {
      memo.checkedAt = now;
      return memo.rules;
    }
  }
  const rules = await loadRules(db);
  memos.set(db, { rules, checkedAt: now });
  return rules;
}

export async function readShopSettings(db: Database): Promise<ShopSettings> {
  return (await readShopRules(db)).settings;
}

// Made once per settings read (the root loader asks on every page), forgotten with the settings object.
const contacts = new WeakMap<ShopSettings, ShopContact>();

/** The hotline, WhatsApp number and address as the shop's pages show them; no query while the rules are kept. */
export async function readShopContact(db: Database): Promise<ShopContact> {
  const settings = await readShopSettings(db);
  let contact = contacts.get(settings);
  if (!contact) {
    contact = shopContact(settings);
    contacts.set(settings, contact);
  }
  return contact;
}

async function loadRules(db: Database): Promise<ShopRules> {
  const [settings] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!settings) throw new Error("The shop_settings row is missing: the migrations have not run");
  const [holidays, zones] = await Promise.all([
    db.select({ day: shopHolidays.day }).from(shopHolidays),
    db.select().from(deliveryZones).orderBy(asc(deliveryZones.id)),
  ]);
  return {
    settings,
    calendar: {
      cutoffMinutes: settings.cutoffMinutes,
      businessWeekdays: settings.businessWeekdays,
      holidays: new Set(holidays.map((holiday) => holiday.day)),
    },
    zones: zones.map((zone) => ({ zone, spans: spansOf(zone.pinList) })),
  };
}

/** A stored list was checked when saved; a term that no longer parses is skipped rather than failing pages. */
function spansOf(pinList: string): PinSpan[] {
  const parsed = parsePinList(pinList);
  return "spans" in parsed ? parsed.spans : [];
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Runs a change to the settings, holidays or zones in one transaction that also bumps the version, so every
 * instance re-reads the rules; this one forgets them at once.
 */
export async function changeShopRules<T>(
  db: Database,
  staffId: number | null,
  change: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await change(tx);
    await tx
      .update(shopSettings)
      .set({ version: sql`${shopSettings.version} + 1`, updatedAt: new Date(), updatedBy: staffId })
      .where(eq(shopSettings.id, 1));
    return value;
  });
  memos.delete(db);
  return result;
}

/** Forgets what this process read (after a change made with plain SQL, in tests and scripts). */
export function forgetShopRules(db: Database): void {
  memos.delete(db);
}
