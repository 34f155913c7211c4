import { describe, expect, it } from "vitest";
import { FALLBACK_IMAGE } from "~/features/catalogue";
import { apiOrder, apiProduct } from "./shapes.server";

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

describe("an order in the API's answers", () => {
  it("gives each item's product with its pictures, and the stand-in picture for one gone or without any", () => {
    const item = { quantity: 1, unitPrice: 5_900_000, colourValue: "#000000" };
    const order = apiOrder(
      {
        id: 12,
        totalPrice: 6_500_000,
        totalPriceAfterDiscount: 5_900_000,
        status: "Ordered",
        createdAt: new Date("2026-11-03T10:00:00Z"),
        paymentMethod: "PhonePe",
        shippingInfo: {},
        items: [
          { ...item, id: 1, productId: 7, title: "HP ProBook 440" },
          { ...item, id: 2, productId: 8, title: "A laptop with no photo yet" },
          { ...item, id: 3, productId: null, title: "A laptop the dealer deleted" },
        ],
      },
      new Map([
        [7, [{ url: "/images/products/probook.webp" }, { url: "/images/products/probook-side.webp" }]],
        [8, []],
      ]),
    );
    expect(order.orderItems.map((each) => each.product)).toEqual([
      {
        _id: "7",
        title: "HP ProBook 440",
        images: [{ url: "/images/products/probook.webp" }, { url: "/images/products/probook-side.webp" }],
      },
      { _id: "8", title: "A laptop with no photo yet", images: [{ url: FALLBACK_IMAGE }] },
      { _id: null, title: "A laptop the dealer deleted", images: [{ url: FALLBACK_IMAGE }] },
    ]);
  });
});
