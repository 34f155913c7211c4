/**
 * Every message the shopper reads, in one place. The first part follows the specification's sections
 * (its sections on validation rules, the calls the shop makes and the error catalogue)
 * so a reviewer can hold one against the other; keep those texts exactly as the spec writes them, typos
 * included. The second part holds the shop's own messages, for cases the spec does not cover; the back
 * office's staff, order and content messages are in admin-messages.ts (apart, so a shopper's page does not
 * load them).
 */
import { MAX_QUANTITY, MIN_QUANTITY } from "./limits";
import { imageTooLargeMessage } from "./request-limits.mjs";

// ---------------------------------------------------------------------------------------------------------
// Spec section 5: Validation rules
// ---------------------------------------------------------------------------------------------------------

/** Contact form. */
export const contactMessages = {
  nameRequired: "First Name is Required",
  emailRequired: "Email is Required",
  emailInvalid: "Email Should be valid",
  mobileRequired: "Mobile No is Required",
  commentRequired: "comments is Required",
} as const;

/** Login, Forgot password, Sign up, Reset password and the Profile form. */
export const accountMessages = {
  firstnameRequired: "First Name is Required",
  lastnameRequired: "Last Name is Required",
  passwordRequired: "Password is Required",
  profileEmailRequired: "Email is Required",
  profileEmailInvalid: "Email Should be valid",
} as const;

/** Address form (checkout). */
export const addressMessages = {
  firstnameRequired: "First Name is Required",
  lastnameRequired: "Last Name is Required",
  addressRequired: "Address Details are Required",
  stateRequired: "State is Required",
  cityRequired: "City is Required",
  countryRequired: "Country is Required",
  /** "No custom message": the form library's default, below. */
  pincodeRequired: "pincode is a required field",
  shippingRequired: "Choose Standard or Express delivery",
  paymentRequired: "Choose how you would like to pay",
} as const;

/** Product page. */
export const productMessages = {
  chooseColour: "Please choose Color",
  addStar: "Please add star rating",
  writeReview: "Please Write Review About the Product",
} as const;

