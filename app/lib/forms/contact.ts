import { z } from "zod";
import { contactMessages, fieldMessages } from "~/lib/messages";
import { normaliseIndianMobile } from "~/lib/mobile";
import { requiredTypedText } from "./fields";

export const CONTACT_LIMITS = { name: 100, email: 254, comment: 2000 } as const;

/**
 * The Contact Us enquiry form, checked on the server and (through Conform) in the browser. Values are trimmed;
 * the mobile number comes out as its bare 10 digits.
 */
export const contactSchema = z.object({
  name: requiredTypedText(contactMessages.nameRequired, {
    max: CONTACT_LIMITS.name,
    tooLong: fieldMessages.nameTooLong(CONTACT_LIMITS.name),
  }),
  email: z
    .string({
      required_error: contactMessages.emailRequired,
      invalid_type_error: contactMessages.emailRequired,
    })
    .trim()
    .min(1, contactMessages.emailRequired)
    // An empty address gets only "Email is Required", not "Email Should be valid" as well.
    .pipe(
      z
        .string()
        .max(CONTACT_LIMITS.email, fieldMessages.emailTooLong(CONTACT_LIMITS.email))
        .email(contactMessages.emailInvalid),
    ),
  mobile: z
    .string({
      required_error: contactMessages.mobileRequired,
      invalid_type_error: contactMessages.mobileRequired,
    })
    .transform((typed, context) => {
      const mobile = normaliseIndianMobile(typed);
      if (mobile === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: contactMessages.mobileRequired });
        return z.NEVER;
      }
      return mobile;
    }),
  comment: requiredTypedText(contactMessages.commentRequired, {
    max: CONTACT_LIMITS.comment,
    tooLong: fieldMessages.commentTooLong(CONTACT_LIMITS.comment),
    multiline: true,
  }),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
