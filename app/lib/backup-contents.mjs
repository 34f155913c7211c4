// @ts-check
/**
 * What a backup's database part holds and how it is counted: one home for the shop's server build (backups,
 * restores) and server/pglite-dump.mjs, the child process that dumps an embedded database. Node runs both
 * as they are, so this is plain JavaScript with types in comments. Why: docs/decisions/0041-the-dealers-data.md.
 */

/**
 * pg_dump's options for every backup, from PGlite or PostgreSQL: plain SQL that either restores into (PGlite
 * cannot read COPY from a script, so rows are INSERTs, 500 to a statement), without owners or grants (the
 * restoring role owns everything).
 */
export const DUMP_ARGS = [
  "--no-owner",
  "--no-privileges",
  "--no-comments",
  "--inserts",
  "--rows-per-insert=500",
];

/** The schemas a backup holds: the shop's tables and drizzle's record of the migrations applied. */
export const BACKED_UP_SCHEMAS = ["public", "drizzle"];

/**
 * @typedef {(text: string) => Promise<{ rows: Record<string, unknown>[] }>} RunQuery
 * One statement, answered with its rows: PGlite's `query` and node-postgres's `query` both fit.
 */

/**
 * The number of rows in every table of the backed-up schemas, by "schema.table", in one snapshot when the
 * caller runs it inside one (a repeatable-read transaction, or a copy nobody writes to).
 * @param {RunQuery} query
 * @returns {Promise<Record<string, number>>}
 */
export async function countRows(query) {
  const tables = await query(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema IN (${BACKED_UP_SCHEMAS.map((s) => `'${s}'`).join(", ")})
     ORDER BY table_schema, table_name`,
  );
  /** @type {Record<string, number>} */
  const counts = {};
  for (const row of tables.rows) {
    const name = `${quoteIdent(String(row.schema))}.${quoteIdent(String(row.name))}`;
    const result = await query(`SELECT count(*)::text AS n FROM ${name}`);
    counts[`${row.schema}.${row.name}`] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * How far the database's schema is migrated: the number of migrations applied and the newest one's time
 * (drizzle's journal `when`), or zero when it was never migrated.
 * @param {RunQuery} query
 * @returns {Promise<{ applied: number; newest: number }>}
 */
export async function migrationLevel(query) {
  const exists = await query(
    "SELECT 1 FROM information_schema.tables WHERE table_schema = 'drizzle' AND table_name = '__drizzle_migrations'",
  );
  if (exists.rows.length === 0) return { applied: 0, newest: 0 };
  const result = await query(
    "SELECT count(*)::int AS applied, coalesce(max(created_at), 0)::text AS newest FROM drizzle.__drizzle_migrations",
  );
  return { applied: Number(result.rows[0]?.applied ?? 0), newest: Number(result.rows[0]?.newest ?? 0) };
}

/** @param {string} name */
function quoteIdent(name) {
  return `"${name.replaceAll('"', '""')}"`;
}
