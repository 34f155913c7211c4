import { z } from "zod";

/**
 * The heart's and Add to compare's form: which product, added or removed (`redirectTo`, the page to go back
 * to, is kept for every form by readForm). The actions read these fields one by one (a repeated field takes its
 * first value, see the hostile suite); the schema names what the form may carry, so nothing else is read.
 */
export const listChangeSchema = z.object({
  productId: z.string(),
  intent: z.enum(["add", "remove"]),
});
