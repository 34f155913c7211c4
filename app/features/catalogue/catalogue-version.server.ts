import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { catalogueVersion } from "~/db/schema";

/**
 * The catalogue's version: a number the database bumps at the commit of every change to what catalogue
 * pages show (migration 0010's triggers). Caches key their entries by it (docs/decisions/0023-page-cache.md).
 */
export async function readCatalogueVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).limit(1);
  return row?.version ?? 0;
}

/** The version as a column of another query, so a page learns it without a query of its own. */
export const catalogueVersionColumn =
  sql<number>`(SELECT ${catalogueVersion.version} FROM ${catalogueVersion} LIMIT 1)`.mapWith(Number);
