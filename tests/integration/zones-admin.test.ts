import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, deliveryZones, shopSettings } from "~/db/schema";
import type { Actor } from "~/features/audit/index.server";
import { type ZoneValues, zonesFromCsv } from "~/features/delivery";
import {
  createZone,
  deleteZone,
  listZones,
  quoteDelivery,
  replaceZones,
  updateZone,
  zoneForEdit,
  zonesCsv,
} from "~/features/delivery/index.server";
import { readShopRules } from "~/features/settings/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertStaffMember } from "./support/staff-member";

/*
 * The back office's delivery zones: every change goes through the shop's rules (the version moves, so every
 * instance re-reads them), is audited, and never leaves the shop delivering nowhere; a CSV import replaces
 * every zone or none, and an exported file imports as the same zones.
 */

let database: TestDatabase;
let actor: Actor;

beforeAll(async () => {
  database = await openTestDatabase();
  actor = (await insertStaffMember(database.db, { role: "owner" })).actor;
});

afterAll(async () => {
  await database?.drop();
});

const rulesVersion = async () =>
  (
    await database.db
      .select({ version: shopSettings.version })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
  )[0]?.version ?? 0;

const zoneValues = (zones: Awaited<ReturnType<typeof listZones>>): ZoneValues[] =>
  zones.map(({ id: _, ...zone }) => zone);

const auditActions = async (action: string) =>
  database.db.select().from(auditLog).where(like(auditLog.action, action));

const wednesdayMorning = new Date("2026-11-25T10:00:00+05:30");

