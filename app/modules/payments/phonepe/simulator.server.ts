import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { phonepeSimulatorOrders, phonepeSimulatorRefunds } from "~/db/schema";
import { describeError } from "~/modules/ops/errors.server";
import { readForm, readJson } from "~/read-form.server";
import { PHONEPE_WEBHOOK_PATH, SIMULATOR_BASE_PATH, webhookAuthorization } from "./client.server";
import { httpText } from "./http.server";
import { isPhonePeId, type PhonePeOrderState, payRequestSchema, refundRequestSchema } from "./types";

/*
 * The PhonePe simulator: the same paths, headers and JSON shapes as PhonePe Standard Checkout v2 (see ./types.ts
 * for the sources), served by the shop itself under /phonepe-simulator when PHONEPE_ENV is "simulator", so the
 * real client (./client.server.ts) is exercised over real HTTP with no PhonePe account. Orders and refunds live
 * in the database (several shop instances share them); tokens are stateless, signed with the session secret.
 *
 * What is the simulator's own invention (PhonePe does not document it): the error codes of its 4xx answers,
 * the hosted page and its choices, and the admin endpoint that settles an order for tests.
 */

type OrderRow = typeof phonepeSimulatorOrders.$inferSelect;
type RefundRow = typeof phonepeSimulatorRefunds.$inferSelect;

export type WebhookWhen = "now" | "late" | "none";
export type WebhookDelivery = { when: WebhookWhen; twice: boolean };

export type SimulatorSettings = {
  db: Database;
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  /** Signs the simulator's access tokens. */
  tokenSecret: string;
  /** The absolute URL the simulator is served from, e.g. http://localhost:3000/phonepe-simulator. */
  baseUrl: string;
  /** The merchant id shown in answers and webhooks. */
  merchantId: string;
  webhook: {
    /** The shop's webhook endpoint. */
    url: string;
    username: string | undefined;
    password: string | undefined;
    /** How late a "late" webhook comes. */
    lateDelayMs: number;
    fetch?: typeof fetch;
  };
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Access token lifetime; PhonePe's are hours long, the simulator's default is one hour. */
  tokenTtlSeconds?: number;
  /** The shop's own origin: the only place the hosted page may send a shopper back to. */
  merchantOrigin: string;
  /** Opens the admin endpoint (tests settle orders through it); undefined: the endpoint is not there. */
  adminSecret: string | undefined;
};

export const SIMULATOR_MERCHANT_ID = "KAVERISIMULATOR";
/** PhonePe's default when the merchant sends no expireAfter. */
const DEFAULT_EXPIRE_AFTER_SECONDS = 1200;
const DEFAULT_TOKEN_TTL_SECONDS = 3600;
export const LATE_WEBHOOK_DELAY_MS = 5000;
/** The failure the hosted page's Failure button produces (an example from PhonePe's order-status docs). */
export const SIMULATED_FAILURE = { errorCode: "AUTHORIZATION_ERROR", detailedErrorCode: "ZM" } as const;
/** What an order that expires unpaid fails with (PhonePe's error-code table). */
export const EXPIRED_FAILURE = {
  errorCode: "TXN_NOT_COMPLETED",
  detailedErrorCode: "TXN_AUTO_FAILED",
} as const;

/** The simulator's settings from the shop's configuration, or null when PhonePe is not in simulator mode. */
export async function simulatorFromConfig(): Promise<SimulatorSettings | null> {
  const settings = config();
  const {
    mode,
    clientId,
    clientSecret,
    clientVersion,
    webhookUsername,
    webhookPassword,
    simulatorAdminSecret,
  } = settings.phonepe;
  if (mode !== "simulator" || !clientId || !clientSecret) return null;
  return {
    db: await getDb(),
    clientId,
    clientSecret,
    clientVersion,
    tokenSecret: settings.sessionSecret,
    baseUrl: `${settings.publicUrl}${SIMULATOR_BASE_PATH}`,
    merchantId: SIMULATOR_MERCHANT_ID,
    merchantOrigin: new URL(settings.publicUrl).origin,
    adminSecret: simulatorAdminSecret,
    webhook: {
      url: `${settings.publicUrl}${PHONEPE_WEBHOOK_PATH}`,
      username: webhookUsername,
      password: webhookPassword,
      lateDelayMs: LATE_WEBHOOK_DELAY_MS,
    },
  };
}

