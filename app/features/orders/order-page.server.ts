// One order as the back office's order page shows it, and the statuses it may move to.
import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, orderEvents, orderItems, orders, paymentAttempts, taxDocuments } from "~/db/schema";
import { customerForStaff } from "~/features/accounts/index.server";
import { CASH_ON_DELIVERY } from "./checkout-choices";
import { deliveryNote } from "./order-notes";
import {
  canCollectCash,
  canRefuseAtDoor,
  cashStateLabel,
  isOrderStatus,
  nextStatuses,
  refundStateOf,
} from "./order-status";

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Everything the order page shows, and the statuses it may move to; null for an unknown id. */
export async function orderDetail(db: Database, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      customer: {
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        mobile: customers.mobile,
        deletedAt: customers.deletedAt,
      },
      attempt: {
        merchantOrderId: paymentAttempts.merchantOrderId,
        providerOrderId: paymentAttempts.providerOrderId,
        status: paymentAttempts.status,
        amount: paymentAttempts.amount,
        refundState: paymentAttempts.refundState,
        refundAmount: paymentAttempts.refundAmount,
        refundId: paymentAttempts.refundId,
      },
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [items, history, documents] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        title: orderItems.title,
        colourName: orderItems.colourName,
        colourValue: orderItems.colourValue,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        originalPrice: orderItems.originalPrice,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        id: orderEvents.id,
        fromStatus: orderEvents.fromStatus,
        toStatus: orderEvents.toStatus,
        actorName: orderEvents.actorName,
        courier: orderEvents.courier,
        trackingNumber: orderEvents.trackingNumber,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id)),
    db
      .select({ kind: taxDocuments.kind, number: taxDocuments.number, issuedOn: taxDocuments.issuedOn })
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId))
      .orderBy(asc(taxDocuments.id)),
  ]);
  const { order, customer, attempt } = row;
  const refundState = refundStateOf(attempt.refundState);
  const status = order.status;
  const cashOnDelivery = order.paymentMethod === CASH_ON_DELIVERY;
  return {
    id: order.id,
    status,
    createdAt: order.createdAt,
    /** Paise: at MRP (shipping included), paid, and the shipping within it. */
    amounts: {
      atMrp: order.totalPrice,
      paid: order.totalPriceAfterDiscount,
      shipping: order.shippingFee,
      codFee: order.codFee,
    },
    /** "Express delivery, promised by Friday, 27 November". */
    delivery: deliveryNote(order),
    /** The shipping name and address as the order stored them: kept as they are when the account is erased. */
    shippingAddress: order.shippingInfo,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    /** Name, e-mail and mobile from the account; "Deleted customer", with neither, once it is erased. */
    customer: customerForStaff(customer),
    items,
    history,
    /** Its tax invoice and credit note, once issued. */
    documents,
    payment: {
      method: order.paymentMethod,
      merchantOrderId: attempt.merchantOrderId,
      providerOrderId: attempt.providerOrderId ?? text(order.paymentInfo.providerOrderId),
      transactionId: text(order.paymentInfo.transactionId),
      state: attempt.status,
      amount: attempt.amount,
    },
    refund: refundState
      ? { state: refundState, amount: attempt.refundAmount ?? attempt.amount, refundId: attempt.refundId }
      : null,
    nextStatuses: isOrderStatus(status)
      ? nextStatuses(status, { refundRequested: refundState !== null, cashOnDelivery })
      : [],
    /** A cash order: what is due at the door, and what was collected, by whom and when. */
    cash: cashOnDelivery
      ? {
          due: order.totalPriceAfterDiscount,
          collected: order.cashCollected,
          collectedBy: order.cashCollectedBy,
          collectedAt: order.cashCollectedAt,
          state: cashStateLabel({ status, cashCollected: order.cashCollected }),
          canCollect: isOrderStatus(status) && order.cashCollected === null && canCollectCash(status),
          canRefuse: isOrderStatus(status) && canRefuseAtDoor(status),
        }
      : null,
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;
