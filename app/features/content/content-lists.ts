import { normaliseSearch } from "~/lib/search-text";
import { isTypedText } from "~/lib/text";

/**
 * The back office's content lists (blog posts, enquiries, newsletter subscribers) keep their filters and page
 * in the URL, so a link opens the same list. These parse them, dropping anything invalid, and write the
 * canonical query string a list redirects to.
 */

export const BLOG_POSTS_PAGE_SIZE = 25;
export const ENQUIRIES_PAGE_SIZE = 25;
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** Far beyond any real list; a larger page number is read as page 1. */
export const MAX_LIST_PAGE = 10_000;

export const BLOG_STATES = ["draft", "published"] as const;
export type BlogState = (typeof BLOG_STATES)[number];
export const blogStateLabels: Record<BlogState, string> = { draft: "Drafts", published: "Published" };

export const ENQUIRY_VIEWS = ["unread", "read"] as const;
export type EnquiryView = (typeof ENQUIRY_VIEWS)[number];
export const enquiryViewLabels: Record<EnquiryView, string> = { unread: "Unread", read: "Read" };

export type BlogListFilters = { state?: BlogState; page: number };
export type EnquiryListFilters = { show?: EnquiryView; page: number };
export type SubscriberListFilters = { q?: string; page: number };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value);
}

function page(value: string | null): number {
  const cleaned = (value ?? "").trim();
  if (!/^\d{1,5}$/.test(cleaned)) return 1;
  const n = Number(cleaned);
  return n >= 1 && n <= MAX_LIST_PAGE ? n : 1;
}

/** A search as typed, tidied (control characters read as spaces, at most 100 characters), or undefined. */
function search(value: string | null): string | undefined {
  const cleaned = normaliseSearch(value);
  return cleaned && isTypedText(cleaned) ? cleaned : undefined;
}

export function parseBlogListFilters(params: URLSearchParams): BlogListFilters {
  return { state: oneOf(BLOG_STATES, params.get("state")), page: page(params.get("page")) };
}

export function parseEnquiryListFilters(params: URLSearchParams): EnquiryListFilters {
  return { show: oneOf(ENQUIRY_VIEWS, params.get("show")), page: page(params.get("page")) };
}

export function parseSubscriberListFilters(params: URLSearchParams): SubscriberListFilters {
  return { q: search(params.get("q")), page: page(params.get("page")) };
}

/** The canonical query string (no leading "?"): the filters in a fixed order, empty ones and page 1 left out. */
export function listQuery(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === "" || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** Where to send a list request whose query is not `canonical`, or null when it already is. */
export function canonicalListUrl(url: URL, canonical: string): string | null {
  if (canonical === url.searchParams.toString()) return null;
  return canonical ? `${url.pathname}?${canonical}` : url.pathname;
}

/** How many pages `total` rows make (at least one, so an empty list still has its page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
