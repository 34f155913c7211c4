import { existsSync } from "node:fs";
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { migrateEmbedded, migrationsFolder, openDatabase } from "~/db/client.server";
import {
  acquireDataDirLock,
  DataDirectoryLocked,
  LOCK_FILE_NAME,
  releaseDataDirLock,
} from "~/db/data-dir-lock.server";
import { countRows, type RunQuery } from "~/lib/backup-contents.mjs";
import { PGLITE_SETTING_ARGS } from "~/lib/pglite-settings.mjs";
import { type BackupManifest, type OpenedBackup, openBackup, sha256Of } from "./backup-file.server";
import { BackupRefused, messages } from "./messages";

/** Where a backup goes: an embedded data directory, or an empty PostgreSQL database. */
export type RestoreTarget =
  | { kind: "pglite"; dataDir: string; uploadsDir: string; sessionSecretFile: string | undefined }
  | { kind: "postgres"; url: string; uploadsDir: string; sessionSecretFile: string | undefined };

export type Restored = {
  manifest: BackupManifest;
  pictures: { copied: number; alreadyThere: number };
  /** What happened to the backup's generated session secret, in words. */
  secret: string;
};

/**
 * Restores a backup file into an empty place: checks the file (checksums), the place (empty, pictures
 * without clashes) and the schema level first, then loads the database in one transaction, compares every
 * table's rows with the backup's counts before committing, brings the schema up to this version's
 * migrations, and copies the pictures. Throws BackupRefused with the reason; nothing is written then.
 */
export async function restoreBackup(file: string, target: RestoreTarget, workDir: string): Promise<Restored> {
  const backup = await openBackup(file, workDir);
  try {
    const known = await knownMigrations();
    const applied = backup.manifest.database.migrations.applied;
    if (applied > known) throw new BackupRefused(messages.newerSchema(applied, known));
    const pictures = await planPictures(backup, target.uploadsDir);
    const sql = cleanDump(await readFile(path.join(backup.dir, "database.sql"), "utf8"));
    if (target.kind === "pglite") await restoreIntoPglite(sql, backup.manifest, target.dataDir);
    else await restoreIntoPostgres(sql, backup.manifest, target.url);
    const copied = await copyPictures(backup, pictures.toCopy, target.uploadsDir);
    const secret = await restoreSecret(backup, target.sessionSecretFile);
    return { manifest: backup.manifest, pictures: { copied, alreadyThere: pictures.alreadyThere }, secret };
  } finally {
    await backup.remove();
  }
}

/**
 * What pg_dump writes for psql alone: `\restrict` lines (newer pg_dump) are psql commands, and
 * transaction_timeout (pg_dump 17+) is unknown to an older server; neither changes the data.
 */
export function cleanDump(sql: string): string {
  return sql
    .split("\n")
    .filter((line) => !/^\\(un)?restrict\b/.test(line) && !/^SET transaction_timeout = /.test(line))
    .join("\n");
}

async function knownMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Loads the SQL inside one transaction and compares the rows with the backup's counts before COMMIT. */
async function loadAndCheck(
  exec: (sql: string) => Promise<unknown>,
  query: RunQuery,
  sql: string,
  manifest: BackupManifest,
): Promise<void> {
  await exec("BEGIN");
  try {
    await exec(sql);
    const restored = await countRows(query);
    for (const [table, expected] of Object.entries(manifest.database.rows)) {
      const actual = restored[table] ?? 0;
      if (actual !== expected) throw new BackupRefused(messages.rowsDiffer(table, expected, actual));
    }
    await exec("COMMIT");
  } catch (error) {
    await exec("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/**
 * Loads into a staging directory beside dataDir (same file system) while holding dataDir's lock, and moves
 * the database into dataDir only once it is loaded, counted and migrated. A restore that fails (or is killed)
 * on the way leaves dataDir as it found it: missing, or empty, so the next try is not refused as "not empty".
 */
async function restoreIntoPglite(sql: string, manifest: BackupManifest, dataDir: string): Promise<void> {
  await refuseNonEmptyDataDir(dataDir);
  const existed = existsSync(dataDir);
  const lock = acquireDataDirLock(dataDir);
  let restored = false;
  try {
    const staging = await mkdtemp(
      path.join(path.dirname(lock.dataDir), `.${path.basename(lock.dataDir)}-restoring-`),
    );
    try {
      const client = await PGlite.create({
        dataDir: staging,
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTING_ARGS],
      });
      try {
        const query: RunQuery = async (text) => ({
          rows: (await client.query(text)).rows as Record<string, unknown>[],
        });
        await loadAndCheck((text) => client.exec(text), query, sql, manifest);
        // On the same client: a second PGlite would hold a second WASM memory until the first is collected.
        await migrateEmbedded(client);
      } finally {
        await client.close();
      }
      for (const name of await readdir(staging))
        await rename(path.join(staging, name), path.join(lock.dataDir, name));
      restored = true;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    releaseDataDirLock(lock);
    // The lock made the directory: one that was not there before goes again (rmdir: only while empty).
    if (!restored && !existed) await rmdir(lock.dataDir).catch(() => undefined);
  }
}

async function restoreIntoPostgres(sql: string, manifest: BackupManifest, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await refuseNonEmptyDatabase(client);
    const query: RunQuery = async (text) => ({
      rows: (await client.query(text)).rows as Record<string, unknown>[],
    });
    await loadAndCheck((text) => client.query(text), query, sql, manifest);
  } finally {
    await client.end().catch(() => undefined);
  }
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 1 });
  await handle.close();
}

