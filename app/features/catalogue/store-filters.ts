import { TITLE_CUTS } from "~/lib/limits";
import { formatRupees } from "~/lib/money";
import { normaliseSearch } from "~/lib/search-text";
import { isTypedText } from "~/lib/text";
import { PRODUCT_TYPES, type ProductType, productTypeLabels, TAGS, type Tag, tagLabels } from "./catalogue";
import type { SpecSelection } from "./specs/facets";

/**
 * The store's filters live in the URL so a shared link opens the same page. This module parses them,
 * dropping anything invalid, and writes the canonical query string the store redirects to.
 */
export const SORTS = ["title", "-title", "price", "-price", "createdAt", "-createdAt"] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = "-createdAt";

export const GRIDS = [3, 4, 6, 12] as const;
export type Grid = (typeof GRIDS)[number];
export const DEFAULT_GRID: Grid = 4;

export const MAX_PRICE_RUPEES = 10_000_000;
export const MAX_PAGE = 10_000;

export type StoreFilters = {
  q?: string;
  /** Search exactly what was typed: no typo correction (the "search instead for" link). */
  exact?: boolean;
  category?: string;
  /** Product types chosen (`?type=new&type=refurbished`: either), in PRODUCT_TYPES' order; none chosen, all. */
  types: ProductType[];
  brand?: string;
  tag?: Tag;
  /** Whole rupees. */
  minPrice?: number;
  /** Whole rupees. */
  maxPrice?: number;
  /** Specification facets chosen (`?ram=16&cpu=core-i5`), by facet key; those of the category in force only. */
  specs: SpecSelection;
  /** Undefined: relevance when searching, else newest first. */
  sort?: Sort;
  grid: Grid;
  page: number;
};

export const sortLabels: Record<Sort, string> = {
  title: "Alphabetically, A-Z",
  "-title": "Alphabetically, Z-A",
  price: "Price, low to high",
  "-price": "Price, high to low",
  createdAt: "Date, old to new",
  "-createdAt": "Date, new to old",
};

/** A text filter as typed; control characters or broken Unicode drop it (the store redirects without it). */
function text(value: string | null, max: number): string | undefined {
  const cleaned = (value ?? "").replace(/\s+/g, " ").trim();
  return cleaned && cleaned.length <= max && isTypedText(cleaned) ? cleaned : undefined;
}

function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  const cleaned = (value ?? "").trim();
  if (!/^\d{1,9}$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return n >= min && n <= max ? n : undefined;
}

function oneOf<T extends string | number>(value: string | null, options: readonly T[]): T | undefined {
  return options.find((option) => String(option) === value);
}

/** The store's own keys: every other key may be a specification facet, and no facet may take one of these. */
export const STORE_KEYS = [
  "q",
  "exact",
  "category",
  "type",
  "brand",
  "tag",
  "minPrice",
  "maxPrice",
  "sort",
  "grid",
  "page",
] as const;
const OWN_KEYS: ReadonlySet<string> = new Set(STORE_KEYS);

/**
 * The specification facets of a URL as written, in its order, each value once, bounded in size. Which keys and
 * values the category has, and their order, is the server's business (store-url.server.ts redirects to the
 * canonical URL), so the definitions stay out of the browser's bundle.
 */
function specParams(params: URLSearchParams): SpecSelection {
  // A Map, not an object: a key such as "constructor" must read as nothing chosen yet, not as Object's.
  const selection = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (OWN_KEYS.has(key) || !/^[a-z]{1,20}$/.test(key) || !/^[a-z0-9.-]{1,20}$/.test(value)) continue;
    const values = selection.get(key) ?? [];
    if (!values.includes(value) && values.length < 20) values.push(value);
    if (selection.has(key) || selection.size < 20) selection.set(key, values);
  }
  return Object.fromEntries(selection);
}

/** The known product types among `values`, each once, in PRODUCT_TYPES' order (the canonical one). */
function typesOf(values: readonly string[]): ProductType[] {
  return PRODUCT_TYPES.filter((type) => values.includes(type));
}

/** The types with one added or taken off, in the canonical order. */
export function toggleType(types: readonly ProductType[], type: ProductType): ProductType[] {
  return typesOf(types.includes(type) ? types.filter((one) => one !== type) : [...types, type]);
}