describe(`delivery zones in the back office (${databaseKind})`, () => {
  it("exports the seeded zones, and their file imports as the same zones", async () => {
    const before = await listZones(database.db);
    const csv = await zonesCsv(database.db);
    expect(csv.split("\r\n")[0]).toBe(
      "name,pin_list,delivers,standard_days_min,standard_days_max,express_days_min,express_days_max,cash_on_delivery",
    );
    expect(csv).toContain("Andaman and Nicobar Islands,744,no,5,7,,,no\r\n");
    const read = zonesFromCsv(`\uFEFF${csv}`);
    if (!read.ok) throw new Error(read.problems.join("\n"));
    const version = await rulesVersion();
    expect(await replaceZones(database.db, actor, read.zones)).toEqual({ ok: true, value: 3 });
    expect(zoneValues(await listZones(database.db))).toEqual(zoneValues(before));
    expect(await rulesVersion()).toBe(version + 1);
    expect(await zonesCsv(database.db)).toBe(csv);
  });

  it("an import replaces every zone, moves the rules' version, and the shop follows at once", async () => {
    const version = await rulesVersion();
    // Read (and cached) before the change, as a busy shop would have.
    expect((await quoteDelivery(database.db, "744101", wednesdayMorning)).served).toBe(false);
    const read = zonesFromCsv(
      [
        "name,pin_list,delivers,standard_days_min,standard_days_max,express_days_min,express_days_max,cash_on_delivery",
        "South India,5 6,yes,2,4,1,2,yes",
        "Islands,744,yes,8,12,,,no",
      ].join("\r\n"),
    );
    if (!read.ok) throw new Error(read.problems.join("\n"));
    expect(await replaceZones(database.db, actor, read.zones)).toEqual({ ok: true, value: 2 });
    expect(await rulesVersion()).toBe(version + 1);
    expect((await listZones(database.db)).map((zone) => zone.name)).toEqual(["South India", "Islands"]);
    expect((await readShopRules(database.db)).zones).toHaveLength(2);
    expect(await quoteDelivery(database.db, "744101", wednesdayMorning)).toMatchObject({
      served: true,
      zone: { name: "Islands" },
      cashOnDelivery: false,
    });
    // Delhi is in no zone now.
    expect((await quoteDelivery(database.db, "110001", wednesdayMorning)).served).toBe(false);
    const [entry] = (await auditActions("zone.import")).slice(-1);
    expect(entry).toMatchObject({
      staffName: actor.name,
      subject: "zones",
      details: { before: 3, after: 2 },
    });
    expect(String(entry?.details.replaced)).toContain("All of India,1 2 3 4 5 6 7 8 9,yes,5,7,2,3,yes");
  });

  it("an import that would deliver nowhere changes nothing, not even the version", async () => {
    const version = await rulesVersion();
    const zones = await listZones(database.db);
    const audits = (await auditActions("zone.%")).length;
    const nowhere: ZoneValues[] = [
      {
        name: "Closed",
        pinList: "1 2 3 4 5 6 7 8 9",
        delivers: false,
        standardDaysMin: 5,
        standardDaysMax: 7,
        expressDaysMin: null,
        expressDaysMax: null,
        cashOnDelivery: false,
      },
    ];
    expect(await replaceZones(database.db, actor, nowhere)).toEqual({ ok: false, problem: "none-served" });
    expect(await replaceZones(database.db, actor, [])).toEqual({ ok: false, problem: "none-served" });
    expect(await listZones(database.db)).toEqual(zones);
    expect(await rulesVersion()).toBe(version);
    expect(await auditActions("zone.%")).toHaveLength(audits);
    // A file with a wrong row never reaches the module: nothing to replace with.
    expect(zonesFromCsv("name,pin_list\nx,1")).toMatchObject({ ok: false });
  });

  it("adds, edits (refusing a stale copy) and deletes a zone, each audited and through the rules", async () => {
    const version = await rulesVersion();
    const bengaluru: ZoneValues = {
      name: "Bengaluru city",
      pinList: "560",
      delivers: true,
      standardDaysMin: 1,
      standardDaysMax: 2,
      expressDaysMin: null,
      expressDaysMax: null,
      cashOnDelivery: true,
    };
    const created = await createZone(database.db, actor, bengaluru);
    if (!created.ok) throw new Error(created.problem);
    const id = created.value;
    expect(await rulesVersion()).toBe(version + 1);
    expect(await quoteDelivery(database.db, "560034", wednesdayMorning)).toMatchObject({
      zone: { name: "Bengaluru city" },
    });

    const opened = await zoneForEdit(database.db, id);
    expect(opened?.version).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const version1 = opened?.version ?? "";
    expect(await updateZone(database.db, actor, id, version1, { ...bengaluru, delivers: false })).toEqual({
      ok: true,
      value: id,
    });
    expect(await quoteDelivery(database.db, "560034", wednesdayMorning)).toEqual({
      pin: "560034",
      served: false,
    });
    // The form opened before that save is a stale copy now: refused, nothing changed.
    const stale = await updateZone(database.db, actor, id, version1, { ...bengaluru, name: "Old copy" });
    expect(stale).toEqual({ ok: false, problem: "stale" });
    expect((await zoneForEdit(database.db, id))?.name).toBe("Bengaluru city");
    const [update] = (await auditActions("zone.update")).slice(-1);
    expect(update).toMatchObject({
      subject: `zone ${id}`,
      details: { name: "Bengaluru city", delivers: { before: true, after: false } },
    });

    expect(await deleteZone(database.db, actor, id)).toEqual({ ok: true, value: id });
    expect(await zoneForEdit(database.db, id)).toBeUndefined();
    expect(await deleteZone(database.db, actor, id)).toEqual({ ok: false, problem: "not-found" });
    expect(await updateZone(database.db, actor, id, version1, bengaluru)).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect((await auditActions("zone.create")).at(-1)?.details).toMatchObject({ name: "Bengaluru city" });
    expect((await auditActions("zone.delete")).at(-1)?.details).toMatchObject({ delivers: false });
  });

  it("refuses to delete or switch off the last zone that delivers", async () => {
    const zones = await listZones(database.db);
    const served = zones.filter((zone) => zone.delivers);
    // South India delivers; the islands too (from the import above): switch the islands off first.
    const islands = zones.find((zone) => zone.name === "Islands");
    const south = zones.find((zone) => zone.name === "South India");
    if (!islands || !south) throw new Error("the imported zones are missing");
    expect(served).toHaveLength(2);
    const islandsVersion = (await zoneForEdit(database.db, islands.id))?.version ?? "";
    const { id: _, ...islandValues } = islands;
    expect(
      await updateZone(database.db, actor, islands.id, islandsVersion, { ...islandValues, delivers: false }),
    ).toMatchObject({ ok: true });

    const version = await rulesVersion();
    const southVersion = (await zoneForEdit(database.db, south.id))?.version ?? "";
    const { id: __, ...southValues } = south;
    expect(
      await updateZone(database.db, actor, south.id, southVersion, { ...southValues, delivers: false }),
    ).toEqual({ ok: false, problem: "none-served" });
    expect(await deleteZone(database.db, actor, south.id)).toEqual({ ok: false, problem: "none-served" });
    expect(
      (await database.db.select().from(deliveryZones).where(eq(deliveryZones.id, south.id)))[0]?.delivers,
    ).toBe(true);
    expect(await rulesVersion()).toBe(version);
    // A zone that does not deliver may go.
    expect(await deleteZone(database.db, actor, islands.id)).toMatchObject({ ok: true });
  });
});
