import { and, asc, count, eq, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staff, staffSessions, staffTokens } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { isUniqueViolation } from "~/lib/errors.server";
import { hashPassword, NOBODY_HASH, needsRehash, verifyPassword } from "~/lib/password.server";
import { INVITE_LINK_DAYS, type StaffRole } from "./staff-roles";
import { hashToken, newToken } from "./tokens.server";

/** A member of the dealer's staff as the back office knows them. */
export type StaffMember = { id: number; email: string; name: string; role: StaffRole };

/** How long the first run's set-up link works (an invitation: INVITE_LINK_DAYS). */
export const SETUP_LINK_HOURS = 24;

const memberColumns = { id: staff.id, email: staff.email, name: staff.name, role: staff.role };

/** An owner who can log in: with a password, not disabled. Until there is one, the set-up link is offered. */
const activeOwner = and(eq(staff.role, "owner"), isNull(staff.disabledAt), isNotNull(staff.passwordHash));

async function activeOwners(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff).where(activeOwner);
  return row?.n ?? 0;
}

export async function hasActiveOwner(db: Database): Promise<boolean> {
  return (await activeOwners(db)) > 0;
}

/**
 * First run: a new one-time link that creates the owner account, valid for 24 hours. Null once an owner who
 * can log in exists. Links other instances (or earlier starts) printed keep working until they expire.
 */
export async function createSetupLink(db: Database, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    if ((await activeOwners(tx)) > 0) return null;
    await tx
      .delete(staffTokens)
      .where(
        and(
          eq(staffTokens.purpose, "setup"),
          or(lt(staffTokens.expiresAt, now), isNotNull(staffTokens.usedAt)),
        ),
      );
    const token = newToken();
    await tx.insert(staffTokens).values({
      tokenHash: hashToken(token),
      purpose: "setup",
      expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000),
    });
    return token;
  });
}

export type LinkState = "valid" | "unknown" | "expired" | "used";

async function linkState(
  db: Pick<Database, "select">,
  token: string,
  purpose: "setup" | "invite",
  now: Date,
): Promise<{ state: LinkState; id?: number; staffId?: number | null }> {
  const [row] = await db
    .select({
      id: staffTokens.id,
      staffId: staffTokens.staffId,
      expiresAt: staffTokens.expiresAt,
      usedAt: staffTokens.usedAt,
    })
    .from(staffTokens)
    .where(and(eq(staffTokens.tokenHash, hashToken(token)), eq(staffTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt <= now) return { state: "expired" };
  return { state: "valid", id: row.id, staffId: row.staffId };
}

/** What a set-up link is worth, without using it. */
export async function setupLinkState(db: Database, token: string, now = new Date()): Promise<LinkState> {
  return (await linkState(db, token, "setup", now)).state;
}

export type NewMember = { email: string; name: string; password: string };

export type CreateResult =
  | { ok: true; member: StaffMember }
  | { ok: false; problem: LinkState | "email-taken" };

/** Creates the owner from the set-up link, once: the link is used up in the same transaction. */
export async function createOwnerFromSetup(
  db: Database,
  token: string,
  values: NewMember,
  now = new Date(),
): Promise<CreateResult> {
  // A dead link costs no password hash: anyone may post to it.
  const early = await linkState(db, token, "setup", now);
  if (early.state !== "valid") return { ok: false, problem: early.state };
  const passwordHash = await hashPassword(values.password);
  try {
    return await db.transaction(async (tx) => {
      // One set-up at a time: two people opening the link at once cannot both become owner.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff-setup'))`);
      const link = await linkState(tx, token, "setup", now);
      if (link.state !== "valid" || link.id === undefined) return { ok: false, problem: link.state };
      if ((await activeOwners(tx)) > 0) return { ok: false, problem: "used" };
      const [member] = await tx
        .insert(staff)
        .values({ email: values.email.toLowerCase(), name: values.name, role: "owner", passwordHash })
        .returning(memberColumns);
      if (!member) throw new Error("The owner row was not returned");
      await tx.update(staffTokens).set({ usedAt: now }).where(eq(staffTokens.id, link.id));
      await recordAudit(tx, { id: member.id, name: member.name }, "staff.setup", `staff ${member.id}`, {
        email: member.email,
        role: member.role,
      });
      // Every other set-up link goes with this one.
      await tx.delete(staffTokens).where(and(eq(staffTokens.purpose, "setup"), isNull(staffTokens.usedAt)));
      return { ok: true, member };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, problem: "email-taken" };
    throw error;
  }
}

/** Adds a member with a password (the `npm run staff -- add` command, for a stopped shop or PostgreSQL). */
export async function addStaffMember(
  db: Database,
  actor: Actor,
  values: NewMember & { role: StaffRole },
): Promise<CreateResult> {
  const passwordHash = await hashPassword(values.password);
  try {
    return await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(staff)
        .values({ email: values.email.toLowerCase(), name: values.name, role: values.role, passwordHash })
        .returning(memberColumns);
      if (!member) throw new Error("The staff row was not returned");
      await recordAudit(tx, actor, "staff.add", `staff ${member.id}`, {
        email: member.email,
        role: member.role,
      });
      // An owner who can log in makes the first run's set-up link pointless.
      if (member.role === "owner") await tx.delete(staffTokens).where(eq(staffTokens.purpose, "setup"));
      return { ok: true as const, member };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, problem: "email-taken" };
    throw error;
  }
}

/**
 * Sets a member's password from the command line (`npm run staff -- password`): the way back in for an owner
 * who forgot theirs when no other owner can send a link. Ends the member's sessions.
 */
export async function setStaffPassword(
  db: Database,
  actor: Actor,
  email: string,
  password: string,
): Promise<{ ok: true; member: StaffMember; disabled: boolean } | { ok: false; problem: "not-found" }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(staff)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(staff.email, email.toLowerCase()))
      .returning({ ...memberColumns, disabledAt: staff.disabledAt });
    if (!member) return { ok: false as const, problem: "not-found" as const };
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
    await tx.delete(staffTokens).where(and(eq(staffTokens.staffId, member.id), isNull(staffTokens.usedAt)));
    await recordAudit(tx, actor, "staff.password", `staff ${member.id}`, { email: member.email });
    const { disabledAt, ...rest } = member;
    return { ok: true as const, member: rest, disabled: disabledAt !== null };
  });
}

