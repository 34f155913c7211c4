export { nextStatusCheck, PAYMENT_EXPIRY_SECONDS } from "./payment-schedule";
export {
  isPhonePeId,
  type PhonePeOrderState,
  payRequestSchema,
  type RefundState,
  refundRequestSchema,
} from "./phonepe-types";
