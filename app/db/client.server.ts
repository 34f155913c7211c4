import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { describeError } from "../modules/ops/errors.server";
import { acquireDataDirLock, releaseDataDirLock } from "./data-dir-lock.server";
import * as schema from "./schema";

/** One typed query API over both drivers: PGlite (embedded) and node-postgres (a server). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined means an in-memory database (used by integration tests). */
  | { kind: "pglite"; dataDir?: string };

export const migrationsFolder = path.resolve(process.cwd(), "app/db/migrations");

/** A hung database answers with an error in bounded time instead of holding the shopper's request. */
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;
const QUERY_TIMEOUT_MS = 15_000;

/**
 * Opens the database and brings its schema up to date. A PGlite data directory is locked for this process
 * first (DataDirectoryLocked when another process has it open); close() releases it.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
      // statement_timeout: the server cancels the query; query_timeout: the client gives up when the server
      // or the network does not answer at all.
      statement_timeout: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // An idle connection that breaks (a server restart, a network blip) is dropped and replaced by the pool;
    // without a listener its error would stop the whole process.
    pool.on("error", (error) =>
      console.error(`A PostgreSQL connection was lost; the pool opens a new one: ${describeError(error)}`),
    );
    const db = drizzleNodePg(pool, { schema });
    try {
      await migrateUnderLock(options.url);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  if (!options.dataDir) return openPglite(undefined);
  // Before PGlite touches the directory: a second process on it would silently lose confirmed writes.
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const handle = await openPglite(options.dataDir);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          releaseDataDirLock(lock);
        }
      },
    };
  } catch (error) {
    releaseDataDirLock(lock);
    throw error;
  }
}

/**
 * PGlite runs in this thread, and its statements resolve one after another as microtasks: a burst of requests
 * would hold off every other request (even /healthz) until all their statements were done. Waiting for the
 * event loop's next turn before each statement and transaction lets waiting requests be served in between.
 */
function takeTurns(client: PGlite): void {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  };
  client.transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    await nextTurn();
    return transaction(callback);
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  takeTurns(client);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

/**
 * Several instances may start at once: one migrates, the others wait on the advisory lock. A connection of
 * its own, without the pool's statement and query timeouts: waiting for another instance's migration, or a
 * migration that rebuilds an index, may rightly take longer than any shopper's query.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection that breaks mid-migration fails the migration's query; this only keeps the process alive.
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(72707001)");
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707001)").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** True when the catalogue has never been loaded. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
  return rows.length === 0;
}
