import path from "node:path";
import { indexStaleProducts } from "~/features/catalogue/index.server";
import { config } from "~/lib/config.server";
import { type Database, type DatabaseHandle, isCatalogueEmpty, openDatabase } from "./client.server";
import { seedCatalogue } from "./seed.server";

declare global {
  // Kept on globalThis so a dev rebuild does not open a second PGlite on the same directory.
  var __storefrontDb: Promise<DatabaseHandle> | undefined;
}

async function start(): Promise<DatabaseHandle> {
  const settings = config();
  const handle = settings.databaseUrl
    ? await openDatabase({ kind: "postgres", url: settings.databaseUrl, poolSize: settings.databasePoolSize })
    : await openDatabase({ kind: "pglite", dataDir: path.join(settings.dataDir, "pglite") });
  if (settings.seedOnStart && (await isCatalogueEmpty(handle.db))) {
    const counts = await seedCatalogue(handle.db);
    console.info(`Seeded the empty database: ${counts.products} products, ${counts.blogs} blogs.`);
  }
  // Products written before search existed, or by older search rules, are read again once.
  const indexed = await indexStaleProducts(handle.db);
  if (indexed > 0) console.info(`Prepared ${indexed} products for search.`);
  return handle;
}

/** The shop's database, opened, migrated and (when empty) seeded on first use. */
export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** The same, with what else is known of it: the backups' source, the pool's use (/metrics). */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  globalThis.__storefrontDb ??= start();
  return globalThis.__storefrontDb;
}
