import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { colours, productColours, products } from "~/db/schema";
import { normaliseSearch } from "~/lib/search-text";
import { cardColumns, type ProductCardData, productsTagged, toCards } from "./cards.server";
import { PRODUCT_TYPES } from "./catalogue";
import { catalogueVersionColumn, readCatalogueVersion } from "./catalogue-version.server";
import { type KeptReads, keptByVersion } from "./kept-by-version.server";
import { runSearch, type Search } from "./search/search.server";
import { applyFacets, facetIndexAt } from "./specs/facet-index.server";
import {
  facetsInView,
  type ShownFacet,
  shownFacets,
  shownTypes,
  TYPE_FACET,
  type TypeCount,
} from "./specs/facets";
import { effectiveSort, type StoreFilters } from "./store-filters";
import {
  distinctValues,
  orderFor,
  PAGE_SIZE,
  pageQuery,
  type StoreFacets,
  summaryQuery,
  type TypeCounts,
  typeCountsOf,
  whereFor,
} from "./store-queries.server";
import { shownInShop } from "./visibility.server";

/*
 * The catalogue as the shop reads it: runs the store's queries (store-queries.server.ts) and the search, and
 * keeps what they read per catalogue version (store pages, search rankings, the home page's sections); one
 * product with its colours; the header's suggestions.
 */

/** The colours offered for the given products. */
export async function coloursFor(db: Database, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productColours.productId, id: colours.id, name: colours.name, value: colours.value })
    .from(productColours)
    .innerJoin(colours, eq(colours.id, productColours.colourId))
    .where(inArray(productColours.productId, productIds));
}

/**
 * The pictures of the given products by id, hidden products' too: an order shows what was bought, whatever the
 * shop shows today. A product gone from the catalogue has no entry.
 */
export async function picturesOf(
  db: Database,
  productIds: number[],
): Promise<Map<number, { url: string }[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, images: products.images })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.id, row.images.map((image) => ({ url: image.url }))]));
}

/** A product's columns, less those search keeps for itself. */
const {
  searchTitle: _title,
  searchText: _text,
  searchTitleVector: _titleVector,
  searchVector: _vector,
  searchVersion: _version,
  ...productColumns
} = getTableColumns(products);

export type ProductDetail = Awaited<ReturnType<typeof getProduct>>;

/** One product the shop shows, with its colours, or null when the id is unknown or the product hidden. */
export async function getProduct(db: Database, id: number) {
  const [product] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), shownInShop))
    .limit(1);
  if (!product) return null;
  const productColourRows = await coloursFor(db, [id]);
  return { ...product, colours: productColourRows.map(({ id, name, value }) => ({ id, name, value })) };
}

/** Products a page of the JSON API's list holds (decision 0045). */
export const PRODUCT_LIST_PAGE_SIZE = 100;

/**
 * The JSON API's product list: the products the store's filters select, in the store's order, a page of rows
 * without their descriptions (the store page's query reads only its cards' columns).
 */
