import { and, desc, eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, staff, staffSessions, staffTokens } from "~/db/schema";
import { getSessionCustomer, startSession } from "~/features/accounts/index.server";
import { auditActors, auditEntries, recordAudit } from "~/features/audit/index.server";
import type { StaffRole } from "~/features/staff";
import {
  acceptInvitation,
  addStaffMember,
  announceSetupLink,
  authenticateStaff,
  changeRole,
  createOwnerFromSetup,
  createSetupLink,
  endStaffSession,
  getSessionStaff,
  hasActiveOwner,
  invitation,
  inviteStaff,
  listStaff,
  newPasswordLink,
  type StaffMember,
  setDisabled,
  setStaffPassword,
  setupLinkState,
  staffCookieHeaders,
  startStaffSession,
} from "~/features/staff/index.server";
// Makes tokens and their hashes as the staff feature does inside, to plant links in the database, on purpose.
import { hashToken, newToken } from "~/features/staff/tokens.server";
import type { Config } from "~/lib/config.server";
import { hashPassword } from "~/lib/password.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";

/*
 * The back office's staff accounts: the first run's owner set-up link, log-in, invitations, roles, disabling,
 * the command line's `npm run staff -- add`, and the staff session cookie. The first describe runs while the
 * database has no staff account yet, so it comes first; every later test makes the members it needs.
 */

vi.mock("~/lib/config.server", () => ({
  config: () =>
    ({
      publicUrl: "https://shop.example.in",
      isProduction: false,
      cookieSecure: false,
      sessionSecret: "integration-test-session-secret-0123456789abcdef",
    }) as Config,
}));

let database: TestDatabase;
/** PASSWORD's hash, made once by the shop's own hashPassword (each hash takes about a second of CPU). */
let passwordHash = "";

beforeAll(async () => {
  database = await openTestDatabase();
  passwordHash = await hashPassword(PASSWORD);
});

afterAll(async () => {
  await database?.drop();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = "Malleshwaram 18th cross";
/** What the command line records as its actor. */
const COMMAND_LINE = { id: null, name: "npm run staff" };

let sequence = 0;
const nextEmail = () => `member${++sequence}@kavericomputers.in`;

const actor = (member: StaffMember) => ({ id: member.id, name: member.name });

/**
 * A member who signs in with PASSWORD, stored with its hash made once: the row `npm run staff -- add` stores,
 * without hashing again. That the command hashes, stores, audits and ends set-up links is proved by
 * "adds a member with a password who can log in at once" and "ends a set-up link printed before the member
 * was added", which add through it.
 */
async function addMember(role: StaffRole = "staff", name = `Member ${sequence + 1}`): Promise<StaffMember> {
  const [added] = await database.db
    .insert(staff)
    .values({ email: nextEmail(), name, role, passwordHash })
    .returning({ id: staff.id, email: staff.email, name: staff.name, role: staff.role });
  if (!added) throw new Error(`adding ${name} failed`);
  return added;
}

/** Rounds of a race between two owners: without the owners' lock, ten rounds fail where one passed. */
const RACE_ROUNDS = 10;

/** Makes these the only owners (every other owner becomes staff), so "the last owner" is under the test's control. */
async function onlyOwners(...members: StaffMember[]) {
  await database.db
    .update(staff)
    .set({ role: "staff" })
    .where(
      and(
        eq(staff.role, "owner"),
        notInArray(
          staff.id,
          members.map((m) => m.id),
        ),
      ),
    );
}

async function member(id: number) {
  const entry = (await listStaff(database.db)).find((m) => m.id === id);
  if (!entry) throw new Error(`staff ${id} is not listed`);
  return entry;
}

async function auditRows(action: string, subject: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject)))
    .orderBy(auditLog.id);
}

