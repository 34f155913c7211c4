import path from "node:path";
import {
  BackupRefused,
  backupSettingsOf,
  messages,
  moveToPostgres,
} from "../app/features/backups/index.server";
import { configOrExit, runCommand } from "./lib/backup-command";

/*
 * DATABASE_URL=postgres://… npm run move-to-postgres: takes a stopped embedded shop (DATA_DIR) into an empty
 * PostgreSQL database, through a backup kept in BACKUP_DIR. The shop then starts on DATABASE_URL.
 */
await runCommand(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new BackupRefused(messages.moveNeedsPostgres);
  // The settings as the embedded shop has them: without DATABASE_URL.
  const { DATABASE_URL: _target, ...embedded } = process.env;
  process.env = embedded;
  const settings = configOrExit();
  console.info(`Moving the embedded shop in ${settings.dataDir} to PostgreSQL…`);
  const moved = await moveToPostgres({
    pgliteDir: path.join(settings.dataDir, "pglite"),
    url,
    settings: backupSettingsOf(settings),
    workDir: settings.dataDir,
  });
  const rows = moved.manifest.database.rows;
  console.info(
    `Moved: ${rows["public.orders"] ?? 0} orders, ${rows["public.customers"] ?? 0} customers, ${rows["public.products"] ?? 0} products, ${rows["public.tax_documents"] ?? 0} tax documents; every table's rows match. The backup it went through: ${path.join(settings.backups.dir, moved.fileName)}.`,
  );
  console.info(
    `Start the shop with DATABASE_URL set to that database. In production also set SESSION_SECRET; to keep customers signed in, use the generated one: ${settings.sessionSecretFile ?? "SESSION_SECRET is already set"}. The embedded database in ${path.join(settings.dataDir, "pglite")} is left as it was.`,
  );
});
