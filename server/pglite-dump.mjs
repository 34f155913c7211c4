// @ts-check
/**
 * Dumps a copy of the shop's embedded database as PostgreSQL SQL: run by the shop's backups as a child
 * process (node server/pglite-dump.mjs <copy of the data directory> <SQL file>), so the second PGlite and
 * pg_dump's work use memory of their own and never touch the shop's live database (pg_dump on a live
 * PGlite leaves its session read-only). Prints one JSON line: the rows counted and the migration level.
 */
import { writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { countRows, DUMP_ARGS, migrationLevel } from "../app/lib/backup-contents.mjs";
import { PGLITE_SETTING_ARGS } from "../app/lib/pglite-settings.mjs";

const [copyDir, sqlFile] = process.argv.slice(2);
if (!copyDir || !sqlFile) {
  console.error("usage: node server/pglite-dump.mjs <data directory copy> <SQL file>");
  process.exit(2);
}

const pg = await PGlite.create({
  dataDir: copyDir,
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTING_ARGS],
});
/** @param {string} text */
const query = async (text) => ({
  rows: /** @type {Record<string, unknown>[]} */ ((await pg.query(text)).rows),
});
// Counted before the dump, on the same copy: nothing else writes to it, so both see the same rows.
const rows = await countRows(query);
const migrations = await migrationLevel(query);
const version = String(
  (await pg.query("SHOW server_version")).rows.map((row) => Object.values(row ?? {})[0])[0],
);
const dump = await pgDump({ pg, args: DUMP_ARGS });
await writeFile(sqlFile, Buffer.from(await dump.arrayBuffer()));
process.stdout.write(`${JSON.stringify({ rows, migrations, serverVersion: version })}\n`);
// pg_dump leaves the session in a state close() may trip over; the copy is thrown away anyway.
process.exit(0);
