import path from "node:path";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { DataDirectoryLocked } from "~/db/data-dir-lock.server";
import { type BackupSettings, takeBackup } from "./backups.server";
import { BackupRefused, messages } from "./messages";
import { assertEmptyDatabase, type Restored, restoreBackup } from "./restore.server";

/**
 * Moves an embedded shop up to PostgreSQL (decision 0041): with the shop stopped, a backup of its data
 * directory is written (and kept in BACKUP_DIR, a record of the move) and restored into the empty database
 * at `url`, pictures included. Sequences come across with their values, so order, payment and invoice
 * numbers continue where they stopped. The embedded directory is left as it was.
 */
export async function moveToPostgres(options: {
  pgliteDir: string;
  url: string;
  settings: BackupSettings;
  workDir: string;
}): Promise<{ fileName: string } & Restored> {
  await assertEmptyDatabase(options.url);
  let source: DatabaseHandle;
  try {
    source = await openDatabase({ kind: "pglite", dataDir: options.pgliteDir });
  } catch (error) {
    if (!(error instanceof DataDirectoryLocked)) throw error;
    const who = error.holder
      ? `pid ${error.holder.pid}, "${error.holder.command}"`
      : "a process starting now";
    throw new BackupRefused(messages.moveNeedsStoppedShop(who));
  }
  let backup: Awaited<ReturnType<typeof takeBackup>>;
  try {
    backup = await takeBackup(source, options.settings, "command");
  } finally {
    await source.close();
  }
  if (!backup.ok) throw new BackupRefused(backup.error);
  const restored = await restoreBackup(
    path.join(options.settings.backupDir, backup.fileName),
    {
      kind: "postgres",
      url: options.url,
      uploadsDir: options.settings.uploadsDir,
      sessionSecretFile: options.settings.sessionSecretFile,
    },
    options.workDir,
  );
  return { fileName: backup.fileName, ...restored };
}
