/**
 * The back office's messages (/admin): staff, orders and content (the catalogue's are in messages.ts, since
 * the cart shows some of them). Apart from messages.ts, so that a shopper's page does not load them.
 */
import { shop } from "./shop";

/** The back office (/admin). */
export const staffMessages = {
  nameRequired: "Name is Required",
  roleRequired: "Choose Owner or Staff",
  loggedIn: "Welcome to the back office",
  loggedOut: "You are logged out of the back office",
  ownerCreated: "Owner account created. Welcome to the back office",
  passwordSet: "Password set. Welcome to the back office",
  invited: (email: string) => `Invitation sent to ${email}`,
  passwordLinkSent: (email: string) => `New password link sent to ${email}`,
  roleChanged: "Role changed",
  disabled: "Staff member disabled and signed out",
  enabled: "Staff member enabled",
  emailTaken: "A staff member with this email already exists",
  lastOwner: "The shop needs at least one active owner",
  notYourself: "You cannot disable your own account",
  notFound: "That staff member could not be found",
  ownersOnly: "Only an owner can do that",
  setupUnknown: "This set-up link is not valid. Restart the shop to print a new one.",
  setupExpired:
    "This set-up link has expired (links work for 24 hours). Restart the shop to print a new one.",
  setupUsed: "This set-up link has already been used. Log in with the owner account.",
  inviteUnknown: "This invitation is not valid. Ask an owner to invite you again.",
  inviteExpired:
    "This invitation has expired (invitations work for 7 days). Ask an owner to invite you again.",
  inviteUsed: "This invitation has already been used. Log in with your password.",
} as const;

/** The back office's order pages (/admin/orders, /admin/refunds). */
export const orderAdminMessages = {
  notFound: "That order could not be found",
  chooseStatus: "Choose the new status",
  moved: (id: number, status: string) => `Order #${id} is now ${status}`,
  stale: (status: string) =>
    `Someone else changed this order meanwhile: it is now ${status}. Check it, then choose again.`,
  notAllowed: (from: string, to: string) => `An order that is ${from} cannot be moved to ${to}.`,
  shippingDetailsOnlyWhenShipped: "A courier and tracking number go with Shipped only",
  courierTooLong: (max: number) => `Courier name must be ${max} characters or fewer`,
  trackingInvalid: (min: number, max: number) =>
    `Tracking number must be ${min} to ${max} letters, digits or hyphens`,
  noteTooLong: (max: number) => `Note must be ${max} characters or fewer`,
  refundAmountRequired: "Enter the amount to refund, in rupees",
  refundAmountInvalid: "Enter the amount in rupees, like 1500 or 1500.50",
  refundAmountNotPositive: "The refund must be more than Rs. 0",
  refundAmountTooLarge: (paid: string) => `The refund cannot be more than the ${paid} paid`,
  refundedBefore:
    "This order has already had its refund: PhonePe refunds an order once from here. Settle anything more with the customer directly.",
  refundRequested: (amount: string) => `Refund of ${amount} requested from PhonePe`,
  refundQueued: (amount: string) =>
    `Refund of ${amount} recorded. PhonePe could not be reached just now; the shop asks again within minutes.`,
  refundRefused: (amount: string) =>
    `PhonePe refused the refund of ${amount}. Settle it with the customer directly.`,
  /** The order's history, for a refund an owner asked for. */
  refundNote: (full: boolean, amount: string) =>
    `${full ? "Full" : "Part"} refund of ${amount} requested from PhonePe`,
  collectAmountRequired: "Enter the cash collected, in rupees",
  collectAmountNotPositive: "The cash collected must be more than Rs. 0",
  collectTooMuch: (due: string) => `The order is for ${due}: record at most that`,
  cashCollected: (id: number, amount: string) => `Order #${id} is Delivered: ${amount} collected`,
  refusedAtDoor: (id: number) =>
    `Order #${id} is Cancelled: refused at the door, its items are back in stock`,
  notCash: "This order was paid online: it has no cash to collect.",
  refundCash:
    "A cash order has no PhonePe payment: settle a refund with the customer in cash or by bank transfer.",
  cannotCollect: (status: string) =>
    `An order that is ${status} cannot be marked delivered with cash collected.`,
  cannotRefuse: (status: string) => `An order that is ${status} has not reached the door: cancel it instead.`,
  /** The order's history. */
  cashCollectedNote: (amount: string, due: string) =>
    amount === due ? `Cash collected: ${amount}` : `Cash collected: ${amount} of ${due}`,
  refusedNote: "Refused at the door: the parcel comes back and its items are back in stock",
} as const;

/** The back office's content pages (/admin/blogs, /admin/enquiries, /admin/newsletter). */
export const contentAdminMessages = {
  titleRequired: "Title is Required",
  categoryRequired: "Category is Required",
  descriptionRequired: "Description is Required",
  descriptionEmpty:
    "Nothing is left of the description once scripts and unsupported markup are removed. Please write the post's text.",
  postNotFound: "That blog post could not be found",
  pictureChanged: "Picture saved: the post shows it now",
  pictureRemoved: "Picture removed: the post shows the default picture",
  postChangedMeanwhile:
    "Someone else changed this post after you opened it. The preview below shows the saved version and the form still holds yours: save again to replace it with yours.",
  draftSaved: "Draft saved. It is not on the shop until you publish it.",
  postSaved: "Blog post saved",
  published: "Blog post published: it is on the shop now",
  unpublished: "Blog post unpublished: it is no longer on the shop",
  enquiryNotFound: "That enquiry could not be found",
  markedUnread: "Enquiry marked as unread",
  replySubject: `Re: Your enquiry to ${shop.name}`,
  subjectRequired: "Subject is Required",
  messageRequired: "Message is Required",
  replySent: (email: string) => `Reply sent to ${email}`,
  replyNotSent: (email: string) =>
    `The e-mail to ${email} could not be sent, so the reply was not recorded. Your text is still in the form: please try again in a moment.`,
  subscriberNotFound: "That subscriber could not be found",
  unsubscribed: (email: string) => `${email} is unsubscribed and left out of the export`,
} as const;

/** The prefixes of invoice and credit-note numbers, set in the back office (app/features/invoices/invoice-numbers.ts). */
export const documentNumberMessages = {
  prefixRequired: "Prefix is Required",
  prefixShape: (max: number) =>
    `The prefix must be 1 to ${max} capital letters or digits, such as KC, so that every number fits GST's 16 characters`,
  prefixesSame: "Invoices and credit notes need different prefixes, so that no two documents share a number",
} as const;
