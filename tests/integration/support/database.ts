import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { adminQuery, databaseUrl } from "./postgres-admin";

/** Which database the tests run on, for test names: DATABASE_URL picks PostgreSQL, else embedded PGlite. */
export const databaseKind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

/**
 * A test of transactions that run at the same moment (row locks, unique numbers, deadlocks). PGlite runs one
 * transaction at a time, so there such a test would pass with or without the lock it is about: it is
 * registered on PostgreSQL only, and `npm test` runs the integration tests on PostgreSQL as well as on PGlite
 * (docs/testing.md).
 */
export function raceTest(name: string, body: () => Promise<void>, timeout?: number): void {
  if (databaseKind === "PostgreSQL") it(name, body, timeout);
}

export type TestDatabase = DatabaseHandle & { drop: () => Promise<void> };

/** The migrated template's dump, read once per worker (support/template-database.ts). */
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here and dropped afterwards). Both start as a copy of the
 * run's migrated template (support/template-database.ts).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    pgliteTemplate ??= new Blob([readFileSync(inject("pgliteTemplate"))]);
    const handle = await openDatabase({ kind: "pglite", from: pgliteTemplate });
    return { ...handle, drop: handle.close };
  }
  const name = `storefront_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name), poolSize: 25 });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // The pool's connections close asynchronously: wait for them rather than killing them (a killed
      // connection that is still closing reports an error nobody listens to any more); after 5 s, force.
      try {
        await vi.waitFor(() => cleanup.query(`DROP DATABASE IF EXISTS ${name}`), {
          timeout: 5_000,
          interval: 100,
        });
      } catch {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      await cleanup.end();
    },
  };
}

/** A new PostgreSQL database with nothing in it (not migrated), on the server of DATABASE_URL: a restore's target. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("emptyPostgresDatabase needs DATABASE_URL");
  const name = `storefront_empty_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The error PostgreSQL raised for a statement, with its cause unwrapped (drizzle wraps it); "accepted" if none. */
export async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return "accepted";
}
