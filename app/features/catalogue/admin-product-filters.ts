import { isTypedText } from "~/lib/text";
import { PRODUCT_TYPES, type ProductType, TAGS, type Tag } from "./catalogue";

/**
 * The back office's product list keeps its search, filters and page in the URL (a GET form), so a list can be
 * bookmarked, shared with a colleague and paged without JavaScript. Anything invalid is dropped.
 */

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const STOCK_FILTERS = ["low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const VISIBILITY_FILTERS = ["shown", "hidden"] as const;
export type VisibilityFilter = (typeof VISIBILITY_FILTERS)[number];

export const stockFilterLabels: Record<StockFilter, string> = { low: "Low on stock", out: "Sold out" };
export const visibilityLabels: Record<VisibilityFilter, string> = {
  shown: "Shown in the shop",
  hidden: "Hidden",
};

export type AdminProductFilters = {
  /** Part of a title or brand. */
  q?: string;
  category?: string;
  brand?: string;
  type?: ProductType;
  tag?: Tag;
  stock?: StockFilter;
  visibility?: VisibilityFilter;
  page: number;
};

const MAX_PAGE = 100_000;

function text(value: string | null, max: number): string | undefined {
  const cleaned = (value ?? "").replace(/\s+/g, " ").trim();
  return cleaned && cleaned.length <= max && isTypedText(cleaned) ? cleaned : undefined;
}

function oneOf<T extends string>(value: string | null, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}

export function parseAdminProductFilters(params: URLSearchParams): AdminProductFilters {
  const page = (params.get("page") ?? "").trim();
  return {
    q: text(params.get("q"), 100),
    category: text(params.get("category"), 60),
    brand: text(params.get("brand"), 60),
    type: oneOf(params.get("type"), PRODUCT_TYPES),
    tag: oneOf(params.get("tag"), TAGS),
    stock: oneOf(params.get("stock"), STOCK_FILTERS),
    visibility: oneOf(params.get("visibility"), VISIBILITY_FILTERS),
    page: /^\d{1,6}$/.test(page) ? Math.min(MAX_PAGE, Math.max(1, Number(page))) : 1,
  };
}

/** The list's URL for these filters, in a fixed order, empty values and the first page left out. */
export function adminProductsUrl(filters: AdminProductFilters, changes: Partial<AdminProductFilters> = {}) {
  const f = { ...filters, ...changes };
  const params = new URLSearchParams();
  for (const key of ["q", "category", "brand", "type", "tag", "stock", "visibility"] as const) {
    const value = f[key];
    if (value) params.set(key, value);
  }
  if (f.page > 1) params.set("page", String(f.page));
  const query = params.toString();
  return query ? `/admin/products?${query}` : "/admin/products";
}