export function parseStoreFilters(params: URLSearchParams): StoreFilters {
  let minPrice = wholeNumber(params.get("minPrice"), 0, MAX_PRICE_RUPEES);
  let maxPrice = wholeNumber(params.get("maxPrice"), 0, MAX_PRICE_RUPEES);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const category = text(params.get("category"), 60);
  return {
    // A search is cut to its first 100 characters (control characters read as spaces), never dropped: the
    // shopper sees what was searched for, not the whole store.
    q: normaliseSearch(params.get("q")) || undefined,
    exact: params.get("exact") === "1" ? true : undefined,
    category,
    types: typesOf(params.getAll("type")),
    brand: text(params.get("brand"), 60),
    tag: oneOf(params.get("tag"), TAGS),
    minPrice,
    maxPrice,
    specs: specParams(params),
    sort: oneOf(params.get("sort"), SORTS),
    grid: oneOf(params.get("grid"), GRIDS.map(String)) ? (Number(params.get("grid")) as Grid) : DEFAULT_GRID,
    page: wholeNumber(params.get("page"), 1, MAX_PAGE) ?? 1,
  };
}

/** The canonical query string (no leading "?"): fixed order, defaults and empty values left out. */
export function storeQuery(filters: StoreFilters, changes: Partial<StoreFilters> = {}): string {
  const f = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.q && f.exact) params.set("exact", "1");
  if (f.category) params.set("category", f.category);
  for (const type of typesOf(f.types ?? [])) params.append("type", type);
  if (f.brand) params.set("brand", f.brand);
  if (f.tag) params.set("tag", f.tag);
  if (f.minPrice !== undefined) params.set("minPrice", String(f.minPrice));
  if (f.maxPrice !== undefined) params.set("maxPrice", String(f.maxPrice));
  for (const [key, values] of Object.entries(f.specs ?? {}))
    for (const value of values) params.append(key, value);
  // Newest first is the default order unless a search ranks by relevance.
  if (f.sort && (f.q || f.sort !== DEFAULT_SORT)) params.set("sort", f.sort);
  if (f.grid !== DEFAULT_GRID) params.set("grid", String(f.grid));
  if (f.page > 1) params.set("page", String(f.page));
  return params.toString();
}

/** The store URL for these filters. */
export function storeUrl(filters: StoreFilters, changes: Partial<StoreFilters> = {}): string {
  const query = storeQuery(filters, changes);
  return query ? `/product?${query}` : "/product";
}

/** The order a listing uses: the chosen sort, else relevance for a search, else newest first. */
export function effectiveSort(filters: Pick<StoreFilters, "sort" | "q">): Sort | "relevance" {
  return filters.sort ?? (filters.q ? "relevance" : DEFAULT_SORT);
}

/** Store titles are cut at 80 characters unless the grid is 6 or 12 columns. */
export function storeTitleLimit(grid: Grid): number | undefined {
  return grid === 6 || grid === 12 ? undefined : TITLE_CUTS.store;
}

/** A filter in force, shown as a chip above the products: what it is, and the store URL without it. */
export type FilterChip = {
  /** The filter's URL key, and for a type or a specification the value too (`ram=16`): unique among the chips. */
  key: string;
  label: string;
  /** The store URL with this filter removed (back to the first page; everything else kept). */
  href: string;
};

/**
 * The filters the shopper set in the filter panel (category, type, brand, tag, price), one chip per type
 * chosen. The search, the sort, the grid and the page are not filters: the heading and the toolbar show them.
 * The specifications' chips come from the server with their labels (specFilterChips).
 */
export function activeFilterChips(filters: StoreFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: "category" | "brand" | "tag" | "minPrice" | "maxPrice", label: string) =>
    chips.push({ key, label, href: storeUrl(filters, { [key]: undefined, page: 1 }) });
  if (filters.category) add("category", `Category: ${filters.category}`);
  for (const type of filters.types)
    chips.push({
      key: `type=${type}`,
      label: `Type: ${productTypeLabels[type]}`,
      href: storeUrl(filters, { types: toggleType(filters.types, type), page: 1 }),
    });
  if (filters.brand) add("brand", `Brand: ${filters.brand}`);
  if (filters.tag) add("tag", `Tag: ${tagLabels[filters.tag]}`);
  if (filters.minPrice !== undefined) add("minPrice", `From ${formatRupees(filters.minPrice * 100)}`);
  if (filters.maxPrice !== undefined) add("maxPrice", `Up to ${formatRupees(filters.maxPrice * 100)}`);
  return chips;
}

/** The store filtered by a product's brand, category and each of its tags: the product page's links. */
export type StoreLinks = { brand: string; category: string; tags: Partial<Record<string, string>> };

export function productStoreLinks(product: {
  brand: string;
  category: string;
  tags: readonly Tag[];
}): StoreLinks {
  const none = parseStoreFilters(new URLSearchParams());
  return {
    brand: storeUrl(none, { brand: product.brand }),
    category: storeUrl(none, { category: product.category }),
    tags: Object.fromEntries(product.tags.map((tag) => [tag, storeUrl(none, { tag })])),
  };
}
