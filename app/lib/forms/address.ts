import { z } from "zod";
import { gstinProblem, normaliseGstin } from "~/lib/gst";
import { INDIAN_STATES } from "~/lib/indian-states";
import { addressMessages, fieldMessages, gstMessages } from "~/lib/messages";
import { nameField, requiredTypedText, typedText } from "./fields";

const required = (message: string, max = 200) => requiredTypedText(message, { max });

/** The shipping address. India only; the state from the full list; a 6-digit PIN code (not starting with 0). */
export const addressSchema = z.object({
  firstname: nameField(addressMessages.firstnameRequired),
  lastname: nameField(addressMessages.lastnameRequired),
  address: required(addressMessages.addressRequired),
  other: typedText({ max: 200 })
    .optional()
    .transform((value) => (value ? value : undefined)),
  city: required(addressMessages.cityRequired, 80),
  state: z.enum(INDIAN_STATES, { errorMap: () => ({ message: addressMessages.stateRequired }) }),
  country: z.literal("India", {
    errorMap: () => ({ message: addressMessages.countryRequired }),
  }),
  pincode: z
    .string({
      required_error: addressMessages.pincodeRequired,
      invalid_type_error: addressMessages.pincodeRequired,
    })
    .transform((typed, context) => {
      const digits = typed.replace(/\s+/g, "");
      if (digits === "") {
        context.addIssue({ code: z.ZodIssueCode.custom, message: addressMessages.pincodeRequired });
        return z.NEVER;
      }
      if (!/^[1-9]\d{5}$/.test(digits)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: fieldMessages.pincodeInvalid });
        return z.NEVER;
      }
      return digits;
    }),
});

export type AddressValues = z.output<typeof addressSchema>;

/** "GSTIN (for a business purchase)": optional; upper-cased and trimmed, then checked to its check digit. */
const gstin = z
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

/**
 * Place Order: the address with the shipping and payment choices, and a business buyer's GSTIN and name. A
 * post without choices (an older page, a script) is Standard shipping paid online, the choices the page
 * starts with; the server prices them.
 */
export const checkoutSchema = addressSchema
  .extend({
    shipping: z
      .enum(["standard", "express"], { errorMap: () => ({ message: addressMessages.shippingRequired }) })
      .default("standard"),
    payment: z
      .enum(["phonepe", "cod"], { errorMap: () => ({ message: addressMessages.paymentRequired }) })
      .default("phonepe"),
    gstin,
    businessName: typedText({ max: 100 })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((form, context) => {
    // Zod runs this even when the GSTIN failed: only a GSTIN that passed asks for the name.
    if (typeof form.gstin === "string" && !form.businessName) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["businessName"],
        message: gstMessages.businessNameRequired,
      });
    }
  });

export type CheckoutValues = z.output<typeof checkoutSchema>;
