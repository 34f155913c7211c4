import { inArray, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { passwordResetTokens, sessions } from "~/db/schema";
import { purgeOldHits } from "~/modules/security/rate-limit.server";

/** Reset tokens are kept a day past their expiry, so a late click still hears "expired" or "already used". */
const RESET_TOKENS_KEPT_MS = 24 * 60 * 60 * 1000;
const BATCH = 5000;

export type Purged = { sessions: number; resetTokens: number; rateLimitHits: number };

/**
 * Deletes what no longer counts for anything: expired sessions, reset tokens a day past their expiry (used
 * ones expire too), and rate-limit hits older than every window. In batches, so a large backlog never holds
 * long locks. Every instance may run it at any time: deleting what is already gone changes nothing.
 */
export async function purgeExpired(db: Database, now = new Date()): Promise<Purged> {
  const purged: Purged = { sessions: 0, resetTokens: 0, rateLimitHits: 0 };
  for (;;) {
    const expired = db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(lt(sessions.expiresAt, now))
      .limit(BATCH);
    const gone = await db
      .delete(sessions)
      .where(inArray(sessions.idHash, expired))
      .returning({ idHash: sessions.idHash });
    purged.sessions += gone.length;
    if (gone.length < BATCH) break;
  }
  for (;;) {
    const stale = db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, new Date(now.getTime() - RESET_TOKENS_KEPT_MS)))
      .limit(BATCH);
    const gone = await db
      .delete(passwordResetTokens)
      .where(inArray(passwordResetTokens.id, stale))
      .returning({ id: passwordResetTokens.id });
    purged.resetTokens += gone.length;
    if (gone.length < BATCH) break;
  }
  for (;;) {
    const gone = await purgeOldHits(db, now, BATCH);
    purged.rateLimitHits += gone;
    if (gone < BATCH) break;
  }
  return purged;
}
