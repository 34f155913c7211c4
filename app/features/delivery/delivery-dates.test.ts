import { describe, expect, it } from "vitest";
import {
  deliveryPromise,
  formatShopDay,
  formatTimeLeft,
  formatTimeOfDay,
  nextBusinessDay,
  parseTimeOfDay,
  type ShopCalendar,
  shopClock,
} from "./delivery-dates";

/** Monday to Friday, orders close at 4 PM, Christmas and New Year's Day (both Fridays) closed. */
const calendar: ShopCalendar = {
  cutoffMinutes: 16 * 60,
  businessWeekdays: [1, 2, 3, 4, 5],
  holidays: new Set(["2026-12-25", "2027-01-01"]),
};
const STANDARD = 7;
const EXPRESS = 3;
/** An instant given as India's wall clock. */
const india = (wallClock: string) => new Date(`${wallClock}+05:30`);

describe("the shop's clock", () => {
  it("reads India's day and time whatever the instant's own zone", () => {
    expect(shopClock(india("2026-11-25T23:59:00"))).toEqual({ day: "2026-11-25", minutes: 1439 });
    expect(shopClock(new Date("2026-11-25T18:45:00Z"))).toEqual({ day: "2026-11-26", minutes: 15 });
    expect(shopClock(new Date("2026-11-25T18:29:00Z"))).toEqual({ day: "2026-11-25", minutes: 1439 });
  });
});

describe("the delivery promise", () => {
  it("before the cut-off on a business day starts today, and says how long is left", () => {
    // Wednesday 10 AM: processed Wednesday and Thursday, seven business days from Friday.
    expect(deliveryPromise(india("2026-11-25T10:00:00"), STANDARD, calendar)).toEqual({
      deliverBy: "2026-12-07",
      minutesToCutoff: 360,
    });
    expect(deliveryPromise(india("2026-11-25T15:59:00"), EXPRESS, calendar)).toEqual({
      deliverBy: "2026-12-01",
      minutesToCutoff: 1,
    });
  });

  it("at or after the cut-off starts the next business day, with no countdown", () => {
    expect(deliveryPromise(india("2026-11-25T16:00:00"), STANDARD, calendar)).toEqual({
      deliverBy: "2026-12-08",
      minutesToCutoff: undefined,
    });
    expect(deliveryPromise(india("2026-11-25T23:30:00"), EXPRESS, calendar).deliverBy).toBe("2026-12-02");
  });

  it("on a Friday evening or a weekend starts on Monday", () => {
    const fridayEvening = deliveryPromise(india("2026-11-27T18:00:00"), EXPRESS, calendar);
    expect(fridayEvening).toEqual({ deliverBy: "2026-12-04", minutesToCutoff: undefined });
    expect(deliveryPromise(india("2026-11-28T10:00:00"), EXPRESS, calendar)).toEqual(fridayEvening);
    expect(deliveryPromise(india("2026-11-29T23:59:00"), EXPRESS, calendar)).toEqual(fridayEvening);
    // Friday before the cut-off still counts Friday.
    expect(deliveryPromise(india("2026-11-27T09:00:00"), EXPRESS, calendar).deliverBy).toBe("2026-12-03");
  });

  it("skips holidays, on the way and on the day the order is placed, across the year's end", () => {
    // Thursday 24 December after 4 PM: Christmas is closed, so processing is Monday 28 and Tuesday 29;
    // then Wednesday 30, Thursday 31 and, New Year's Day being closed, Monday 4 January.
    expect(deliveryPromise(india("2026-12-24T17:00:00"), EXPRESS, calendar)).toEqual({
      deliverBy: "2027-01-04",
      minutesToCutoff: undefined,
    });
    // On Christmas morning itself there is no countdown: the shop is closed.
    expect(deliveryPromise(india("2026-12-25T10:00:00"), EXPRESS, calendar)).toEqual({
      deliverBy: "2027-01-04",
      minutesToCutoff: undefined,
    });
    // Without the holidays the same order would come before the new year.
    const noHolidays = { ...calendar, holidays: new Set<string>() };
    expect(deliveryPromise(india("2026-12-24T17:00:00"), EXPRESS, noHolidays).deliverBy).toBe("2026-12-31");
    expect(deliveryPromise(india("2026-12-31T23:59:00"), STANDARD, calendar).deliverBy).toBe("2027-01-14");
  });

  it("follows the shop's own weekdays and cut-off", () => {
    const sixDays: ShopCalendar = {
      cutoffMinutes: 12 * 60,
      businessWeekdays: [1, 2, 3, 4, 5, 6],
      holidays: new Set(),
    };
    // Saturday 11 AM counts, and Saturday is a transit day: Sat, Mon processing; Tue, Wed, Thu in transit.
    expect(deliveryPromise(india("2026-11-28T11:00:00"), EXPRESS, sixDays)).toEqual({
      deliverBy: "2026-12-03",
      minutesToCutoff: 60,
    });
    expect(() => nextBusinessDay("2026-11-28", { ...sixDays, businessWeekdays: [] })).toThrow(RangeError);
  });
});

describe("formatting", () => {
  it("names the promised day as the shop writes it", () => {
    expect(formatShopDay("2026-11-27")).toBe("Friday, 27 November");
    expect(formatShopDay("2027-01-04")).toBe("Monday, 4 January");
  });

  it("says how long is left", () => {
    expect(formatTimeLeft(360)).toBe("6 hrs");
    expect(formatTimeLeft(185)).toBe("3 hrs 5 mins");
    expect(formatTimeLeft(61)).toBe("1 hr 1 min");
    expect(formatTimeLeft(45)).toBe("45 mins");
    expect(formatTimeLeft(1)).toBe("1 min");
  });

  it("reads and writes a time of day", () => {
    expect(parseTimeOfDay("16:00")).toBe(960);
    expect(parseTimeOfDay(" 09:30 ")).toBe(570);
    for (const bad of ["4 PM", "24:00", "16:60", "1600", "", "9:30"])
      expect(parseTimeOfDay(bad)).toBeUndefined();
    expect(formatTimeOfDay(960)).toBe("16:00");
    expect(formatTimeOfDay(570)).toBe("09:30");
  });
});