export async function productList(db: Database, filters: StoreFilters) {
  const { description: _, ...listColumns } = productColumns;
  return db
    .select(listColumns)
    .from(products)
    .where(whereFor(filters, null))
    .orderBy(...orderFor(filters, null))
    .limit(PRODUCT_LIST_PAGE_SIZE)
    .offset((Math.max(1, filters.page) - 1) * PRODUCT_LIST_PAGE_SIZE);
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
 * The store's lists and counts change only with the catalogue, so they are kept for the catalogue version
 * they were read at (kept-by-version.server.ts): a store page whose page query reports the same version needs
 * no other query. The counts kept (one per filter combination asked for) live within the cache budget.
 */
const keptFacets = keptByVersion<StoreFacets>("store lists");
const keptTypeCounts = keptByVersion<TypeCounts>("store counts");

/** The value kept for `key` if it was kept at exactly `version`. */
function keptAt<T>(kept: KeptReads<T>, db: Database, key: string, version: number | undefined) {
  const hit = version === undefined ? undefined : kept.get(db, key);
  return hit?.version === version ? hit?.value : undefined;
}

/** The filters the counts by type depend on (not the types, the page, the sort or the grid). */
const typeCountsKey = (filters: Partial<StoreFilters>) =>
  JSON.stringify([
    filters.category,
    filters.brand,
    filters.tag,
    filters.minPrice,
    filters.maxPrice,
    filters.specs ?? {},
  ]);

/**
 * Lists and, unless withCounts is false, the counts by type for `where` (every filter but the types): from
 * what is kept for `version`, else read (and kept) in one query.
 */
async function summaryFor(
  db: Database,
  filters: Partial<StoreFilters>,
  where: SQL | undefined,
  withCounts: boolean,
  version: number | undefined,
): Promise<{ facets: StoreFacets; typeCounts: TypeCounts | null }> {
  const key = typeCountsKey(filters);
  const keptLists = keptAt(keptFacets, db, "facets", version);
  const keptCounts = withCounts ? keptAt(keptTypeCounts, db, key, version) : undefined;
  if (keptLists && (!withCounts || keptCounts !== undefined))
    return { facets: keptLists, typeCounts: keptCounts ?? null };
  const [row] = await summaryQuery(db, where, withCounts);
  const facets = { categories: row?.categories ?? [], brands: row?.brands ?? [] };
  const typeCounts = row?.typeCounts ? typeCountsOf(row.typeCounts) : null;
  if (row) {
    keptFacets.keep(db, "facets", facets, row.version);
    if (typeCounts) keptTypeCounts.keep(db, key, typeCounts, row.version);
  }
  return { facets, typeCounts };
}

/** What the store searched for when it corrected a typo: the words used instead of the typed ones. */
export type StoreSearch = { used?: string; corrections: { typed: string; used: string }[] };

export type ProductPage = { items: ProductCardData[]; total: number };

export type StorePage = ProductPage & {
  facets: StoreFacets;
  /** The product types in view, with their counts (disjunctive, as the specification facets'). */
  types: TypeCount[];
  /** The specification facets of the categories in view, with their counts; none outside them. */
  specFacets: ShownFacet[];
  search: StoreSearch | null;
};

/**
 * What the store shows for the filters: the page of products in a stable order (ties broken by id), with the
 * number of matches and the category and brand lists, kept per catalogue version (summaryFor), so a repeated
 * filter costs one query. A search's matches are ranked once per catalogue version (searchAndRead). When the
 * caller knows the catalogue's version now (`versionNow`, read with the session), a page kept at that version
 * is the answer, at no query (keptStorePages).
 */
export async function storePage(
  db: Database,
  filters: Partial<StoreFilters>,
  versionNow?: number | null,
): Promise<StorePage> {
  return keptStorePages.read(db, storePageKey(filters), versionNow, async () => {
    const { page, version } = filters.q ? await searchPage(db, filters) : await listingPage(db, filters);
    return { value: page, version };
  });
}

/** Store pages kept per catalogue version (kept-by-version.server.ts). */
const keptStorePages = keptByVersion<StorePage>("store pages");

/** What a store page's products depend on: the filters, the sort and the page, not the grid. */
const storePageKey = (f: Partial<StoreFilters>) => JSON.stringify([searchKey(f), Math.max(1, f.page ?? 1)]);

type ReadPage = { page: StorePage; version: number | null };

async function listingPage(db: Database, filters: Partial<StoreFilters>): Promise<ReadPage> {
  if (facetsInView(filters.category, filters.specs ?? {}).length > 0) return facetedListing(db, filters);
  const rows = await pageQuery(db, filters, whereFor(filters, null));
  // The counts by type apply every filter but the types; the total is the sum of the chosen types' counts
  // (of every type's, when none is chosen).
  const everyType = whereFor({ ...filters, types: [] }, null);
  const summary = await summaryFor(db, filters, everyType, true, rows[0]?.version);
  const counts = summary.typeCounts ?? typeCountsOf([]);
  const chosen = filters.types ?? [];
  const held = PRODUCT_TYPES.filter((type) => counts[type] > 0);
  let total = 0;
  for (const type of chosen.length > 0 ? chosen : PRODUCT_TYPES) total += counts[type];
  const page = {
    items: toCards(rows),
    total,
    facets: summary.facets,
    types: shownTypes(chosen, counts, held),
    specFacets: [],
    search: null,
  };
  return { page, version: rows[0]?.version ?? null };
}

/**
 * A listing's products before its price bounds and facets: the ids every other filter selects, in the page's
 * order, with their prices in paise. Kept per catalogue version like a search's ranking, so a new price bound
 * or facet on a listing already read costs one query, for the page's cards.
 */
type Listing = { ids: Int32Array; prices: Int32Array };
const keptListings = keptByVersion<Listing>("listing orders");

async function readListing(db: Database, filters: Partial<StoreFilters>) {
  const listed = db
    .select({
      id: products.id,
      price: products.discountedPrice,
      place: sql<number>`row_number() OVER (ORDER BY ${sql.join(orderFor(filters, null), sql`, `)})`.as(
        "place",
      ),
    })
    .from(products)
    .where(whereFor(filters, null))
    .as("listed");
  const [row] = await db
    .select({
      ids: sql<number[] | null>`array_agg(${listed.id} ORDER BY ${listed.place})`,
      prices: sql<number[] | null>`array_agg(${listed.price} ORDER BY ${listed.place})`,
      version: catalogueVersionColumn,
    })
    .from(listed);
  const listing = {
    ids: Int32Array.from((row?.ids ?? []).map(Number)),
    prices: Int32Array.from((row?.prices ?? []).map(Number)),
  };
  return { listing, version: row?.version ?? null };
}

/** The listing's ids whose price lies within the filters' bounds (whole rupees), in order. */
function withinPrice(listing: Listing, filters: Partial<StoreFilters>): Int32Array {
  if (filters.minPrice === undefined && filters.maxPrice === undefined) return listing.ids;
  const lowest = (filters.minPrice ?? 0) * 100;
  const highest = filters.maxPrice === undefined ? Number.POSITIVE_INFINITY : filters.maxPrice * 100;
  return listing.ids.filter((_, i) => {
    const price = listing.prices[i] as number;
    return price >= lowest && price <= highest;
  });
}

/**
 * A listing with specification facets in view: the listing without its price bounds and facets (kept, else one
 * query), the bounds and the facets applied and counted in memory (specs/facet-index.server.ts), then the
 * page's cards. A kept listing whose version the cards' query no longer reports is read again.
 */
async function facetedListing(db: Database, filters: Partial<StoreFilters>): Promise<ReadPage> {
  const unbounded = { ...filters, specs: {}, types: [], minPrice: undefined, maxPrice: undefined, page: 1 };
  const key = searchKey(unbounded);
  const hit = keptListings.get(db, key);
  if (hit) {
    const read = await facetedPage(db, filters, withinPrice(hit.value, filters), hit.version, null);
    if (read.cardsVersion === hit.version) return read;
  }
  const { listing, version } = await readListing(db, unbounded);
  if (version !== null) keptListings.keep(db, key, listing, version);
  return facetedPage(db, filters, withinPrice(listing, filters), version, null);
}

/**
 * The page of the products `ids` (in order) that hold the chosen types and facets in view, with their counts
 * over `ids`. Facets out of view (a URL's facets of no one category) were applied to `ids` already, in SQL.
 */
async function facetedPage(
  db: Database,
  filters: Partial<StoreFilters>,
  ids: Int32Array,
  version: number | null,
  search: StoreSearch | null,
): Promise<ReadPage & { cardsVersion: number }> {
  const inView = facetsInView(filters.category, filters.specs ?? {});
  const types = filters.types ?? [];
  const selection = { ...(inView.length > 0 ? filters.specs : {}), [TYPE_FACET.key]: types };
  // Nothing to count over (a search with nothing to look for has no version to read the index at).
  const { matching, counts, held } =
    ids.length === 0
      ? { matching: [], counts: {}, held: {} }
      : applyFacets(await facetIndexAt(db, version), ids, selection);
  const from = (Math.max(1, filters.page ?? 1) - 1) * PAGE_SIZE;
  const { cards, version: cardsVersion } = await cardsByIds(
    db,
    Int32Array.from(matching.slice(from, from + PAGE_SIZE)),
  );
  const { facets } = await summaryFor(db, filters, undefined, false, version ?? undefined);
  const page = {
    items: cards,
    total: matching.length,
    facets,
    types: shownTypes(types, counts[TYPE_FACET.key] ?? {}, held[TYPE_FACET.key] ?? []),
    specFacets: shownFacets(inView, selection, counts, held),
    search,
  };
  return { page, version, cardsVersion };
}

/**
 * A search: its ranking without the types and the facets in view (kept like every ranking), then those applied
 * and counted over it in memory, as on a listing with facets (facetedPage). A kept ranking whose version the
 * cards' query no longer reports is run again.
 */
async function searchPage(db: Database, filters: Partial<StoreFilters>): Promise<ReadPage> {
  const inView = facetsInView(filters.category, filters.specs ?? {}).length > 0;
  const ranking = { ...filters, types: [], specs: inView ? {} : filters.specs, page: 1 };
  const key = searchKey(ranking);
  const told = ({ search }: RankedSearch): StoreSearch => ({
    used: search.used,
    corrections: search.corrections,
  });
  const hit = keptRankings.get(db, key);
  if (hit) {
    const read = await facetedPage(db, filters, hit.value.ids, hit.version, told(hit.value));
    if (read.cardsVersion === hit.version) return read;
  }
  const ranked = await rankSearch(db, ranking);
  if (ranked.version !== null) keptRankings.keep(db, key, ranked, ranked.version);
  return facetedPage(db, filters, ranked.ids, ranked.version, told(ranked));
}

/*
 * A search reads and ranks every product it matches, where a store page reads one page by an index. So a
 * search's ranked ids are kept for the catalogue version they were read at (docs/decisions/0029): the same
 * search again (the next page, the header's suggestions then the store, another shopper) reads only the
 * products it shows, by id. Those rows carry the catalogue version: when it moved, the search runs afresh,
 * so a kept search is never stale, on any number of instances. Kept within the cache budget, like every read.
 */
type RankedSearch = {
  /** Product ids, a typed array: kept as its bytes, it is copied back at once, however many it holds. */
  ids: Int32Array;
  version: number | null;
  /** What the shopper is told of the search: the words used when a typo was corrected. */
  search: Pick<Search, "used" | "corrections">;
};
const keptRankings = keptByVersion<RankedSearch>("search rankings");

/** What a search's ranking depends on: its words and the filters and sort, not the page or the grid. */
const searchKey = (f: Partial<StoreFilters>) =>
  JSON.stringify([
    f.specs ?? {},
    f.types ?? [],
    f.q,
    f.exact ?? false,
    f.category,
    f.brand,
    f.tag,
    f.minPrice,
    f.maxPrice,
    effectiveSort(f),
  ]);

/** Every product the search matches, best first (or in the shopper's sort), as ids: one query, or a few with typos. */
async function rankSearch(db: Database, filters: Partial<StoreFilters>): Promise<RankedSearch> {
  // A corrected search decided on an earlier read (the typed words found nothing): labelled with the first.
  let firstVersion: number | null = null;
  const { search, result } = await runSearch(
    db,
    filters.q ?? "",
    async (match) => {
      if (!match) return { total: 0, ids: [], version: null };
      const matching = db
        .select({ id: products.id })
        .from(products)
        .where(whereFor(filters, match))
        .orderBy(...orderFor(filters, match));
      const [row] = await db
        .select({ ids: sql<number[]>`ARRAY(${matching})`, version: catalogueVersionColumn })
        .from(sql`(SELECT 1) AS one`);
      const ids = (row?.ids ?? []).map(Number);
      firstVersion ??= row?.version ?? null;
      return { total: ids.length, ids, version: firstVersion };
    },
    { exact: filters.exact },
  );
  const { used, corrections } = search;
  return { ids: Int32Array.from(result.ids), version: result.version, search: { used, corrections } };
}

/** The cards of these products in this order, and the catalogue version they were read at. */
async function cardsByIds(
  db: Database,
  picked: Int32Array,
): Promise<{ cards: ProductCardData[]; version: number }> {
  const ids = Array.from(picked);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ ...cardColumns, version: catalogueVersionColumn })
          .from(products)
          .where(and(inArray(products.id, ids), shownInShop));
  const version = rows[0]?.version ?? (await readCatalogueVersion(db));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inOrder = ids.flatMap((id) => byId.get(id) ?? []);
  return { cards: toCards(inOrder), version };
}

