import { desc, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";

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

export const AUDIT_PAGE_SIZE = 50;

/** The newest entries first, a page at a time: `before` is the id the previous page ended at. */
export async function auditEntries(db: Database, before?: number) {
  return db
    .select()
    .from(auditLog)
    .where(before ? lt(auditLog.id, before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}
