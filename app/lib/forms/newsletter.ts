import { z } from "zod";

export const newsletterSchema = z.object({
  email: z
    .string({ required_error: "Email is Required" })
    .trim()
    .min(1, "Email is Required")
    .email("Email Should be valid")
    .max(254, "Email Should be valid"),
});
