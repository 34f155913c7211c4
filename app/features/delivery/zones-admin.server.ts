import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deliveryZones, shopSettings } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { changeShopRules } from "~/features/settings/index.server";
import { daysText, type ZoneValues } from "./zones";
import { zonesToCsv } from "./zones-csv";

/**
 * The back office's delivery zones (owners): add, edit, delete, and the whole list as CSV in and out. Every
 * change goes through changeShopRules, so every instance re-reads the zones, and is audited. The shop must
 * always deliver somewhere: a change that would leave no zone delivering is refused and rolled back.
 */

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ZoneProblem = "not-found" | "stale" | "none-served";
/** A change made (`value`: the zone's id, or the number of zones imported), or why it was refused. */
export type ZoneChange = { ok: true; value: number } | { ok: false; problem: ZoneProblem };

/** Thrown inside the change to roll it back (and not bump the rules' version); answered as a problem. */
class ZoneRefused extends Error {
  constructor(readonly problem: ZoneProblem) {
    super(problem);
  }
}

/** The zone's updated_at to the microsecond, as PostgreSQL keeps it: the edit form's version. */
const versionOf = sql<string>`to_char(${deliveryZones.updatedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const zoneColumns = {
  name: deliveryZones.name,
  pinList: deliveryZones.pinList,
  delivers: deliveryZones.delivers,
  standardDaysMin: deliveryZones.standardDaysMin,
  standardDaysMax: deliveryZones.standardDaysMax,
  expressDaysMin: deliveryZones.expressDaysMin,
  expressDaysMax: deliveryZones.expressDaysMax,
  cashOnDelivery: deliveryZones.cashOnDelivery,
};

/** Every zone, in the order the matcher breaks ties by (the first listed wins). */
export async function listZones(db: Database) {
  return db
    .select({ id: deliveryZones.id, ...zoneColumns })
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.id));
}

export async function zoneForEdit(db: Database, id: number) {
  const [zone] = await db
    .select({ id: deliveryZones.id, ...zoneColumns, version: versionOf })
    .from(deliveryZones)
    .where(eq(deliveryZones.id, id));
  return zone;
}

/** The zones as the CSV file the page offers (app/features/delivery/zones-csv.ts). */
export async function zonesCsv(db: Database): Promise<string> {
  return zonesToCsv(await listZones(db));
}

/** A zone as the audit trail shows it. */
function described(zone: ZoneValues) {
  return {
    name: zone.name,
    pinList: zone.pinList,
    delivers: zone.delivers,
    standardDays: daysText(zone.standardDaysMin, zone.standardDaysMax),
    expressDays: daysText(zone.expressDaysMin, zone.expressDaysMax),
    cashOnDelivery: zone.cashOnDelivery,
  };
}

/**
 * Runs one change to the zones under a lock on the settings row (so two owners' changes cannot together
 * leave the shop delivering nowhere), then checks that some zone still delivers.
 */
async function changeZones(
  db: Database,
  actor: Actor,
  change: (tx: Transaction) => Promise<number>,
): Promise<ZoneChange> {
  try {
    const value = await changeShopRules(db, actor.id, async (tx) => {
      await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
      const value = await change(tx);
      const [served] = await tx
        .select({ zones: count() })
        .from(deliveryZones)
        .where(eq(deliveryZones.delivers, true));
      if (!served?.zones) throw new ZoneRefused("none-served");
      return value;
    });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ZoneRefused) return { ok: false, problem: error.problem };
    throw error;
  }
}

export async function createZone(db: Database, actor: Actor, zone: ZoneValues): Promise<ZoneChange> {
  return changeZones(db, actor, async (tx) => {
    const [created] = await tx.insert(deliveryZones).values(zone).returning({ id: deliveryZones.id });
    if (!created) throw new Error("the zone was not stored");
    await recordAudit(tx, actor, "zone.create", `zone ${created.id}`, described(zone));
    return created.id;
  });
}

/**
 * Saves a zone if it is still as it was when the form was opened (`version`): the UPDATE matches on
 * updated_at, so a save made on a stale copy changes nothing. Audited with the fields that changed.
 */
export async function updateZone(
  db: Database,
  actor: Actor,
  id: number,
  version: string,
  zone: ZoneValues,
): Promise<ZoneChange> {
  return changeZones(db, actor, async (tx) => {
    const [before] = await tx
      .select({ ...zoneColumns, version: versionOf })
      .from(deliveryZones)
      .where(eq(deliveryZones.id, id))
      .for("update");
    if (!before) throw new ZoneRefused("not-found");
    const [updated] = await tx
      .update(deliveryZones)
      .set({ ...zone, updatedAt: sql`now()` })
      .where(and(eq(deliveryZones.id, id), eq(deliveryZones.updatedAt, sql`${version}::timestamptz`)))
      .returning({ id: deliveryZones.id });
    if (!updated) throw new ZoneRefused("stale");
    const was = described(before);
    const now = described(zone);
    const changed: Record<string, { before: unknown; after: unknown }> = {};
    for (const key of Object.keys(now) as (keyof typeof now)[]) {
      if (was[key] !== now[key]) changed[key] = { before: was[key], after: now[key] };
    }
    await recordAudit(tx, actor, "zone.update", `zone ${id}`, { name: zone.name, ...changed });
    return id;
  });
}

export async function deleteZone(db: Database, actor: Actor, id: number): Promise<ZoneChange> {
  return changeZones(db, actor, async (tx) => {
    const [removed] = await tx.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning();
    if (!removed) throw new ZoneRefused("not-found");
    await recordAudit(tx, actor, "zone.delete", `zone ${id}`, described(removed));
    return id;
  });
}

/**
 * Replaces every zone with `zones` (a checked CSV file) in one transaction: all of them or, when the result
 * would deliver nowhere, none. The audit entry keeps the old list, so an import can be undone by hand.
 */
export async function replaceZones(
  db: Database,
  actor: Actor,
  zones: readonly ZoneValues[],
): Promise<ZoneChange> {
  return changeZones(db, actor, async (tx) => {
    const before = await tx.select(zoneColumns).from(deliveryZones).orderBy(asc(deliveryZones.id));
    await tx.delete(deliveryZones);
    if (zones.length > 0) await tx.insert(deliveryZones).values([...zones]);
    await recordAudit(tx, actor, "zone.import", "zones", {
      before: before.length,
      after: zones.length,
      replaced: zonesToCsv(before),
    });
    return zones.length;
  });
}
