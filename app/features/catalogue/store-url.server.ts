import { allowedFacets, parseSpecSelection, type ShownFacet, type SpecSelection } from "./specs/facets";
import { type FilterChip, parseStoreFilters, type StoreFilters, storeQuery, storeUrl } from "./store-filters";

/*
 * The store's URL as the server reads it: the filters with only the specification facets the category has,
 * in the definitions' order (store-filters.ts reads them as written, so the browser needs no definitions), the
 * redirect to that canonical form, and the facets' links and chips.
 */

/** The store's filters of a URL, its specification facets checked against the category's. */
export function readStoreFilters(params: URLSearchParams): StoreFilters {
  const filters = parseStoreFilters(params);
  return { ...filters, specs: parseSpecSelection(params, filters.category) };
}

/** Where to redirect a store request whose query is not canonical, or null when it already is. */
export function canonicalRedirect(url: URL): string | null {
  const filters = readStoreFilters(url.searchParams);
  return storeQuery(filters) === url.searchParams.toString() ? null : storeUrl(filters);
}

/** The selection with one value added or taken off, in the facets' order. */
function toggled(filters: StoreFilters, key: string, code: string): SpecSelection {
  const next: Record<string, string[]> = {};
  for (const facet of allowedFacets(filters.category)) {
    const chosen = filters.specs[facet.key] ?? [];
    const values = facet.values
      .map((value) => value.code)
      .filter((value) =>
        facet.key === key && value === code ? !chosen.includes(value) : chosen.includes(value),
      );
    if (values.length > 0) next[facet.key] = values;
  }
  return next;
}

/** The shown facets with each value's link: the store with the value added or taken off, back to page 1. */
export function withFacetLinks(filters: StoreFilters, facets: readonly ShownFacet[]) {
  return facets.map((facet) => ({
    ...facet,
    values: facet.values.map((value) => ({
      ...value,
      href: storeUrl(filters, { specs: toggled(filters, facet.key, value.code), page: 1 }),
    })),
  }));
}

/** One chip per chosen specification value, each taking that value off. */
export function specFilterChips(filters: StoreFilters): FilterChip[] {
  return allowedFacets(filters.category).flatMap((facet) =>
    (filters.specs[facet.key] ?? []).map((code) => ({
      key: `${facet.key}=${code}`,
      label: `${facet.label}: ${facet.values.find((value) => value.code === code)?.label ?? code}`,
      href: storeUrl(filters, { specs: toggled(filters, facet.key, code), page: 1 }),
    })),
  );
}
