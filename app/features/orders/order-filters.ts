import { shopDayBounds } from "~/lib/dates";
import { listQuery } from "~/lib/list-query";
import type { OrderStatus } from "./order-status";

/**
 * The back office's order list keeps its filters in the URL (a link opens the same list). The list's schema
 * (orderFiltersSchema in schemas.ts) reads them, dropping anything invalid; this module writes them back.
 */

export const ORDERS_PAGE_SIZE = 25;
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

/** The canonical query string (no leading "?"): fixed order, empty values and page 1 left out. */
export function orderListQuery(filters: OrderFilters, changes: Partial<OrderFilters> = {}): string {
  return listQuery({ ...filters, ...changes });
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
