import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, rateLimitHits, sessions, staff, staffSessions, staffTokens } from "~/db/schema";
import { purgeExpired } from "~/features/operations/index.server";
import { openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe("purgeExpired", () => {
  it("deletes expired sessions, reset tokens and back-office links a day past expiry and old rate-limit hits, and nothing else", async () => {
    const { db } = database;
    const now = new Date("2026-11-23T10:00:00Z");
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const customer = await insertCustomer(db);
    await db.insert(sessions).values([
      { idHash: "expired", customerId: customer.id, expiresAt: hoursAgo(1) },
      { idHash: "live", customerId: customer.id, expiresAt: hoursAgo(-24) },
    ]);
    await db.insert(passwordResetTokens).values([
      { customerId: customer.id, tokenHash: "two-days-old", expiresAt: hoursAgo(48), usedAt: hoursAgo(48.2) },
      { customerId: customer.id, tokenHash: "expired-an-hour-ago", expiresAt: hoursAgo(1) },
      { customerId: customer.id, tokenHash: "fresh", expiresAt: hoursAgo(-0.5) },
    ]);
    await db.insert(rateLimitHits).values([
      { bucket: "signup", subject: "10.0.0.1", createdAt: hoursAgo(3) },
      { bucket: "signup", subject: "10.0.0.2", createdAt: hoursAgo(0.1) },
    ]);
    const [member] = await db
      .insert(staff)
      .values({ email: "staff@kaveri.test", name: "Priya" })
      .returning({ id: staff.id });
    if (!member) throw new Error("no staff row");
    await db.insert(staffSessions).values([
      { idHash: "staff-expired", staffId: member.id, expiresAt: hoursAgo(1) },
      { idHash: "staff-live", staffId: member.id, expiresAt: hoursAgo(-8) },
    ]);
    await db.insert(staffTokens).values([
      { tokenHash: "invite-two-days-old", purpose: "invite", staffId: member.id, expiresAt: hoursAgo(48) },
      { tokenHash: "setup-expired-an-hour-ago", purpose: "setup", expiresAt: hoursAgo(1) },
    ]);

    expect(await purgeExpired(db, now)).toEqual({
      sessions: 1,
      resetTokens: 1,
      rateLimitHits: 1,
      backOffice: 2,
    });
    expect(await db.select({ idHash: sessions.idHash }).from(sessions)).toEqual([{ idHash: "live" }]);
    expect(await db.select({ idHash: staffSessions.idHash }).from(staffSessions)).toEqual([
      { idHash: "staff-live" },
    ]);
    expect(await db.select({ tokenHash: staffTokens.tokenHash }).from(staffTokens)).toEqual([
      { tokenHash: "setup-expired-an-hour-ago" },
    ]);
    const tokens = await db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(tokens.map((t) => t.tokenHash).sort()).toEqual(["expired-an-hour-ago", "fresh"]);
    expect(await db.select({ subject: rateLimitHits.subject }).from(rateLimitHits)).toEqual([
      { subject: "10.0.0.2" },
    ]);
    // Running again (another instance, say) finds nothing more to do.
    expect(await purgeExpired(db, now)).toEqual({
      sessions: 0,
      resetTokens: 0,
      rateLimitHits: 0,
      backOffice: 0,
    });
  });
});
