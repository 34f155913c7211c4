import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../app/db/client.server";
import { DataDirectoryLocked, type LockHolder } from "../app/db/data-dir-lock.server";
import {
  BackupRefused,
  backupCommandToken,
  backupSettingsOf,
  messages,
  takeBackup,
} from "../app/features/backups/index.server";
import { configOrExit, runCommand } from "./lib/backup-command";

/*
 * npm run backup: writes one backup now into BACKUP_DIR. On PostgreSQL, or on an embedded database no shop
 * has open, this process writes it; a running embedded shop alone may open its database, so it is asked to
 * write it (a POST to its own port, with a token derived from the installation's session secret).
 */
await runCommand(async () => {
  const settings = configOrExit();
  let handle: DatabaseHandle;
  try {
    handle = settings.databaseUrl
      ? await openDatabase({ kind: "postgres", url: settings.databaseUrl, poolSize: 2 })
      : await openDatabase({ kind: "pglite", dataDir: path.join(settings.dataDir, "pglite") });
  } catch (error) {
    if (!(error instanceof DataDirectoryLocked)) throw error;
    return askRunningShop(error.holder, String(settings.port), settings.sessionSecret);
  }
  try {
    const result = await takeBackup(handle, backupSettingsOf(settings), "command");
    if (!result.ok) throw new BackupRefused(result.error);
    console.info(`Written: ${path.join(settings.backups.dir, result.fileName)}`);
  } finally {
    await handle.close();
  }
});

async function askRunningShop(holder: LockHolder | undefined, defaultPort: string, secret: string) {
  const who = holder ? `pid ${holder.pid}, "${holder.command}"` : "a process starting now";
  const port = holder?.port ?? (holder?.command.includes("server.mjs") ? defaultPort : null);
  if (!port) throw new BackupRefused(messages.embeddedDatabaseBusy(who));
  const url = `http://127.0.0.1:${port}/admin/backups/command`;
  console.info(`The shop (${who}) has the embedded database open: asking it for the backup.`);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${backupCommandToken(secret)}` },
    });
  } catch (error) {
    throw new BackupRefused(
      messages.shopDidNotAnswer(url, error instanceof Error ? error.message : String(error)),
    );
  }
  const body = (await response.json().catch(() => ({}))) as { file?: string; error?: string };
  if (!response.ok || !body.file)
    throw new BackupRefused(messages.shopDidNotAnswer(url, body.error ?? `HTTP ${response.status}`));
  console.info(`Written: ${body.file}`);
}
