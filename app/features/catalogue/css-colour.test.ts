import { describe, expect, it } from "vitest";
import { normaliseCssColour } from "./css-colour";

describe("normaliseCssColour", () => {
  it("accepts hex, rgb(), hsl() and colour names, in one written form", () => {
    expect(normaliseCssColour(" #1A2B3C ")).toBe("#1a2b3c");
    expect(normaliseCssColour("#fff")).toBe("#fff");
    expect(normaliseCssColour("#11223344")).toBe("#11223344");
    expect(normaliseCssColour("RGB( 26,43 , 60 )")).toBe("rgb(26, 43, 60)");
    expect(normaliseCssColour("rgba(0,0,0,0.5)")).toBe("rgba(0, 0, 0, 0.5)");
    expect(normaliseCssColour("hsl(210, 40%, 20%)")).toBe("hsl(210, 40%, 20%)");
    expect(normaliseCssColour("Navy")).toBe("navy");
    expect(normaliseCssColour("RebeccaPurple")).toBe("rebeccapurple");
  });

  it("refuses anything else, above all text that could end the style declaration", () => {
    for (const typed of [
      "",
      "#12",
      "#12345",
      "#ggg",
      "rgb(256, 0, 0)",
      "rgb(1, 2)",
      "hsl(400, 10%, 10%)",
      "red; background: url(https://evil.example/x)",
      "red}",
      "url(x)",
      "expression(alert(1))",
      "var(--brand)",
      "notacolour",
      "blue\u0000",
    ]) {
      expect(normaliseCssColour(typed), typed).toBeUndefined();
    }
  });
});
