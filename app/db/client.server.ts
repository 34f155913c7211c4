import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { describeError } from "~/lib/errors.server";
import { PGLITE_SETTING_ARGS } from "~/lib/pglite-settings.mjs";
import { acquireDataDirLock, releaseDataDirLock } from "./data-dir-lock.server";
import * as schema from "./schema";

/** One typed query API over both drivers: PGlite (embedded) and node-postgres (a server). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** What a backup reads (app/features/backups): the embedded client and its directory, or the server. */
  source: { kind: "pglite"; client: PGlite; dataDir: string | undefined } | { kind: "postgres"; url: string };
  /** The connection pool's use now (/metrics); null on PGlite, which has no pool. */
  poolStats: () => PoolStats | null;
};

/** node-postgres's counts: connections open, open and unused, and queries waiting for a connection. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * dataDir undefined means an in-memory database (used by integration tests), which may start from a dump
   * PGlite made (`from`): the tests' migrated template.
   */
  | { kind: "pglite"; dataDir?: string; from?: Blob };

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
    return {
      db: db as unknown as Database,
      kind: "postgres",
      close: () => pool.end(),
      source: { kind: "postgres", url: options.url },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (!options.dataDir) return openPglite(undefined, options.from);
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
 * A query registered with keepPlanned runs as EXECUTE of its prepared statement.
 */
function takeTurns(client: PGlite, planned: Map<string, Planned>): void {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async <T>(...[text, params, options]: Parameters<typeof query>) => {
    await nextTurn();
    const entry = planned.get(text);
    const execute = entry && (await executeText(query, entry, text, params));
    if (!entry || !execute) return query<T>(text, params, options);
    try {
      return await query<T>(execute, [], options);
    } catch (error) {
      if (!isStaleStatement(error)) throw error;
      // Deallocated, or its result no longer fits the tables: prepared afresh next time, answered plainly now.
      await query(`DEALLOCATE ${entry.name}`).catch(() => undefined);
      entry.prepared = undefined;
      return query<T>(text, params, options);
    }
  };
  client.transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    await nextTurn();
    return transaction(callback);
  };
}

/*
 * Plans kept by PGlite (decision 0032). Its API plans every query afresh and ignores the name drizzle's
 * `.prepare(name)` gives; for the query every signed-in request asks (the session), planning cost more than
 * running it. A registered query is prepared once with SQL PREPARE and run as EXECUTE with its parameters
 * written as literals, which PGlite accepts where it refuses EXECUTE with bound parameters.
 */
type Planned = {
  name: string;
  /** Settles once the statement is prepared (true) or refused (false): every first caller awaits the same one. */
  prepared?: Promise<boolean>;
};
const plannedQueries = new WeakMap<Database, Map<string, Planned>>();

/**
 * Keeps the plan of this query text (drizzle's `.toSQL().sql`) on PGlite, under `name` (lower-case letters,
 * digits and _, one text per name); on PostgreSQL drizzle's named prepared statements already do.
 */
export function keepPlanned(db: Database, text: string, name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a statement name: ${name}`);
  const planned = plannedQueries.get(db);
  if (!planned || planned.has(text)) return;
  if ([...planned.values()].some((entry) => entry.name === name)) {
    throw new Error(`Statement name already kept for another query: ${name}`);
  }
  planned.set(text, { name });
}

/**
 * A parameter as a SQL literal, or undefined for a value not written this way (the query then runs with it
 * bound, as usual): NULL, booleans, integers (a bound fraction sent to an integer is refused, a literal
 * would be rounded), and strings without NUL as escape strings, so the server's quoting settings do not matter.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string" && !value.includes("\0")) {
    return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
  }
  return undefined;
}

/** The EXECUTE statement for a registered query (preparing it the first time), or undefined to run it as it is. */
async function executeText(
  query: PGlite["query"],
  entry: Planned,
  text: string,
  params: unknown[] | undefined,
): Promise<string | undefined> {
  const literals = (params ?? []).map(literal);
  if (literals.some((value) => value === undefined)) return undefined;
  entry.prepared ??= query(`PREPARE ${entry.name} AS ${text}`).then(
    () => true,
    () => false,
  );
  if (!(await entry.prepared)) return undefined;
  return literals.length === 0 ? `EXECUTE ${entry.name}` : `EXECUTE ${entry.name}(${literals.join(", ")})`;
}

/** A prepared statement that no longer exists (26000) or whose result changed shape (0A000). */
function isStaleStatement(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "26000" || code === "0A000";
}

/** Brings an embedded database's schema up to this version's migrations (a restore, on its own client). */
export async function migrateEmbedded(client: PGlite): Promise<void> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
}

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    dataDir,
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTING_ARGS],
  });
  const planned = new Map<string, Planned>();
  takeTurns(client, planned);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  plannedQueries.set(db, planned);
  try {
    await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    source: { kind: "pglite", client, dataDir },
    poolStats: () => null,
  };
}

/**
 * Several instances may start at once: one migrates, the others wait on the advisory lock. A connection of
 * its own, without the pool's statement and query timeouts: waiting for another instance's migration, or a
 * migration that rebuilds an index, may rightly take longer than a shopper's query ever may.
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
