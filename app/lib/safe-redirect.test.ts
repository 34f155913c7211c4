import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/product?brand=Dell&page=2")).toBe("/product?brand=Dell&page=2");
  });
  it("refuses other sites and odd values", () => {
    expect(safeRedirect("https://evil.example/")).toBe("/");
    expect(safeRedirect("//evil.example/")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect(null, "/login")).toBe("/login");
    expect(safeRedirect("cart")).toBe("/");
  });
});
