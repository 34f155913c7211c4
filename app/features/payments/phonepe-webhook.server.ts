// PhonePe's webhooks: their Authorization header checked, and their body read.
import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "~/lib/config.server";
import {
  type PhonePeOrderState,
  type PhonePePaymentDetail,
  type PhonePeRefundState,
  webhookBodySchema,
} from "./phonepe-types";

/** SHA-256 of a text, in hex. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The Authorization header PhonePe sends with each webhook: SHA-256 of "username:password", in hex. */
export function webhookAuthorization(username: string, password: string): string {
  return sha256Hex(`${username}:${password}`);
}

/**
 * True when a webhook's Authorization header is SHA256(username:password) in hex, as PhonePe sends it (its SDK
 * compares the bare hex). Case-insensitive, and an optional "SHA256 " prefix is tolerated. Compared in
 * constant time; false whenever the credentials are not configured.
 */
export function verifyWebhookAuthorization(
  header: string | null | undefined,
  username: string | undefined,
  password: string | undefined,
): boolean {
  if (!header || !username || !password) return false;
  const presented = header
    .trim()
    .replace(/^sha-?256\s+/i, "")
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(presented)) return false;
  const expected = webhookAuthorization(username, password);
  return timingSafeEqual(Buffer.from(presented, "utf8"), Buffer.from(expected, "utf8"));
}

/** verifyWebhookAuthorization with the configured PHONEPE_WEBHOOK_USERNAME and PHONEPE_WEBHOOK_PASSWORD. */
export function isAuthenticWebhook(header: string | null | undefined): boolean {
  const { webhookUsername, webhookPassword } = config().phonepe;
  return verifyWebhookAuthorization(header, webhookUsername, webhookPassword);
}

export type PhonePeWebhook =
  | {
      kind: "order";
      /** Normalised, e.g. "checkout.order.completed", "checkout.order.failed". */
      event: string;
      /** payload.state: the only field PhonePe says to trust for the outcome. */
      state: PhonePeOrderState;
      /** Ours; PhonePe's SDK samples send only its own orderId, so one of the two may be missing. */
      merchantOrderId: string | undefined;
      orderId: string | undefined;
      amount: number | undefined;
      transactionId: string | undefined;
      paymentDetails: PhonePePaymentDetail[];
      errorCode: string | undefined;
      detailedErrorCode: string | undefined;
      raw: Record<string, unknown>;
    }
  | {
      kind: "refund";
      /** e.g. "pg.refund.completed". */
      event: string;
      state: PhonePeRefundState;
      merchantRefundId: string;
      originalMerchantOrderId: string | undefined;
      refundId: string | undefined;
      amount: number | undefined;
      raw: Record<string, unknown>;
    };

export type ParsedWebhook = { ok: true; webhook: PhonePeWebhook } | { ok: false; problem: string };

const ORDER_WEBHOOK_STATES: readonly PhonePeOrderState[] = ["PENDING", "COMPLETED", "FAILED"];
const REFUND_WEBHOOK_STATES: readonly PhonePeRefundState[] = ["PENDING", "CONFIRMED", "COMPLETED", "FAILED"];

/**
 * Reads a webhook body (already JSON-parsed). Verify the Authorization header first. The event comes from
 * `event` ("checkout.order.completed") or, failing that, the deprecated `type` ("CHECKOUT_ORDER_COMPLETED"),
 * normalised to the dotted lower-case form.
 */
export function parseWebhook(body: unknown): ParsedWebhook {
  const result = webhookBodySchema.safeParse(body);
  if (!result.success) return { ok: false, problem: "not a PhonePe webhook body (no payload)" };
  const { payload } = result.data;
  const eventName = result.data.event ?? result.data.type?.toLowerCase().replaceAll("_", ".");
  if (!eventName) return { ok: false, problem: "the webhook names no event" };
  const event = eventName.toLowerCase();
  const raw = body as Record<string, unknown>;
  const state = (payload.state ?? "").toUpperCase();

  if (event.includes("refund")) {
    if (!payload.merchantRefundId) return { ok: false, problem: "a refund webhook without merchantRefundId" };
    const refundState = REFUND_WEBHOOK_STATES.find((s) => s === state) ?? "PENDING";
    return {
      ok: true,
      webhook: {
        kind: "refund",
        event,
        state: refundState,
        merchantRefundId: payload.merchantRefundId,
        originalMerchantOrderId: payload.originalMerchantOrderId,
        refundId: payload.refundId,
        amount: payload.amount,
        raw,
      },
    };
  }
  if (!payload.merchantOrderId && !payload.orderId) {
    return { ok: false, problem: "an order webhook with neither merchantOrderId nor orderId" };
  }
  const details = payload.paymentDetails;
  const chosen = details.find((d) => d.state === "COMPLETED") ?? details.at(-1);
  return {
    ok: true,
    webhook: {
      kind: "order",
      event,
      state: ORDER_WEBHOOK_STATES.find((s) => s === state) ?? "PENDING",
      merchantOrderId: payload.merchantOrderId,
      orderId: payload.orderId,
      amount: payload.amount,
      transactionId: chosen?.transactionId,
      paymentDetails: details,
      errorCode: payload.errorCode ?? chosen?.errorCode,
      detailedErrorCode: payload.detailedErrorCode ?? chosen?.detailedErrorCode,
      raw,
    },
  };
}
