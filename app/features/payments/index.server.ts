export {
  createPhonePeClient,
  type OrderStatusResult,
  type PhonePeClient,
  type PhonePeClientSettings,
  PhonePeError,
} from "./phonepe-client.server";
export { phonePeClientFromConfig } from "./phonepe-config.server";
export { httpText } from "./phonepe-http.server";
export {
  isAuthenticWebhook,
  parseWebhook,
  verifyWebhookAuthorization,
  webhookAuthorization,
} from "./phonepe-webhook.server";
export {
  askForClaimedRefund,
  claimRefund,
  followDueRefunds,
  merchantRefundIdOf,
  noteRefundWebhook,
  OPEN_REFUND_STATES,
  requestRefund,
} from "./refunds.server";
