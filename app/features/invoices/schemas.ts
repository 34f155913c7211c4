import { z } from "zod";
import { gstinProblem, normaliseGstin } from "./gst";
import { gstMessages } from "./messages";

/**
 * A buyer's GSTIN as typed in a form (checkout, a rental booking): optional; upper-cased and trimmed, then
 * checked to its check digit.
 */
export const gstinField = z
  .string()
  .max(40, gstMessages.gstinLength)
  .optional()
  .transform((typed, context) => {
    const value = normaliseGstin(typed ?? "");
    if (value === "") return undefined;
    const problem = gstinProblem(value);
    if (problem) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      return z.NEVER;
    }
    return value;
  });
