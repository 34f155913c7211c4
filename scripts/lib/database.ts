import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../../app/db/client.server";
import { DataDirectoryLocked } from "../../app/db/data-dir-lock.server";
import { ConfigError, loadConfig } from "../../app/lib/config.server";

/**
 * Opens (and migrates) the database the shop would use with the current environment. Exits at once with the
 * reason when the settings are wrong or a running shop holds the embedded database.
 */
export async function openDatabaseFromConfig(): Promise<DatabaseHandle> {
  try {
    const settings = loadConfig();
    return settings.databaseUrl
      ? await openDatabase({ kind: "postgres", url: settings.databaseUrl, poolSize: 4 })
      : await openDatabase({ kind: "pglite", dataDir: path.join(settings.dataDir, "pglite") });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirectoryLocked) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
