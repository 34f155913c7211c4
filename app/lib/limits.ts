/**
 * The shop's business constants and limits (docs/shop-rules.md), in one place. The database's own checks
 * (app/db/schema.ts) are built from the same numbers.
 */

/** A shopper puts 1 to 10 of a product in the cart (the shop's rules: a quantity of 1 to 10). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

/** At or below this many units the product page says "Only N left" instead of "In Stock". */
export const LOW_STOCK = 5;

/** Flat shipping fee charged at checkout, in paise (Rs. 100). */
export const SHIPPING_FEE_PAISE = 10_000;

/** How many characters of a title each card shows (the shop's rules: 70 on home cards, 80 on store cards, 20 on special). */
export const TITLE_CUTS = { home: 70, store: 80, special: 20 } as const;

/** Products the compare page holds at once. */
export const MAX_COMPARE = 4;

/** Whether `n` is a quantity a shopper may put in the cart. */
export function isAllowedQuantity(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_QUANTITY && n <= MAX_QUANTITY;
}
