import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
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

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that breaks (a server restart, a network blip) is dropped and replaced by the pool;
    // without a listener its error would stop the whole process.
    pool.on("error", (error) =>
      console.error("A PostgreSQL connection was lost; the pool opens a new one", error.message),
    );
    const db = drizzleNodePg(pool, { schema });
    // Several instances may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(72707001)");
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock(72707001)").catch(() => undefined);
      client.release();
    }
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

/** True when the catalogue has never been loaded. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
  return rows.length === 0;
}
