import { describe, expect, it } from "vitest";
import { adminProductsUrl } from "./admin-product-filters";
import { parseAdminProductFilters } from "./schemas";

const parse = (query: string) => parseAdminProductFilters(new URLSearchParams(query));

describe("the back office's product filters", () => {
  it("reads every filter and the page from the URL", () => {
    expect(
      parse(
        "q=+think++pad+&category=Laptops&brand=Lenovo&type=refurbished&tag=popular&stock=low&visibility=hidden&page=3",
      ),
    ).toEqual({
      q: "think pad",
      category: "Laptops",
      brand: "Lenovo",
      type: "refurbished",
      tag: "popular",
      stock: "low",
      visibility: "hidden",
      page: 3,
    });
  });

  it("drops what is not a filter value, and starts at page 1", () => {
    expect(parse("type=used&tag=cheap&stock=none&visibility=all&page=-2&q=%00x&brand=")).toEqual({
      q: undefined,
      category: undefined,
      brand: undefined,
      type: undefined,
      tag: undefined,
      stock: undefined,
      visibility: undefined,
      page: 1,
    });
    expect(parse("page=1e3").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
    expect(parse(`q=${"x".repeat(101)}`).q).toBeUndefined();
  });

  it("writes the URL in a fixed order without empty values", () => {
    const filters = parse("visibility=shown&brand=HP&page=2");
    expect(adminProductsUrl(filters)).toBe("/admin/products?brand=HP&visibility=shown&page=2");
    expect(adminProductsUrl(filters, { page: 1, brand: undefined })).toBe("/admin/products?visibility=shown");
    expect(adminProductsUrl(parse(""))).toBe("/admin/products");
  });
});
