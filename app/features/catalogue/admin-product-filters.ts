import { listQuery, listUrl } from "~/lib/list-query";
import type { ProductType, Tag } from "./catalogue";

/**
 * The back office's product list keeps its search, filters and page in the URL (a GET form), so a list can be
 * bookmarked, shared with a colleague and paged without JavaScript. Its schema (adminProductFiltersSchema in
 * schemas.ts) reads them, dropping anything invalid.
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

/** The specification filter's value for products with no specification yet (decision 0042). */
export const NO_SPEC = "none";

export type AdminProductFilters = {
  /** Part of a title, brand or SKU. */
  q?: string;
  category?: string;
  brand?: string;
  type?: ProductType;
  tag?: Tag;
  stock?: StockFilter;
  visibility?: VisibilityFilter;
  /** A specification: `none` (no specification yet), an attribute (`ram_gb`) or a value (`ram_gb:16`). */
  spec?: string | undefined;
  page: number;
};

/** The CSV export of every page of what these filters list. */
export function adminProductsCsvUrl(filters: AdminProductFilters) {
  return listUrl("/admin/products.csv", listQuery({ ...filters, page: 1 }));
}

/** The list's URL for these filters, in a fixed order, empty values and the first page left out. */
export function adminProductsUrl(filters: AdminProductFilters, changes: Partial<AdminProductFilters> = {}) {
  return listUrl("/admin/products", listQuery({ ...filters, ...changes }));
}
