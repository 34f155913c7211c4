export { type BusinessBuyer, CASH_ON_DELIVERY, type ChosenShipping } from "./checkout-choices";
export { orderAdminMessages, paymentMessages } from "./messages";
export { isFiltered, ORDER_SEARCH_MAX, orderListQuery } from "./order-filters";
export {
  isFinished,
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  REFUND_STATE_LABELS,
  type RefundState,
  refundStateOf,
  SHIPPED,
} from "./order-status";
