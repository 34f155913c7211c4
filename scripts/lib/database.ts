import path from "node:path";
import { ConfigError, loadConfig } from "../../app/config.server";
import { type DatabaseHandle, openDatabase } from "../../app/db/client.server";

/** Opens (and migrates) the database the shop would use with the current environment. */
export async function openDatabaseFromConfig(): Promise<DatabaseHandle> {
  try {
    const settings = loadConfig();
    return settings.databaseUrl
      ? await openDatabase({ kind: "postgres", url: settings.databaseUrl, poolSize: 4 })
      : await openDatabase({ kind: "pglite", dataDir: path.join(settings.dataDir, "pglite") });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
