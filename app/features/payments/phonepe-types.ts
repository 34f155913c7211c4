import { z } from "zod";

/*
 * The shapes of PhonePe Standard Checkout v2 (PG) answers that the shop reads, parsed defensively: fields we
 * do not use are allowed and kept (passthrough), optional ones may be missing or null, and an unknown state
 * is read as PENDING so that nothing is ever created or given up on a value we do not understand.
 *
 * Sources (checked 2025):
 * - PhonePe developer docs, Standard Checkout "API reference": Authorization (POST /v1/oauth/token, form
 *   fields client_id, client_version, client_secret, grant_type=client_credentials; answer access_token,
 *   issued_at, expires_at in epoch seconds, token_type "O-Bearer"), Initiate Payment (POST /checkout/v2/pay),
 *   Order Status (GET /checkout/v2/order/{merchantOrderId}/status), Refund and Refund Status
 *   (POST /payments/v2/refund, GET /payments/v2/refund/{merchantRefundId}/status), Webhook Handling
 *   (Authorization: SHA256(username:password); rely on `event` and `payload.state`, `type` is deprecated).
 *   https://developer.phonepe.com/payment-gateway/website-integration/standard-checkout/api-integration/api-reference
 * - PhonePe's official Node SDK (github.com/PhonePe/phonepe-pg-sdk-node, Apache-2.0): src/common/constants/
 *   BaseUrl.ts (hosts), tokenhandler/OAuthResponse.ts, models/response/OrderStatusResponse.ts,
 *   PaymentDetail.ts, RefundResponse.ts, RefundStatusResponse.ts, CallbackResponse.ts/CallbackData.ts
 *   (webhook body), http/PhonePeResponse.ts (error bodies: code or errorCode, message, data or context).
 */

const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);
const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? undefined);

export const ORDER_STATES = ["PENDING", "COMPLETED", "FAILED"] as const;
export type PhonePeOrderState = (typeof ORDER_STATES)[number];

export const REFUND_STATES = ["PENDING", "CONFIRMED", "COMPLETED", "FAILED"] as const;
export type PhonePeRefundState = (typeof REFUND_STATES)[number];

function oneOf<T extends string>(values: readonly T[], fallback: T) {
  return z
    .string()
    .nullish()
    .transform((value): T => {
      const upper = (value ?? "").toUpperCase();
      return (values as readonly string[]).includes(upper) ? (upper as T) : fallback;
    });
}

const orderState = oneOf(ORDER_STATES, "PENDING");
const refundState = oneOf(REFUND_STATES, "PENDING");

/** POST /v1/oauth/token */
export const tokenResponseSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().min(1).nullish(),
    issued_at: optionalNumber,
    /** Epoch seconds. */
    expires_at: z.number(),
    expires_in: optionalNumber,
    session_expires_at: optionalNumber,
    encrypted_access_token: optionalString,
  })
  .passthrough();
export type PhonePeTokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /checkout/v2/pay */
export const payResponseSchema = z
  .object({
    orderId: z.string().min(1),
    state: orderState,
    /** Epoch milliseconds. */
    expireAt: optionalNumber,
    /** PhonePe's hosted payment page; missing means the payment could not be started. */
    redirectUrl: optionalString,
  })
  .passthrough();
export type PhonePePayResponse = z.infer<typeof payResponseSchema>;

/** One payment attempt inside an order (or a refund). */
export const paymentDetailSchema = z
  .object({
    transactionId: optionalString,
    paymentMode: optionalString,
    /** Epoch milliseconds. */
    timestamp: optionalNumber,
    amount: optionalNumber,
    state: optionalString,
    errorCode: optionalString,
    detailedErrorCode: optionalString,
  })
  .passthrough();
export type PhonePePaymentDetail = z.infer<typeof paymentDetailSchema>;

const paymentDetails = z
  .array(paymentDetailSchema)
  .nullish()
  .transform((value) => value ?? []);

/** GET /checkout/v2/order/{merchantOrderId}/status */
export const orderStatusResponseSchema = z
  .object({
    merchantOrderId: optionalString,
    merchantId: optionalString,
    orderId: optionalString,
    state: orderState,
    /** Paise. */
    amount: z.number(),
    payableAmount: optionalNumber,
    feeAmount: optionalNumber,
    expireAt: optionalNumber,
    errorCode: optionalString,
    detailedErrorCode: optionalString,
    /** Not in the documented answer, but read when present. */
    message: optionalString,
    metaInfo: z.record(z.unknown()).nullish(),
    paymentDetails,
  })
  .passthrough();
export type PhonePeOrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** POST /payments/v2/refund */
export const refundResponseSchema = z
  .object({
    refundId: z.string().min(1),
    amount: z.number(),
    state: refundState,
  })
  .passthrough();
export type PhonePeRefundResponse = z.infer<typeof refundResponseSchema>;

