import { describe, expect, it } from "vitest";
import {
  formatRupeeFigures,
  formatRupees,
  formatRupeesExact,
  plainRupeeFigures,
  rupeesToPaise,
} from "./money";

describe("formatRupees", () => {
  it("groups digits the Indian way", () => {
    expect(formatRupees(12_345_600)).toBe("Rs. 1,23,456");
    expect(formatRupees(10_000)).toBe("Rs. 100");
  });
  it("shows paise only when there are some", () => {
    expect(formatRupees(12_345)).toBe("Rs. 123.45");
    expect(formatRupees(0)).toBe("Rs. 0");
  });
});

describe("rupeesToPaise", () => {
  it("accepts what shoppers type", () => {
    expect(rupeesToPaise("1,500")).toBe(150_000);
    expect(rupeesToPaise("99.5")).toBe(9_950);
  });
  it("rejects anything that is not an amount", () => {
    expect(rupeesToPaise("abc")).toBeUndefined();
    expect(rupeesToPaise("-5")).toBeUndefined();
    expect(rupeesToPaise("")).toBeUndefined();
  });
});

describe("formatRupeesExact", () => {
  it("shows the rupee sign, Indian grouping and always two decimals", () => {
    expect(formatRupeesExact(4_510_000)).toBe("₹45,100.00");
    expect(formatRupeesExact(12_345_678_901)).toBe("₹12,34,56,789.01");
    expect(formatRupeesExact(99_999)).toBe("₹999.99");
    expect(formatRupeesExact(5)).toBe("₹0.05");
    expect(formatRupeesExact(0)).toBe("₹0.00");
  });
  it("keeps every paisa of amounts too large for exact decimal fractions", () => {
    expect(formatRupeesExact(Number.MAX_SAFE_INTEGER)).toBe("₹9,00,71,99,25,47,409.91");
  });
  it("puts a minus before the sign", () => {
    expect(formatRupeesExact(-150)).toBe("-₹1.50");
  });
  it("refuses what is not whole paise", () => {
    expect(() => formatRupeesExact(1.5)).toThrow(RangeError);
    expect(() => formatRupeesExact(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatRupeeFigures", () => {
  it("gives the figures without the sign, for table cells", () => {
    expect(formatRupeeFigures(4_510_000)).toBe("45,100.00");
    expect(formatRupeeFigures(100)).toBe("1.00");
    expect(formatRupeeFigures(-4_510_000)).toBe("-45,100.00");
  });
});

describe("plainRupeeFigures", () => {
  it("writes paise as rupees with two decimals, from the integer", () => {
    expect(plainRupeeFigures(0)).toBe("0.00");
    expect(plainRupeeFigures(5)).toBe("0.05");
    expect(plainRupeeFigures(45_100_00)).toBe("45100.00");
    expect(plainRupeeFigures(38_220_34)).toBe("38220.34");
    expect(plainRupeeFigures(-1_205)).toBe("-12.05");
    expect(plainRupeeFigures(-7)).toBe("-0.07");
    // Where a float would show its error (0.1 + 0.2), the integer cannot.
    expect(plainRupeeFigures(10 + 20)).toBe("0.30");
    expect(plainRupeeFigures(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
  });

  it("refuses what is not whole paise", () => {
    expect(() => plainRupeeFigures(1.5)).toThrow(RangeError);
    expect(() => plainRupeeFigures(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatRupeeFigures, as the GST register shows amounts", () => {
  it("groups the rupees the Indian way and keeps the paise", () => {
    expect(formatRupeeFigures(0)).toBe("0.00");
    expect(formatRupeeFigures(45_100_00)).toBe("45,100.00");
    expect(formatRupeeFigures(1_35_100_00)).toBe("1,35,100.00");
    expect(formatRupeeFigures(12_34_56_789_01)).toBe("12,34,56,789.01");
    expect(formatRupeeFigures(-1_205)).toBe("-12.05");
    expect(formatRupeeFigures(-1_00_000_00)).toBe("-1,00,000.00");
  });
});
