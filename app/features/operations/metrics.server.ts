import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { backupRuns, paymentAttempts } from "~/db/schema";
import { describeError } from "~/lib/errors.server";
import { type Metrics, sharedMetrics } from "~/lib/metrics.mjs";

/**
 * Sets the gauges read from the database, just before /metrics is answered (docs/deployment.md, "Metrics"):
 * payments waiting for PhonePe, the backups' state, and the database's kind and pool. When the database does
 * not answer, its gauges are NaN ("not known now") and the rest of the metrics are still served.
 */
export async function refreshDatabaseGauges(
  handle: DatabaseHandle,
  metrics: Metrics = sharedMetrics(),
): Promise<void> {
  const pool = handle.poolStats();
  metrics.databaseEmbedded.set(handle.kind === "pglite" ? 1 : 0);
  metrics.databasePool.reset();
  if (pool) for (const [state, value] of Object.entries(pool)) metrics.databasePool.set({ state }, value);
  try {
    const [pending, backups] = await Promise.all([pendingPayments(handle), backupState(handle)]);
    metrics.pendingPayments.set(pending.count);
    metrics.oldestPendingPaymentAge.set(pending.oldestAgeSeconds);
    metrics.backupAge.set(backups.lastSuccessAgeSeconds);
    metrics.backupFailed.set(backups.lastRunFailed ? 1 : 0);
  } catch (error) {
    console.error(`/metrics could not read the database's gauges: ${describeError(error)}`);
    for (const gauge of [
      metrics.pendingPayments,
      metrics.oldestPendingPaymentAge,
      metrics.backupAge,
      metrics.backupFailed,
    ]) {
      gauge.set(Number.NaN);
    }
  }
}

/** Seconds from `column` to the database's now, as a number (null stays null). */
const ageSeconds = (column: unknown) => sql<string | null>`extract(epoch from (now() - ${column}))`;

/**
 * Online payments started at PhonePe that are still PENDING: neither paid, failed nor given up (cash orders
 * are never sent to PhonePe). Their age counts from when the shopper pressed Place Order.
 */
async function pendingPayments({ db }: DatabaseHandle) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: ageSeconds(sql`min(${paymentAttempts.createdAt})`),
    })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, "PENDING"), eq(paymentAttempts.method, "PHONEPE")));
  return { count: Number(row?.count ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/**
 * The newest successful backup's age by when it finished (-1: none yet), and whether the newest run that
 * finished failed. Only read: the backups write backup_runs.
 */
async function backupState({ db }: DatabaseHandle) {
  const [[success], [last]] = await Promise.all([
    db
      .select({ age: ageSeconds(sql`max(${backupRuns.finishedAt})`) })
      .from(backupRuns)
      .where(eq(backupRuns.status, "ok")),
    db
      .select({ status: backupRuns.status })
      .from(backupRuns)
      .where(and(ne(backupRuns.status, "running"), isNotNull(backupRuns.finishedAt)))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1),
  ]);
  const age = success?.age;
  return {
    lastSuccessAgeSeconds: age === null || age === undefined ? -1 : Math.max(0, Number(age)),
    lastRunFailed: last?.status === "failed",
  };
}