/** Remix resource routes: the simulator's settings, or a 404 answer thrown when it is switched off. */
export async function requireSimulator(): Promise<SimulatorSettings> {
  const simulator = await simulatorFromConfig();
  if (!simulator) throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return simulator;
}

/** For the simulator's routes that only answer one method. */
export function methodNotAllowed(allow: "GET" | "POST"): Response {
  return new Response(
    JSON.stringify({ success: false, code: "METHOD_NOT_ALLOWED", message: `Use ${allow}` }),
    {
      status: 405,
      headers: { "Content-Type": "application/json; charset=utf-8", Allow: allow },
    },
  );
}

function nowMs(s: SimulatorSettings): number {
  return s.now?.() ?? Date.now();
}

/* ---------- Answers ---------- */

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function failure(status: number, code: string, message: string): Response {
  return json({ success: false, code, message, data: {} }, status);
}

const unauthorized = () => failure(401, "UNAUTHORIZED", "Unauthorized: a valid O-Bearer token is required");

/* ---------- Tokens ---------- */

const tokenClaims = z.object({ cid: z.string(), iat: z.number(), exp: z.number() });

function sign(s: SimulatorSettings, payload: string): string {
  return createHmac("sha256", s.tokenSecret).update(`phonepe-simulator-token.${payload}`).digest("base64url");
}

