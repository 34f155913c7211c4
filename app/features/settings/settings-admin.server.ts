import { asc, eq, gte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deliveryZones, shopHolidays, shopSettings } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import type { GrievanceValues, GstSettingsValues, SettingsValues } from "./schemas";
import { changeShopRules, readShopSettings, type ShopSettings } from "./settings.server";

/** The settings page's lists: holidays from the start of `fromDay`'s year, and every zone. */
export async function settingsPageLists(db: Database, fromDay: string) {
  const [holidays, zones] = await Promise.all([
    db
      .select()
      .from(shopHolidays)
      .where(gte(shopHolidays.day, `${fromDay.slice(0, 4)}-01-01`))
      .orderBy(asc(shopHolidays.day)),
    db.select().from(deliveryZones).orderBy(asc(deliveryZones.id)),
  ]);
  return { holidays, zones };
}

/**
 * Writes `next` over the shop's settings, as a change of its rules, and records the fields that differ from
 * `before` in the audit trail as `action`, each with its value before and after. Values are compared by their
 * JSON: the weekdays are a list.
 */
async function writeSettings(
  db: Database,
  actor: Actor,
  action: string,
  before: ShopSettings,
  next: Partial<ShopSettings>,
): Promise<void> {
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, after] of Object.entries(next)) {
    const was = before[key as keyof typeof next];
    if (JSON.stringify(was) !== JSON.stringify(after)) changed[key] = { before: was, after };
  }
  await changeShopRules(db, actor.id, async (tx) => {
    await tx.update(shopSettings).set(next).where(eq(shopSettings.id, 1));
    await recordAudit(tx, actor, action, "shop", changed);
  });
}

type SettingsChange = Omit<SettingsValues, "intent">;

/** Saves the settings form, with what changed in the audit trail. */
export async function saveShopSettings(db: Database, actor: Actor, values: SettingsChange): Promise<void> {
  const before = await readShopSettings(db);
  const next = {
    hotline: values.hotline,
    whatsapp: values.whatsapp,
    address: values.address,
    pinCode: values.pinCode,
    cutoffMinutes: values.cutoff,
    businessWeekdays: values.weekdays,
    expressFee: values.expressFee,
    cashOnDelivery: values.cashOnDelivery,
    codCeiling: values.codCeiling,
    codFee: values.codFee,
    rentalCashOnDelivery: values.rentalCashOnDelivery,
  };
  await writeSettings(db, actor, "settings.update", before, next);
}

/**
 * Saves the dealer's GST registration, with what changed in the audit trail. A GSTIN the owner typed is no
 * longer the seed's sample; invoices already issued keep what they printed.
 */
export async function saveGstSettings(
  db: Database,
  actor: Actor,
  values: Omit<GstSettingsValues, "intent">,
): Promise<void> {
  const before = await readShopSettings(db);
  const next = {
    legalName: values.legalName,
    tradeName: values.tradeName,
    gstin: values.gstin,
    gstinIsSample: values.gstin === before.gstin ? before.gstinIsSample : false,
    gstState: values.gstState,
    invoicePrefix: values.invoicePrefix,
    creditNotePrefix: values.creditNotePrefix,
    b2clThreshold: values.b2clThreshold,
  };
  await writeSettings(db, actor, "settings.gst", before, next);
}

/** Saves the grievance contact the privacy policy names, with what changed in the audit trail. */
export async function saveGrievanceContact(
  db: Database,
  actor: Actor,
  values: Omit<GrievanceValues, "intent">,
): Promise<void> {
  const before = await readShopSettings(db);
  const next = { grievanceName: values.grievanceName, grievanceEmail: values.grievanceEmail };
  await writeSettings(db, actor, "settings.grievance", before, next);
}

/** Adds a day the shop is closed; false when it already is one. */
export async function addHoliday(db: Database, actor: Actor, day: string, name: string): Promise<boolean> {
  return changeShopRules(db, actor.id, async (tx) => {
    const added = await tx.insert(shopHolidays).values({ day, name }).onConflictDoNothing().returning();
    if (added.length === 0) return false;
    await recordAudit(tx, actor, "settings.holiday-add", day, { name });
    return true;
  });
}

export async function removeHoliday(db: Database, actor: Actor, day: string): Promise<void> {
  await changeShopRules(db, actor.id, async (tx) => {
    const removed = await tx.delete(shopHolidays).where(eq(shopHolidays.day, day)).returning();
    if (removed[0]) await recordAudit(tx, actor, "settings.holiday-remove", day, { name: removed[0].name });
  });
}
