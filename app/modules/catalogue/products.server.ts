import { and, arrayContains, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { colours, productColours, products } from "~/db/schema";
import { effectiveSort, type StoreFilters } from "~/lib/store-filters";
import { catalogueVersionColumn } from "./catalogue-version.server";
import { runSearch, type SearchMatch } from "./search.server";
import { shownInShop } from "./visibility.server";

export type ProductCardData = {
  id: number;
  title: string;
  brand: string;
  category: string;
  productType: "new" | "refurbished" | "rental";
  image: string | null;
  originalPrice: number;
  discountedPrice: number;
  totalRating: number;
  quantity: number;
  sold: number;
};

/** The columns a product card needs (see toCard). */
export const cardColumns = {
  id: products.id,
  title: products.title,
  brand: products.brand,
  category: products.category,
  productType: products.productType,
  images: products.images,
  originalPrice: products.originalPrice,
  discountedPrice: products.discountedPrice,
  totalRating: products.totalRating,
  quantity: products.quantity,
  sold: products.sold,
};

type CardRow = Omit<ProductCardData, "image"> & { images: { url: string }[] };

export function toCard({ images, ...row }: CardRow): ProductCardData {
  return { ...row, image: images[0]?.url ?? null };
}

export const PAGE_SIZE = 24;

export type ProductPage = { items: ProductCardData[]; total: number };

function whereFor(filters: Partial<StoreFilters>, match: SearchMatch | null): SQL | undefined {
  const conditions: SQL[] = [shownInShop];
  if (match) conditions.push(match.where);
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.brand) conditions.push(eq(products.brand, filters.brand));
  if (filters.tag) conditions.push(arrayContains(products.tags, [filters.tag]));
  if (filters.minPrice !== undefined) conditions.push(gte(products.discountedPrice, filters.minPrice * 100));
  if (filters.maxPrice !== undefined) conditions.push(lte(products.discountedPrice, filters.maxPrice * 100));
  return and(...conditions);
}

function orderFor(filters: Partial<StoreFilters>, match: SearchMatch | null): SQL[] {
  const sort = effectiveSort({ grid: 4, page: 1, ...filters });
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

/**
 * One page of products for the filters, in a stable order (ties broken by id). A search reads every match
 * anyway (to rank them, or to count them), so its rows also carry the number of matches, counted in the same
 * pass rather than by running the search a second time.
 */
function pageQuery(
  db: Database,
  filters: Partial<StoreFilters>,
  where: SQL | undefined,
  match: SearchMatch | null,
) {
  const page = Math.max(1, filters.page ?? 1);
  return db
    .select({
      ...cardColumns,
      matches: filters.q ? sql<number>`count(*) OVER ()`.mapWith(Number) : sql<null>`NULL`,
      version: catalogueVersionColumn,
    })
    .from(products)
    .where(where)
    .orderBy(...orderFor(filters, match))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
}

function countQuery(db: Database, where: SQL | undefined) {
  return db.select({ n: count() }).from(products).where(where);
}

/** The number of matches of a search: carried by its rows, or counted when the page is past the last. */
async function searchTotal(
  db: Database,
  filters: Partial<StoreFilters>,
  where: SQL | undefined,
  rows: { matches: number | null }[],
): Promise<number> {
  const carried = rows[0]?.matches;
  if (carried != null) return carried;
  if ((filters.page ?? 1) <= 1) return 0;
  const [totals] = await countQuery(db, where);
  return totals?.n ?? 0;
}

const toCards = (rows: (CardRow & { matches: unknown; version: unknown })[]) =>
  rows.map(({ matches: _, version: __, ...row }) => toCard(row));

/** Products carrying a tag (featured, special, popular), newest first. */
export async function productsTagged(db: Database, tag: string, limit = 8): Promise<ProductCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(and(shownInShop, arrayContains(products.tags, [tag])))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map(toCard);
}

/** The colours offered for the given products. */
export async function coloursFor(db: Database, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productColours.productId, id: colours.id, name: colours.name, value: colours.value })
    .from(productColours)
    .innerJoin(colours, eq(colours.id, productColours.colourId))
    .where(inArray(productColours.productId, productIds));
}

export type ProductDetail = Awaited<ReturnType<typeof getProduct>>;

/** One product the shop shows, with its colours, or null when the id is unknown or the product hidden. */
export async function getProduct(db: Database, id: number) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), shownInShop))
    .limit(1);
  if (!product) return null;
  const productColourRows = await coloursFor(db, [id]);
  return { ...product, colours: productColourRows.map(({ id, name, value }) => ({ id, name, value })) };
}

export type StoreFacets = { categories: string[]; brands: string[] };

/**
 * The distinct values of an indexed products column in order, read by hopping through its b-tree index (a
 * loose index scan): one index probe per value, where SELECT DISTINCT reads every product. The shop counts
 * only the products it shows; the back office (`everyProduct`) all of them.
 */
