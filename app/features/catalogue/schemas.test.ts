import { describe, expect, it } from "vitest";
import { addToCartSchema, cartQuantitySchema, reviewSchema } from "./schemas";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("product page forms", () => {
  it("add to cart needs a colour and a quantity of 1 to 10", () => {
    expect(firstMessage(addToCartSchema.safeParse({ quantity: "1" }))).toBe("Please choose Color");
    expect(firstMessage(addToCartSchema.safeParse({ color: "", quantity: "1" }))).toBe("Please choose Color");
    expect(firstMessage(addToCartSchema.safeParse({ color: "2", quantity: "11" }))).toBe(
      "Quantity must be between 1 and 10",
    );
    expect(firstMessage(addToCartSchema.safeParse({ color: "2", quantity: "0" }))).toBe(
      "Quantity must be between 1 and 10",
    );
    expect(addToCartSchema.parse({ color: "2", quantity: "3", price: "1" })).toEqual({
      color: 2,
      quantity: 3,
    });
  });

  it("a review needs stars and a comment", () => {
    expect(firstMessage(reviewSchema.safeParse({ comment: "Good" }))).toBe("Please add star rating");
    expect(firstMessage(reviewSchema.safeParse({ star: "6", comment: "Good" }))).toBe(
      "Please add star rating",
    );
    expect(firstMessage(reviewSchema.safeParse({ star: "4", comment: "   " }))).toBe(
      "Please Write Review About the Product",
    );
    expect(reviewSchema.parse({ star: "4", comment: " Good laptop " })).toEqual({
      star: 4,
      comment: "Good laptop",
    });
  });

  it("the cart quantity box accepts 1 to 10 only", () => {
    expect(cartQuantitySchema.safeParse({ lineId: "3", quantity: "10" }).success).toBe(true);
    expect(firstMessage(cartQuantitySchema.safeParse({ lineId: "3", quantity: "2.5" }))).toBe(
      "Quantity must be between 1 and 10",
    );
  });
});
