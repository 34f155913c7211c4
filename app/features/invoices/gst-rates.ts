/** GST rates: one home for the slabs in force (app/features/invoices/gst.ts re-exports them). */

/**
 * The GST slabs in force since 22 September 2025: nil, 5 %, 18 % and 40 % (the 12 % and 28 % slabs were folded
 * into these). The special rates of gold and rough diamonds (3 %, 0.25 %) are left out: the dealer sells
 * neither.
 */
export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** The rates as a form's choices (text, as a select posts them). */
export const GST_RATE_CHOICES = ["0", "5", "18", "40"] as const;

export function isGstRate(rate: number): rate is GstRate {
  return (GST_RATES as readonly number[]).includes(rate);
}
