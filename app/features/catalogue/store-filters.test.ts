import { describe, expect, it } from "vitest";
import {
  activeFilterChips,
  effectiveSort,
  parseStoreFilters,
  storeTitleLimit,
  storeUrl,
  toggleType,
} from "./store-filters";
import { canonicalRedirect, readStoreFilters, specFilterChips } from "./store-url.server";

/** The filters as the server reads a URL: its facets checked against the category's. */
const parse = (query: string) => readStoreFilters(new URLSearchParams(query));
const redirectFor = (query: string) => canonicalRedirect(new URL(`http://shop.test/product?${query}`));

describe("parseStoreFilters", () => {
  it("reads every filter from the URL", () => {
    expect(
      parse(
        "q=think&category=Laptops&type=refurbished&brand=Lenovo&tag=featured&minPrice=20000&maxPrice=90000&ram=16&sort=price&grid=3&page=2",
      ),
    ).toEqual({
      q: "think",
      category: "Laptops",
      types: ["refurbished"],
      brand: "Lenovo",
      tag: "featured",
      minPrice: 20000,
      maxPrice: 90000,
      specs: { ram: ["16"] },
      sort: "price",
      grid: 3,
      page: 2,
    });
  });

  it("falls back to the defaults for invalid values", () => {
    const f = parse("minPrice=abc&grid=5&page=-1&sort=cheapest&tag=cheap");
    expect(f).toMatchObject({ grid: 4, page: 1 });
    expect(f.sort).toBeUndefined();
    expect(f.minPrice).toBeUndefined();
    expect(f.tag).toBeUndefined();
  });

  it("cuts a long search to 100 characters and reads control characters as spaces, never dropping it", () => {
    expect(parse(`q=${"lenovo ".repeat(150)}`).q).toHaveLength(100);
    expect(parse("q=dell%00%07i5").q).toBe("dell i5");
    expect(parse("q=%20%20").q).toBeUndefined();
    expect(redirectFor(`q=${"x".repeat(1_000)}`)).toBe(`/product?q=${"x".repeat(100)}`);
  });

  it("swaps a From price above the To price", () => {
    expect(parse("minPrice=5000&maxPrice=1000")).toMatchObject({ minPrice: 1000, maxPrice: 5000 });
  });
});

describe("specification facets in the URL", () => {
  it("read a repeated key as several values of one facet, in the facet's order, each once", () => {
    expect(parse("category=Laptops&cpu=ryzen-5&cpu=core-i5&cpu=core-i5&ram=16").specs).toEqual({
      cpu: ["core-i5", "ryzen-5"],
      ram: ["16"],
    });
  });

  it("redirect to the canonical URL: facets sorted, repeats and unknown keys or values gone", () => {
    expect(redirectFor("category=Laptops&ram=16&cpu=ryzen-5&cpu=core-i5&screen=14-15.6")).toBe(
      "/product?category=Laptops&cpu=core-i5&cpu=ryzen-5&ram=16&screen=14-15.6",
    );
    expect(redirectFor("category=Laptops&cpu=core-i5&ram=16")).toBeNull();
    expect(redirectFor("category=Laptops&ram=16&ram=16")).toBe("/product?category=Laptops&ram=16");
    expect(redirectFor("category=Laptops&ram=17&cpu=pentium-pro&colour=red")).toBe(
      "/product?category=Laptops",
    );
    expect(redirectFor("category=CCTV&ram=16&mp=4"), "a laptop's facet on cameras").toBe(
      "/product?category=CCTV&mp=4",
    );
    expect(redirectFor("ram=16&page=3")).toBeNull();
  });

  it("read keys named like an object's own properties as unknown facets, not as a crash", () => {
    expect(parseStoreFilters(new URLSearchParams("constructor=x&tostring=y&ram=16")).specs).toEqual({
      constructor: ["x"],
      tostring: ["y"],
      ram: ["16"],
    });
    expect(redirectFor("category=Laptops&constructor=x&ram=16")).toBe("/product?category=Laptops&ram=16");
  });

  it("drop the page when a facet value is added or removed, and the facets another category has not", () => {
    const filters = parse("category=Laptops&ram=16&page=3");
    const [chip] = specFilterChips(filters).filter((one) => one.key === "ram=16");
    expect(chip).toMatchObject({ label: "RAM: 16 GB", href: "/product?category=Laptops" });
    expect(storeUrl(filters, { category: "CCTV", specs: {}, page: 1 })).toBe("/product?category=CCTV");
  });
});

