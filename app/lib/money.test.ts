import { describe, expect, it } from "vitest";
import { formatRupees, rupeesToPaise } from "./money";

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
