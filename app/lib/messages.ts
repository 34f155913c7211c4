/**
 * The messages every feature shares: the forms' field and limit messages and the shop's generic toasts. A
 * feature's own messages are in its folder (app/features/<feature>/messages.ts). Texts the shop's rules fix
 * (docs/shop-rules.md) are kept exactly as written there, typos included.
 */
import { MAX_QUANTITY, MIN_QUANTITY } from "./limits";
import { minutesText } from "./text";

// ---------------------------------------------------------------------------------------------------------
// The forms' messages (docs/shop-rules.md, "Texts kept word for word")
// ---------------------------------------------------------------------------------------------------------

/** Other: the form library's defaults, where the shop's rules give no custom message. */
export const defaultMessages = {
  required: (field: string) => `${field} is a required field`,
  invalidEmail: (field: string) => `${field} must be a valid email`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// What the shop's calls answer (docs/shop-rules.md)
// ---------------------------------------------------------------------------------------------------------

export const callMessages = {
  wishlistAdded: "Product Added to Wishlist!",
} as const;

// ---------------------------------------------------------------------------------------------------------
// The shop's error toasts (docs/shop-rules.md)
// ---------------------------------------------------------------------------------------------------------

/** Toast 'Something Went Wrong!' (cart, order, profile, password reset) and 'Something Went Wrong' (enquiry). */
export const failureMessages = {
  somethingWentWrong: "Something Went Wrong!",
  enquiryFailed: "Something Went Wrong",
} as const;

/** Success toasts. */
export const successMessages = {
  userCreated: "User Created Successfully",
  loggedIn: "User Logged In Successfully",
  addedToCart: "Product Added To Cart",
  deletedFromCart: "Product Deleted From Cart Successfully!",
  cartUpdated: "Product Updated Successfully!",
  ordered: "Ordered createad Successfully!",
  profileUpdated: "Profile Updated Successfully!",
  resetMailSent: "Forgot Password Email Sent Successfully!",
  passwordChanged: "Password change Successfully!",
  ratingAdded: "Rating Added Successfully",
  enquirySent: "Contact Form Submitted Successfully",
} as const;

// ---------------------------------------------------------------------------------------------------------
// The shop's own messages (cases the shop's rules leave open)
// ---------------------------------------------------------------------------------------------------------

/** Field limits and input hygiene, in every form. */
export const fieldMessages = {
  untypable: "Please remove the invisible or unsupported characters from this field",
  tooLong: (max: number) => `must be ${max} characters or fewer`,
  noSuchItem: "This item could not be found",
  pincodeInvalid: "pincode must be a 6-digit PIN code",
  quantityRange: `Quantity must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}`,
  reviewTooLong: (max: number) => `Please keep the review under ${max} characters`,
  nameTooLong: (max: number) => `Name must be ${max} characters or fewer`,
  emailTooLong: (max: number) => `Email must be ${max} characters or fewer`,
  commentTooLong: (max: number) => `Comments must be ${max} characters or fewer`,
} as const;

/** Rate limits. */
export const limitMessages = {
  tooManyAttemptsSeconds: (seconds: string) => `Too many attempts. Please try again in ${seconds}.`,
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${minutesText(minutes)}.`,
  busy: "The shop is busy; try again shortly",
} as const;
