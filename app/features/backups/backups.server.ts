import { createHmac, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { backupRuns } from "~/db/schema";
import type { Config } from "~/lib/config.server";
import { describeError } from "~/lib/errors.server";
import { type BackupManifest, makeStaging, packBackup, pruneBackups } from "./backup-file.server";
import { dumpLivePglite, dumpPostgres } from "./dump.server";
import { messages } from "./messages";

/** What a backup needs to know of the installation (from the configuration). */
export type BackupSettings = {
  backupDir: string;
  keep: number;
  uploadsDir: string;
  /** The generated session secret's file, when SESSION_SECRET is not set. */
  sessionSecretFile: string | undefined;
};

export function backupSettingsOf(config: Config): BackupSettings {
  return {
    backupDir: config.backups.dir,
    keep: config.backups.keep,
    uploadsDir: config.uploadsDir,
    sessionSecretFile: config.sessionSecretFile,
  };
}

/**
 * The token `npm run backup` shows a running embedded shop, which alone may open its database: derived from
 * the installation's session secret, which the command reads from the same settings or data directory.
 */
export function backupCommandToken(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("backup-command").digest("base64url");
}

/** Whether a request's Authorization header carries the command's token (compared in constant time). */
export function isBackupCommand(authorization: string | null, sessionSecret: string): boolean {
  const expected = Buffer.from(`Bearer ${backupCommandToken(sessionSecret)}`);
  const given = Buffer.from(authorization ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type BackupTrigger = "schedule" | "owner" | "command";

export type BackupResult =
  | { ok: true; fileName: string; bytes: number; manifest: BackupManifest; pruned: string[] }
  | { ok: false; error: string };

/** One backup at a time in a process: a second ask while one is written waits for the same one. */
let running: Promise<BackupResult> | undefined;

export function backupInProgress(): boolean {
  return running !== undefined;
}

/**
 * Writes one backup of the shop now (decision 0041) and records it in backup_runs: the database dumped
 * consistently while shoppers keep buying, the pictures, the manifest; then the oldest backups beyond
 * `keep` are deleted, by name, in the log. A failure is recorded and logged, never thrown.
 */
export function takeBackup(
  handle: DatabaseHandle,
  settings: BackupSettings,
  trigger: BackupTrigger,
  scheduledFor?: string,
): Promise<BackupResult> {
  running ??= writeBackup(handle, settings, trigger, scheduledFor).finally(() => {
    running = undefined;
  });
  return running;
}

async function writeBackup(
  handle: DatabaseHandle,
  settings: BackupSettings,
  trigger: BackupTrigger,
  scheduledFor: string | undefined,
): Promise<BackupResult> {
  const { db } = handle;
  const [run] = await db
    .insert(backupRuns)
    .values({ trigger, scheduledFor, host: hostname() })
    .onConflictDoNothing()
    .returning({ id: backupRuns.id });
  // Another instance claimed this day's scheduled backup first.
  if (!run) return { ok: false, error: "claimed by another instance" };
  try {
    const staging = await makeStaging(settings.backupDir);
    const sqlFile = path.join(staging, "database.sql");
    const { pausedMs, ...dump } =
      handle.source.kind === "postgres"
        ? { ...(await dumpPostgres(handle.source.url, sqlFile)), pausedMs: undefined }
        : await dumpEmbedded(handle.source, sqlFile);
    const packed = await packBackup({
      staging,
      backupDir: settings.backupDir,
      dump,
      uploadsDir: settings.uploadsDir,
      sessionSecretFile: settings.sessionSecretFile,
      shopVersion: shopVersion(),
    });
    await db
      .update(backupRuns)
      .set({ status: "ok", fileName: packed.fileName, bytes: packed.bytes, finishedAt: new Date() })
      .where(eq(backupRuns.id, run.id));
    const pruned = await pruneBackups(settings.backupDir, settings.keep);
    console.info(
      `Backup ${packed.fileName} written to ${settings.backupDir} (${megabytes(packed.bytes)}, ${countOf(packed.manifest, "public.orders")} orders, ${Object.keys(packed.manifest.files).filter((name) => name.startsWith("uploads/")).length} pictures${pausedMs === undefined ? "" : `; the embedded database paused ${pausedMs} ms for the copy`}).`,
    );
    if (pruned.length > 0) {
      console.info(
        `Backups: deleted ${pruned.length} older than the newest ${settings.keep} (BACKUP_KEEP): ${pruned.join(", ")}.`,
      );
    }
    return { ok: true, ...packed, pruned };
  } catch (error) {
    const reason = describeError(error).slice(0, 500);
    console.error(`The backup failed (${trigger}): ${reason}`);
    await db
      .update(backupRuns)
      .set({ status: "failed", error: reason, finishedAt: new Date() })
      .where(eq(backupRuns.id, run.id))
      .catch(() => undefined);
    return { ok: false, error: reason };
  }
}

function dumpEmbedded(source: Extract<DatabaseHandle["source"], { kind: "pglite" }>, sqlFile: string) {
  if (!source.dataDir) throw new Error("An in-memory database has no data directory to back up.");
  return dumpLivePglite(source.client, source.dataDir, sqlFile);
}

function countOf(manifest: BackupManifest, table: string): number {
  return manifest.database.rows[table] ?? 0;
}

/** A backup's size as the log and the back office print it: "2.3 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The shop's version from package.json (in the working directory, as the server runs). */
function shopVersion(): string {
  const file = path.resolve(process.cwd(), "package.json");
  if (!existsSync(file)) return "unknown";
  return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? "unknown";
}

/** A backup counts as overdue when the last good one is older than a day and a few hours of slack. */
export const BACKUP_OVERDUE_MS = 26 * 3_600_000;
/** A run still "running" after this long was cut short (a restart, a crash) and counts as failed. */
const RUN_GIVEN_UP_MS = 6 * 3_600_000;

export type BackupRun = typeof backupRuns.$inferSelect;

export type BackupStatus = {
  /** The newest runs, newest first (the backups page lists them). */
  recent: BackupRun[];
  lastGood: BackupRun | undefined;
  /** The newest finished run, when it failed (or a run cut short): the dashboard warns of it. */
  lastFailed: BackupRun | undefined;
  running: boolean;
  /** The warning to show and log, if any. */
  warning: string | undefined;
};

/** The backups as the dashboard and the backups page see them. */
export async function backupStatus(db: Database, now = new Date(), scheduleOn = true): Promise<BackupStatus> {
  const recent = await recentBackupRuns(db, 20);
  const [lastGood] = await db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.status, "ok"), isNotNull(backupRuns.finishedAt)))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  const cutShort = (run: BackupRun) =>
    run.status === "running" && now.getTime() - run.startedAt.getTime() > RUN_GIVEN_UP_MS;
  const newestEnded = recent.find((run) => run.status !== "running" || cutShort(run));
  const lastFailed = newestEnded && newestEnded.status !== "ok" ? newestEnded : undefined;
  const running = recent.some((run) => run.status === "running" && !cutShort(run));
  let warning: string | undefined;
  if (lastFailed) {
    warning = messages.lastRunFailed(
      lastFailed.startedAt.toISOString().slice(0, 16).replace("T", " "),
      lastFailed.error ?? "it did not finish",
    );
  } else if (!lastGood) {
    warning = scheduleOn || recent.length > 0 ? messages.noBackupYet : undefined;
  } else if (now.getTime() - (lastGood.finishedAt?.getTime() ?? 0) > BACKUP_OVERDUE_MS) {
    warning = messages.backupStale(ageInWords(now.getTime() - (lastGood.finishedAt?.getTime() ?? 0)));
  }
  return { recent, lastGood, lastFailed, running, warning };
}

function recentBackupRuns(db: Database, limit: number): Promise<BackupRun[]> {
  return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(limit);
}

/** Whether this India day's scheduled backup has been claimed by any instance. */
export async function scheduledRunExists(db: Database, day: string): Promise<boolean> {
  const rows = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(eq(backupRuns.scheduledFor, day))
    .limit(1);
  return rows.length > 0;
}

/** "3 minutes", "5 hours", "2 days". */
export function ageInWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return "less than a minute";
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}