/** The search's ranking (kept, or run and kept) and the cards of the products `pick` takes from it. */
async function searchAndRead(
  db: Database,
  filters: Partial<StoreFilters>,
  pick: (ids: Int32Array) => Int32Array,
): Promise<{ ranked: RankedSearch; cards: ProductCardData[] }> {
  const key = searchKey(filters);
  const hit = keptRankings.get(db, key);
  if (hit) {
    const { cards, version } = await cardsByIds(db, pick(hit.value.ids));
    if (version === hit.version) return { ranked: hit.value, cards };
  }
  const ranked = await rankSearch(db, filters);
  if (ranked.version !== null) keptRankings.keep(db, key, ranked, ranked.version);
  const { cards } = await cardsByIds(db, pick(ranked.ids));
  return { ranked, cards };
}

export type Suggestion = { id: number; title: string; brand: string; discountedPrice: number };

/** The header's live suggestions: the store's search for the text, best first; `used` when a typo was corrected. */
export async function searchSuggestions(
  db: Database,
  text: string,
  limit = 8,
): Promise<{ suggestions: Suggestion[]; used?: string }> {
  const q = normaliseSearch(text);
  if (q.length < 2) return { suggestions: [] };
  const { ranked, cards } = await searchAndRead(db, { q }, (ids) => ids.slice(0, limit));
  const suggestions = cards.map(({ id, title, brand, discountedPrice }) => ({
    id,
    title,
    brand,
    discountedPrice,
  }));
  return { suggestions, used: ranked.search.used };
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

export type HomeSections = {
  featured: ProductCardData[];
  special: ProductCardData[];
  popular: ProductCardData[];
};

/** The home page's product sections, the same for every shopper: kept per catalogue version. */
export async function homeSections(db: Database, versionNow?: number | null): Promise<HomeSections> {
  return keptHomeSections.read(db, "home", versionNow, async () => {
    const [featured, special, popular] = await Promise.all([
      productsTagged(db, "featured", 6),
      productsTagged(db, "special", 4),
      productsTagged(db, "popular", 6),
    ]);
    return { value: { featured, special, popular } };
  });
}

const keptHomeSections = keptByVersion<HomeSections>("home sections");