/** The active member whose e-mail and password these are, or null (unknown, disabled, or not yet set up). */
export async function authenticateStaff(
  db: Database,
  email: string,
  password: string,
): Promise<StaffMember | null> {
  const [row] = await db
    .select({ ...memberColumns, passwordHash: staff.passwordHash, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.email, email.toLowerCase()))
    .limit(1);
  if (!row?.passwordHash || row.disabledAt) {
    // The same time as a real check, so response times do not tell which e-mails are staff.
    await verifyPassword(password, NOBODY_HASH);
    return null;
  }
  const { passwordHash, disabledAt: _, ...member } = row;
  if (!(await verifyPassword(password, passwordHash))) return null;
  if (needsRehash(passwordHash)) {
    await db
      .update(staff)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(staff.id, member.id));
  }
  return member;
}

export type InviteResult =
  | { ok: true; member: StaffMember; token: string }
  | { ok: false; problem: "email-taken" };

/**
 * Invites a member: an account without a password, and a one-time link to set one (7 days). Someone invited
 * before who never set a password (the link expired, or they were disabled) is invited again on the same
 * account, with a new link; an e-mail of a member with a password is taken.
 */
export async function inviteStaff(
  db: Database,
  actor: Actor,
  values: { email: string; name: string; role: StaffRole },
  now = new Date(),
): Promise<InviteResult> {
  const email = values.email.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const [earlier] = await tx
        .select({ id: staff.id, passwordHash: staff.passwordHash })
        .from(staff)
        .where(eq(staff.email, email))
        .for("update");
      if (earlier?.passwordHash) return { ok: false as const, problem: "email-taken" as const };
      const [member] = earlier
        ? await tx
            .update(staff)
            .set({ name: values.name, role: values.role, disabledAt: null, updatedAt: now })
            .where(eq(staff.id, earlier.id))
            .returning(memberColumns)
        : await tx
            .insert(staff)
            .values({ email, name: values.name, role: values.role })
            .returning(memberColumns);
      if (!member) throw new Error("The staff row was not returned");
      await tx.delete(staffTokens).where(and(eq(staffTokens.staffId, member.id), isNull(staffTokens.usedAt)));
      const token = newToken();
      await tx.insert(staffTokens).values({
        tokenHash: hashToken(token),
        purpose: "invite",
        staffId: member.id,
        expiresAt: new Date(now.getTime() + INVITE_LINK_DAYS * 86_400_000),
      });
      await recordAudit(tx, actor, earlier ? "staff.reinvite" : "staff.invite", `staff ${member.id}`, {
        email: member.email,
        role: member.role,
      });
      return { ok: true as const, member, token };
    });
  } catch (error) {
    // Two owners inviting the same new address at once: one of them wins.
    if (isUniqueViolation(error)) return { ok: false, problem: "email-taken" };
    throw error;
  }
}

/**
 * An owner sends a member a new one-time link to set a password (forgotten, or the invitation lost): earlier
 * links stop working; the old password works until the new one is set, which also ends the member's sessions.
 */
export async function newPasswordLink(
  db: Database,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<{ ok: true; member: StaffMember; token: string } | { ok: false; problem: "not-found" }> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select(memberColumns)
      .from(staff)
      .where(and(eq(staff.id, id), isNull(staff.disabledAt)))
      .for("update");
    if (!member) return { ok: false as const, problem: "not-found" as const };
    await tx.delete(staffTokens).where(and(eq(staffTokens.staffId, id), isNull(staffTokens.usedAt)));
    const token = newToken();
    await tx.insert(staffTokens).values({
      tokenHash: hashToken(token),
      purpose: "invite",
      staffId: id,
      expiresAt: new Date(now.getTime() + INVITE_LINK_DAYS * 86_400_000),
    });
    await recordAudit(tx, actor, "staff.password-link", `staff ${id}`, { email: member.email });
    return { ok: true as const, member, token };
  });
}

