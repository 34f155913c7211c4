import path from "node:path";
import { BackupRefused, messages, restoreBackup } from "../app/features/backups/index.server";
import { pathsOrExit, runCommand } from "./lib/backup-command";

/*
 * npm run restore -- FILE: restores a backup into an empty place: DATABASE_URL's database when it is set,
 * else DATA_DIR's embedded database; the pictures into UPLOADS_DIR. It refuses a place that holds anything.
 */
await runCommand(async () => {
  const file = process.argv[2];
  if (!file) throw new BackupRefused(messages.restoreUsage);
  const paths = pathsOrExit();
  const common = { uploadsDir: paths.uploadsDir, sessionSecretFile: paths.sessionSecretFile };
  const target = paths.databaseUrl
    ? { kind: "postgres" as const, url: paths.databaseUrl, ...common }
    : { kind: "pglite" as const, dataDir: path.join(paths.dataDir, "pglite"), ...common };
  const where = target.kind === "postgres" ? "the PostgreSQL database in DATABASE_URL" : target.dataDir;
  console.info(`Restoring ${file} into ${where}…`);
  const restored = await restoreBackup(path.resolve(file), target, paths.dataDir);
  const rows = restored.manifest.database.rows;
  console.info(
    `Restored the backup of ${restored.manifest.createdAt}: ${rows["public.orders"] ?? 0} orders, ${rows["public.customers"] ?? 0} customers, ${rows["public.products"] ?? 0} products, ${rows["public.tax_documents"] ?? 0} tax documents; every table's rows match the backup's counts.`,
  );
  console.info(
    `Pictures: ${restored.pictures.copied} copied to ${paths.uploadsDir}, ${restored.pictures.alreadyThere} already there.`,
  );
  console.info(restored.secret);
});
