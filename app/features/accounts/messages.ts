/** What the accounts feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */

import { failureMessages } from "~/lib/messages";

/** Login, Forgot password, Sign up, Reset password and the Profile form. */
export const accountMessages = {
  firstnameRequired: "First Name is Required",
  lastnameRequired: "Last Name is Required",
  passwordRequired: "Password is Required",
  profileEmailRequired: "Email is Required",
  profileEmailInvalid: "Email Should be valid",
} as const;

/** Accounts: log-in, sign-up, profile and password reset. */
export const accountProblems = {
  emailTaken: "User Already Exists",
  badCredentials: "Invalid email or password",
  emailUsedElsewhere: "This email is already used by another account",
  currentPasswordRequired: "Please enter your current password to change your email or mobile number",
  currentPasswordWrong: "Current password is incorrect",
  commonPassword: "This password is too common. Please choose one that is harder to guess.",
  profileNotSaved: "Something Went Wrong! Your profile was not saved.",
  loginBusy: "Too many people are logging in right now. Please try again in a few seconds.",
  resetLinkUnknown: "This password reset link is not valid. Please ask for a new one.",
  resetLinkExpired:
    "This password reset link has expired (links work for 30 minutes). Please ask for a new one.",
  resetLinkUsed: "This password reset link has already been used. Please ask for a new one.",
  resetNotStarted: `${failureMessages.somethingWentWrong} Please try again in a moment.`,
} as const;
