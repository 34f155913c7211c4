/**
 * The back office forms' limits, apart from their schemas (lib/forms/*.ts, which import zod) so that the
 * pages that show them in hints and attributes do not carry the validation library: importing a constant from
 * a schema module puts zod in the page's JavaScript (docs/decisions/0025-forms-checked-lazily.md).
 */

/** The catalogue's limits in the back office. */
export const PRODUCT_LIMITS = {
  title: 200,
  /** Characters of HTML as typed; the form is sent as multipart, so even Kannada stays far under 64 KB. */
  description: 10_000,
  brand: 60,
  category: 60,
  colourName: 40,
  alt: 200,
  /** Rs. 20 lakh: ten of the dearest product (a full cart line) still fit a PostgreSQL integer of paise. */
  maxPricePaise: 20_00_000 * 100,
  maxStock: 100_000,
  /** Pictures a product holds; the first is the one on its card. */
  images: 12,
} as const;

export const BLOG_LIMITS = { title: 150, category: 40, description: 20_000 } as const;
export const REPLY_LIMITS = { subject: 150, message: 5_000 } as const;

/** The order page's forms. */
export const COURIER_MAX = 60;
export const TRACKING_MIN = 4;
export const TRACKING_MAX = 40;
export const ORDER_NOTE_MAX = 500;
