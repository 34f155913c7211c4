import { and, arrayContains, asc, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { cardColumns } from "./cards.server";
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

export function countQuery(db: Database, where: SQL | undefined) {
  return db.select({ n: count() }).from(products).where(where);
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

/**
 * The category and brand lists beside the store's product list, the number of products matching `where`
 * unless withTotal is false, and the catalogue version they were read at: one query.
 */
export function summaryQuery(db: Database, where: SQL | undefined, withTotal: boolean) {
  return db
    .select({
      total: withTotal ? sql<number>`(${countQuery(db, where)})`.mapWith(Number) : sql<null>`NULL`,
      categories: sql<string[]>`ARRAY(${distinctValues(products.category)})`,
      brands: sql<string[]>`ARRAY(${distinctValues(products.brand)})`,
      version: catalogueVersionColumn,
    })
    .from(sql`(SELECT 1) AS one`);
}
