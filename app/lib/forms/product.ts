import { z } from "zod";
import { MAX_QUANTITY, MIN_QUANTITY } from "~/lib/limits";
import { fieldMessages, productMessages } from "~/lib/messages";
import { idField, requiredTypedText } from "./fields";

export const REVIEW_MAX = 1000;

/** A quantity of 1–10 (spec section 9), the same rule on the product page and in the cart. */
const quantityField = z.coerce
  .number({ required_error: fieldMessages.quantityRange, invalid_type_error: fieldMessages.quantityRange })
  .int(fieldMessages.quantityRange)
  .min(MIN_QUANTITY, fieldMessages.quantityRange)
  .max(MAX_QUANTITY, fieldMessages.quantityRange);

/** Add to Cart: a colour id and a quantity. The price never comes from the form. */
export const addToCartSchema = z.object({
  color: idField(productMessages.chooseColour),
  quantity: quantityField,
});

/** A review: 1–5 stars and a comment. */
export const reviewSchema = z.object({
  star: z.coerce
    .number({ required_error: productMessages.addStar, invalid_type_error: productMessages.addStar })
    .int(productMessages.addStar)
    .min(1, productMessages.addStar)
    .max(5, productMessages.addStar),
  comment: requiredTypedText(productMessages.writeReview, {
    max: REVIEW_MAX,
    tooLong: fieldMessages.reviewTooLong(REVIEW_MAX),
    multiline: true,
  }),
});

/** The product page's two forms, told apart by the submit button's `intent`. */
export const productPageSchema = z.discriminatedUnion("intent", [
  addToCartSchema.extend({ intent: z.literal("add-to-cart") }),
  reviewSchema.extend({ intent: z.literal("review") }),
]);

/** The cart page's quantity box. */
export const cartQuantitySchema = z.object({
  lineId: idField(),
  quantity: quantityField,
});
