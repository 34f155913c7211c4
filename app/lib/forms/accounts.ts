import { z } from "zod";
import { emailField, LIMITS, mobileField, nameField, passwordField } from "./fields";

/** The spec's own messages for the account forms (section 5). */
export const accountMessages = {
  firstnameRequired: "First Name is Required",
  lastnameRequired: "Last Name is Required",
  passwordRequired: "Password is Required",
  profileEmailRequired: "Email is Required",
  profileEmailInvalid: "Email Should be valid",
  currentPasswordRequired: "Please enter your current password to change your email or mobile number",
  currentPasswordWrong: "Current password is incorrect",
} as const;

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
  password: passwordField("password is a required field", { checkStrength: true }),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({
  password: passwordField("password is a required field", { checkStrength: true }),
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
   * (and says accountMessages.currentPasswordRequired when it is missing).
   */
  currentPassword: z
    .string()
    .max(LIMITS.password, `password must be at most ${LIMITS.password} characters`)
    .optional(),
});

export type SignupValues = z.output<typeof signupSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
