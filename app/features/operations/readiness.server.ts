import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";

/** A load balancer polls every few seconds: a database slower than this is as good as down for shoppers. */
const READY_TIMEOUT_MS = 2_000;

/** Resolves when the database answers `select 1` within the time limit; rejects otherwise. */
export async function databaseAnswers(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("readiness check timed out")), READY_TIMEOUT_MS);
  });
  try {
    // getDb inside the race too: a first open that hangs on an unreachable server must not hang the check.
    await Promise.race([getDb().then((db) => db.execute(sql`select 1`)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
