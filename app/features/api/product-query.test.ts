import { describe, expect, it } from "vitest";
import { productListFilters } from "./product-query";

const filters = (query: string) => productListFilters(new URL(`http://shop.test/api/product${query}`));

describe("the API's product list query", () => {
  it("reads a hand-built query with empty pairs and bracket keys as they are sent", () => {
    expect(
      filters("?brand=HP&&tags=&category=Laptops&price[gte]=1000&price[lte]=90000&sort=-price"),
    ).toMatchObject({
      brand: "HP",
      category: "Laptops",
      tag: undefined,
      minPrice: 1000,
      maxPrice: 90000,
      sort: "-price",
      page: 1,
    });
  });

  it("reads percent-encoded brackets, a tag, and the next page", () => {
    expect(filters("?tags=Featured&price%5Blte%5D=5000&page=3")).toMatchObject({
      tag: "featured",
      maxPrice: 5000,
      page: 3,
    });
  });

  it("drops what the store would drop: an unknown sort or tag, a price that is not a whole number", () => {
    expect(filters("?sort=cheapest&tags=bargain&price[gte]=-5&price[lte]=1e9")).toMatchObject({
      sort: undefined,
      tag: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it("swaps a price range given the wrong way round, as the store does", () => {
    expect(filters("?price[gte]=9000&price[lte]=1000")).toMatchObject({ minPrice: 1000, maxPrice: 9000 });
  });
});
