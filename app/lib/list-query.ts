/*
 * The back office's lists keep their filters and page in the URL (a GET form), so a list can be bookmarked,
 * shared with a colleague and paged without JavaScript. Each list has one URL for what it shows: these write
 * it. The filters themselves are read by each list's zod schema (app/lib/list-filters.ts).
 */

/** The one cap on a list's page number, far beyond any real list: a larger one reads as page 1. */
export const MAX_LIST_PAGE = 10_000;

type ListValue = string | number | null | undefined;

/**
 * The canonical query string (no leading "?"): the filters in the order given (a schema's order), empty ones
 * and page 1 left out.
 */
export function listQuery(
  filters: Record<string, ListValue>,
  changes: Record<string, ListValue> = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...changes })) {
    if (value === undefined || value === null || value === "" || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** The list's address for a canonical query string. */
export function listUrl(pathname: string, query: string): string {
  return query ? `${pathname}?${query}` : pathname;
}

/** Where to send a list request whose query is not `canonical`, or null when it already is. */
export function canonicalListUrl(url: URL, canonical: string): string | null {
  return canonical === url.searchParams.toString() ? null : listUrl(url.pathname, canonical);
}

/** How many pages `total` rows make (at least one, so an empty list still has its page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
