import { describe, expect, it } from "vitest";
import { apiProduct } from "./shapes.server";

const row = {
  id: 7,
  title: "HP ProBook 440",
  brand: "HP",
  category: "Laptops",
  productType: "new",
  images: [{ url: "/images/products/probook.webp" }],
  originalPrice: 6_500_000,
  discountedPrice: 5_900_000,
  quantity: 4,
  sold: 2,
  totalRating: 4,
  createdAt: new Date("2026-11-01T10:00:00Z"),
  updatedAt: new Date("2026-11-02T10:00:00Z"),
};

describe("a product in the API's answers", () => {
  it("answers tags as one word, the first in the shop's order, and keeps every tag in tagList", () => {
    // Stored in another order than featured, special, popular (an import, a hand edit).
    expect(apiProduct({ ...row, tags: ["popular", "special"] })).toMatchObject({
      tags: "special",
      tagList: ["popular", "special"],
    });
    expect(apiProduct({ ...row, tags: ["popular"] })).toMatchObject({
      tags: "popular",
      tagList: ["popular"],
    });
    expect(apiProduct({ ...row, tags: [] })).toMatchObject({ tags: "", tagList: [] });
  });
});
