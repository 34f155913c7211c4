import { z } from "zod";
import { emailField, LIMITS, mobileField, nameField, passwordField } from "~/lib/forms/fields";
import { defaultMessages } from "~/lib/messages";
import { accountMessages, personalDataMessages } from "./messages";

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

/** My Profile's deletion form: the current password confirms it; the intent tells it from the profile form. */
export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  currentPassword: passwordField(personalDataMessages.passwordRequired, { checkStrength: false }),
});

/** Every form My Profile posts: the profile form sends no intent, the deletion form its own. */
export const myProfileFormsSchema = z.union([profileSchema, deleteAccountSchema]);

export type SignupValues = z.output<typeof signupSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
