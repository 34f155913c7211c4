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
      spec: undefined,
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

  it("reads a specification filter: none yet, an attribute stated, or one of its values", () => {
    expect(parse("spec=none").spec).toBe("none");
    expect(parse("spec=ram_gb").spec).toBe("ram_gb");
    expect(parse("spec=ram_gb:16").spec).toBe("ram_gb:16");
    expect(parse("spec=screen_in:15.6").spec).toBe("screen_in:15.6");
    expect(parse("spec=cpu:core-i5").spec).toBe("cpu:core-i5");
    expect(parse("spec=bio_methods:face").spec).toBe("bio_methods:face");
    // The filter form sends the value apart, as typed: a number with its unit, an option by label or word.
    expect(parse("spec=ram_gb&specValue=16+GB").spec).toBe("ram_gb:16");
    expect(parse("spec=cpu&specValue=Core+i5").spec).toBe("cpu:core-i5");
    expect(parse("spec=cpu&specValue=i7").spec).toBe("cpu:core-i7");
    expect(parse("spec=cpu&specValue=").spec).toBe("cpu");
    expect(parse("spec=none&specValue=16").spec).toBe("none");
  });

  it("drops a specification filter it cannot use", () => {
    for (const query of [
      "spec=ram",
      "spec=toString",
      "spec=__proto__:1",
      "spec=ram_gb:999",
      "spec=ram_gb:abc",
      "spec=ram_gb:-4",
      "spec=ram_gb:1e3",
      "spec=cpu:pentium-4",
      "spec=cpu&specValue=%00",
      "specValue=16",
      `spec=${"x".repeat(81)}`,
    ]) {
      expect(parse(query).spec, query).toBeUndefined();
    }
  });

  it("writes the URL in a fixed order without empty values", () => {
    const filters = parse("visibility=shown&brand=HP&page=2");
    expect(adminProductsUrl(filters)).toBe("/admin/products?brand=HP&visibility=shown&page=2");
    expect(adminProductsUrl(filters, { page: 1, brand: undefined })).toBe("/admin/products?visibility=shown");
    expect(adminProductsUrl(parse(""))).toBe("/admin/products");
    expect(adminProductsUrl(parse("page=2&spec=cpu&specValue=Core+i5&brand=HP"))).toBe(
      "/admin/products?brand=HP&spec=cpu%3Acore-i5&page=2",
    );
  });
});
