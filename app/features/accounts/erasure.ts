/**
 * The rules of erasing a customer's account (the Digital Personal Data Protection Act, 2023), pure, for the
 * server's erasure and the back office's views: what stands in for the erased details, how staff see an
 * erased customer, and what still open keeps an account from being erased.
 */
import { CASH_ON_DELIVERY, isFinished, isOrderStatus, refundStateOf } from "~/features/orders";
import { personalDataMessages } from "./messages";

/**
 * What an erased account's row holds instead of the customer's details. The row itself stays: their orders and
 * tax documents point at it and must be kept. The e-mail is unique per row and can never be typed in a form
 * (".invalid" is reserved and has no dot-separated top-level domain here), so the real address can sign up
 * afresh; the password hash is not in the scrypt format, so no password ever verifies against it.
 */
export const ERASED = {
  firstname: "Deleted",
  lastname: "customer",
  /** The mobile column is NOT NULL; ten zeros are no Indian mobile number (those start with 6 to 9). */
  mobile: "0000000000",
  passwordHash: "erased",
} as const;

/** The placeholder e-mail of erased customer `id`: unique, and never deliverable. */
export function erasedEmail(id: number): string {
  return `deleted-${id}@invalid`;
}

/** Whether an address is an erased account's placeholder: the shop mails it nothing. */
export function isErasedEmail(email: string): boolean {
  return /^deleted-\d+@invalid$/.test(email);
}

/** A customer as the back office shows them: an erased one is "Deleted customer", with no e-mail or mobile. */
export function customerForStaff(customer: {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  deletedAt: Date | null;
}): { name: string; email: string | null; mobile: string | null; erased: boolean } {
  if (customer.deletedAt !== null) {
    return { name: personalDataMessages.deletedCustomer, email: null, mobile: null, erased: true };
  }
  return {
    name: `${customer.firstname} ${customer.lastname}`,
    email: customer.email,
    mobile: customer.mobile,
    erased: false,
  };
}

/** One of the customer's orders, as far as the question "is anything still open" goes. */
export type OrderFacts = {
  id: number;
  status: string;
  paymentMethod: string;
  cashCollected: number | null;
  /** Its payment's refund, if one was asked for (REQUESTED, PENDING, CONFIRMED, COMPLETED or FAILED). */
  refundState: string | null;
};

/** A payment attempt that made no order: still waiting for PhonePe, or refunded after a stock race. */
export type AttemptFacts = { merchantOrderId: string; status: string; refundState: string | null };

/** A refund still on its way: asked for and neither completed nor failed. */
function refundOpen(state: string | null): boolean {
  const known = refundStateOf(state);
  return known !== null && known !== "COMPLETED" && known !== "FAILED";
}

/**
 * What keeps an account from being erased, each as the refusal names it; empty when nothing does. Open are:
 * an order not yet finished (Delivered, Cancelled or Refunded); a cash-on-delivery order delivered without its
 * cash recorded as collected (a cancelled one owes nothing); an order whose refund is still on its way; a
 * payment PhonePe has not settled yet, and a refund of a payment that made no order.
 *
 * The one home of this rule. Active rentals will join it when the shop rents out laptops: a customer with a
 * rented machine not yet returned cannot be erased either.
 */
export function openDealingsOf(orders: readonly OrderFacts[], attempts: readonly AttemptFacts[]): string[] {
  const open: string[] = [];
  for (const order of orders) {
    const finished = isOrderStatus(order.status) && isFinished(order.status);
    if (!finished) open.push(personalDataMessages.openOrder(order.id, order.status));
    else if (
      order.paymentMethod === CASH_ON_DELIVERY &&
      order.status === "Delivered" &&
      order.cashCollected === null
    ) {
      open.push(personalDataMessages.openCashOrder(order.id));
    } else if (refundOpen(order.refundState)) open.push(personalDataMessages.openRefund(order.id));
  }
  for (const attempt of attempts) {
    if (attempt.status === "PENDING") open.push(personalDataMessages.openPayment(attempt.merchantOrderId));
    else if (refundOpen(attempt.refundState)) {
      open.push(personalDataMessages.openPaymentRefund(attempt.merchantOrderId));
    }
  }
  return open;
}
