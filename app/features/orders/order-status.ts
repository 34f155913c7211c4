/**
 * An order's life cycle (docs/decisions/0020-order-life-cycle.md): its statuses, the moves the back office may
 * make between them, and what a refund does to them. Pure, for the server's checks and the order page's choices.
 */
import type { RefundState } from "~/features/payments";

export type { RefundState };

/** Order statuses, in the order an order moves through them. */
export const ORDER_STATUSES = [
  "Ordered",
  "Processed",
  "Shipped",
  "Out for delivery",
  "Delivered",
  "Cancelled",
  "Refunded",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A new order's status: paid and placed, waiting to be packed. */
export const FIRST_STATUS: OrderStatus = "Ordered";

/** The status whose move may carry a courier and a tracking number. */
export const SHIPPED: OrderStatus = "Shipped";

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The moves a staff member may make by hand, refunds aside: forward one step, or a skip that happens in a small
 * shop (the shop's own van takes a packed order out for delivery; a packed order is handed over at the counter;
 * the courier never reported "out for delivery"). Cancelling is only possible before the parcel leaves.
 */
const FORWARD: Record<OrderStatus, readonly OrderStatus[]> = {
  Ordered: ["Processed", "Cancelled"],
  Processed: ["Shipped", "Out for delivery", "Delivered", "Cancelled"],
  Shipped: ["Out for delivery", "Delivered"],
  "Out for delivery": ["Delivered"],
  Delivered: [],
  Cancelled: [],
  Refunded: [],
};

/** Where an order may be marked Refunded by hand once its payment has a refund (a partial one, say). */
const REFUNDABLE_BY_HAND: readonly OrderStatus[] = ["Delivered", "Cancelled"];

/** What the order's payment has been through, as far as its status is concerned. */
export type RefundFacts = {
  refundRequested: boolean;
  /** A cash order is Delivered only with the cash recorded (collectCash), never by a plain move. */
  cashOnDelivery?: boolean;
};

/** The statuses a staff member may move an order to from `from`, in life-cycle order. */
export function nextStatuses(
  from: OrderStatus,
  { refundRequested, cashOnDelivery }: RefundFacts,
): OrderStatus[] {
  const next = FORWARD[from].filter((to) => !(cashOnDelivery && to === "Delivered"));
  if (refundRequested && REFUNDABLE_BY_HAND.includes(from)) next.push("Refunded");
  return next;
}

/** Whether the order has ended: delivered, cancelled or refunded. */
export function isFinished(status: OrderStatus): boolean {
  return status === "Delivered" || status === "Cancelled" || status === "Refunded";
}

/** Where a cash order may be marked "Delivered, cash collected": packed, or on its way. */
const CASH_COLLECTABLE: readonly OrderStatus[] = ["Processed", "Shipped", "Out for delivery"];

/** Where a cash order may be "Refused at the door": it has left the shop and reached the door. */
const REFUSABLE_AT_DOOR: readonly OrderStatus[] = ["Shipped", "Out for delivery"];

export function canCollectCash(from: OrderStatus): boolean {
  return CASH_COLLECTABLE.includes(from);
}

export function canRefuseAtDoor(from: OrderStatus): boolean {
  return REFUSABLE_AT_DOOR.includes(from);
}

export function canMove(from: OrderStatus, to: OrderStatus, facts: RefundFacts): boolean {
  return nextStatuses(from, facts).includes(to);
}

/**
 * The status an order takes when an owner asks for a refund of `amount` paise of the `paid`: a full refund
 * ends the order as Refunded, whatever it was (a lost parcel is refunded while Shipped); a partial one (a
 * returned accessory, shipping kept) leaves the order where it is.
 */
export function statusAfterRefund(from: OrderStatus, amount: number, paid: number): OrderStatus {
  return amount >= paid ? "Refunded" : from;
}

/** Statuses in which the goods are still in the shop. */
const NOT_YET_SENT: readonly OrderStatus[] = ["Ordered", "Processed"];

/**
 * Whether a move puts the order's items back in stock: it was cancelled or refunded before it left the shop.
 * A parcel that comes back after shipping is checked by the dealer first, who corrects the stock by hand.
 */
export function putsStockBack(from: OrderStatus, to: OrderStatus): boolean {
  return NOT_YET_SENT.includes(from) && (to === "Cancelled" || to === "Refunded");
}

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  REQUESTED: "Requested (PhonePe not yet answered)",
  PENDING: "Pending at PhonePe",
  CONFIRMED: "Confirmed by PhonePe",
  COMPLETED: "Completed",
  FAILED: "Failed: settle it with the customer",
};

/** A refund state as stored (text), or null for anything the shop never writes. */
export function refundStateOf(value: string | null | undefined): RefundState | null {
  return value && Object.hasOwn(REFUND_STATE_LABELS, value) ? (value as RefundState) : null;
}

/** A paid order's payment as the order list shows it: paid, or how far its refund has gone. */
export function paymentStateLabel(refund: {
  state: string | null;
  amount: number | null;
  paid: number;
}): string {
  const state = refundStateOf(refund.state);
  if (!state) return "Paid";
  const part = refund.amount !== null && refund.amount < refund.paid ? "Part refund" : "Refund";
  if (state === "COMPLETED") return `${part} completed`;
  if (state === "FAILED") return `${part} failed`;
  return `${part} in progress`;
}

/** A cash order's money as the order list shows it: to confirm by phone, to collect, or collected. */
export function cashStateLabel(order: { status: string; cashCollected: number | null }): string {
  if (order.cashCollected !== null) return "Cash collected";
  if (order.status === FIRST_STATUS) return "Cash on delivery: to confirm";
  if (order.status === "Cancelled") return "Cash on delivery: cancelled";
  return "Cash to collect";
}
