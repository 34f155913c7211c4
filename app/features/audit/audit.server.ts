import { and, asc, desc, eq, like, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { AuditArea } from "./audit";

/** Who did it: the signed-in member (the command line records itself as "npm run staff"). */
export type Actor = { id: number | null; name: string };

type Writer = Pick<Database, "insert">;

/** Records one change made in the back office; call it inside the change's own transaction. */
export async function recordAudit(
  db: Writer,
  actor: Actor,
  action: string,
  subject: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({ staffId: actor.id, staffName: actor.name, action, subject, details });
}

/** Records many changes of one act (a catalogue import's products), a few hundred rows per statement. */
export async function recordAudits(
  db: Writer,
  actor: Actor,
  entries: readonly { action: string; subject: string; details: Record<string, unknown> }[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insert(auditLog)
      .values(
        entries.slice(i, i + 500).map((entry) => ({ staffId: actor.id, staffName: actor.name, ...entry })),
      );
  }
}

export const AUDIT_PAGE_SIZE = 50;

/** What an owner narrows the trail to: an area (the action's first word), a member, one thing, older pages. */
export type AuditFilter = { area?: AuditArea; staffId?: number; subject?: string; before?: number };

/** The newest entries first, a page at a time: `before` is the id the previous page ended at. */
export async function auditEntries(db: Database, filter: AuditFilter = {}) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        filter.before ? lt(auditLog.id, filter.before) : undefined,
        filter.area ? like(auditLog.action, `${filter.area}.%`) : undefined,
        filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
        filter.subject ? eq(auditLog.subject, filter.subject) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}

/** Everyone who has made a change, for the trail's member filter (removed members keep their name there). */
export async function auditActors(db: Database) {
  return db
    .selectDistinct({ staffId: auditLog.staffId, staffName: auditLog.staffName })
    .from(auditLog)
    .orderBy(asc(auditLog.staffName));
}