/** GET /payments/v2/refund/{merchantRefundId}/status */
export const refundStatusResponseSchema = z
  .object({
    merchantId: optionalString,
    merchantRefundId: optionalString,
    originalMerchantOrderId: optionalString,
    refundId: optionalString,
    amount: z.number(),
    state: refundState,
    timestamp: optionalNumber,
    errorCode: optionalString,
    detailedErrorCode: optionalString,
    paymentDetails,
  })
  .passthrough();
export type PhonePeRefundStatusResponse = z.infer<typeof refundStatusResponseSchema>;

/** Any failed answer: PhonePe sends code (or errorCode), message and data (or context). */
export const errorBodySchema = z
  .object({
    success: z.boolean().nullish(),
    code: z.union([z.string(), z.number()]).nullish(),
    errorCode: optionalString,
    message: optionalString,
    error: optionalString,
    error_description: optionalString,
  })
  .passthrough();

/** The body PhonePe POSTs to the merchant's webhook URL. */
export const webhookBodySchema = z
  .object({
    /** e.g. "checkout.order.completed", "checkout.order.failed", "pg.refund.completed". */
    event: optionalString,
    /** The older name, e.g. "CHECKOUT_ORDER_COMPLETED" (deprecated by PhonePe, read as a fallback). */
    type: optionalString,
    payload: z
      .object({
        merchantId: optionalString,
        merchantOrderId: optionalString,
        orderId: optionalString,
        state: optionalString,
        amount: optionalNumber,
        expireAt: optionalNumber,
        errorCode: optionalString,
        detailedErrorCode: optionalString,
        merchantRefundId: optionalString,
        originalMerchantOrderId: optionalString,
        refundId: optionalString,
        metaInfo: z.record(z.unknown()).nullish(),
        paymentDetails,
      })
      .passthrough(),
  })
  .passthrough();
export type PhonePeWebhookBody = z.infer<typeof webhookBodySchema>;

/** PhonePe's rule for a merchantOrderId (and the shape of its own order ids): 1-63 letters, digits, _ and -. */
export function isPhonePeId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,63}$/.test(value);
}

/** The most a payment can be, in paise: the shop stores amounts as PostgreSQL integers. */
export const MAX_AMOUNT_PAISE = 2_147_483_647;

/** What the shop asks PhonePe to start (POST /checkout/v2/pay), as the simulator checks it. */
export const payRequestSchema = z.object({
  merchantOrderId: z
    .string({ required_error: "merchantOrderId is required" })
    .min(1, "merchantOrderId is required")
    .max(63, "merchantOrderId must be at most 63 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "merchantOrderId may hold only letters, digits, _ and -"),
  amount: z
    .number({ required_error: "amount is required", invalid_type_error: "amount must be a number of paise" })
    .int("amount must be a whole number of paise")
    .min(100, "amount must be at least 100 paise")
    .max(MAX_AMOUNT_PAISE, "amount is too large"),
  expireAfter: z.number().int().min(300).max(3600).optional(),
  metaInfo: z.record(z.string().max(256)).optional(),
  paymentFlow: z.object(
    {
      type: z.literal("PG_CHECKOUT", {
        errorMap: () => ({ message: "paymentFlow.type must be PG_CHECKOUT" }),
      }),
      message: z.string().max(256).optional(),
      merchantUrls: z.object(
        {
          redirectUrl: z
            .string({ required_error: "paymentFlow.merchantUrls.redirectUrl is required" })
            .url("paymentFlow.merchantUrls.redirectUrl must be a full URL")
            .regex(/^https?:\/\//i, "paymentFlow.merchantUrls.redirectUrl must be http or https"),
        },
        { required_error: "paymentFlow.merchantUrls is required" },
      ),
    },
    { required_error: "paymentFlow is required" },
  ),
});
export type PhonePePayRequest = z.infer<typeof payRequestSchema>;

/** POST /payments/v2/refund, as the simulator checks it. */
export const refundRequestSchema = z.object({
  merchantRefundId: z
    .string({ required_error: "merchantRefundId is required" })
    .min(1, "merchantRefundId is required")
    .max(63, "merchantRefundId must be at most 63 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "merchantRefundId may hold only letters, digits, _ and -"),
  originalMerchantOrderId: z
    .string({ required_error: "originalMerchantOrderId is required" })
    .min(1, "originalMerchantOrderId is required"),
  amount: z
    .number({ required_error: "amount is required", invalid_type_error: "amount must be a number of paise" })
    .int("amount must be a whole number of paise")
    .min(100, "amount must be at least 100 paise")
    .max(MAX_AMOUNT_PAISE, "amount is too large"),
});
export type PhonePeRefundRequest = z.infer<typeof refundRequestSchema>;

/** Where a refund stands: REQUESTED is the shop's own (claimed, PhonePe not yet answered); the rest PhonePe's. */
export type RefundState = "REQUESTED" | "PENDING" | "CONFIRMED" | "COMPLETED" | "FAILED";