function distinctValues(column: PgColumn, { everyProduct = false } = {}) {
  const shown = everyProduct ? sql`TRUE` : shownInShop;
  return sql`WITH RECURSIVE v(value) AS (
      (SELECT ${column} FROM ${products} WHERE ${shown} ORDER BY ${column} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${column} FROM ${products} WHERE ${column} > v.value AND ${shown} ORDER BY ${column} LIMIT 1)
      FROM v WHERE v.value IS NOT NULL
    )
    SELECT value FROM v WHERE value IS NOT NULL ORDER BY value`;
}

/** Every category and brand, hidden products' too: the back office's filters and suggestions. */
export async function catalogueFacets(db: Database): Promise<StoreFacets> {
  const [row] = await db
    .select({
      categories: sql<string[]>`ARRAY(${distinctValues(products.category, { everyProduct: true })})`,
      brands: sql<string[]>`ARRAY(${distinctValues(products.brand, { everyProduct: true })})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return { categories: row?.categories ?? [], brands: row?.brands ?? [] };
}

/**
 * The category and brand lists beside the store's product list, the number of products matching `where`
 * unless withTotal is false, and the catalogue version they were read at: one query.
 */
function summaryQuery(db: Database, where: SQL | undefined, withTotal: boolean) {
  return db
    .select({
      total: withTotal ? sql<number>`(${countQuery(db, where)})`.mapWith(Number) : sql<null>`NULL`,
      categories: sql<string[]>`ARRAY(${distinctValues(products.category)})`,
      brands: sql<string[]>`ARRAY(${distinctValues(products.brand)})`,
      version: catalogueVersionColumn,
    })
    .from(sql`(SELECT 1) AS one`);
}

/**
 * The store's lists and counts change only with the catalogue, so they are kept for the catalogue version
 * they were read at: a store page whose page query reports the same version needs no other query. A new
 * version starts afresh; the counts kept are bounded (one per filter combination asked for).
 */
type Summaries = { version: number; facets: StoreFacets | null; totals: Map<string, number> };
let summaries: Summaries = { version: -1, facets: null, totals: new Map() };
const MAX_KEPT_TOTALS = 2000;

function summariesAt(version: number): Summaries {
  if (summaries.version !== version) summaries = { version, facets: null, totals: new Map() };
  return summaries;
}

/** The filters a count depends on (not the page, the sort or the grid). */
const totalKey = (filters: Partial<StoreFilters>) =>
  JSON.stringify([filters.category, filters.brand, filters.tag, filters.minPrice, filters.maxPrice]);

/** Lists and count for `where`: from what is kept for `version`, else read (and kept) in one query. */
async function summaryFor(
  db: Database,
  filters: Partial<StoreFilters>,
  where: SQL | undefined,
  withTotal: boolean,
  version: number | undefined,
): Promise<{ facets: StoreFacets; total: number | null }> {
  const key = totalKey(filters);
  const kept = version === undefined ? undefined : summariesAt(version);
  const keptTotal = kept?.totals.get(key);
  if (kept?.facets && (!withTotal || keptTotal !== undefined)) {
    return { facets: kept.facets, total: keptTotal ?? null };
  }
  const [row] = await summaryQuery(db, where, withTotal);
  const facets = { categories: row?.categories ?? [], brands: row?.brands ?? [] };
  if (row) {
    const keep = summariesAt(row.version);
    keep.facets = facets;
    if (row.total !== null && keep.totals.size < MAX_KEPT_TOTALS) keep.totals.set(key, row.total);
  }
  return { facets, total: row?.total ?? null };
}

/** What the store searched for when it corrected a typo: the words used instead of the typed ones. */
export type StoreSearch = { used?: string; corrections: { typed: string; used: string }[] };

export type StorePage = ProductPage & { facets: StoreFacets; search: StoreSearch | null };

/**
 * What the store shows for the filters: the page of products in a stable order (ties broken by id), with the
 * number of matches and the category and brand lists, kept per catalogue version (summaryFor), so a repeated
 * filter costs one query. A search counts its matches in the page query. A search that finds nothing is run
 * once more with its typos corrected (search.server.ts).
 */
export async function storePage(db: Database, filters: Partial<StoreFilters>): Promise<StorePage> {
  if (!filters.q) return { ...(await listing(db, filters, null)), search: null };
  const { search, result } = await runSearch(db, filters.q, (match) => listing(db, filters, match), {
    exact: filters.exact,
  });
  return { ...result, search: { used: search.used, corrections: search.corrections } };
}

async function listing(
  db: Database,
  filters: Partial<StoreFilters>,
  match: SearchMatch | null,
): Promise<ProductPage & { facets: StoreFacets }> {
  const searching = Boolean(filters.q);
  // A search of punctuation only has nothing to look for: no products, and the lists to go on from.
  if (searching && !match) {
    const { facets } = await summaryFor(db, filters, undefined, false, undefined);
    return { items: [], total: 0, facets };
  }
  const where = whereFor(filters, match);
  const rows = await pageQuery(db, filters, where, match);
  const summary = await summaryFor(db, filters, where, !searching, rows[0]?.version);
  const total = searching ? await searchTotal(db, filters, where, rows) : (summary.total ?? 0);
  return { items: toCards(rows), total, facets: summary.facets };
}

/** True when the id names a product the shop shows. */
export async function productExists(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), shownInShop))
    .limit(1);
  return rows.length > 0;
}
