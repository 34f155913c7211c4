export { collectCash, refuseAtDoor } from "./cash-at-door.server";
export { checkoutOptions, placeCashOrder, resolveChoices } from "./checkout.server";
export { listOrders } from "./order-list.server";
export { sendOrderPaidMail, sendStatusMail, sendStatusMailWithInvoice } from "./order-mail.server";
export { moveOrder } from "./order-moves.server";
export { orderDetail } from "./order-page.server";
export { refundOrder } from "./order-refund.server";
export { customerOrders, finishPayment, orderOfPayment } from "./orders.server";
export {
  createPaymentAttempt,
  newMerchantOrderId,
  noteWebhook,
  type PaymentOutcome,
} from "./payment-attempts.server";
export {
  confirmPayment,
  fetchOutcome,
  reconcilePendingPayments,
  returnFromPhonePe,
  settlePayment,
  startCheckoutPayment,
  startReconciler,
  wakeReconciler,
} from "./payment-flow.server";
export { placeOrder } from "./place-order.server";
export { startRentalPayment } from "./rental-payments.server";
export { checkoutSchema, orderPageSchema } from "./schemas";
export { unorderedRefunds } from "./unordered-refunds.server";
