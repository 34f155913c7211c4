import { and, eq, isNull, lte } from "drizzle-orm";
import { phonepeSimulatorOrders } from "~/db/schema";
import { isPhonePeId, payRequestSchema } from "~/features/payments";
import { describeError } from "~/lib/errors.server";
import { readJson } from "~/lib/read-form.server";
import { webhooksWithoutMerchantOrderId } from "./faults.server";
import { failure, firstProblem, json, newId, nowMs, type SimulatorSettings } from "./settings.server";
import { isAuthorized, unauthorized } from "./tokens.server";
import { DEFAULT_DELIVERY, deliverWebhook, type WebhookDelivery } from "./webhooks.server";

/*
 * Orders, their payment attempts, pay and order status, and settling. An order is a row; its latest attempt lives
 * in the row (transactionId …, with errorCode set while the order is still PENDING when that attempt failed).
 * Earlier failed attempts, superseded by a new one, are kept in this process's memory only (see paymentDetails).
 */

export type OrderRow = typeof phonepeSimulatorOrders.$inferSelect;

/** PhonePe's default when the merchant sends no expireAfter. */
const DEFAULT_EXPIRE_AFTER_SECONDS = 1200;
/** The failure the hosted page's Failure button produces (an example from PhonePe's order-status docs). */
export const SIMULATED_FAILURE = { errorCode: "AUTHORIZATION_ERROR", detailedErrorCode: "ZM" } as const;
/** What an order that expires unpaid fails with (PhonePe's error-code table). */
export const EXPIRED_FAILURE = {
  errorCode: "TXN_NOT_COMPLETED",
  detailedErrorCode: "TXN_AUTO_FAILED",
} as const;

function isOnMerchantSite(url: string, s: SimulatorSettings): boolean {
  try {
    return new URL(url).origin === s.merchantOrigin;
  } catch {
    return false;
  }
}

export function hostedPageUrl(s: SimulatorSettings, orderId: string): string {
  return `${s.baseUrl}/pay/${encodeURIComponent(orderId)}`;
}

