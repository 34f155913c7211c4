/*
 * A rental's money, month by month (decision 0043, section 5): when each month's rent falls due, the days it
 * covers, and how a charge reads. Pure, for the server and the pages alike.
 */

/** A later month's rent is billed (and mailed) this many days before it is due. */
export const BILLED_DAYS_AHEAD = 7;

/** A month's rent unpaid this many days after it was due is overdue: the customer and the owners are told. */
export const OVERDUE_AFTER_DAYS = 7;

export const CHARGE_STATUSES = ["due", "paid", "void"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const CHARGE_STATUS_TEXT: Record<ChargeStatus, string> = {
  due: "Due",
  paid: "Paid",
  void: "Not due (cancelled)",
};

/**
 * How a charge was paid: through PhonePe from My Rentals, at the dealer's counter, or (the first charge, where
 * the dealer allows it) in cash when the units are delivered; the last two recorded by staff.
 */
export const PAID_BY = {
  phonePe: "PhonePe",
  counter: "Counter",
  cashOnDelivery: "Cash on delivery",
} as const;

/** `day` ("2026-11-28") moved by whole days. */
export function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day `months` months after `day`; 31 January + 1 month is the last day of February, as PostgreSQL counts. */
export function monthsAfter(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  const dayOfMonth = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(dayOfMonth, last));
  return date.toISOString().slice(0, 10);
}

/** The days month `month` (from 1) of a tenure starting on `start` covers: from its first day to its last. */
export function monthPeriod(start: string, month: number): { from: string; to: string } {
  return { from: monthsAfter(start, month - 1), to: plusDays(monthsAfter(start, month), -1) };
}

/** The day month `month` of a tenure starting on `start` is due: its first day. */
export const monthDueOn = (start: string, month: number) => monthsAfter(start, month - 1);

/** The invoice line of a month's rent. */
export function rentLine(title: string, month: number, months: number, period: { from: string; to: string }) {
  return `Rental of ${title}, month ${month} of ${months} (${period.from} to ${period.to})`;
}

/** How a charge is named to the customer and staff. */
export function chargeLabel(month: number, deposit: number): string {
  return deposit > 0 ? `Deposit and month ${month}'s rent` : `Month ${month}'s rent`;
}