function issueToken(s: SimulatorSettings): { token: string; issuedAt: number; expiresAt: number } {
  const issuedAt = Math.floor(nowMs(s) / 1000);
  const expiresAt = issuedAt + (s.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
  const payload = Buffer.from(
    JSON.stringify({ cid: s.clientId, iat: issuedAt, exp: expiresAt, jti: randomBytes(6).toString("hex") }),
  ).toString("base64url");
  return { token: `${payload}.${sign(s, payload)}`, issuedAt, expiresAt };
}

/** True when the request carries `Authorization: O-Bearer <token>` with a live token of this client. */
export function isAuthorized(request: Request, s: SimulatorSettings): boolean {
  const match = /^O-Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(
    request.headers.get("authorization") ?? "",
  );
  if (!match?.[1] || !match[2]) return false;
  const expected = Buffer.from(sign(s, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const claims = tokenClaims.parse(JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")));
    return claims.cid === s.clientId && claims.exp * 1000 > nowMs(s);
  } catch {
    return false;
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** POST /v1/oauth/token (application/x-www-form-urlencoded). */
export async function handleToken(request: Request, s: SimulatorSettings): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  if (form.get("grant_type") !== "client_credentials") {
    return failure(400, "BAD_REQUEST", "grant_type must be client_credentials");
  }
  const ok =
    form.get("client_id") === s.clientId &&
    sameSecret(form.get("client_secret") ?? "", s.clientSecret) &&
    form.get("client_version") === String(s.clientVersion);
  if (!ok)
    return failure(
      401,
      "INVALID_CLIENT",
      "Client authentication failed: check the client id, secret and version",
    );
  const { token, issuedAt, expiresAt } = issueToken(s);
  return json({
    access_token: token,
    encrypted_access_token: token,
    expires_in: null,
    issued_at: issuedAt,
    expires_at: expiresAt,
    session_expires_at: expiresAt,
    token_type: "O-Bearer",
  });
}

/* ---------- Orders ---------- */

function newId(prefix: string, s: SimulatorSettings): string {
  const stamp = new Date(nowMs(s))
    .toISOString()
    .replace(/[-:TZ.]/g, "")
    .slice(2, 14);
  return `${prefix}${stamp}${randomInt(10 ** 9, 10 ** 10)}`;
}

function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}

function isOnMerchantSite(url: string, s: SimulatorSettings): boolean {
  try {
    return new URL(url).origin === s.merchantOrigin;
  } catch {
    return false;
  }
}

/**
 * The admin endpoint is not PhonePe's: it settles orders without a payment. It exists only when an admin
 * secret is configured, and answers only to `Authorization: Bearer <secret>`.
 */
function adminRefusal(request: Request, s: SimulatorSettings): Response | null {
  if (!s.adminSecret)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const given = /^Bearer\s+(.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!sameSecret(given, s.adminSecret))
    return failure(401, "UNAUTHORIZED", "The admin secret is missing or wrong");
  return null;
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

export function hostedPageUrl(s: SimulatorSettings, orderId: string): string {
  return `${s.baseUrl}/pay/${encodeURIComponent(orderId)}`;
}

async function findByMerchantOrderId(
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

async function findByOrderId(s: SimulatorSettings, orderId: string): Promise<OrderRow | undefined> {
  if (!isPhonePeId(orderId)) return undefined;
  const [row] = await s.db
    .select()
    .from(phonepeSimulatorOrders)
    .where(eq(phonepeSimulatorOrders.orderId, orderId));
  return row;
}

/** The order as PhonePe's order-status answer (and webhook payload) shows it. */
export function orderBody(s: SimulatorSettings, order: OrderRow): Record<string, unknown> {
  const failed = order.state === "FAILED";
  const errors =
    failed && order.errorCode
      ? { errorCode: order.errorCode, detailedErrorCode: order.detailedErrorCode }
      : {};
  const paymentDetails = order.transactionId
    ? [
        {
          paymentMode: order.paymentMode ?? "UPI_QR",
          transactionId: order.transactionId,
          timestamp: (order.attemptedAt ?? order.updatedAt).getTime(),
          amount: order.amount,
          payableAmount: order.amount,
          feeAmount: 0,
          state: order.state,
          ...errors,
          rail: {
            type: "UPI",
            utr: order.transactionId.replace(/\D/g, "").slice(-12).padStart(12, "0"),
            upiTransactionId: `YBL${order.transactionId.slice(-12)}`,
            vpa: "kaveri.test@ybl",
          },
          instrument: { type: "ACCOUNT", maskedAccountNumber: "XXXXXXXX1234", accountType: "SAVINGS" },
        },
      ]
    : [];
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
    paymentDetails,
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

export type Outcome = "COMPLETED" | "FAILED" | "PENDING";

export type SettleOptions = {
  webhook?: WebhookDelivery;
  /** For PENDING: complete by itself after this many seconds; null leaves it pending until settled by hand. */
  settleAfterSeconds?: number | null;
};

export type SettleResult = {
  order: OrderRow;
  /** False when the order had already settled (nothing changed, no webhook). */
  changed: boolean;
  /** Resolves once the webhook deliveries triggered by this change are done. */
  delivery: Promise<void>;
};

const DEFAULT_DELIVERY: WebhookDelivery = { when: "now", twice: false };

/**
 * Moves a PENDING order to an outcome. Guarded by the state in the UPDATE, so of two instances (or two clicks)
 * only one settles the order and sends the webhook.
 */
export async function settleOrder(
  s: SimulatorSettings,
  order: OrderRow,
  outcome: Outcome,
  options: SettleOptions = {},
): Promise<SettleResult> {
  const now = new Date(nowMs(s));
  const attempt = {
    transactionId: order.transactionId ?? newId("OM", s),
    paymentMode: order.paymentMode ?? "UPI_QR",
    attemptedAt: order.attemptedAt ?? now,
    updatedAt: now,
  };
  const t = phonepeSimulatorOrders;
  const stillPending = and(eq(t.id, order.id), eq(t.state, "PENDING"));
  let values: Partial<typeof t.$inferInsert>;
  if (outcome === "PENDING") {
    const after = options.settleAfterSeconds;
    values = {
      ...attempt,
      settleAt: after === null || after === undefined ? null : new Date(now.getTime() + after * 1000),
      settleState: after === null || after === undefined ? null : "COMPLETED",
    };
  } else {
    values = {
      ...attempt,
      state: outcome,
      settleAt: null,
      settleState: null,
      errorCode: outcome === "FAILED" ? SIMULATED_FAILURE.errorCode : null,
      detailedErrorCode: outcome === "FAILED" ? SIMULATED_FAILURE.detailedErrorCode : null,
    };
  }
  const [updated] = await s.db.update(t).set(values).where(stillPending).returning();
  if (!updated) {
    const current = (await findByMerchantOrderId(s, order.merchantOrderId)) ?? order;
    return { order: current, changed: false, delivery: Promise.resolve() };
  }
  if (outcome === "PENDING") {
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
async function resolveDue(s: SimulatorSettings, order: OrderRow): Promise<OrderRow> {
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
      void deliverWebhook(s, orderWebhookBody(s, updated), DEFAULT_DELIVERY);
      return updated;
    }
  } else if (order.expireAt <= now) {
    const [updated] = await s.db
      .update(t)
      .set({ state: "FAILED", settleAt: null, settleState: null, updatedAt: now, ...EXPIRED_FAILURE })
      .where(and(eq(t.id, order.id), eq(t.state, "PENDING")))
      .returning();
    if (updated) {
      void deliverWebhook(s, orderWebhookBody(s, updated), DEFAULT_DELIVERY);
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

/* ---------- Webhooks ---------- */

function orderWebhookBody(s: SimulatorSettings, order: OrderRow): Record<string, unknown> {
  const completed = order.state === "COMPLETED";
  return {
    event: completed ? "checkout.order.completed" : "checkout.order.failed",
    type: completed ? "CHECKOUT_ORDER_COMPLETED" : "CHECKOUT_ORDER_FAILED",
    payload: orderBody(s, order),
  };
}

function refundWebhookBody(s: SimulatorSettings, refund: RefundRow): Record<string, unknown> {
  return {
    event: "pg.refund.completed",
    type: "PG_REFUND_COMPLETED",
    payload: refundBody(s, refund),
  };
}

async function postWebhook(s: SimulatorSettings, body: Record<string, unknown>): Promise<void> {
  const { username, password, url } = s.webhook;
  const label = `${String(body.event)} for ${subjectOf(body)}`;
  const answer = await httpText(
    url,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(username && password ? { Authorization: webhookAuthorization(username, password) } : {}),
      },
      body: JSON.stringify(body),
    },
    10_000,
    s.webhook.fetch,
  );
  if (answer.kind !== "answer") {
    console.warn(
      `[phonepe-simulator] webhook ${label} could not be delivered to ${url}:`,
      String(answer.error),
    );
  } else if (!answer.ok) {
    console.warn(`[phonepe-simulator] webhook ${label}: the shop answered ${answer.status}`);
  }
}

function subjectOf(body: Record<string, unknown>): string {
  const payload = body.payload as Record<string, unknown> | undefined;
  return String(payload?.merchantOrderId ?? payload?.merchantRefundId ?? "?");
}

/** Sends a webhook now, late or not at all, once or twice at the same moment; never rejects. */
export function deliverWebhook(
  s: SimulatorSettings,
  body: Record<string, unknown>,
  delivery: WebhookDelivery,
): Promise<void> {
  if (delivery.when === "none") return Promise.resolve();
  const send = async () => {
    await Promise.all(delivery.twice ? [postWebhook(s, body), postWebhook(s, body)] : [postWebhook(s, body)]);
  };
  if (delivery.when === "now") return send();
  return new Promise((resolve) => {
    const timer = setTimeout(() => void send().then(resolve), s.webhook.lateDelayMs);
    timer.unref?.();
  });
}

/* ---------- Refunds ---------- */

function refundBody(s: SimulatorSettings, refund: RefundRow): Record<string, unknown> {
  return {
    merchantId: s.merchantId,
    merchantRefundId: refund.merchantRefundId,
    originalMerchantOrderId: refund.originalMerchantOrderId,
    refundId: refund.refundId,
    amount: refund.amount,
    state: refund.state,
    timestamp: refund.updatedAt.getTime(),
    paymentDetails: [
      {
        paymentMode: "UPI_QR",
        transactionId: refund.transactionId,
        timestamp: refund.updatedAt.getTime(),
        amount: refund.amount,
        state: refund.state,
      },
    ],
  };
}

class RefundRefused extends Error {}

/** POST /payments/v2/refund */
export async function handleRefund(request: Request, s: SimulatorSettings): Promise<Response> {
  if (!isAuthorized(request, s)) return unauthorized();
  const body = await readJson(request);
  if (body === undefined) return failure(400, "BAD_REQUEST", "The body must be JSON");
  const parsed = refundRequestSchema.safeParse(body);
  if (!parsed.success) return failure(400, "BAD_REQUEST", firstProblem(parsed.error));
  const input = parsed.data;

  const order = await findByMerchantOrderId(s, input.originalMerchantOrderId);
  if (!order) return failure(404, "ORDER_NOT_FOUND", "No order with this originalMerchantOrderId");
  if ((await resolveDue(s, order)).state !== "COMPLETED") {
    return failure(400, "BAD_REQUEST", "Only a completed order can be refunded");
  }
  const now = new Date(nowMs(s));
  let refund: RefundRow | undefined;
  try {
    refund = await s.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(phonepeSimulatorRefunds)
        .values({
          merchantRefundId: input.merchantRefundId,
          refundId: newId("OMR", s),
          originalMerchantOrderId: input.originalMerchantOrderId,
          amount: input.amount,
          transactionId: newId("OMRT", s),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: phonepeSimulatorRefunds.merchantRefundId })
        .returning();
      if (!inserted) return undefined;
      const t = phonepeSimulatorOrders;
      const [debited] = await tx
        .update(t)
        .set({ refundedAmount: sql`${t.refundedAmount} + ${input.amount}`, updatedAt: now })
        .where(
          and(
            eq(t.id, order.id),
            eq(t.state, "COMPLETED"),
            sql`${t.refundedAmount} + ${input.amount} <= ${t.amount}`,
          ),
        )
        .returning({ id: t.id });
      if (!debited) throw new RefundRefused();
      return inserted;
    });
  } catch (error) {
    if (error instanceof RefundRefused) {
      return failure(400, "BAD_REQUEST", "The refund amount is more than what is left of the payment");
    }
    throw error;
  }
  if (!refund) {
    // The same merchantRefundId again: the same refund when it is the same request, otherwise refused.
    const existing = await findRefund(s, input.merchantRefundId);
    if (
      !existing ||
      existing.originalMerchantOrderId !== input.originalMerchantOrderId ||
      existing.amount !== input.amount
    ) {
      return failure(409, "DUPLICATE_REFUND", "A refund with this merchantRefundId already exists");
    }
    refund = existing;
  } else {
    const created = refund;
    // PhonePe accepts a refund as PENDING and completes it later; the simulator completes it right after.
    setTimeout(() => {
      completeRefund(s, created).catch((error: unknown) =>
        console.warn(
          `[phonepe-simulator] could not complete refund ${created.merchantRefundId}: ${describeError(error)}`,
        ),
      );
    }, 0).unref?.();
  }
  return json({ refundId: refund.refundId, amount: refund.amount, state: refund.state });
}

async function findRefund(s: SimulatorSettings, merchantRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await s.db
    .select()
    .from(phonepeSimulatorRefunds)
    .where(eq(phonepeSimulatorRefunds.merchantRefundId, merchantRefundId));
  return row;
}

async function completeRefund(s: SimulatorSettings, refund: RefundRow): Promise<RefundRow> {
  if (refund.state !== "PENDING") return refund;
  const t = phonepeSimulatorRefunds;
  const [updated] = await s.db
    .update(t)
    .set({ state: "COMPLETED", updatedAt: new Date(nowMs(s)) })
    .where(and(eq(t.id, refund.id), eq(t.state, "PENDING")))
    .returning();
  if (!updated) return (await findRefund(s, refund.merchantRefundId)) ?? refund;
  void deliverWebhook(s, refundWebhookBody(s, updated), DEFAULT_DELIVERY);
  return updated;
}

/** GET /payments/v2/refund/{merchantRefundId}/status */
export async function handleRefundStatus(
  request: Request,
  merchantRefundId: string,
  s: SimulatorSettings,
): Promise<Response> {
  if (!isAuthorized(request, s)) return unauthorized();
  const refund = await findRefund(s, merchantRefundId);
  if (!refund) return failure(404, "REFUND_NOT_FOUND", "No refund with this merchantRefundId");
  return json(refundBody(s, await completeRefund(s, refund)));
}

/* ---------- The hosted payment page ---------- */

export type HostedPage = {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: PhonePeOrderState;
  message: string | null;
  redirectUrl: string;
  /** The shopper already chose Pending once. */
  attempted: boolean;
  /** When a pending payment completes by itself (epoch ms). */
  settleAt: number | null;
  expireAt: number;
  errorCode: string | null;
};

/** What the hosted page shows for PhonePe's order id, or null for an unknown order. */
export async function loadHostedPage(s: SimulatorSettings, orderId: string): Promise<HostedPage | null> {
  const found = await findByOrderId(s, orderId);
  if (!found) return null;
  const order = await resolveDue(s, found);
  return {
    orderId: order.orderId,
    merchantOrderId: order.merchantOrderId,
    amount: order.amount,
    state: order.state === "COMPLETED" || order.state === "FAILED" ? order.state : "PENDING",
    message: order.message,
    redirectUrl: order.redirectUrl,
    attempted: order.transactionId !== null,
    settleAt: order.settleAt?.getTime() ?? null,
    expireAt: order.expireAt.getTime(),
    errorCode: order.errorCode,
  };
}

/** The hosted page's form (and the admin endpoint's body): the outcome and how the webhook comes. */
export const choiceSchema = z.object({
  outcome: z.enum(["success", "failure", "pending"], {
    errorMap: () => ({ message: "Choose Success, Failure or Pending" }),
  }),
  webhook: z.enum(["now", "late", "none"]).default("now"),
  twice: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
  /** Seconds, or "never". */
  settleAfter: z
    .union([z.literal("never"), z.coerce.number().int().min(0).max(3600)])
    .default(30)
    .transform((value) => (value === "never" ? null : value)),
});
export type Choice = z.infer<typeof choiceSchema>;

const OUTCOMES: Record<Choice["outcome"], Outcome> = {
  success: "COMPLETED",
  failure: "FAILED",
  pending: "PENDING",
};

/**
 * The shopper's choice on the hosted page. Returns where to send the browser (the merchant's redirectUrl, as
 * given, like PhonePe), or null for an unknown order. An order that has already settled is left as it is.
 */
export async function chooseOnHostedPage(
  s: SimulatorSettings,
  orderId: string,
  choice: Choice,
): Promise<{ redirectTo: string; result: SettleResult } | null> {
  const found = await findByOrderId(s, orderId);
  if (!found) return null;
  const order = await resolveDue(s, found);
  const result = await settleOrder(s, order, OUTCOMES[choice.outcome], {
    webhook: { when: choice.webhook, twice: choice.twice },
    settleAfterSeconds: choice.settleAfter,
  });
  return { redirectTo: order.redirectUrl, result };
}

/* ---------- Admin (tests) ---------- */

const adminSchema = z.object({
  state: z.enum(["COMPLETED", "FAILED", "PENDING"]),
  webhook: z.enum(["now", "late", "none"]).default("now"),
  twice: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
  /** For PENDING: seconds until it completes by itself; absent or null: stays pending. */
  settleAfter: z.number().int().min(0).max(3600).nullish(),
});

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return readJson(request);
  const form = await readForm(request);
  const settleAfter = form.get("settleAfter");
  return {
    state: form.get("state") ?? undefined,
    webhook: form.get("webhook") ?? undefined,
    twice: form.get("twice") ?? undefined,
    settleAfter: typeof settleAfter === "string" && settleAfter !== "" ? Number(settleAfter) : undefined,
  };
}

function adminView(s: SimulatorSettings, order: OrderRow): Record<string, unknown> {
  return {
    ...orderBody(s, order),
    redirectUrl: order.redirectUrl,
    hostedPageUrl: hostedPageUrl(s, order.orderId),
    refundedAmount: order.refundedAmount,
    settleAt: order.settleAt?.getTime() ?? null,
  };
}

/** GET /phonepe-simulator/admin/orders/{merchantOrderId}: the order with the simulator's own details. */
export async function handleAdminRead(
  request: Request,
  merchantOrderId: string,
  s: SimulatorSettings,
): Promise<Response> {
  const refused = adminRefusal(request, s);
  if (refused) return refused;
  const order = await findByMerchantOrderId(s, merchantOrderId);
  if (!order) return failure(404, "ORDER_NOT_FOUND", "No order with this merchantOrderId");
  return json(adminView(s, await resolveDue(s, order)));
}

/**
 * POST /phonepe-simulator/admin/orders/{merchantOrderId} {state, webhook?, twice?, settleAfter?}: settles a
 * pending order as if the shopper had chosen on the hosted page. 409 when it has already settled.
 */
export async function handleAdminSettle(
  request: Request,
  merchantOrderId: string,
  s: SimulatorSettings,
): Promise<Response> {
  const refused = adminRefusal(request, s);
  if (refused) return refused;
  const parsed = adminSchema.safeParse(await readBody(request));
  if (!parsed.success) return failure(400, "BAD_REQUEST", firstProblem(parsed.error));
  const found = await findByMerchantOrderId(s, merchantOrderId);
  if (!found) return failure(404, "ORDER_NOT_FOUND", "No order with this merchantOrderId");
  const order = await resolveDue(s, found);
  const { state, webhook, twice, settleAfter } = parsed.data;
  const result = await settleOrder(s, order, state, {
    webhook: { when: webhook, twice },
    settleAfterSeconds: settleAfter,
  });
  if (!result.changed) {
    return json(
      { ...adminView(s, result.order), message: `The order is already ${result.order.state}` },
      409,
    );
  }
  return json(adminView(s, result.order));
}
