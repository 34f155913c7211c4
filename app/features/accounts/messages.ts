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

/**
 * A customer's data on request (the Digital Personal Data Protection Act, 2023): the download and the deletion
 * on My Profile, and how an erased account is named wherever it still shows.
 */
export const personalDataMessages = {
  downloadHeading: "Your data",
  downloadIntro:
    "Download everything we keep about you: your profile, orders, rentals, reviews, wishlist, cart, the messages you sent us and your newsletter subscription, as one JSON file.",
  downloadLink: "Download my data",
  deleteHeading: "Delete my account",
  deleteIntro:
    "Deleting your account signs you out everywhere and erases your name, email address, mobile number, saved address, cart, wishlist and newsletter subscription. Your reviews stay, without your name.",
  deleteKept:
    "Your orders, their tax invoices and payments are kept as the GST law requires (72 months from the due date of the year's annual return), with the name and address printed on them.",
  deleteButton: "Delete my account",
  deleting: "Deleting…",
  passwordRequired: "Please enter your current password to delete your account",
  passwordHint: "Your current password confirms that it is you.",
  deleted:
    "Your account has been deleted. We have sent a confirmation to your email address. Thank you for shopping with us.",
  notDeleted: `${failureMessages.somethingWentWrong} Your account was not deleted. Please try again in a moment.`,
  /** Why a deletion is refused while something is still open: the orders or payments named. */
  stillOpen: (open: readonly string[]) =>
    `Your account cannot be deleted yet: ${open.join("; ")} ${open.length === 1 ? "is" : "are"} still open. Please delete it once ${open.length === 1 ? "it has" : "they have"} finished, or call us if you need help.`,
  openOrder: (orderId: number, status: string) => `order #${orderId} (${status})`,
  openCashOrder: (orderId: number) => `order #${orderId} (cash on delivery not yet collected)`,
  openRefund: (orderId: number) => `the refund of order #${orderId}`,
  openPayment: (merchantOrderId: string) => `the payment ${merchantOrderId} (not yet confirmed by PhonePe)`,
  openPaymentRefund: (merchantOrderId: string) => `the refund of payment ${merchantOrderId}`,
  /** How the back office names a customer whose account was erased (orders, refunds, search). */
  deletedCustomer: "Deleted customer",
  /** How the product page names the author of a review whose account was erased. */
  formerCustomer: "Former customer",
} as const;

/** The privacy policy's section on what a customer can do about their data (app/routes/shop/privacy-policy.tsx). */
export const privacyPolicyTexts = {
  heading: "Your data and your rights",
  download:
    "Download your data: on My Profile, “Download my data” gives you everything we keep about your account in one file: your profile, orders, rentals, reviews, wishlist, cart, the messages you sent us and your newsletter subscription.",
  correct:
    "Correct your data: you can change your name, email address and mobile number on My Profile at any time.",
  delete:
    "Delete your account: on My Profile, “Delete my account” erases your name, email address, mobile number, saved address, cart, wishlist, newsletter subscription and the messages you sent us, and signs you out everywhere. You confirm it with your password. We cannot delete an account while one of its orders or payments is still open; once it has finished, you can.",
  where: "Sign in and open",
  kept: "What we keep, and why: the GST law requires us to keep every order, its tax invoice or credit note and its payment for 72 months from the due date of the annual return of the year it belongs to, so these stay, with the name and address printed on them, and are used for nothing else. Your reviews stay too, without your name.",
  breach:
    "If your data is ever exposed: we will tell you and the Data Protection Board of India without delay, with what happened, what it means for you and what we are doing about it.",
  grievance: "Questions or complaints about your data? Write to our grievance contact:",
  board: "If we do not resolve your complaint, you may take it to the Data Protection Board of India.",
} as const;
