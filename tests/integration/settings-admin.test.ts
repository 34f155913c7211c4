import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import type { Actor } from "~/features/audit/index.server";
import {
  readShopSettings,
  saveGrievanceContact,
  saveGstSettings,
  saveShopSettings,
} from "~/features/settings/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertStaffMember } from "./support/staff-member";

/*
 * The settings page's three forms: each saves its fields as a change of the shop's rules (the version moves)
 * and audits only the fields that changed, with their values before and after.
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

/** The details of the newest audit entry for `action`. */
const lastAudit = async (action: string) =>
  (
    await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]?.details;

describe(`the settings page's saves (${databaseKind})`, () => {
  it("audits the changed settings only: the same weekdays are no change, a new hotline is", async () => {
    const before = await readShopSettings(database.db);
    const { version } = before;
    await saveShopSettings(database.db, actor, {
      hotline: "+91 80 4000 1234",
      whatsapp: before.whatsapp,
      address: before.address,
      pinCode: before.pinCode,
      cutoff: before.cutoffMinutes,
      weekdays: [...before.businessWeekdays],
      expressFee: before.expressFee,
      cashOnDelivery: before.cashOnDelivery,
      codCeiling: before.codCeiling,
      codFee: before.codFee,
      rentalCashOnDelivery: before.rentalCashOnDelivery,
    });
    expect(await lastAudit("settings.update")).toEqual({
      hotline: { before: before.hotline, after: "+91 80 4000 1234" },
    });
    expect((await readShopSettings(database.db)).hotline).toBe("+91 80 4000 1234");
    expect((await readShopSettings(database.db)).version).toBe(version + 1);
  });

  it("audits a GST registration's changes, and a typed GSTIN is no longer the sample", async () => {
    const before = await readShopSettings(database.db);
    expect(before.gstinIsSample).toBe(true);
    await saveGstSettings(database.db, actor, {
      legalName: before.legalName,
      tradeName: "Kaveri Computers Jayanagar",
      gstin: "29AABCK1234F1Z5",
      gstState: "Karnataka",
      invoicePrefix: before.invoicePrefix,
      creditNotePrefix: before.creditNotePrefix,
      b2clThreshold: before.b2clThreshold,
    });
    expect(await lastAudit("settings.gst")).toEqual({
      tradeName: { before: before.tradeName, after: "Kaveri Computers Jayanagar" },
      gstin: { before: before.gstin, after: "29AABCK1234F1Z5" },
      gstinIsSample: { before: true, after: false },
    });
    expect(await readShopSettings(database.db)).toMatchObject({
      gstin: "29AABCK1234F1Z5",
      gstinIsSample: false,
    });
  });

  it("audits the grievance contact's changes", async () => {
    const before = await readShopSettings(database.db);
    await saveGrievanceContact(database.db, actor, {
      grievanceName: before.grievanceName,
      grievanceEmail: "complaints@kaveri.test",
    });
    expect(await lastAudit("settings.grievance")).toEqual({
      grievanceEmail: { before: before.grievanceEmail, after: "complaints@kaveri.test" },
    });
    expect((await readShopSettings(database.db)).grievanceEmail).toBe("complaints@kaveri.test");
  });
});