describe("the product type in the URL", () => {
  it("reads a repeated type as either, in the types' order, each once, known types only", () => {
    expect(parse("type=rental&type=new&type=new").types).toEqual(["new", "rental"]);
    expect(parse("type=refurbished").types).toEqual(["refurbished"]);
    expect(parse("type=used&type=Refurbished&type=").types).toEqual([]);
    expect(parse("").types).toEqual([]);
    // The store's own key, never read as a specification facet.
    expect(parseStoreFilters(new URLSearchParams("type=new&type=used")).specs).toEqual({});
  });

  it("redirects to the canonical URL: after the category, in order, unknown types gone", () => {
    expect(redirectFor("category=Laptops&type=refurbished")).toBeNull();
    expect(redirectFor("type=new&type=refurbished")).toBeNull();
    expect(redirectFor("type=refurbished&category=Laptops")).toBe(
      "/product?category=Laptops&type=refurbished",
    );
    expect(redirectFor("type=rental&type=new&type=rental")).toBe("/product?type=new&type=rental");
    expect(redirectFor("type=used&type=refurbished")).toBe("/product?type=refurbished");
    expect(redirectFor("type=REFURBISHED&brand=HP")).toBe("/product?brand=HP");
  });

  it("combines with the search, the category, the brand, the price and the facets in one clean URL", () => {
    const query =
      "q=dell&category=Laptops&type=new&type=refurbished&brand=Dell&minPrice=100&ram=16&sort=price";
    expect(redirectFor(query)).toBeNull();
    expect(parse(query)).toMatchObject({
      types: ["new", "refurbished"],
      specs: { ram: ["16"] },
      brand: "Dell",
    });
  });

  it("toggles one type in the types' order, and a change of type goes back to the first page", () => {
    expect(toggleType(["rental"], "new")).toEqual(["new", "rental"]);
    expect(toggleType(["new", "rental"], "new")).toEqual(["rental"]);
    const filters = parse("category=CCTV&type=new&page=2");
    expect(storeUrl(filters, { types: toggleType(filters.types, "refurbished"), page: 1 })).toBe(
      "/product?category=CCTV&type=new&type=refurbished",
    );
    expect(storeUrl(filters, { category: "Laptops", specs: {}, page: 1 }), "kept on another category").toBe(
      "/product?category=Laptops&type=new",
    );
  });
});

describe("canonicalRedirect", () => {
  it("leaves a clean URL alone", () => {
    expect(redirectFor("brand=Dell&sort=price&grid=3")).toBeNull();
    expect(canonicalRedirect(new URL("http://shop.test/product"))).toBeNull();
  });

  it("sends invalid or empty parameters to the clean URL, keeping the valid ones", () => {
    expect(redirectFor("minPrice=abc&brand=Dell")).toBe("/product?brand=Dell");
    expect(redirectFor("grid=5")).toBe("/product");
    expect(redirectFor("page=-1&sort=price")).toBe("/product?sort=price");
    expect(redirectFor("sort=cheapest")).toBe("/product");
    expect(redirectFor("category=&brand=&minPrice=&maxPrice=&sort=-createdAt&grid=4")).toBe("/product");
    expect(redirectFor("grid=3&brand=HP")).toBe("/product?brand=HP&grid=3");
  });
});

