import { describe, expect, it } from "vitest";
import { checkPinList, checkZone, daysText, type ZoneInput, zoneInputOf, zoneMessages } from "./zones";

const typed = (changes: Partial<ZoneInput> = {}): ZoneInput => ({
  name: "Bengaluru city",
  pinList: "560-562",
  delivers: true,
  standardMin: "1",
  standardMax: "2",
  expressMin: "",
  expressMax: "",
  cashOnDelivery: true,
  ...changes,
});

describe("checkPinList", () => {
  it("keeps the terms one space apart, whatever separated them", () => {
    expect(checkPinList(" 560, 561\n562-563;682551-682559 ")).toEqual({
      ok: true,
      pinList: "560 561 562-563 682551-682559",
    });
  });

  it("names the first term that is not a prefix or range", () => {
    for (const bad of ["0", "56a", "1234567", "562-560", "560-5621", "56-", "-560"]) {
      expect(checkPinList(`560 ${bad} 561`), bad).toEqual({
        ok: false,
        message: zoneMessages.pinTermBad(bad),
      });
    }
    expect(checkPinList("  ")).toEqual({ ok: false, message: zoneMessages.pinListRequired });
    expect(checkPinList("5 ".repeat(1001))).toEqual({ ok: false, message: zoneMessages.pinListTooLong });
  });
});

describe("checkZone", () => {
  it("gives the zone to store: trimmed, days as numbers, no express as nulls", () => {
    expect(checkZone(typed({ name: "  Bengaluru city ", standardMin: " 1" }))).toEqual({
      ok: true,
      zone: {
        name: "Bengaluru city",
        pinList: "560-562",
        delivers: true,
        standardDaysMin: 1,
        standardDaysMax: 2,
        expressDaysMin: null,
        expressDaysMax: null,
        cashOnDelivery: true,
      },
    });
    const express = checkZone(typed({ expressMin: "0", expressMax: "1" }));
    expect(express.ok && [express.zone.expressDaysMin, express.zone.expressDaysMax]).toEqual([0, 1]);
  });

  it("says what is wrong with each field", () => {
    expect(checkZone(typed({ name: "", pinList: "abc", standardMin: "8", standardMax: "3" }))).toEqual({
      ok: false,
      errors: {
        name: zoneMessages.nameRequired,
        pinList: zoneMessages.pinTermBad("abc"),
        standardMax: zoneMessages.daysOrder("Standard delivery"),
      },
    });
    expect(checkZone(typed({ name: "x".repeat(81) }))).toMatchObject({
      errors: { name: zoneMessages.nameTooLong },
    });
    expect(checkZone(typed({ name: "bad\u0000name" }))).toMatchObject({
      errors: { name: zoneMessages.untypable },
    });
    for (const days of ["61", "-1", "2.5", "five", "", "100"]) {
      expect(checkZone(typed({ standardMin: days })), days).toMatchObject({
        errors: { standardMin: zoneMessages.daysInvalid("Standard delivery") },
      });
    }
    expect(checkZone(typed({ standardMax: "60" })).ok).toBe(true);
  });

  it("takes express as both numbers or neither", () => {
    expect(checkZone(typed({ expressMin: "2" }))).toMatchObject({
      errors: { expressMax: zoneMessages.expressHalf },
    });
    expect(checkZone(typed({ expressMax: "2" }))).toMatchObject({
      errors: { expressMin: zoneMessages.expressHalf },
    });
    expect(checkZone(typed({ expressMin: "3", expressMax: "2" }))).toMatchObject({
      errors: { expressMax: zoneMessages.daysOrder("Express delivery") },
    });
  });

  it("reads back what it stored", () => {
    const checked = checkZone(typed({ expressMin: "1", expressMax: "1", delivers: false }));
    if (!checked.ok) throw new Error("expected a zone");
    expect(checkZone(zoneInputOf(checked.zone))).toEqual(checked);
  });
});

describe("daysText", () => {
  it("shows a range, one number, or none", () => {
    expect(daysText(5, 7)).toBe("5–7");
    expect(daysText(1, 1)).toBe("1");
    expect(daysText(null, null)).toBe("—");
  });
});
