import { describe, expect, it } from "vitest";
import { pagePathOf } from "./page-path.mjs";

describe("pagePathOf", () => {
  it("reads the page behind a data request", () => {
    expect(pagePathOf("/login.data")).toBe("/login");
    expect(pagePathOf("/admin/products/7/images.data")).toBe("/admin/products/7/images");
    expect(pagePathOf("/_root.data")).toBe("/");
  });

  it("leaves the page's own path and other files alone", () => {
    expect(pagePathOf("/login")).toBe("/login");
    expect(pagePathOf("/admin/zones.csv")).toBe("/admin/zones.csv");
    expect(pagePathOf("/_root")).toBe("/_root");
  });
});
