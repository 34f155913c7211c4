import { z } from "zod";
import { addToCartSchema, reviewSchema } from "~/features/catalogue/schemas";
import { checkoutSchema } from "~/features/orders/schemas";
import { idField } from "~/lib/forms/fields";
import { apiMessages } from "./messages";

/*
 * The JSON API's request bodies (decision 0045), made of the features' own schemas so their rules and messages
 * apply unchanged; only the field names are the earlier shop's. A field the shop does not take (a price, a
 * total, a list of items) is dropped, never read.
 */

/** PUT product/Wishlist. */
export const wishlistBody = z.object({ prodId: idField() });

/** PUT product/rating: a review of the product. */
export const ratingBody = reviewSchema.extend({ prodId: idField() });

/** POST user/cart: the product, its colour and how many; the posted price is not read. */
export const cartBody = addToCartSchema.extend({ productId: idField() });

/**
 * The address as the checkout page names its fields (`firstname`, `lastname`, `other`), or as the earlier shop's
 * clients do: `firstName`, `lastName` and `landmark`. The page's name wins when a client sends both spellings of a
 * name; a landmark goes after the second line (`other`) when both are sent.
 */
export function pageSpelling(address: unknown): unknown {
  if (typeof address !== "object" || address === null || Array.isArray(address)) return address;
  const entries: [string, unknown][] = Object.entries(address);
  const { firstName, lastName, landmark, ...fields } = Object.fromEntries(entries);
  const line = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
  const other = [line(fields.other), line(landmark)].filter((part) => part !== undefined);
  return {
    ...fields,
    firstname: fields.firstname ?? firstName,
    lastname: fields.lastname ?? lastName,
    other: other.length > 0 ? other.join(", ") : (fields.other ?? landmark),
  };
}

/** The delivery address of an order, in either spelling (pageSpelling), checked by the checkout's rules. */
const shippingInfo = z
  .preprocess(pageSpelling, checkoutSchema)
  .describe(
    "The delivery address as the checkout page takes it; firstName, lastName and landmark (the earlier shop's clients' names) are read as firstname, lastname and other",
  );

/** POST user/order/checkout: the address; the shipping choice as the checkout form's (Standard when left out). */
export const checkoutBody = z.object({ shippingInfo });

/** A payment's id as the shop makes them ("KC2026…"): letters, digits, - and _ only. */
const paymentId = z
  .string({
    required_error: apiMessages.transactionRequired,
    invalid_type_error: apiMessages.transactionRequired,
  })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, apiMessages.transactionRequired);

/** POST user/order/verify-payment/phonepe: the payment's id, from the return address's query. */
export const verifyBody = z.object({
  merchantTransactionId: paymentId,
  transactionId: z.string().max(64).optional(),
});

/**
 * POST user/cart/create-order: the order of a payment that completed (its `paymentInfo.merchantTransactionId`),
 * or a cash-on-delivery order of the server's cart (`paymentInfo.method` "cod") to `shippingInfo`. Items and
 * totals posted are not read.
 */
export const createOrderBody = z.object({
  paymentInfo: z
    .object({
      merchantTransactionId: paymentId.optional(),
      method: z.string().max(20).optional(),
    })
    .default({}),
  shippingInfo: shippingInfo.optional(),
});
