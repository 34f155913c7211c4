import { MONTHS } from "~/lib/dates";

/**
 * When an order reaches the shopper, by the shipping policy: an order placed on a business day before the
 * cut-off (4 PM) starts that day, otherwise on the next business day; processing takes up to two business
 * days (the policy's "1-2"); then the zone's transit days, counted in business days. Business days are the
 * shop's weekdays minus its holidays. Everything is reckoned in India's time zone, whatever the server's.
 * Pure: the clock and the calendar are arguments.
 */

/** A day of India's calendar, "2026-11-27". */
export type ShopDay = string;

export type ShopCalendar = {
  /** Minutes after midnight in India at which the day's orders close, 960 for 4 PM. */
  cutoffMinutes: number;
  /** Weekdays the shop works, 0 = Sunday … 6 = Saturday. */
  businessWeekdays: readonly number[];
  /** Days the shop is closed although a weekday, e.g. "2026-11-01". */
  holidays: ReadonlySet<ShopDay>;
};

/** The policy's "Orders are processed in 1-2 business days": the latest, counting the day the order starts. */
export const PROCESSING_BUSINESS_DAYS = 2;

/** India has no daylight saving: its clocks are always UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 3_600_000;

/** The day in India at `now`, and the minutes since its midnight. */
export function shopClock(now: Date): { day: ShopDay; minutes: number } {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  return {
    day: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

function weekdayOf(day: ShopDay): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

function nextDay(day: ShopDay): ShopDay {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);
}

export function isBusinessDay(day: ShopDay, calendar: ShopCalendar): boolean {
  return calendar.businessWeekdays.includes(weekdayOf(day)) && !calendar.holidays.has(day);
}

/** The first business day after `day`. A calendar with no business day at all is a settings error. */
export function nextBusinessDay(day: ShopDay, calendar: ShopCalendar): ShopDay {
  let candidate = nextDay(day);
  // A year of closed days means the calendar has none open: the settings form refuses that.
  for (let guard = 0; guard < 366; guard++) {
    if (isBusinessDay(candidate, calendar)) return candidate;
    candidate = nextDay(candidate);
  }
  throw new RangeError("The shop's calendar has no business day");
}

/** The business day `count` business days after `day` (0 gives `day` itself). */
export function addBusinessDays(day: ShopDay, count: number, calendar: ShopCalendar): ShopDay {
  let result = day;
  for (let i = 0; i < count; i++) result = nextBusinessDay(result, calendar);
  return result;
}

export type DeliveryPromise = {
  /** The day the order is promised by, at the latest. */
  deliverBy: ShopDay;
  /** Minutes left to order for that day, when ordering later today would move it; undefined otherwise. */
  minutesToCutoff: number | undefined;
};

/** The latest day an order placed at `now` arrives, with `transitDays` business days in transit. */
export function deliveryPromise(now: Date, transitDays: number, calendar: ShopCalendar): DeliveryPromise {
  const { day, minutes } = shopClock(now);
  const startsToday = isBusinessDay(day, calendar) && minutes < calendar.cutoffMinutes;
  const startDay = startsToday ? day : nextBusinessDay(day, calendar);
  const dispatchDay = addBusinessDays(startDay, PROCESSING_BUSINESS_DAYS - 1, calendar);
  return {
    deliverBy: addBusinessDays(dispatchDay, transitDays, calendar),
    minutesToCutoff: startsToday ? calendar.cutoffMinutes - minutes : undefined,
  };
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "Thursday, 27 November", as the shop promises a day. */
export function formatShopDay(day: ShopDay): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** "3 hrs 5 mins", "45 mins", "1 hr": how long is left to order. */
export function formatTimeLeft(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(hours === 1 ? "1 hr" : `${hours} hrs`);
  if (rest > 0 || hours === 0) parts.push(rest === 1 ? "1 min" : `${rest} mins`);
  return parts.join(" ");
}

/** "16:00" → 960; undefined for anything that is not a time of day. */
export function parseTimeOfDay(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** 960 → "16:00". */
export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
