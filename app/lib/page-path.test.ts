import { describe, expect, it } from "vitest";
import { pagePathOf } from "./page-path.mjs";

describe("pagePathOf", () => {
  it("reads the page behind a data request", () => {
    expect(pagePathOf("/login.data")).toBe("/login");
    expect(pagePathOf("/admin/products/7/images.data")).toBe("/admin/products/7/images");
    expect(pagePathOf("/_root.data")).toBe("/");
  });

  it("reads an address spelt another way as the page Remix would pick", () => {
    expect(pagePathOf("/login/x/...data")).toBe("/login/");
    expect(pagePathOf("/x/../login.data")).toBe("/login");
    expect(pagePathOf("/log%69n")).toBe("/login");
    expect(pagePathOf("/admin/st%61ff.data")).toBe("/admin/staff");
  });

  it("leaves the page's own path and other files alone", () => {
    expect(pagePathOf("/login")).toBe("/login");
    expect(pagePathOf("/admin/zones.csv")).toBe("/admin/zones.csv");
    expect(pagePathOf("/_root")).toBe("/_root");
    expect(pagePathOf("/a%E0%A4b")).toBe("/a%E0%A4b");
  });
});
