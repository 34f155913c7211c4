import { z } from "zod";
import { contactMessages } from "~/lib/messages";

export const newsletterSchema = z.object({
  email: z
    .string({ required_error: contactMessages.emailRequired })
    .trim()
    .min(1, contactMessages.emailRequired)
    .email(contactMessages.emailInvalid)
    .max(254, contactMessages.emailInvalid),
});
