import { shopDayBounds } from "~/lib/dates";
import { isTypedText } from "~/lib/text";
import { isOrderStatus, type OrderStatus } from "./order-status";

/**
 * The back office's order list keeps its filters in the URL (a link opens the same list). This module parses
 * them, dropping anything invalid, and writes the canonical query string the list redirects to.
 */

export const ORDERS_PAGE_SIZE = 25;
export const MAX_ORDERS_PAGE = 10_000;
/** The longest search the list accepts (an e-mail address fits). */
export const ORDER_SEARCH_MAX = 100;

export type OrderFilters = {
  status?: OrderStatus;
  /** India calendar days, "YYYY-MM-DD", both included. */
  from?: string;
  to?: string;
  /** An order id, a customer's name, e-mail or phone, or a PhonePe merchantOrderId. */
  q?: string;
  page: number;
};

function day(value: string | null): string | undefined {
  const cleaned = (value ?? "").trim();
  return shopDayBounds(cleaned) ? cleaned : undefined;
}

function search(value: string | null): string | undefined {
  const cleaned = (value ?? "").replace(/\s+/g, " ").trim();
  return cleaned && cleaned.length <= ORDER_SEARCH_MAX && isTypedText(cleaned) ? cleaned : undefined;
}

function page(value: string | null): number {
  const cleaned = (value ?? "").trim();
  if (!/^\d{1,5}$/.test(cleaned)) return 1;
  const n = Number(cleaned);
  return n >= 1 && n <= MAX_ORDERS_PAGE ? n : 1;
}

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get("status");
  let from = day(params.get("from"));
  let to = day(params.get("to"));
  // "From" after "to" was meant the other way round ("YYYY-MM-DD" sorts as text).
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: isOrderStatus(status) ? status : undefined,
    from,
    to,
    q: search(params.get("q")),
    page: page(params.get("page")),
  };
}

/** The canonical query string (no leading "?"): fixed order, empty values and page 1 left out. */
export function orderListQuery(filters: OrderFilters, changes: Partial<OrderFilters> = {}): string {
  const f = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (f.status) params.set("status", f.status);
  if (f.from) params.set("from", f.from);
  if (f.to) params.set("to", f.to);
  if (f.q) params.set("q", f.q);
  if (f.page > 1) params.set("page", String(f.page));
  return params.toString();
}

/** Where to send an order-list request whose query is not canonical, or null when it already is. */
export function orderListRedirect(url: URL): string | null {
  const canonical = orderListQuery(parseOrderFilters(url.searchParams));
  if (canonical === url.searchParams.toString()) return null;
  return canonical ? `${url.pathname}?${canonical}` : url.pathname;
}

/** Whether any filter narrows the list (for "no orders match" against "no orders yet"). */
export function isFiltered(filters: OrderFilters): boolean {
  return Boolean(filters.status || filters.from || filters.to || filters.q);
}

/** The instants a filter's days cover: from the start of `from` to the end of `to` (India's days). */
export function orderDateRange(filters: OrderFilters): { since?: Date; before?: Date } {
  return {
    since: filters.from ? shopDayBounds(filters.from)?.start : undefined,
    before: filters.to ? shopDayBounds(filters.to)?.end : undefined,
  };
}

/** "#123" or "123" as an order id (a database integer), else undefined. */
export function orderIdIn(text: string): number | undefined {
  const match = /^#?(\d{1,9})$/.exec(text.trim());
  if (!match) return undefined;
  const id = Number(match[1]);
  return id > 0 ? id : undefined;
}

/** The digits of a phone number as typed ("+91 98450 12345", "098450-12345"), when it looks like one. */
export function phoneDigitsIn(text: string): string | undefined {
  if (!/^[+\d][\d\s-]*$/.test(text.trim())) return undefined;
  let digits = text.replace(/\D/g, "");
  if (digits.length > 10 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 4 && digits.length <= 10 ? digits : undefined;
}
