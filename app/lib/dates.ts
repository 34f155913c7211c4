/**
 * Dates as the shop shows them: moment.js's 'MMMM Do YYYY, h:mm a' ("November 22nd 2026, 8:05 pm") in
 * India Standard Time, whatever the server's or browser's own time zone, so server and client render alike.
 */
export const SHOP_TIME_ZONE = "Asia/Kolkata";

/** Month names, January first. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

// Numeric parts with a 24-hour clock only: month names, the 12-hour clock and am/pm are done here, so the
// output never depends on a locale's choice of "PM", "p.m." or "at".
const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** 'MMMM Do YYYY, h:mm a' in Asia/Kolkata, e.g. "November 22nd 2026, 8:05 pm". */
export function formatLongDate(date: Date | string): string {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError(`Not a date: ${String(date)}`);
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(value)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  const hour24 = hour % 24;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const period = hour24 < 12 ? "am" : "pm";
  return `${MONTHS[month - 1]} ${ordinal(day)} ${year}, ${hour12}:${String(minute).padStart(2, "0")} ${period}`;
}

/** "2026-11-22 20:05" in Asia/Kolkata: for files a spreadsheet reads (it sorts and parses this form). */
export function formatSortableDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(date)}`);
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${year}-${two(month)}-${two(day)} ${two(hour % 24)}:${two(minute)}`;
}

/** India has no daylight saving: its clocks are always UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The instant the shop's day (in India) began, and the instant its month began, for `now`. */
export function shopDayAndMonthStart(now: Date): { day: Date; month: Date } {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - IST_OFFSET_MS;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - IST_OFFSET_MS;
  return { day: new Date(day), month: new Date(month) };
}

/**
 * The instants an India calendar day ("2026-11-23") began and ended (the next day's start), or undefined when
 * the text is not a real date: for date filters that mean the shop's days, whatever the server's time zone.
 */
export function shopDayBounds(day: string): { start: Date; end: Date } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnight = Date.UTC(year, month - 1, date);
  const check = new Date(midnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    return undefined;
  }
  const start = midnight - IST_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + 24 * 3_600_000) };
}

/**
 * A day of India's calendar ("2026-11-25") as tax documents print it: "25 November 2026". Read from the text
 * itself, not through a Date, so no time zone can move it to the day before.
 */
export function formatCalendarDay(day: string): string {
  if (!shopDayBounds(day)) throw new RangeError(`Not a calendar day: ${day}`);
  const [year, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}