describe("effectiveSort", () => {
  it("ranks a search by relevance unless a sort was chosen", () => {
    expect(effectiveSort(parse("q=dell"))).toBe("relevance");
    expect(effectiveSort(parse("q=dell&sort=price"))).toBe("price");
    expect(effectiveSort(parse(""))).toBe("-createdAt");
    expect(redirectFor("q=dell&sort=-createdAt")).toBeNull();
    expect(redirectFor("sort=-createdAt")).toBe("/product");
  });
});

describe("storeUrl", () => {
  it("changes one filter and keeps the rest", () => {
    const f = parse("brand=Dell&sort=price&page=3");
    expect(storeUrl(f, { page: 4 })).toBe("/product?brand=Dell&sort=price&page=4");
    expect(storeUrl(f, { brand: undefined, page: 1 })).toBe("/product?sort=price");
  });
});

describe("storeTitleLimit", () => {
  it("cuts at 80 on 3 and 4 columns, not on 6 or 12", () => {
    expect(storeTitleLimit(3)).toBe(80);
    expect(storeTitleLimit(4)).toBe(80);
    expect(storeTitleLimit(6)).toBeUndefined();
    expect(storeTitleLimit(12)).toBeUndefined();
  });
});

describe("activeFilterChips", () => {
  it("has none for the plain store, a search, a sort, a grid or a page", () => {
    expect(
      activeFilterChips(parseStoreFilters(new URLSearchParams("q=dell&sort=price&grid=3&page=2"))),
    ).toEqual([]);
  });

  it("names each filter in force and links to the store without it, on its first page", () => {
    const filters = parseStoreFilters(
      new URLSearchParams(
        "q=laptop&category=Laptops&brand=Dell&tag=featured&minPrice=40000&maxPrice=90000&sort=price&grid=3&page=2",
      ),
    );
    expect(activeFilterChips(filters)).toEqual([
      {
        key: "category",
        label: "Category: Laptops",
        href: "/product?q=laptop&brand=Dell&tag=featured&minPrice=40000&maxPrice=90000&sort=price&grid=3",
      },
      {
        key: "brand",
        label: "Brand: Dell",
        href: "/product?q=laptop&category=Laptops&tag=featured&minPrice=40000&maxPrice=90000&sort=price&grid=3",
      },
      {
        key: "tag",
        label: "Tag: Featured",
        href: "/product?q=laptop&category=Laptops&brand=Dell&minPrice=40000&maxPrice=90000&sort=price&grid=3",
      },
      {
        key: "minPrice",
        label: "From Rs. 40,000",
        href: "/product?q=laptop&category=Laptops&brand=Dell&tag=featured&maxPrice=90000&sort=price&grid=3",
      },
      {
        key: "maxPrice",
        label: "Up to Rs. 90,000",
        href: "/product?q=laptop&category=Laptops&brand=Dell&tag=featured&minPrice=40000&sort=price&grid=3",
      },
    ]);
  });

  it("gives each chosen type a chip that takes that type off, and no chip for a type not chosen", () => {
    const filters = parseStoreFilters(new URLSearchParams("category=Laptops&type=new&type=refurbished"));
    expect(activeFilterChips(filters)).toEqual([
      { key: "category", label: "Category: Laptops", href: "/product?type=new&type=refurbished" },
      { key: "type=new", label: "Type: New", href: "/product?category=Laptops&type=refurbished" },
      { key: "type=refurbished", label: "Type: Refurbished", href: "/product?category=Laptops&type=new" },
    ]);
    expect(activeFilterChips(parseStoreFilters(new URLSearchParams("category=Laptops")))).toEqual([
      { key: "category", label: "Category: Laptops", href: "/product" },
    ]);
  });

  it("removing the only filter goes back to the plain store", () => {
    expect(activeFilterChips(parseStoreFilters(new URLSearchParams("brand=HP")))).toEqual([
      { key: "brand", label: "Brand: HP", href: "/product" },
    ]);
  });
});