/** The Cookie header a browser sends back after this Set-Cookie header. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

function adminRequest(cookie: string) {
  return new Request("http://localhost/admin", { headers: { Cookie: cookie } });
}

async function signedInAs(cookie: string) {
  return getSessionStaff(database.db, adminRequest(cookie));
}

describe(`first run: the owner set-up link (${databaseKind})`, () => {
  /** The link the owner was created with (kept for the test after it). */
  let usedSetupToken = "";

  it("makes a set-up link while no owner can log in; earlier links (another instance's) keep working", async () => {
    expect(await hasActiveOwner(database.db)).toBe(false);
    const first = await createSetupLink(database.db);
    expect(first).toEqual(expect.any(String));
    expect(await setupLinkState(database.db, first ?? "")).toBe("valid");

    const second = await createSetupLink(database.db);
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    expect(await setupLinkState(database.db, second ?? "")).toBe("valid");
    expect(await setupLinkState(database.db, first ?? "")).toBe("valid");
    expect(await setupLinkState(database.db, "a-guessed-token")).toBe("unknown");
  });

  it("prints PUBLIC_URL/admin/setup/{token} at start, and that link works", async () => {
    const lines: string[] = [];
    const url = await announceSetupLink(database.db, "https://shop.example.in/", (line) => lines.push(line));
    expect(url).toMatch(/^https:\/\/shop\.example\.in\/admin\/setup\/[A-Za-z0-9_-]{20,}$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(url);
    expect(lines[0]).toContain("24 hours");
    const token = url?.split("/").pop() ?? "";
    expect(await setupLinkState(database.db, token)).toBe("valid");
  });

  it("a set-up link works for 24 hours, then creates nobody", async () => {
    const printedAt = new Date();
    const token = (await createSetupLink(database.db, printedAt)) ?? "";
    expect(await setupLinkState(database.db, token, new Date(printedAt.getTime() + 23 * HOUR))).toBe("valid");
    const later = new Date(printedAt.getTime() + 25 * HOUR);
    expect(await setupLinkState(database.db, token, later)).toBe("expired");
    const created = await createOwnerFromSetup(
      database.db,
      token,
      { email: "late@kavericomputers.in", name: "Late Owner", password: PASSWORD },
      later,
    );
    expect(created).toEqual({ ok: false, problem: "expired" });
    expect(await hasActiveOwner(database.db)).toBe(false);
  });

  it("a guessed link creates nobody", async () => {
    const created = await createOwnerFromSetup(database.db, newToken(), {
      email: "guess@kavericomputers.in",
      name: "Guesser",
      password: PASSWORD,
    });
    expect(created).toEqual({ ok: false, problem: "unknown" });
    expect(await hasActiveOwner(database.db)).toBe(false);
  });

  it("the link creates the owner, recorded in the audit trail, and ends every other set-up link", async () => {
    const token = (await createSetupLink(database.db)) ?? "";
    usedSetupToken = token;
    // The link another instance printed at its own start.
    const otherInstancesLink = (await createSetupLink(database.db)) ?? "";
    const created = await createOwnerFromSetup(database.db, token, {
      email: "Ramesh.Kaveri@KaveriComputers.in",
      name: "Ramesh Kaveri",
      password: PASSWORD,
    });
    expect(await setupLinkState(database.db, otherInstancesLink)).toBe("unknown");

    const rows = await database.db.select().from(staff);
    expect(rows).toHaveLength(1);
    const owner = rows[0];
    expect(owner).toMatchObject({ role: "owner", email: "ramesh.kaveri@kavericomputers.in" });
    expect(created).toEqual({
      ok: true,
      member: { id: owner?.id, email: owner?.email, name: owner?.name, role: "owner" },
    });
    // The owner logs in with the password typed on the set-up page, whatever case the e-mail is typed in.
    expect(await authenticateStaff(database.db, "RAMESH.KAVERI@kavericomputers.in", PASSWORD)).toMatchObject({
      id: owner?.id,
      role: "owner",
    });
    const audit = await auditRows("staff.setup", `staff ${owner?.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: owner?.id,
      staffName: owner?.name,
      details: { email: owner?.email, role: "owner" },
    });
  });

  raceTest("two people using the link at once create exactly one owner", async () => {
    // A database of its own: the file's already has its owner.
    const own = await openTestDatabase();
    try {
      const token = (await createSetupLink(own.db)) ?? "";
      const results = await Promise.all([
        createOwnerFromSetup(own.db, token, {
          email: "ramesh.kaveri@kavericomputers.in",
          name: "Ramesh Kaveri",
          password: PASSWORD,
        }),
        createOwnerFromSetup(own.db, token, {
          email: "someone.else@kavericomputers.in",
          name: "Someone Else",
          password: PASSWORD,
        }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "used" }]);
      const rows = await own.db.select({ role: staff.role }).from(staff);
      expect(rows).toEqual([{ role: "owner" }]);
    } finally {
      await own.drop();
    }
  });

  it("once the owner exists the link is used up and no new link is printed", async () => {
    expect(await hasActiveOwner(database.db)).toBe(true);
    expect(await setupLinkState(database.db, usedSetupToken)).toBe("used");
    const again = await createOwnerFromSetup(database.db, usedSetupToken, {
      email: nextEmail(),
      name: "Second Owner",
      password: PASSWORD,
    });
    expect(again).toEqual({ ok: false, problem: "used" });
    expect(await listStaff(database.db)).toHaveLength(1);
    expect(await createSetupLink(database.db)).toBeNull();
    const lines: string[] = [];
    expect(await announceSetupLink(database.db, "https://shop.example.in", (l) => lines.push(l))).toBeNull();
    expect(lines).toEqual([]);
  });
});

describe(`staff log-in (${databaseKind})`, () => {
  it("the right password signs a member in, in any case of the e-mail; the hash never leaves", async () => {
    const added = await addMember("staff", "Kavya Shetty");
    const signedIn = await authenticateStaff(database.db, added.email.toUpperCase(), PASSWORD);
    expect(signedIn).toEqual({ id: added.id, email: added.email, name: "Kavya Shetty", role: "staff" });
  });

  it("a wrong password or an unknown e-mail signs nobody in", async () => {
    const added = await addMember();
    expect(await authenticateStaff(database.db, added.email, "Malleshwaram 18th Cross")).toBeNull();
    expect(await authenticateStaff(database.db, added.email, "")).toBeNull();
    expect(await authenticateStaff(database.db, "nobody@kavericomputers.in", PASSWORD)).toBeNull();
  });

  it("a disabled member cannot sign in, and can again once enabled", async () => {
    const owner = await addMember("owner");
    const added = await addMember();
    expect(await setDisabled(database.db, actor(owner), added.id, true)).toEqual({ ok: true });
    expect(await authenticateStaff(database.db, added.email, PASSWORD)).toBeNull();
    expect(await setDisabled(database.db, actor(owner), added.id, false)).toEqual({ ok: true });
    expect(await authenticateStaff(database.db, added.email, PASSWORD)).toMatchObject({ id: added.id });
  });

  it("an invited member who has not set a password cannot sign in with any password", async () => {
    const owner = await addMember("owner");
    const invited = await inviteStaff(database.db, actor(owner), {
      email: nextEmail(),
      name: "Not Yet",
      role: "staff",
    });
    if (!invited.ok) throw new Error("the invitation was refused");
    expect(await authenticateStaff(database.db, invited.member.email, "")).toBeNull();
    expect(await authenticateStaff(database.db, invited.member.email, PASSWORD)).toBeNull();
  });
});

describe(`invitations (${databaseKind})`, () => {
  async function invite(
    owner: StaffMember,
    overrides: { email?: string; role?: StaffRole } = {},
    now?: Date,
  ) {
    const invited = await inviteStaff(
      database.db,
      actor(owner),
      { email: overrides.email ?? nextEmail(), name: "Priya Nair", role: overrides.role ?? "staff" },
      now,
    );
    if (!invited.ok) throw new Error(`the invitation was refused: ${invited.problem}`);
    return invited;
  }

  it("invites a member without a password; the link names them and sets their password once", async () => {
    const owner = await addMember("owner");
    const email = nextEmail();
    const { member: invited, token } = await invite(owner, { email: email.toUpperCase(), role: "staff" });
    expect(invited).toEqual({ id: expect.any(Number), email, name: "Priya Nair", role: "staff" });
    expect(await member(invited.id)).toMatchObject({ invited: true, disabled: false, role: "staff" });
    expect(await auditRows("staff.invite", `staff ${invited.id}`)).toMatchObject([
      { staffId: owner.id, staffName: owner.name, details: { email, role: "staff" } },
    ]);

    expect(await invitation(database.db, token)).toEqual({ state: "valid", member: invited });

    const accepted = await acceptInvitation(database.db, token, PASSWORD);
    expect(accepted).toEqual({ ok: true, member: invited });
    expect(await authenticateStaff(database.db, email, PASSWORD)).toEqual(invited);
    expect(await member(invited.id)).toMatchObject({ invited: false, disabled: false });
    expect(await auditRows("staff.accept-invite", `staff ${invited.id}`)).toMatchObject([
      { staffId: invited.id, staffName: "Priya Nair" },
    ]);

    // The link works once: whoever has it later cannot set another password.
    expect(await invitation(database.db, token)).toEqual({ state: "used" });
    expect(await acceptInvitation(database.db, token, "someone else's password")).toEqual({
      ok: false,
      problem: "used",
    });
    expect(await authenticateStaff(database.db, email, "someone else's password")).toBeNull();
    expect(await authenticateStaff(database.db, email, PASSWORD)).toEqual(invited);
  });

  it("a new password link for a member who forgot theirs: the old password works until the new one is set", async () => {
    const owner = await addMember("owner");
    const forgetful = await addMember();
    const phone = cookieOf(await startStaffSession(database.db, forgetful.id));
    const first = await newPasswordLink(database.db, actor(owner), forgetful.id);
    const second = await newPasswordLink(database.db, actor(owner), forgetful.id);
    if (!first.ok || !second.ok) throw new Error("no link was made");
    expect(await invitation(database.db, first.token)).toEqual({ state: "unknown" });
    expect(await authenticateStaff(database.db, forgetful.email, PASSWORD)).toEqual(forgetful);
    expect(await signedInAs(phone)).toEqual(forgetful);

    expect(await acceptInvitation(database.db, second.token, "a brand new passphrase")).toEqual({
      ok: true,
      member: forgetful,
    });
    expect(await authenticateStaff(database.db, forgetful.email, PASSWORD)).toBeNull();
    expect(await authenticateStaff(database.db, forgetful.email, "a brand new passphrase")).toEqual(
      forgetful,
    );
    expect(await signedInAs(phone)).toBeNull();
    expect(await auditRows("staff.password-link", `staff ${forgetful.id}`)).toHaveLength(2);

    await setDisabled(database.db, actor(owner), forgetful.id, true);
    expect(await newPasswordLink(database.db, actor(owner), forgetful.id)).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect(await newPasswordLink(database.db, actor(owner), 987654)).toEqual({
      ok: false,
      problem: "not-found",
    });
  });

  raceTest("the same link opened twice at once sets exactly one password", async () => {
    const owner = await addMember("owner");
    const { member: invited, token } = await invite(owner);
    const results = await Promise.all([
      acceptInvitation(database.db, token, "first password typed"),
      acceptInvitation(database.db, token, "second password typed"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "used" }]);
    const first = await authenticateStaff(database.db, invited.email, "first password typed");
    const second = await authenticateStaff(database.db, invited.email, "second password typed");
    expect([first, second].filter((m) => m !== null)).toEqual([invited]);
  });

  it("an invitation works for 7 days", async () => {
    const owner = await addMember("owner");
    const invitedAt = new Date();
    const { member: invited, token } = await invite(owner, {}, invitedAt);
    const at = (ms: number) => new Date(invitedAt.getTime() + ms);
    expect(await invitation(database.db, token, at(7 * DAY - HOUR))).toEqual({
      state: "valid",
      member: invited,
    });
    expect(await invitation(database.db, token, at(7 * DAY + 60_000))).toEqual({ state: "expired" });
    expect(await acceptInvitation(database.db, token, PASSWORD, at(7 * DAY + 60_000))).toEqual({
      ok: false,
      problem: "expired",
    });
    expect(await authenticateStaff(database.db, invited.email, PASSWORD)).toBeNull();
    expect(await member(invited.id)).toMatchObject({ invited: true });
  });

  it("a guessed invitation link names nobody", async () => {
    expect(await invitation(database.db, newToken())).toEqual({ state: "unknown" });
    expect(await acceptInvitation(database.db, newToken(), PASSWORD)).toEqual({
      ok: false,
      problem: "unknown",
    });
  });

  it("a set-up link is not an invitation", async () => {
    const token = newToken();
    await database.db.insert(staffTokens).values({
      tokenHash: hashToken(token),
      purpose: "setup",
      expiresAt: new Date(Date.now() + DAY),
    });
    expect(await invitation(database.db, token)).toEqual({ state: "unknown" });
    expect(await acceptInvitation(database.db, token, PASSWORD)).toEqual({ ok: false, problem: "unknown" });
    await database.db.delete(staffTokens).where(eq(staffTokens.tokenHash, hashToken(token)));
  });

  it("refuses to invite an e-mail that already has an account, in any case", async () => {
    const owner = await addMember("owner");
    const existing = await addMember();
    const before = (await listStaff(database.db)).length;
    expect(
      await inviteStaff(database.db, actor(owner), {
        email: existing.email.toUpperCase(),
        name: "Duplicate",
        role: "staff",
      }),
    ).toEqual({ ok: false, problem: "email-taken" });
    expect(await listStaff(database.db)).toHaveLength(before);
    expect(await auditRows("staff.invite", `staff ${existing.id}`)).toEqual([]);
  });

  it("disabling an invited member cancels the invitation: the link says it is not valid", async () => {
    const owner = await addMember("owner");
    const { member: invited, token } = await invite(owner);
    expect(await setDisabled(database.db, actor(owner), invited.id, true)).toEqual({ ok: true });
    expect(await invitation(database.db, token)).toEqual({ state: "unknown" });
    expect(await acceptInvitation(database.db, token, PASSWORD)).toEqual({ ok: false, problem: "unknown" });
    expect(await authenticateStaff(database.db, invited.email, PASSWORD)).toBeNull();
  });

  it("an owner can invite again someone whose invitation expired", async () => {
    const owner = await addMember("owner");
    const email = nextEmail();
    const invitedAt = new Date(Date.now() - 8 * DAY);
    const { token: expired } = await invite(owner, { email }, invitedAt);
    expect(await invitation(database.db, expired)).toEqual({ state: "expired" });

    // The expired page says "Ask an owner to invite you again": the owner's new invitation must work.
    const again = await inviteStaff(database.db, actor(owner), { email, name: "Priya Nair", role: "staff" });
    expect(again).toMatchObject({ ok: true, member: { email } });
    if (!again.ok) return;
    expect(await invitation(database.db, again.token)).toMatchObject({ state: "valid", member: { email } });
    expect(await acceptInvitation(database.db, again.token, PASSWORD)).toMatchObject({ ok: true });
    expect(await authenticateStaff(database.db, email, PASSWORD)).toMatchObject({ email });
  });
});

describe(`roles (${databaseKind})`, () => {
  it("an owner demotes another owner and promotes them back, each recorded with before and after", async () => {
    const asha = await addMember("owner", "Asha Owner");
    const ravi = await addMember("owner", "Ravi Owner");
    expect(await changeRole(database.db, actor(asha), ravi.id, "staff")).toEqual({ ok: true });
    expect(await member(ravi.id)).toMatchObject({ role: "staff" });
    expect(await authenticateStaff(database.db, ravi.email, PASSWORD)).toMatchObject({ role: "staff" });
    expect(await changeRole(database.db, actor(asha), ravi.id, "owner")).toEqual({ ok: true });
    expect(await member(ravi.id)).toMatchObject({ role: "owner" });
    expect(await auditRows("staff.role", `staff ${ravi.id}`)).toMatchObject([
      { staffId: asha.id, staffName: "Asha Owner", details: { before: "owner", after: "staff" } },
      { staffId: asha.id, staffName: "Asha Owner", details: { before: "staff", after: "owner" } },
    ]);
  });

  it("an invited owner who has not set a password does not count as an owner who can log in", async () => {
    const asha = await addMember("owner");
    await onlyOwners(asha);
    const invited = await inviteStaff(database.db, actor(asha), {
      email: nextEmail(),
      name: "Typo",
      role: "owner",
    });
    expect(invited.ok).toBe(true);
    expect(await changeRole(database.db, actor(asha), asha.id, "staff")).toEqual({
      ok: false,
      problem: "last-owner",
    });
    expect(await member(asha.id)).toMatchObject({ role: "owner" });
  });

  it("the last active owner stays an owner (a disabled owner does not count)", async () => {
    const asha = await addMember("owner");
    const ravi = await addMember("owner");
    await onlyOwners(asha, ravi);
    expect(await setDisabled(database.db, actor(asha), ravi.id, true)).toEqual({ ok: true });
    expect(await changeRole(database.db, actor(asha), asha.id, "staff")).toEqual({
      ok: false,
      problem: "last-owner",
    });
    expect(await member(asha.id)).toMatchObject({ role: "owner", disabled: false });
    expect(await auditRows("staff.role", `staff ${asha.id}`)).toEqual([]);
    // With a second active owner, stepping down works.
    expect(await setDisabled(database.db, actor(asha), ravi.id, false)).toEqual({ ok: true });
    expect(await changeRole(database.db, actor(asha), asha.id, "staff")).toEqual({ ok: true });
    expect(await member(asha.id)).toMatchObject({ role: "staff" });
  });

  raceTest(
    "two owners demoting each other at the same moment leave one owner",
    async () => {
      // Each round is one chance for the two transactions to overlap: one round alone passed without the lock.
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const asha = await addMember("owner");
        const ravi = await addMember("owner");
        await onlyOwners(asha, ravi);
        const results = await Promise.all([
          changeRole(database.db, actor(asha), ravi.id, "staff"),
          changeRole(database.db, actor(ravi), asha.id, "staff"),
        ]);
        expect(results).toContainEqual({ ok: true });
        expect(results).toContainEqual({ ok: false, problem: "last-owner" });
        const owners = (await listStaff(database.db)).filter((m) => m.role === "owner" && !m.disabled);
        expect(owners).toHaveLength(1);
      }
    },
    120_000,
  );

  it("changing the role of someone who does not exist says so", async () => {
    const owner = await addMember("owner");
    expect(await changeRole(database.db, actor(owner), 987_654, "owner")).toEqual({
      ok: false,
      problem: "not-found",
    });
  });
});

describe(`disabling members (${databaseKind})`, () => {
  it("an owner cannot disable themselves", async () => {
    const asha = await addMember("owner");
    await addMember("owner");
    expect(await setDisabled(database.db, actor(asha), asha.id, true)).toEqual({
      ok: false,
      problem: "self",
    });
    expect(await member(asha.id)).toMatchObject({ disabled: false });
    expect(await authenticateStaff(database.db, asha.email, PASSWORD)).toMatchObject({ id: asha.id });
  });

  it("disabling signs the member out everywhere at once; enabling lets them log in again", async () => {
    const owner = await addMember("owner", "Owner Who Disables");
    const kavya = await addMember();
    const phone = cookieOf(await startStaffSession(database.db, kavya.id));
    const desktop = cookieOf(await startStaffSession(database.db, kavya.id));
    expect(await signedInAs(phone)).toEqual(kavya);
    expect(await signedInAs(desktop)).toEqual(kavya);

    expect(await setDisabled(database.db, actor(owner), kavya.id, true)).toEqual({ ok: true });
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(desktop)).toBeNull();
    expect(await member(kavya.id)).toMatchObject({ disabled: true });
    // Even a session started afterwards (a log-in racing the disable) does not open the back office.
    const racing = cookieOf(await startStaffSession(database.db, kavya.id));
    expect(await signedInAs(racing)).toBeNull();

    expect(await setDisabled(database.db, actor(owner), kavya.id, false)).toEqual({ ok: true });
    expect(await member(kavya.id)).toMatchObject({ disabled: false });
    // The old sessions stay ended; a new log-in works.
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(desktop)).toBeNull();
    expect(await authenticateStaff(database.db, kavya.email, PASSWORD)).toEqual(kavya);
    expect(await signedInAs(cookieOf(await startStaffSession(database.db, kavya.id)))).toEqual(kavya);

    expect(await auditRows("staff.disable", `staff ${kavya.id}`)).toMatchObject([
      { staffId: owner.id, staffName: "Owner Who Disables" },
    ]);
    expect(await auditRows("staff.enable", `staff ${kavya.id}`)).toMatchObject([
      { staffId: owner.id, staffName: "Owner Who Disables" },
    ]);
  });

  it("disabling an invited member cancels the invitation", async () => {
    const owner = await addMember("owner");
    const invited = await inviteStaff(database.db, actor(owner), {
      email: nextEmail(),
      name: "Invited Then Disabled",
      role: "staff",
    });
    if (!invited.ok) throw new Error("the invitation was refused");
    expect(await setDisabled(database.db, actor(owner), invited.member.id, true)).toEqual({ ok: true });
    expect((await invitation(database.db, invited.token)).state).not.toBe("valid");
    expect((await acceptInvitation(database.db, invited.token, PASSWORD)).ok).toBe(false);
    expect(await member(invited.member.id)).toMatchObject({ invited: true, disabled: true });
    expect(await authenticateStaff(database.db, invited.member.email, PASSWORD)).toBeNull();
  });

  raceTest(
    "two owners disabling each other at the same moment leave one active owner",
    async () => {
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const asha = await addMember("owner");
        const ravi = await addMember("owner");
        await onlyOwners(asha, ravi);
        const results = await Promise.all([
          setDisabled(database.db, actor(asha), ravi.id, true),
          setDisabled(database.db, actor(ravi), asha.id, true),
        ]);
        expect(results).toContainEqual({ ok: true });
        expect(results).toContainEqual({ ok: false, problem: "last-owner" });
        const owners = (await listStaff(database.db)).filter((m) => m.role === "owner" && !m.disabled);
        expect(owners).toHaveLength(1);
        expect([asha.id, ravi.id]).toContain(owners[0]?.id);
      }
    },
    120_000,
  );

  it("disabling someone who does not exist says so", async () => {
    const owner = await addMember("owner");
    expect(await setDisabled(database.db, actor(owner), 987_654, true)).toEqual({
      ok: false,
      problem: "not-found",
    });
  });
});

describe(`npm run staff -- add (${databaseKind})`, () => {
  it("adds a member with a password who can log in at once, recorded as the command line", async () => {
    const email = nextEmail();
    const added = await addStaffMember(database.db, COMMAND_LINE, {
      email: email.toUpperCase(),
      name: "Suresh Babu",
      role: "owner",
      password: PASSWORD,
    });
    expect(added).toEqual({
      ok: true,
      member: { id: expect.any(Number), email, name: "Suresh Babu", role: "owner" },
    });
    if (!added.ok) return;
    expect(await authenticateStaff(database.db, email, PASSWORD)).toEqual(added.member);
    expect(await member(added.member.id)).toMatchObject({ invited: false, disabled: false });
    expect(await auditRows("staff.add", `staff ${added.member.id}`)).toMatchObject([
      { staffId: null, staffName: "npm run staff", details: { email, role: "owner" } },
    ]);
  });

  it("password: a member who forgot theirs gets a new one, and their sessions end", async () => {
    const forgetful = await addMember("owner");
    const cookie = cookieOf(await startStaffSession(database.db, forgetful.id));
    expect(
      await setStaffPassword(database.db, COMMAND_LINE, forgetful.email.toUpperCase(), "typed at the server"),
    ).toEqual({
      ok: true,
      member: forgetful,
      disabled: false,
    });
    expect(await authenticateStaff(database.db, forgetful.email, PASSWORD)).toBeNull();
    expect(await authenticateStaff(database.db, forgetful.email, "typed at the server")).toEqual(forgetful);
    expect(await signedInAs(cookie)).toBeNull();
    expect(await auditRows("staff.password", `staff ${forgetful.id}`)).toMatchObject([
      { staffId: null, staffName: "npm run staff", details: { email: forgetful.email } },
    ]);
    expect(
      await setStaffPassword(database.db, COMMAND_LINE, "nobody@kavericomputers.in", "whatever it is"),
    ).toEqual({
      ok: false,
      problem: "not-found",
    });
  });

  it("refuses an e-mail that already has an account, in any case", async () => {
    const existing = await addMember();
    const before = (await listStaff(database.db)).length;
    expect(
      await addStaffMember(database.db, COMMAND_LINE, {
        email: existing.email.toUpperCase(),
        name: "Someone Else",
        role: "owner",
        password: "another password entirely",
      }),
    ).toEqual({ ok: false, problem: "email-taken" });
    expect(await listStaff(database.db)).toHaveLength(before);
    expect(await authenticateStaff(database.db, existing.email, "another password entirely")).toBeNull();
  });

  it("ends a set-up link printed before the member was added", async () => {
    // The shop printed a set-up link at start, then the owner was added from the command line instead.
    const token = newToken();
    await database.db.insert(staffTokens).values({
      tokenHash: hashToken(token),
      purpose: "setup",
      expiresAt: new Date(Date.now() + 24 * HOUR),
    });
    expect(await setupLinkState(database.db, token)).toBe("valid");
    const added = await addStaffMember(database.db, COMMAND_LINE, {
      email: nextEmail(),
      name: "Added At The Server",
      role: "owner",
      password: PASSWORD,
    });
    expect(added.ok).toBe(true);
    expect(await setupLinkState(database.db, token)).toBe("unknown");
    const before = (await listStaff(database.db)).length;
    expect(
      await createOwnerFromSetup(database.db, token, {
        email: nextEmail(),
        name: "Too Late",
        password: PASSWORD,
      }),
    ).toEqual({ ok: false, problem: "unknown" });
    expect(await listStaff(database.db)).toHaveLength(before);
  });
});

describe(`the staff list (${databaseKind})`, () => {
  it("lists owners first, then by name, with who is invited and who is disabled", async () => {
    const owner = await addMember("owner", "Zubin Mehta");
    const bhavna = await addMember("staff", "Bhavna Rao");
    const aaron = await addMember("staff", "Aaron Dsouza");
    await setDisabled(database.db, actor(owner), bhavna.id, true);
    const invited = await inviteStaff(database.db, actor(owner), {
      email: nextEmail(),
      name: "Chitra Iyer",
      role: "staff",
    });
    if (!invited.ok) throw new Error("the invitation was refused");
    const list = await listStaff(database.db);
    const firstStaff = list.findIndex((m) => m.role === "staff");
    expect(list.slice(firstStaff).every((m) => m.role === "staff")).toBe(true);
    const position = (id: number) => list.findIndex((m) => m.id === id);
    expect(position(owner.id)).toBeLessThan(firstStaff);
    expect([aaron.id, bhavna.id, invited.member.id].map(position)).toEqual(
      [aaron.id, bhavna.id, invited.member.id].map(position).sort((a, b) => a - b),
    );
    expect(list[position(aaron.id)]).toMatchObject({ disabled: false, invited: false });
    expect(list[position(bhavna.id)]).toMatchObject({ disabled: true, invited: false });
    expect(list[position(invited.member.id)]).toMatchObject({
      disabled: false,
      invited: true,
      createdAt: expect.any(Date),
    });
  });
});

describe(`the staff session cookie (${databaseKind})`, () => {
  it("is the back office's own cookie: HttpOnly, SameSite=Lax, sent to /admin.data too", async () => {
    const kavya = await addMember();
    const setCookie = await startStaffSession(database.db, kavya.id);
    expect(setCookie).toMatch(/^__staff=/);
    // The dashboard's data address (/admin.data) is outside a cookie kept to /admin (decision 0038).
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly(;|$)/);
    expect(setCookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(await signedInAs(cookieOf(setCookie))).toEqual(kavya);
    // Signing in or out also clears the cookie an earlier version kept to /admin, which would hide this one.
    expect(staffCookieHeaders(setCookie).getSetCookie()).toEqual([
      setCookie,
      expect.stringMatching(/^__staff=; Path=\/admin; Max-Age=0;/),
    ]);
  });

  it("a customer's session never opens the back office, and a staff session is not a customer", async () => {
    const customer = await insertCustomer(database.db);
    const customerCookie = cookieOf(await startSession(database.db, customer.id));
    expect(customerCookie).toMatch(/^__session=/);
    expect(await signedInAs(customerCookie)).toBeNull();
    // Both cookies are signed with the shop's one secret: the customer's value under the staff name is no key.
    const customerValue = customerCookie.slice("__session=".length);
    expect(await signedInAs(`__staff=${customerValue}`)).toBeNull();

    const kavya = await addMember();
    const staffCookie = cookieOf(await startStaffSession(database.db, kavya.id));
    const asCustomer = (cookie: string) =>
      getSessionCustomer(database.db, new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(await asCustomer(staffCookie)).toBeNull();
    expect(await asCustomer(`__session=${staffCookie.slice("__staff=".length)}`)).toBeNull();
    // Sanity: the customer's own cookie does sign the customer in.
    expect(await asCustomer(customerCookie)).toMatchObject({ id: customer.id });
  });

  it("a forged or tampered __staff cookie opens nothing", async () => {
    const kavya = await addMember();
    const genuine = cookieOf(await startStaffSession(database.db, kavya.id));
    expect(await signedInAs("__staff=forged-session-id")).toBeNull();
    expect(await signedInAs(`__staff=${encodeURIComponent(btoa(JSON.stringify(newToken())))}`)).toBeNull();
    // The genuine value with its signature cut off, or with a different signature.
    const value = decodeURIComponent(genuine.slice("__staff=".length));
    const unsigned = value.slice(0, value.lastIndexOf("."));
    expect(await signedInAs(`__staff=${encodeURIComponent(unsigned)}`)).toBeNull();
    expect(
      await signedInAs(
        `__staff=${encodeURIComponent(`${unsigned}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)}`,
      ),
    ).toBeNull();
    expect(await signedInAs("")).toBeNull();
    expect(await signedInAs(genuine)).toEqual(kavya);
  });

  it("logging out ends that session only, and clears the cookie", async () => {
    const kavya = await addMember();
    const phone = cookieOf(await startStaffSession(database.db, kavya.id));
    const desktop = cookieOf(await startStaffSession(database.db, kavya.id));
    const cleared = await endStaffSession(database.db, adminRequest(phone));
    expect(cleared).toMatch(/^__staff=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(desktop)).toEqual(kavya);
  });

  it("an expired session opens nothing", async () => {
    const kavya = await addMember();
    const cookie = cookieOf(await startStaffSession(database.db, kavya.id));
    expect(await signedInAs(cookie)).toEqual(kavya);
    await database.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, kavya.id));
    expect(await signedInAs(cookie)).toBeNull();
  });
});

