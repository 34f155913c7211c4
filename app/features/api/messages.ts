/**
 * What the JSON API says of itself (decision 0045). The shop's own texts (the success toasts of its rules,
 * `successMessages`; a cart's, a log-in's or a field's messages) reach the API unchanged from their homes;
 * these are only the API's answers about the API.
 */
export const apiMessages = {
  unauthorised: "Not authorised: log in again (the token is missing, expired or revoked).",
  notFound: "Not found.",
  unavailable: "The shop cannot answer just now: try again in a few seconds.",
  notJson: "The request body must be a JSON object.",
  methodNotAllowed: "This call does not take that method.",
  wishlistRemoved: "Product Removed from Wishlist!",
  loggedOut: "Logged out: the token is revoked.",
  cartEmptied: "Cart emptied.",
  paymentPending: "The payment is not complete yet: verify again in a few seconds.",
  transactionRequired: "merchantTransactionId is required: the id checkout answered with.",
  fieldRequired: (field: string) => `${field} is required.`,
  fieldRefused: (field: string, said: string) => `${field}: ${said}`,
  /** A cash-on-delivery order with nowhere to deliver it. */
  shippingInfoRequired: "shippingInfo is required: the address to deliver the order to.",
  orderNeedsPayment:
    'An order is made when its payment completes: start it with user/order/checkout, then call verify-payment. For cash on delivery, send paymentInfo with method "cod".',
  tooManyRequests: (minutes: number) =>
    `Too many requests: try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`,
} as const;
