import { readdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

/*
 * What a place holds, read by the test itself and not by the code under test: for a restore or a move that
 * was refused, "nothing was written" is checked by opening the place afterwards.
 */

/** The names in a directory, sorted; none when it does not exist. */
export async function entries(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export type DatabaseContents = {
  /** Rows of every table outside PostgreSQL's own schemas, by "schema.table". */
  rows: Record<string, number>;
  /** The customers' e-mail addresses, by id. */
  customers: string[];
};

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function contentsVia(query: Query): Promise<DatabaseContents> {
  const tables = await query(
    `SELECT table_schema || '.' || table_name AS name, quote_ident(table_schema) || '.' || quote_ident(table_name) AS quoted
     FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1`,
  );
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const [counted] = await query(`SELECT count(*)::int AS n FROM ${String(table.quoted)}`);
    rows[String(table.name)] = Number(counted?.n);
  }
  const customers =
    "public.customers" in rows
      ? (await query("SELECT email FROM public.customers ORDER BY id")).map((row) => String(row.email))
      : [];
  return { rows, customers };
}

/** What a PGlite data directory (which must hold a database) or a PostgreSQL database holds. */
export async function databaseContents(
  place: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string },
): Promise<DatabaseContents> {
  if (place.kind === "pglite") {
    const client = await PGlite.create({ dataDir: place.dataDir, extensions: { pg_trgm } });
    try {
      return await contentsVia(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  try {
    return await contentsVia(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}