describe(`the audit trail (${databaseKind})`, () => {
  it("reads newest first, a page at a time", async () => {
    const owner = await addMember("owner", "Audit Owner");
    const other = await addMember();
    await changeRole(database.db, actor(owner), other.id, "owner");
    const page = await auditEntries(database.db);
    expect(page[0]).toMatchObject({
      action: "staff.role",
      subject: `staff ${other.id}`,
      staffName: "Audit Owner",
      details: { before: "staff", after: "owner" },
      createdAt: expect.any(Date),
    });
    const ids = page.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [newest] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(page[0]?.id).toBe(newest?.id);
    const next = await auditEntries(database.db, { before: page[1]?.id });
    expect(next[0]?.id).toBe(page[2]?.id);
    expect(next.every((entry) => entry.id < (page[1]?.id ?? 0))).toBe(true);
  });

  it("narrows to an area, a member or a subject", async () => {
    const owner = await addMember("owner", "Filtering Owner");
    const other = await addMember();
    await changeRole(database.db, actor(owner), other.id, "owner");
    await recordAudit(database.db, actor(owner), "product.update", "product 7", {
      stock: { before: 3, after: 1 },
    });
    const products = await auditEntries(database.db, { area: "product" });
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((entry) => entry.action.startsWith("product."))).toBe(true);
    const byOwner = await auditEntries(database.db, { staffId: owner.id });
    expect(byOwner.map((entry) => entry.action).sort()).toEqual(["product.update", "staff.role"]);
    const bySubject = await auditEntries(database.db, { subject: `staff ${other.id}` });
    expect(bySubject.map((entry) => entry.action)).toContain("staff.role");
    expect(bySubject.every((entry) => entry.subject === `staff ${other.id}`)).toBe(true);
    expect(await auditActors(database.db)).toContainEqual({
      staffId: owner.id,
      staffName: "Filtering Owner",
    });
  });
});