/** The invitation behind a link: who it is for, or why it no longer works. */
export async function invitation(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ state: LinkState; member?: StaffMember }> {
  const link = await linkState(db, token, "invite", now);
  if (link.state !== "valid" || !link.staffId)
    return { state: link.state === "valid" ? "unknown" : link.state };
  const [member] = await db
    .select(memberColumns)
    .from(staff)
    .where(and(eq(staff.id, link.staffId), isNull(staff.disabledAt)))
    .limit(1);
  return member ? { state: "valid", member } : { state: "unknown" };
}

/** Sets the invited member's password from the link, once. */
export async function acceptInvitation(
  db: Database,
  token: string,
  password: string,
  now = new Date(),
): Promise<CreateResult> {
  // A dead link costs no password hash: anyone may post to it.
  const early = await linkState(db, token, "invite", now);
  if (early.state !== "valid") return { ok: false, problem: early.state };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const link = await linkState(tx, token, "invite", now);
    if (link.state !== "valid" || link.id === undefined || !link.staffId) {
      return { ok: false, problem: link.state === "valid" ? "unknown" : link.state };
    }
    const used = await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.id, link.id), isNull(staffTokens.usedAt)))
      .returning({ id: staffTokens.id });
    if (used.length === 0) return { ok: false, problem: "used" };
    const [member] = await tx
      .update(staff)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(staff.id, link.staffId), isNull(staff.disabledAt)))
      .returning(memberColumns);
    if (!member) return { ok: false, problem: "unknown" };
    // A new password ends every session signed in with the old one.
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
    await recordAudit(tx, { id: member.id, name: member.name }, "staff.accept-invite", `staff ${member.id}`);
    return { ok: true, member };
  });
}

export type StaffListEntry = StaffMember & { disabled: boolean; invited: boolean; createdAt: Date };

/** Every member, owners first, then by name. */
export async function listStaff(db: Database): Promise<StaffListEntry[]> {
  const rows = await db
    .select({
      ...memberColumns,
      disabledAt: staff.disabledAt,
      hasPassword: sql<boolean>`${staff.passwordHash} IS NOT NULL`,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(asc(staff.role), asc(staff.name), asc(staff.id));
  return rows.map(({ disabledAt, hasPassword, ...member }) => ({
    ...member,
    disabled: disabledAt !== null,
    invited: !hasPassword,
  }));
}

export type StaffChange = { ok: true } | { ok: false; problem: "not-found" | "last-owner" | "self" };

/** Owners other than `id` who can log in: a change may never leave the shop without one. */
async function otherActiveOwners(db: Pick<Database, "select">, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(activeOwner, ne(staff.id, id)));
  return row?.n ?? 0;
}

/** An owner changes a member's role; the last active owner stays an owner. */
export async function changeRole(
  db: Database,
  actor: Actor,
  id: number,
  role: StaffRole,
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff-owners'))`);
    const [before] = await tx.select({ role: staff.role }).from(staff).where(eq(staff.id, id)).for("update");
    if (!before) return { ok: false, problem: "not-found" };
    if (before.role === role) return { ok: true };
    if (role !== "owner" && (await otherActiveOwners(tx, id)) === 0)
      return { ok: false, problem: "last-owner" };
    await tx.update(staff).set({ role, updatedAt: new Date() }).where(eq(staff.id, id));
    await recordAudit(tx, actor, "staff.role", `staff ${id}`, { before: before.role, after: role });
    return { ok: true };
  });
}

/**
 * An owner disables a member (signed out at once, open invitations cancelled) or enables them again. Nobody
 * disables themselves, and the last active owner stays.
 */
export async function setDisabled(
  db: Database,
  actor: Actor,
  id: number,
  disabled: boolean,
): Promise<StaffChange> {
  if (disabled && actor.id === id) return { ok: false, problem: "self" };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff-owners'))`);
    const [before] = await tx
      .select({ role: staff.role, disabledAt: staff.disabledAt })
      .from(staff)
      .where(eq(staff.id, id))
      .for("update");
    if (!before) return { ok: false, problem: "not-found" };
    if ((before.disabledAt !== null) === disabled) return { ok: true };
    if (disabled && before.role === "owner" && (await otherActiveOwners(tx, id)) === 0) {
      return { ok: false, problem: "last-owner" };
    }
    const now = new Date();
    await tx
      .update(staff)
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where(eq(staff.id, id));
    if (disabled) {
      await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
      // An open invitation stops working ("not valid"), and an owner may invite the person again later.
      await tx.delete(staffTokens).where(and(eq(staffTokens.staffId, id), isNull(staffTokens.usedAt)));
    }
    await recordAudit(tx, actor, disabled ? "staff.disable" : "staff.enable", `staff ${id}`);
    return { ok: true };
  });
}
