import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { BackupRefused, messages } from "./messages";

/*
 * The backup file (decision 0041): one gzip'd tar holding
 *   manifest.json   what is inside, with every other file's size and SHA-256;
 *   database.sql    the database as pg_dump's plain SQL, restorable into PGlite or PostgreSQL;
 *   session-secret  the generated secret of an installation without SESSION_SECRET (so a restored shop
 *                   keeps its customers signed in and its e-mailed links working);
 *   uploads/...     the back office's uploaded pictures.
 * It is written under a temporary name and renamed when complete, so a file with the final name is whole.
 */

export const BACKUP_FORMAT = 1;
const NAME = /^shop-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  /** The shop's package version that wrote it. */
  shopVersion: string;
  createdAt: string;
  database: {
    kind: "pglite" | "postgres";
    serverVersion: string;
    migrations: { applied: number; newest: number };
    /** Rows per "schema.table", counted in the same snapshot as the dump. */
    rows: Record<string, number>;
  };
  files: Record<string, { bytes: number; sha256: string }>;
};

export type DumpInfo = Pick<BackupManifest["database"], "serverVersion" | "migrations" | "rows"> & {
  kind: BackupManifest["database"]["kind"];
};

/** The file name of a backup made at `at`: sorts by time, and only such names are ever pruned. */
export function backupFileName(at: Date): string {
  return `shop-backup-${at.toISOString().replaceAll(":", "-").replace(".", "-")}.tar.gz`;
}

export function isBackupFileName(name: string): boolean {
  return NAME.test(name);
}

/** A staging directory beside the backups (same file system, so nothing crosses disks twice). */
export async function makeStaging(backupDir: string): Promise<string> {
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  const staging = path.join(backupDir, `.staging-${Date.now()}-${process.pid}`);
  await mkdir(staging, { mode: 0o700 });
  return staging;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file under dir, as paths relative to it with "/" separators (none when dir is missing). */
async function filesUnder(dir: string): Promise<string[]> {
  let entries: { name: string; parentPath: string; isFile: () => boolean }[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * Packs the staging directory (database.sql already written there by the dump) with the pictures and the
 * secret into `backupDir/<name>`, and returns the file's name, size and manifest. The staging directory is
 * removed either way.
 */
export async function packBackup(options: {
  staging: string;
  backupDir: string;
  dump: DumpInfo;
  uploadsDir: string;
  sessionSecretFile: string | undefined;
  shopVersion: string;
  now?: Date;
}): Promise<{ fileName: string; bytes: number; manifest: BackupManifest }> {
  const { staging, backupDir } = options;
  const at = options.now ?? new Date();
  const fileName = backupFileName(at);
  const partial = path.join(backupDir, `.${fileName}.partial`);
  try {
    const names = ["database.sql"];
    const secret = options.sessionSecretFile && (await readIfThere(options.sessionSecretFile));
    if (secret) {
      await writeFile(path.join(staging, "session-secret"), secret, { mode: 0o600 });
      names.push("session-secret");
    }
    // The pictures are packed from where they are, through a link, not copied first.
    const pictures = await filesUnder(options.uploadsDir);
    if (pictures.length > 0) await symlink(options.uploadsDir, path.join(staging, "uploads"), "dir");
    names.push(...pictures.map((name) => `uploads/${name}`));
    const files: BackupManifest["files"] = {};
    for (const name of names) {
      const file = path.join(staging, name);
      files[name] = { bytes: (await stat(file)).size, sha256: await sha256Of(file) };
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      shopVersion: options.shopVersion,
      createdAt: at.toISOString(),
      database: options.dump,
      files,
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    // Only the owner may read it: it holds customers' data and password hashes.
    await writeFile(partial, "", { mode: 0o600 });
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, [
      "manifest.json",
      ...names,
    ]);
    const handle = await open(partial, "r+");
    await handle.sync();
    await handle.close();
    await rename(partial, path.join(backupDir, fileName));
    const bytes = (await stat(path.join(backupDir, fileName))).size;
    return { fileName, bytes, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** A backup unpacked into a directory of its own, its checksums verified. */
export type OpenedBackup = { dir: string; manifest: BackupManifest; remove: () => Promise<void> };

/**
 * Unpacks a backup file next to `workDir` and checks it: a manifest of this format, and every file it lists
 * present with its size and SHA-256. Throws BackupRefused naming the first fault.
 */
export async function openBackup(file: string, workDir: string): Promise<OpenedBackup> {
  try {
    await stat(file);
  } catch {
    throw new BackupRefused(messages.noSuchFile(file));
  }
  await mkdir(workDir, { recursive: true });
  const dir = path.join(workDir, `.restore-${Date.now()}-${process.pid}`);
  await mkdir(dir, { mode: 0o700 });
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    try {
      await tar.extract({ file, cwd: dir, strict: true });
    } catch (error) {
      throw new BackupRefused(messages.notABackup(file, error));
    }
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as BackupManifest;
    } catch {
      throw new BackupRefused(messages.noManifest(file));
    }
    if (manifest.format !== BACKUP_FORMAT) throw new BackupRefused(messages.unknownFormat(manifest.format));
    for (const [name, expected] of Object.entries(manifest.files ?? {})) {
      const inside = path.join(dir, name);
      if (!inside.startsWith(dir + path.sep)) throw new BackupRefused(messages.checksumFailed(name));
      let actual: { bytes: number; sha256: string };
      try {
        actual = { bytes: (await stat(inside)).size, sha256: await sha256Of(inside) };
      } catch {
        throw new BackupRefused(messages.fileMissing(name));
      }
      if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
        throw new BackupRefused(messages.checksumFailed(name));
      }
    }
    if (!manifest.files["database.sql"]) throw new BackupRefused(messages.fileMissing("database.sql"));
    return { dir, manifest, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The backups in dir, newest first. */
export async function listBackups(dir: string): Promise<{ name: string; bytes: number; at: Date }[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter(isBackupFileName);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const found = await Promise.all(
    names.map(async (name) => {
      const info = await stat(path.join(dir, name));
      return { name, bytes: info.size, at: info.mtime };
    }),
  );
  return found.sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** Deletes all but the `keep` newest backups in dir, and returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const backup of old) await rm(path.join(dir, backup.name), { force: true });
  return old.map((backup) => backup.name);
}
