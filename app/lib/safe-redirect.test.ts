import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query and fragment", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/product?brand=Dell&page=2")).toBe("/product?brand=Dell&page=2");
    expect(safeRedirect("/product/12#reviews")).toBe("/product/12#reviews");
  });

  it("percent-encodes characters a Location header cannot carry", () => {
    expect(safeRedirect("/é")).toBe("/%C3%A9");
    expect(safeRedirect("/product?q=லேப்டாப்")).toBe(
      "/product?q=%E0%AE%B2%E0%AF%87%E0%AE%AA%E0%AF%8D%E0%AE%9F%E0%AE%BE%E0%AE%AA%E0%AF%8D",
    );
  });

  it.each([
    ["another site", "https://evil.example/"],
    ["protocol-relative", "//evil.example/"],
    ["backslash", "/\\evil.example"],
    ["backslash after the slash, twice", "/\\/evil.example"],
    ["TAB the browser drops", "/\t/evil.example"],
    ["CR LF header injection", "/\r\nSet-Cookie: x=1"],
    ["LF", "/\n/evil.example"],
    ["NUL", "/cart\u0000"],
    ["percent-encoded slashes", "/%2F%2Fevil.example"],
    ["percent-encoded backslash", "/%5Cevil.example"],
    ["relative path", "cart"],
    ["javascript scheme", "javascript:alert(1)"],
    ["empty", ""],
  ])("refuses %s", (_name, value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("falls back when there is no value", () => {
    expect(safeRedirect(null, "/login")).toBe("/login");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
