import { describe, expect, it } from "vitest";
import { cutText, discountPercent, isTypedText } from "./text";

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

describe("isTypedText", () => {
  it("accepts what people type, in any script", () => {
    expect(isTypedText("Dell Inspiron 15 – ₹45,000")).toBe(true);
    expect(isTypedText("லேப்டாப் ಲ್ಯಾಪ್‌ಟಾಪ್ 😀")).toBe(true);
    expect(isTypedText("line one\nline two\ttab\r\n", { multiline: true })).toBe(true);
  });
  it("refuses control characters and lone surrogates", () => {
    expect(isTypedText("abc\u0000")).toBe(false);
    expect(isTypedText("a\u0007b")).toBe(false);
    expect(isTypedText("a\u007fb")).toBe(false);
    expect(isTypedText("a\u0085b")).toBe(false);
    expect(isTypedText("line\nbreak")).toBe(false);
    expect(isTypedText("tab\there")).toBe(false);
    expect(isTypedText("a\u0000b", { multiline: true })).toBe(false);
    expect(isTypedText("a\ud800b")).toBe(false);
    expect(isTypedText("a\udc00")).toBe(false);
    expect(isTypedText("\ud800")).toBe(false);
  });
});