/** POST /checkout/v2/pay */
export async function handlePay(request: Request, s: SimulatorSettings): Promise<Response> {
  if (!isAuthorized(request, s)) return unauthorized();
  const body = await readJson(request);
  if (body === undefined) return failure(400, "BAD_REQUEST", "The body must be JSON");
  const parsed = payRequestSchema.safeParse(body);
  if (!parsed.success) return failure(400, "BAD_REQUEST", firstProblem(parsed.error));
  const input = parsed.data;
  // Not an open redirect on the shop's own origin: the hosted page sends shoppers back to the shop only.
  if (!isOnMerchantSite(input.paymentFlow.merchantUrls.redirectUrl, s)) {
    return failure(400, "BAD_REQUEST", "redirectUrl must be an address on the merchant's own site");
  }
  const now = nowMs(s);
  const [created] = await s.db
    .insert(phonepeSimulatorOrders)
    .values({
      merchantOrderId: input.merchantOrderId,
      orderId: newId("OMO", s),
      amount: input.amount,
      redirectUrl: input.paymentFlow.merchantUrls.redirectUrl,
      message: input.paymentFlow.message ?? null,
      metaInfo: input.metaInfo ?? null,
      expireAt: new Date(now + (input.expireAfter ?? DEFAULT_EXPIRE_AFTER_SECONDS) * 1000),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .onConflictDoNothing({ target: phonepeSimulatorOrders.merchantOrderId })
    .returning();
  let order = created;
  if (!order) {
    // The same request again (a retry after a lost answer) gets the same order; anything else is refused.
    const existing = await findByMerchantOrderId(s, input.merchantOrderId);
    if (
      !existing ||
      existing.amount !== input.amount ||
      existing.redirectUrl !== input.paymentFlow.merchantUrls.redirectUrl
    ) {
      return failure(409, "DUPLICATE_ORDER", "An order with this merchantOrderId already exists");
    }
    order = await resolveDue(s, existing);
  }
  return json({
    orderId: order.orderId,
    state: order.state,
    expireAt: order.expireAt.getTime(),
    redirectUrl: hostedPageUrl(s, order.orderId),
  });
}

export async function findByMerchantOrderId(
  s: SimulatorSettings,
  merchantOrderId: string,
): Promise<OrderRow | undefined> {
  if (!isPhonePeId(merchantOrderId)) return undefined;
  const [row] = await s.db
    .select()
    .from(phonepeSimulatorOrders)
    .where(eq(phonepeSimulatorOrders.merchantOrderId, merchantOrderId));
  return row;
}

export async function findByOrderId(s: SimulatorSettings, orderId: string): Promise<OrderRow | undefined> {
  if (!isPhonePeId(orderId)) return undefined;
  const [row] = await s.db
    .select()
    .from(phonepeSimulatorOrders)
    .where(eq(phonepeSimulatorOrders.orderId, orderId));
  return row;
}

/* ---------- Attempts ---------- */

/** The state of the order's latest attempt: the order's own once it has ended; FAILED when it failed alone. */
export function attemptState(order: OrderRow): "PENDING" | "COMPLETED" | "FAILED" {
  if (order.state === "COMPLETED" || order.state === "FAILED") return order.state;
  return order.errorCode ? "FAILED" : "PENDING";
}

/** True when the order is open and its latest attempt failed: the shopper may pay again. */
export function lastAttemptFailed(order: OrderRow): boolean {
  return order.state === "PENDING" && order.transactionId !== null && order.errorCode !== null;
}

/** Earlier failed attempts of an order (by PhonePe's order id), in this process only. */
const earlierAttempts = new Map<string, Record<string, unknown>[]>();

function attemptDetail(order: OrderRow): Record<string, unknown> | null {
  if (!order.transactionId) return null;
  const state = attemptState(order);
  return {
    paymentMode: order.paymentMode ?? "UPI_QR",
    transactionId: order.transactionId,
    timestamp: (order.attemptedAt ?? order.updatedAt).getTime(),
    amount: order.amount,
    payableAmount: order.amount,
    feeAmount: 0,
    state,
    ...(state === "FAILED" && order.errorCode
      ? { errorCode: order.errorCode, detailedErrorCode: order.detailedErrorCode }
      : {}),
    rail: {
      type: "UPI",
      utr: order.transactionId.replace(/\D/g, "").slice(-12).padStart(12, "0"),
      upiTransactionId: `YBL${order.transactionId.slice(-12)}`,
      vpa: "kaveri.test@ybl",
    },
    instrument: { type: "ACCOUNT", maskedAccountNumber: "XXXXXXXX1234", accountType: "SAVINGS" },
  };
}

/** The order as PhonePe's order-status answer (and webhook payload) shows it: every attempt, latest last. */
export function orderBody(s: SimulatorSettings, order: OrderRow): Record<string, unknown> {
  const errors =
    order.state === "FAILED" && order.errorCode
      ? { errorCode: order.errorCode, detailedErrorCode: order.detailedErrorCode }
      : {};
  const latest = attemptDetail(order);
  return {
    merchantId: s.merchantId,
    merchantOrderId: order.merchantOrderId,
    orderId: order.orderId,
    state: order.state,
    amount: order.amount,
    payableAmount: order.amount,
    feeAmount: 0,
    expireAt: order.expireAt.getTime(),
    ...errors,
    ...(order.metaInfo ? { metaInfo: order.metaInfo } : {}),
    paymentDetails: [...(earlierAttempts.get(order.orderId) ?? []), ...(latest ? [latest] : [])],
  };
}

/** GET /checkout/v2/order/{merchantOrderId}/status */
export async function handleOrderStatus(
  request: Request,
  merchantOrderId: string,
  s: SimulatorSettings,
): Promise<Response> {
  if (!isAuthorized(request, s)) return unauthorized();
  const order = await findByMerchantOrderId(s, merchantOrderId);
  if (!order) return failure(404, "ORDER_NOT_FOUND", "No order with this merchantOrderId");
  return json(orderBody(s, await resolveDue(s, order)));
}

/* ---------- Settling ---------- */

/** ATTEMPT_FAILED: the current attempt fails, the order stays PENDING and can be paid again. */
export type Outcome = "COMPLETED" | "FAILED" | "PENDING" | "ATTEMPT_FAILED";

export type SettleOptions = {
  webhook?: WebhookDelivery;
  /** For PENDING: complete by itself after this many seconds; null leaves it pending until settled by hand. */
  settleAfterSeconds?: number | null;
};

export type SettleResult = {
  order: OrderRow;
  /** False when the order had already settled or moved on (nothing changed, no webhook). */
  changed: boolean;
  /** Resolves once the webhook deliveries triggered by this change are done (retries included). */
  delivery: Promise<void>;
};

export function orderWebhookBody(s: SimulatorSettings, order: OrderRow): Record<string, unknown> {
  const completed = order.state === "COMPLETED";
  const payload = orderBody(s, order);
  // As in PhonePe's SDK samples, where the payload names the order by PhonePe's orderId only.
  if (webhooksWithoutMerchantOrderId()) delete payload.merchantOrderId;
  return {
    event: completed ? "checkout.order.completed" : "checkout.order.failed",
    type: completed ? "CHECKOUT_ORDER_COMPLETED" : "CHECKOUT_ORDER_FAILED",
    payload,
  };
}

/**
 * Moves a PENDING order on. Guarded in the UPDATE by the state and by the attempt it saw, so of two instances
 * (or two clicks) only one settles the order and sends the webhook. A new attempt starts when there is none
 * yet or the latest one failed.
 */
export async function settleOrder(
  s: SimulatorSettings,
  order: OrderRow,
  outcome: Outcome,
  options: SettleOptions = {},
): Promise<SettleResult> {
  const now = new Date(nowMs(s));
  const newAttempt = order.transactionId === null || lastAttemptFailed(order);
  const attempt = {
    transactionId: newAttempt ? newId("OM", s) : order.transactionId,
    paymentMode: order.paymentMode ?? "UPI_QR",
    attemptedAt: newAttempt ? now : (order.attemptedAt ?? now),
    updatedAt: now,
  };
  const t = phonepeSimulatorOrders;
  const sameAttempt =
    order.transactionId === null ? isNull(t.transactionId) : eq(t.transactionId, order.transactionId);
  const guard = and(eq(t.id, order.id), eq(t.state, "PENDING"), sameAttempt);
  const noErrors = { errorCode: null, detailedErrorCode: null };
  let values: Partial<typeof t.$inferInsert>;
  if (outcome === "PENDING") {
    const after = options.settleAfterSeconds;
    values = {
      ...attempt,
      ...noErrors,
      settleAt: after === null || after === undefined ? null : new Date(now.getTime() + after * 1000),
      settleState: after === null || after === undefined ? null : "COMPLETED",
    };
  } else if (outcome === "ATTEMPT_FAILED") {
    values = { ...attempt, ...SIMULATED_FAILURE, settleAt: null, settleState: null };
  } else {
    values = {
      ...attempt,
      state: outcome,
      settleAt: null,
      settleState: null,
      ...(outcome === "FAILED" ? SIMULATED_FAILURE : noErrors),
    };
  }
  const [updated] = await s.db.update(t).set(values).where(guard).returning();
  if (!updated) {
    const current = (await findByMerchantOrderId(s, order.merchantOrderId)) ?? order;
    return { order: current, changed: false, delivery: Promise.resolve() };
  }
  if (newAttempt && lastAttemptFailed(order)) {
    const detail = attemptDetail(order);
    if (detail) earlierAttempts.set(order.orderId, [...(earlierAttempts.get(order.orderId) ?? []), detail]);
  }
  if (outcome === "PENDING" || outcome === "ATTEMPT_FAILED") {
    if (updated.settleAt)
      scheduleSettlement(s, updated.merchantOrderId, updated.settleAt.getTime() - now.getTime());
    return { order: updated, changed: true, delivery: Promise.resolve() };
  }
  return {
    order: updated,
    changed: true,
    delivery: deliverWebhook(s, orderWebhookBody(s, updated), options.webhook ?? DEFAULT_DELIVERY),
  };
}

/**
 * Applies what time has decided to a PENDING order: a scheduled settlement that is due, or expiry. Every read
 * goes through here, so this works with several instances and survives a restart (timers are only a shortcut).
 */
export async function resolveDue(s: SimulatorSettings, order: OrderRow): Promise<OrderRow> {
  if (order.state !== "PENDING") return order;
  const now = new Date(nowMs(s));
  const t = phonepeSimulatorOrders;
  if (order.settleAt && order.settleAt <= now && order.settleAt <= order.expireAt) {
    const to = order.settleState === "FAILED" ? "FAILED" : "COMPLETED";
    const [updated] = await s.db
      .update(t)
      .set({
        state: to,
        settleAt: null,
        settleState: null,
        updatedAt: now,
        errorCode: to === "FAILED" ? SIMULATED_FAILURE.errorCode : null,
        detailedErrorCode: to === "FAILED" ? SIMULATED_FAILURE.detailedErrorCode : null,
      })
      .where(and(eq(t.id, order.id), eq(t.state, "PENDING"), lte(t.settleAt, now)))
      .returning();
    if (updated) {
      void deliverWebhook(s, orderWebhookBody(s, updated));
      return updated;
    }
  } else if (order.expireAt <= now) {
    const [updated] = await s.db
      .update(t)
      .set({ state: "FAILED", settleAt: null, settleState: null, updatedAt: now, ...EXPIRED_FAILURE })
      .where(and(eq(t.id, order.id), eq(t.state, "PENDING")))
      .returning();
    if (updated) {
      void deliverWebhook(s, orderWebhookBody(s, updated));
      return updated;
    }
  } else {
    return order;
  }
  return (await findByMerchantOrderId(s, order.merchantOrderId)) ?? order;
}

function scheduleSettlement(s: SimulatorSettings, merchantOrderId: string, delayMs: number): void {
  const timer = setTimeout(() => {
    findByMerchantOrderId(s, merchantOrderId)
      .then((order) => (order ? resolveDue(s, order) : undefined))
      .catch((error: unknown) =>
        console.warn(`[phonepe-simulator] could not settle ${merchantOrderId}: ${describeError(error)}`),
      );
  }, Math.max(0, delayMs) + 50);
  timer.unref?.();
}
