/**
 * What a customer is told about an order's delivery and its cash, in one place for My Orders and the order
 * e-mails. Pure.
 */

import { formatShopDay } from "~/features/delivery";
import { formatRupees } from "~/lib/money";
import { CASH_ON_DELIVERY } from "./checkout-choices";
import { codMessages } from "./messages";

/** "Express delivery, promised by Friday, 27 November" (orders from before the choice have no date). */
export function deliveryNote(order: { shippingMethod: string; promisedBy: string | null }): string {
  const method = `${order.shippingMethod} delivery`;
  return order.promisedBy ? `${method}, promised by ${formatShopDay(order.promisedBy)}` : method;
}

/** What a cash order's customer pays at the door, or paid there; nothing for an order paid online or cancelled. */
export function cashNote(order: {
  paymentMethod: string;
  status: string;
  totalPriceAfterDiscount: number;
  cashCollected: number | null;
}): string | undefined {
  if (order.paymentMethod !== CASH_ON_DELIVERY) return undefined;
  if (order.cashCollected !== null) return codMessages.paid(formatRupees(order.cashCollected));
  if (order.status === "Cancelled" || order.status === "Refunded") return undefined;
  return codMessages.toPay(formatRupees(order.totalPriceAfterDiscount));
}
