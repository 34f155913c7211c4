import { describe, expect, it } from "vitest";
import {
  formatCalendarDay,
  formatLongDate,
  formatSortableDate,
  ordinal,
  shopDayAndMonthStart,
} from "./dates";

describe("ordinal", () => {
  it("uses st, nd, rd and th like moment's Do", () => {
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31];
    expect(days.map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "24th",
      "30th",
      "31st",
    ]);
    expect([111, 112, 113, 101, 102].map(ordinal)).toEqual(["111th", "112th", "113th", "101st", "102nd"]);
  });
});

describe("formatSortableDate", () => {
  it("writes YYYY-MM-DD HH:mm in India Standard Time, on India's calendar day", () => {
    expect(formatSortableDate(new Date("2026-11-22T14:35:00Z"))).toBe("2026-11-22 20:05");
    // 19:00 UTC on the 31st is already the 1st in India.
    expect(formatSortableDate(new Date("2026-03-31T19:00:00Z"))).toBe("2026-04-01 00:30");
  });
  it("refuses an invalid date", () => {
    expect(() => formatSortableDate(new Date("nope"))).toThrow(RangeError);
  });
});

describe("formatLongDate", () => {
  it("formats as 'MMMM Do YYYY, h:mm a' in India Standard Time", () => {
    // 14:35 UTC is 20:05 in Bengaluru (UTC+5:30).
    expect(formatLongDate(new Date("2026-11-22T14:35:00Z"))).toBe("November 22nd 2026, 8:05 pm");
  });

  it("gives each day of the month its suffix", () => {
    const day = (d: number) => formatLongDate(`2026-03-${String(d).padStart(2, "0")}T04:30:00Z`);
    expect(day(1)).toBe("March 1st 2026, 10:00 am");
    expect(day(2)).toBe("March 2nd 2026, 10:00 am");
    expect(day(3)).toBe("March 3rd 2026, 10:00 am");
    expect(day(4)).toBe("March 4th 2026, 10:00 am");
    expect(day(11)).toBe("March 11th 2026, 10:00 am");
    expect(day(12)).toBe("March 12th 2026, 10:00 am");
    expect(day(13)).toBe("March 13th 2026, 10:00 am");
    expect(day(21)).toBe("March 21st 2026, 10:00 am");
    expect(day(22)).toBe("March 22nd 2026, 10:00 am");
    expect(day(23)).toBe("March 23rd 2026, 10:00 am");
  });

  it("shows midnight as 12 am and noon as 12 pm", () => {
    // 18:30 UTC is midnight in India, 06:30 UTC is noon.
    expect(formatLongDate("2026-01-04T18:30:00Z")).toBe("January 5th 2026, 12:00 am");
    expect(formatLongDate("2026-01-04T18:59:00Z")).toBe("January 5th 2026, 12:29 am");
    expect(formatLongDate("2026-01-05T06:30:00Z")).toBe("January 5th 2026, 12:00 pm");
    expect(formatLongDate("2026-01-05T07:45:00Z")).toBe("January 5th 2026, 1:15 pm");
    expect(formatLongDate("2026-01-05T06:29:00Z")).toBe("January 5th 2026, 11:59 am");
  });

  it("converts from UTC, moving to the next day, month and year in India", () => {
    expect(formatLongDate("2025-12-31T18:30:00.000Z")).toBe("January 1st 2026, 12:00 am");
    expect(formatLongDate("2026-02-28T20:00:00Z")).toBe("March 1st 2026, 1:30 am");
    expect(formatLongDate("2026-07-09T23:59:00Z")).toBe("July 10th 2026, 5:29 am");
  });

  it("accepts the ISO string a loader's JSON turns a Date into", () => {
    const date = new Date("2026-06-02T03:07:00Z");
    expect(formatLongDate(date.toISOString())).toBe(formatLongDate(date));
    expect(formatLongDate(date)).toBe("June 2nd 2026, 8:37 am");
  });

  it("rejects something that is not a date", () => {
    expect(() => formatLongDate("not a date")).toThrow(RangeError);
  });
});

describe("shopDayAndMonthStart", () => {
  it("starts the day and the month at midnight in India, whatever the server's zone", () => {
    // 23 Nov 2026, 20:00 UTC is 24 Nov, 01:30 in India.
    const { day, month } = shopDayAndMonthStart(new Date("2026-11-23T20:00:00Z"));
    expect(day.toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(month.toISOString()).toBe("2026-10-31T18:30:00.000Z");
  });

  it("keeps the same day until midnight in India", () => {
    const { day } = shopDayAndMonthStart(new Date("2026-11-23T18:29:59Z"));
    expect(day.toISOString()).toBe("2026-11-22T18:30:00.000Z");
  });
});

describe("formatCalendarDay", () => {
  it("prints a day of India's calendar as tax documents do", () => {
    expect(formatCalendarDay("2026-11-25")).toBe("25 November 2026");
    expect(formatCalendarDay("2027-01-01")).toBe("1 January 2027");
    expect(formatCalendarDay("2028-02-29")).toBe("29 February 2028");
  });
  it("refuses what is not a real day", () => {
    expect(() => formatCalendarDay("2026-02-30")).toThrow(RangeError);
    expect(() => formatCalendarDay("25/11/2026")).toThrow(RangeError);
  });
});
