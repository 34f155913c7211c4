/** What the orders feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */
import { minutesText } from "~/lib/text";

/** Checkout's two choices beside the address (the address's own messages are the delivery feature's). */
export const checkoutChoiceMessages = {
  shippingRequired: "Choose Standard or Express delivery",
  paymentRequired: "Choose how you would like to pay",
} as const;

/** Payment messages; the provider is named in them. */
export const paymentMessages = {
  notStarted: "Failed to initiate PhonePe payment.",
  startFailed: (message: string) => `Something went wrong with PhonePe: ${message}`,
  verificationFailed: "Payment verification failed.",
  verifyError: "Error verifying payment.",
} as const;

/** Checkout and payment, beyond the rules' four payment messages. */
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
