import { isNull, lt, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { readSpecs } from "../specs/product-specs.server";
import { SEARCH_VERSION, searchableFields, writeSearchColumns } from "./search-index.server";

/**
 * Writes the search columns of products that have none or were written by older rules (a database from
 * before search, or after SEARCH_VERSION was raised), a batch at a time, each with its specification.
 * Returns how many were written.
 */
export async function indexStaleProducts(db: Database, batchSize = 500): Promise<number> {
  let written = 0;
  for (;;) {
    const stale = await db
      .select(searchableFields)
      .from(products)
      .where(or(isNull(products.searchText), lt(products.searchVersion, SEARCH_VERSION)))
      .orderBy(products.id)
      .limit(batchSize);
    if (stale.length === 0) return written;
    await db.transaction(async (tx) => {
      const specs = await readSpecs(
        tx,
        stale.map((product) => product.id),
      );
      await writeSearchColumns(
        tx,
        stale.map((product) => ({ ...product, specs: specs.get(product.id) })),
      );
    });
    written += stale.length;
  }
}
