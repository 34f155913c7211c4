import { z } from "zod";
import { emailField, LIMITS, mobileField, nameField, passwordField } from "~/lib/forms/fields";
import { defaultMessages } from "~/lib/messages";
import { accountMessages } from "./messages";

export const loginSchema = z.object({
  email: emailField(),
  password: passwordField(accountMessages.passwordRequired, { checkStrength: false }),
  redirectTo: z.string().optional(),
});

export const signupSchema = z.object({
  firstname: nameField(accountMessages.firstnameRequired),
  lastname: nameField(accountMessages.lastnameRequired),
  email: emailField(),
  mobile: mobileField(),
  password: passwordField(defaultMessages.required("password"), { checkStrength: true }),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({
  password: passwordField(defaultMessages.required("password"), { checkStrength: true }),
});

export const profileSchema = z.object({
  firstname: nameField(accountMessages.firstnameRequired),
  lastname: nameField(accountMessages.lastnameRequired),
  email: emailField({
    required: accountMessages.profileEmailRequired,
    invalid: accountMessages.profileEmailInvalid,
  }),
  mobile: mobileField(),
  /**
   * Needed only when the e-mail or mobile number changes; the server, which knows the stored ones, decides
   * (and says accountProblems.currentPasswordRequired when it is missing).
   */
  currentPassword: z
    .string()
    .max(LIMITS.password, `password must be at most ${LIMITS.password} characters`)
    .optional(),
});

export type SignupValues = z.output<typeof signupSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