/** Other: the form library's defaults, where the spec gives no custom message. */
export const defaultMessages = {
  required: (field: string) => `${field} is a required field`,
  invalidEmail: (field: string) => `${field} must be a valid email`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Spec section 7: The calls it makes (stored messages)
// ---------------------------------------------------------------------------------------------------------

export const callMessages = {
  wishlistAdded: "Product Added to Wishlist!",
} as const;

// ---------------------------------------------------------------------------------------------------------
// Spec section 8: Error catalogue
// ---------------------------------------------------------------------------------------------------------

/** Toast 'Something Went Wrong!' (cart, order, profile, password reset) and 'Something Went Wrong' (enquiry). */
export const failureMessages = {
  somethingWentWrong: "Something Went Wrong!",
  enquiryFailed: "Something Went Wrong",
} as const;

/** Payment messages; the provider is named in them. */
export const paymentMessages = {
  notStarted: "Failed to initiate PhonePe payment.",
  startFailed: (message: string) => `Something went wrong with PhonePe: ${message}`,
  verificationFailed: "Payment verification failed.",
  verifyError: "Error verifying payment.",
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
// The shop's own messages (the spec is silent on these cases)
// ---------------------------------------------------------------------------------------------------------

const minutesText = (minutes: number) => (minutes === 1 ? "1 minute" : `${minutes} minutes`);

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

/** Contact form. */
export const enquiryProblems = {
  notSent: `${failureMessages.enquiryFailed}. Your message was not sent; please try again in a moment.`,
} as const;

/** Rate limits. */
export const limitMessages = {
  tooManyAttemptsSeconds: (seconds: string) => `Too many attempts. Please try again in ${seconds}.`,
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${minutesText(minutes)}.`,
  busy: "The shop is busy; try again shortly",
} as const;

/** Cart, wishlist and compare. */
export const listMessages = {
  productNotFound: "That product could not be found.",
  lineGone: "That item is no longer in your cart.",
  outOfStock: "Sorry, this product is out of stock.",
  onlyInStock: (stock: number) => `Sorry, only ${stock} ${stock === 1 ? "unit is" : "units are"} in stock.`,
  compareAdded: "Product added to compare",
  compareAlready: "This product is already in your compare list",
  compareFull: (max: number) => `You can compare up to ${max} products. Remove one first.`,
  compareRemoved: "Product removed from compare",
} as const;

/** Newsletter box. */
export const newsletterMessages = {
  subscribed: "Subscribed to our newsletter. Thank you!",
  alreadySubscribed: "You are already subscribed to our newsletter.",
} as const;

/** Checkout and payment, beyond the spec's four payment messages. */
export const checkoutMessages = {
  emptyCart: "Your cart is empty.",
  // The hotline is the settings' (readShopSettings), so these take it.
  tooLargeToPayOnline: (limit: string, hotline: string) =>
    `Orders over ${limit} cannot be paid online. Please call us on ${hotline} to place this order.`,
  stillChecking:
    "We could not reach PhonePe just now. Your payment is safe; this page keeps checking and your order is placed as soon as PhonePe confirms it.",
  refunded:
    "Sorry, an item in your order ran out of stock while you were paying. No order was placed and your payment has been refunded.",
  refundFailed: (hotline: string) =>
    `Sorry, an item in your order ran out of stock while you were paying, and PhonePe could not refund it automatically. Please call us on ${hotline}; we will return your money.`,
  outOfStock:
    "Sorry, an item in your order ran out of stock while you were paying. No order was placed and your payment is being refunded.",
  shortOfStock: (title: string, stock: number) =>
    `Sorry, only ${stock} of ${title} ${stock === 1 ? "is" : "are"} in stock. Please change the quantity in your cart.`,
  tooManyPayments: (minutes: number) =>
    `You have started many payments in the last hour. Please try again in ${minutesText(minutes)}, or call us to place your order.`,
} as const;

/** Delivery dates by PIN code (product page, cart, checkout). */
export const deliveryMessages = {
  pinInvalid: "Please enter a valid 6-digit PIN code",
  deliverBy: (day: string) => `Delivery by ${day}`,
  orderWithin: (timeLeft: string) => `Order within ${timeLeft} to get it by then.`,
  notServed: (pin: string) => `We do not deliver to ${pin} yet`,
  expressBy: (day: string) => `Express delivery by ${day}`,
  pinInOtherState: (pin: string, pinState: string, chosen: string) =>
    `PIN code ${pin} is in ${pinState}, not ${chosen}. Please check the PIN code or the state.`,
} as const;

/** Cash on delivery: why it is not offered, and what the customer and the dealer are told about a cash order. */
export const codMessages = {
  off: "Cash on delivery is not available at the moment.",
  notInZone: "Cash on delivery does not reach this PIN code yet.",
  aboveCeiling: (ceiling: string) => `Cash on delivery is available for orders up to ${ceiling}.`,
  tooManyAwaiting: (count: number) =>
    `You have ${count} cash-on-delivery orders waiting for our confirming call. Please pay online, or wait until we confirm them.`,
  toPay: (amount: string) => `Cash on delivery: ${amount} to pay on delivery`,
  paid: (amount: string) => `Cash on delivery: ${amount} paid on delivery`,
  expressUnavailable: "Express delivery does not reach this PIN code. Please choose Standard.",
} as const;

/** The store's search (issue 18). */
export const searchMessages = {
  nothingFound: (q: string | undefined) =>
    q ? `No products match “${q}”.` : "No products match your search.",
  tryAgain: "Check the spelling, use fewer words, or look through a category:",
} as const;

/** The back office's catalogue pages (/admin/products), and what the shop says about a hidden product. */
export const productAdminMessages = {
  titleRequired: "Title is Required",
  descriptionRequired: "Description is Required",
  descriptionEmpty: "The description has no text or picture the shop can show. Please write one.",
  brandRequired: "Brand is Required",
  categoryRequired: "Category is Required",
  typeRequired: "Choose New, Refurbished or Rental",
  tagUnknown: "Choose the tags from the list",
  coloursRequired: "Choose at least one colour, or add a new one",
  colourUnknown: "A colour you chose no longer exists. Please choose the colours again.",
  colourNameRequired: "Colour name is Required",
  colourValueRequired: "Colour value is Required",
  colourValueInvalid: "Colour value must be a CSS colour such as #1a2b3c, rgb(26, 43, 60) or navy",
  colourTaken: (name: string) => `This colour already exists as “${name}”: tick it above instead`,
  priceRequired: (label: string) => `${label} is Required`,
  priceInvalid: (label: string) => `${label} must be an amount in rupees, such as 45999 or 45999.50`,
  pricePositive: (label: string) => `${label} must be more than Rs. 0`,
  priceTooHigh: (label: string, max: string) => `${label} must be at most ${max}`,
  offerAboveMrp: "The offer price cannot be more than the MRP",
  hsnInvalid: "An HSN code has 4, 6 or 8 digits, such as 8471 for laptops",
  gstRateInvalid: "Choose a GST rate in force: 0, 5, 18 or 40 %",
  stockInvalid: (max: number) => `Stock must be a whole number from 0 to ${max}`,
  created: "Product created. Add its pictures below.",
  saved: "Product saved",
  stale:
    "This product was changed while you were editing it (someone saved it, or an order took stock). Nothing was saved; your values are still in the form. Check them and save again to replace the other change.",
  notFound: "That product could not be found",
  hidden: "Product hidden: the shop no longer shows or sells it",
  shown: "Product shown in the shop again",
  imageRequired: "Choose a picture to upload",
  imageType: "The picture must be a JPEG, PNG or WebP image",
  /** Also said by the server before it reads an over-size upload (app/lib/request-limits.mjs). */
  imageTooLarge: imageTooLargeMessage,
  imageUnreadable: "This picture could not be read. Please try another file.",
  imageTooManyPixels: (megapixels: number) =>
    `This picture has too many pixels (at most ${megapixels} megapixels). Please choose a smaller one.`,
  tooManyImages: (max: number) => `A product has at most ${max} pictures. Remove one first.`,
  imageAdded: "Picture added",
  imageRemoved: "Picture removed",
  imageMoved: "Pictures reordered",
  altSaved: "Picture description saved",
  imageGone: "That picture is no longer on this product. The page shows them as they are now.",
  /** The shop's side: a hidden product cannot be bought. */
  noLongerAvailable: "Sorry, this product is no longer available.",
  cartLineUnavailable: (title: string) =>
    `Sorry, ${title} is no longer available. Please remove it from your cart to place your order.`,
} as const;

/** A GSTIN typed for a business invoice, by a customer or by the dealer's staff (app/features/invoices/gst.ts checks it). */
export const gstRegisterMessages = {
  badMonth: "Choose a month, such as 2026-11 for November 2026.",
  badSection: "Choose one of the register's tables: b2b, b2cl, b2cs, cdnr, cdnur or hsn.",
  empty: (month: string) => `No invoices or credit notes were issued in ${month}.`,
} as const;

export const gstMessages = {
  gstinLength: "A GSTIN has 15 characters, such as 29ABCDE1234F1ZW",
  gstinState: (code: string) =>
    `A GSTIN starts with the two-digit code of its state, such as 29 for Karnataka; ${code} is not a state code`,
  gstinPan: "Characters 3 to 12 of a GSTIN are a PAN: 5 letters, 4 digits and a letter, such as ABCDE1234F",
  gstinEntity: "The 13th character of a GSTIN is a digit from 1 to 9 or a letter",
  gstinZ: "The 14th character of a GSTIN is the letter Z",
  gstinCheckDigit:
    "This GSTIN is not valid: its last character does not match the others. Please check it for a mistyped character.",
  businessNameRequired: "Enter the business's name as registered for this GSTIN",
} as const;
