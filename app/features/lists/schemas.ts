import { z } from "zod";

/**
 * The heart's and Add to compare's form: which product, added or removed (`redirectTo`, the page to go back
 * to, is kept for every form by readForm). readForm keeps only these fields and refuses a form that repeats
 * one, so the actions can read each as the one value it is.
 */
export const listChangeSchema = z.object({
  productId: z.string(),
  intent: z.enum(["add", "remove"]),
});
