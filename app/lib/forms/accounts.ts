import { z } from "zod";
import { emailField, mobileField, nameField, passwordField } from "./fields";

/** The spec's own messages for the account forms (section 5). */
export const accountMessages = {
  firstnameRequired: "First Name is Required",
  lastnameRequired: "Last Name is Required",
  passwordRequired: "Password is Required",
  profileEmailRequired: "Email is Required",
  profileEmailInvalid: "Email Should be valid",
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
});

export type SignupValues = z.output<typeof signupSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
