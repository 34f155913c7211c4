import { describe, expect, it } from "vitest";
import { formatRupeeFigures, formatRupees, formatRupeesExact, rupeesToPaise } from "./money";

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
