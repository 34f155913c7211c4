import { describe, expect, it } from "vitest";
import { cutText, discountPercent } from "./text";

describe("cutText", () => {
  it("leaves short titles alone", () => {
    expect(cutText("Dell Inspiron 15", 20)).toBe("Dell Inspiron 15");
    expect(cutText("x".repeat(70), 70, "...")).toBe("x".repeat(70));
  });
  it("cuts long titles and marks the cut", () => {
    expect(cutText("x".repeat(71), 70, "...")).toBe(`${"x".repeat(70)}...`);
    expect(cutText("HP Pavilion 15 Intel Core i5", 20)).toBe("HP Pavilion 15 Intel…");
  });
});

describe("discountPercent", () => {
  it("rounds to the nearest whole percent", () => {
    expect(discountPercent(6_299_000, 5_449_000)).toBe(13); // 13.49 %
    expect(discountPercent(1_000, 845)).toBe(16); // 15.5 % rounds up
    expect(discountPercent(300, 200)).toBe(33);
  });
  it("is zero without a discount", () => {
    expect(discountPercent(5_000, 5_000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});
