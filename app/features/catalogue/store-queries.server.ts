import { and, arrayContains, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { cardColumns } from "./cards.server";
import { PRODUCT_TYPES, type ProductType } from "./catalogue";
import { catalogueVersionColumn } from "./catalogue-version.server";
import type { SearchMatch } from "./search/search.server";
import { specSelectionWhere } from "./specs/facet-queries.server";
import { allowedFacets } from "./specs/facets";
import { effectiveSort, type StoreFilters } from "./store-filters";
import { shownInShop } from "./visibility.server";

/*
 * The store's queries, built and not run: which products the filters (and a search's match) select, in which
 * order, a page of them, their count, and the category and brand lists beside them. products.server.ts runs
 * them and keeps what they read.
 */

export type StoreFacets = { categories: string[]; brands: string[] };

export const PAGE_SIZE = 24;

export function whereFor(filters: Partial<StoreFilters>, match: SearchMatch | null): SQL | undefined {
  const conditions: SQL[] = [shownInShop];
  if (match) conditions.push(match.where);
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.types?.length) conditions.push(inArray(products.productType, filters.types));
  if (filters.brand) conditions.push(eq(products.brand, filters.brand));
  if (filters.tag) conditions.push(arrayContains(products.tags, [filters.tag]));
  if (filters.minPrice !== undefined) conditions.push(gte(products.discountedPrice, filters.minPrice * 100));
  if (filters.maxPrice !== undefined) conditions.push(lte(products.discountedPrice, filters.maxPrice * 100));
  if (filters.specs) conditions.push(...specSelectionWhere(allowedFacets(filters.category), filters.specs));
  return and(...conditions);
}

export function orderFor(filters: Partial<StoreFilters>, match: SearchMatch | null): SQL[] {
  const sort = effectiveSort(filters);
  switch (sort) {
    case "relevance":
      return [...(match?.rank ?? []), desc(products.id)];
    case "title":
      return [asc(sql`lower(${products.title})`), asc(products.id)];
    case "-title":
      return [desc(sql`lower(${products.title})`), desc(products.id)];
    case "price":
      return [asc(products.discountedPrice), asc(products.id)];
    case "-price":
      return [desc(products.discountedPrice), desc(products.id)];
    case "createdAt":
      return [asc(products.createdAt), asc(products.id)];
    case "-createdAt":
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** One page of products for the filters (not a search), in a stable order (ties broken by id). */
export function pageQuery(db: Database, filters: Partial<StoreFilters>, where: SQL | undefined) {
  const page = Math.max(1, filters.page ?? 1);
  return db
    .select({ ...cardColumns, version: catalogueVersionColumn })
    .from(products)
    .where(where)
    .orderBy(...orderFor(filters, null))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
}

/**
 * The distinct values of an indexed products column in order, read by hopping through its b-tree index (a
 * loose index scan): one index probe per value, where SELECT DISTINCT reads every product. The shop counts
 * only the products it shows; the back office (`everyProduct`) all of them.
 */
export function distinctValues(column: PgColumn, { everyProduct = false } = {}) {
  const shown = everyProduct ? sql`TRUE` : shownInShop;
  return sql`WITH RECURSIVE v(value) AS (
      (SELECT ${column} FROM ${products} WHERE ${shown} ORDER BY ${column} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${column} FROM ${products} WHERE ${column} > v.value AND ${shown} ORDER BY ${column} LIMIT 1)
      FROM v WHERE v.value IS NOT NULL
    )
    SELECT value FROM v WHERE value IS NOT NULL ORDER BY value`;
}

/** The number of products matching `where` of each type, in PRODUCT_TYPES' order: one pass over them. */
function typeCountsQuery(where: SQL | undefined) {
  const counts = PRODUCT_TYPES.map((type) => sql`count(*) FILTER (WHERE ${products.productType} = ${type})`);
  return sql`(SELECT ARRAY[${sql.join(counts, sql`, `)}]::int[] FROM ${products} WHERE ${where ?? sql`TRUE`})`;
}

/** The products of each type, by type. */
export type TypeCounts = Record<ProductType, number>;

/** The counts typeCountsQuery reads, by type. */
export function typeCountsOf(counts: readonly (number | string)[]): TypeCounts {
  return Object.fromEntries(PRODUCT_TYPES.map((type, i) => [type, Number(counts[i] ?? 0)])) as TypeCounts;
}

/**
 * The category and brand lists beside the store's product list, the number of products of each type matching
 * `where` unless withCounts is false, and the catalogue version they were read at: one query.
 */
export function summaryQuery(db: Database, where: SQL | undefined, withCounts: boolean) {
  return db
    .select({
      typeCounts: withCounts ? sql<number[]>`${typeCountsQuery(where)}` : sql<null>`NULL`,
      categories: sql<string[]>`ARRAY(${distinctValues(products.category)})`,
      brands: sql<string[]>`ARRAY(${distinctValues(products.brand)})`,
      version: catalogueVersionColumn,
    })
    .from(sql`(SELECT 1) AS one`);
}
