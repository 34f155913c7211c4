import { z } from "zod";
import { INDIAN_STATES } from "~/lib/indian-states";
import { addressMessages, fieldMessages } from "~/lib/messages";
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

/**
 * Place Order: the address with the shipping and payment choices. A post without choices (an older page, a
 * script) is Standard shipping paid online, the choices the page starts with; the server prices them.
 */
export const checkoutSchema = addressSchema.extend({
  shipping: z
    .enum(["standard", "express"], { errorMap: () => ({ message: addressMessages.shippingRequired }) })
    .default("standard"),
  payment: z
    .enum(["phonepe", "cod"], { errorMap: () => ({ message: addressMessages.paymentRequired }) })
    .default("phonepe"),
});

export type CheckoutValues = z.output<typeof checkoutSchema>;
