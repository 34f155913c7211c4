import { z } from "zod";
import { idField, requiredTypedText } from "./fields";

/** The spec's messages on the product page (section 5). */
export const productMessages = {
  chooseColour: "Please choose Color",
  quantityRange: "Quantity must be between 1 and 10",
  addStar: "Please add star rating",
  writeReview: "Please Write Review About the Product",
} as const;

export const REVIEW_MAX = 1000;

/** Add to Cart: a colour id and a quantity of 1–10. The price never comes from the form. */
export const addToCartSchema = z.object({
  color: idField(productMessages.chooseColour),
  quantity: z.coerce
    .number({
      required_error: productMessages.quantityRange,
      invalid_type_error: productMessages.quantityRange,
    })
    .int(productMessages.quantityRange)
    .min(1, productMessages.quantityRange)
    .max(10, productMessages.quantityRange),
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
    tooLong: `Please keep the review under ${REVIEW_MAX} characters`,
    multiline: true,
  }),
});

/** The cart page's quantity box. */
export const cartQuantitySchema = z.object({
  lineId: idField(),
  quantity: z.coerce
    .number({
      required_error: productMessages.quantityRange,
      invalid_type_error: productMessages.quantityRange,
    })
    .int(productMessages.quantityRange)
    .min(1, productMessages.quantityRange)
    .max(10, productMessages.quantityRange),
});