/** Refuses a PostgreSQL database with any table in it, naming them. */
async function refuseNonEmptyDatabase(client: pg.Client): Promise<void> {
  const tables = await client.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  if (tables.rows.length === 0) return;
  const names = tables.rows.map((row) => row.name);
  const shown = `${names.length} tables (${names.slice(0, 4).join(", ")}${names.length > 4 ? ", …" : ""})`;
  throw new BackupRefused(messages.databaseNotEmpty(shown));
}

/** The same check on its own connection: a move checks its target before it writes a backup. */
export async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await refuseNonEmptyDatabase(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Refuses a data directory that holds anything, naming it: a running shop, a database, or other files. */
async function refuseNonEmptyDataDir(dataDir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (entries.length === 0) return;
  let lock: ReturnType<typeof acquireDataDirLock> | undefined;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirectoryLocked)) throw error;
    const who = error.holder ? `pid ${error.holder.pid} (${error.holder.command})` : "a process starting now";
    throw new BackupRefused(messages.dataDirInUse(dataDir, who));
  }
  let what = `${entries.length} files and folders (${entries
    .filter((name) => name !== LOCK_FILE_NAME)
    .slice(0, 4)
    .join(", ")})`;
  try {
    if (entries.includes("PG_VERSION")) {
      const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
      try {
        const count = async (table: string) => {
          const result = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${table}`);
          return result.rows[0]?.n ?? 0;
        };
        what = `a shop's database with ${await count("products")} products, ${await count("customers")} customers and ${await count("orders")} orders`;
      } catch {
        what = "a database";
      } finally {
        await client.close().catch(() => undefined);
      }
    }
  } finally {
    releaseDataDirLock(lock);
  }
  throw new BackupRefused(messages.dataDirNotEmpty(dataDir, what));
}

/** Which pictures to copy: a file already there with the same bytes is skipped, a different one refused. */
async function planPictures(
  backup: OpenedBackup,
  uploadsDir: string,
): Promise<{ toCopy: string[]; alreadyThere: number }> {
  const names = Object.keys(backup.manifest.files).filter((name) => name.startsWith("uploads/"));
  const toCopy: string[] = [];
  const clashes: string[] = [];
  let alreadyThere = 0;
  for (const name of names) {
    const destination = path.join(uploadsDir, name.slice("uploads/".length));
    try {
      await stat(destination);
    } catch {
      toCopy.push(name);
      continue;
    }
    if ((await sha256Of(destination)) === backup.manifest.files[name]?.sha256) alreadyThere++;
    else clashes.push(name.slice("uploads/".length));
  }
  if (clashes.length > 0) throw new BackupRefused(messages.uploadsClash(uploadsDir, clashes));
  return { toCopy, alreadyThere };
}

async function copyPictures(backup: OpenedBackup, names: string[], uploadsDir: string): Promise<number> {
  for (const name of names) {
    const destination = path.join(uploadsDir, name.slice("uploads/".length));
    await mkdir(path.dirname(destination), { recursive: true });
    await copyFile(path.join(backup.dir, name), destination);
  }
  return names.length;
}

/** Puts the backup's generated session secret in place when the target has none of its own. */
async function restoreSecret(backup: OpenedBackup, secretFile: string | undefined): Promise<string> {
  if (!backup.manifest.files["session-secret"]) return "The backup holds no generated session secret.";
  if (!secretFile) return "SESSION_SECRET is set, so the backup's generated secret was not used.";
  const secret = await readFile(path.join(backup.dir, "session-secret"));
  try {
    const existing = await readFile(secretFile);
    if (existing.equals(secret)) return "The session secret was already the backup's.";
    return `${secretFile} already holds another secret and was kept: customers sign in again, and links e-mailed before the backup no longer work.`;
  } catch {
    await mkdir(path.dirname(secretFile), { recursive: true });
    await writeFile(secretFile, secret, { mode: 0o600, flag: "wx" });
    return `The session secret was restored to ${secretFile}: customers stay signed in.`;
  }
}
