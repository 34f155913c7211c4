import { inArray, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { passwordResetTokens, productImports, sessions, staffSessions, staffTokens } from "~/db/schema";
import { purgeOldHits } from "~/lib/rate-limit.server";

/** Reset tokens are kept a day past their expiry, so a late click still hears "expired" or "already used". */
const RESET_TOKENS_KEPT_MS = 24 * 60 * 60 * 1000;
/** A catalogue file uploaded for import and neither imported nor discarded is kept a day for its preview. */
const CATALOGUE_UPLOADS_KEPT_MS = 24 * 60 * 60 * 1000;
const BATCH = 5000;

export type Purged = { sessions: number; resetTokens: number; rateLimitHits: number; backOffice: number };

/**
 * Deletes what no longer counts for anything: expired sessions (the shop's and the back office's), reset
 * tokens and back-office links a day past their expiry (used ones expire too), catalogue files uploaded for
 * import a day ago, and rate-limit hits older than every window. In batches, so a large backlog never holds
 * long locks. Every instance may run it at any time: deleting what is already gone changes nothing.
 */
export async function purgeExpired(db: Database, now = new Date()): Promise<Purged> {
  const resetTokensBefore = new Date(now.getTime() - RESET_TOKENS_KEPT_MS);
  return {
    sessions: await inBatches(async () => {
      const expired = db
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .where(lt(sessions.expiresAt, now))
        .limit(BATCH);
      const gone = await db
        .delete(sessions)
        .where(inArray(sessions.idHash, expired))
        .returning({ idHash: sessions.idHash });
      return gone.length;
    }),
    resetTokens: await inBatches(async () => {
      const stale = db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, resetTokensBefore))
        .limit(BATCH);
      const gone = await db
        .delete(passwordResetTokens)
        .where(inArray(passwordResetTokens.id, stale))
        .returning({ id: passwordResetTokens.id });
      return gone.length;
    }),
    rateLimitHits: await inBatches(() => purgeOldHits(db, now, BATCH)),
    // The back office has a handful of members: one statement each is enough.
    backOffice: (
      await Promise.all([
        db
          .delete(staffSessions)
          .where(lt(staffSessions.expiresAt, now))
          .returning({ id: staffSessions.idHash }),
        db
          .delete(staffTokens)
          .where(lt(staffTokens.expiresAt, resetTokensBefore))
          .returning({ id: staffTokens.id }),
        db
          .delete(productImports)
          .where(lt(productImports.createdAt, new Date(now.getTime() - CATALOGUE_UPLOADS_KEPT_MS)))
          .returning({ id: productImports.id }),
      ])
    ).reduce((sum, gone) => sum + gone.length, 0),
  };
}

/** Runs one batch delete after another until a batch comes back short; returns how many rows went. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await deleteBatch();
    total += gone;
    if (gone < BATCH) return total;
  }
}
