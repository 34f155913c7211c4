import type { z } from "zod";
import { type HttpInit, httpText } from "./phonepe-http.server";
import {
  errorBodySchema,
  orderStatusResponseSchema,
  type PhonePeOrderState,
  type PhonePePaymentDetail,
  type PhonePeRefundState,
  payResponseSchema,
  refundResponseSchema,
  refundStatusResponseSchema,
  tokenResponseSchema,
} from "./phonepe-types";

/*
 * A small gateway to PhonePe Standard Checkout v2: OAuth client-credentials token, start a payment, read an
 * order's status and refund (webhooks: phonepe-webhook.server.ts; the configured client:
 * phonepe-config.server.ts). The same code talks to PhonePe's sandbox, to production and to
 * the bundled simulator (which answers the same paths and shapes under /phonepe-simulator). Shapes and
 * sources: ./types.ts.
 */

const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * A token is renewed at half its life (as PhonePe's Node SDK does, TokenService.isCachedTokenValid) or this long
 * before expires_at (PhonePe asks for renewal ahead of it), whichever comes first.
 */
const TOKEN_RENEW_AHEAD_MS = 5 * 60_000;
/** A token is used until this long before expires_at, also while renewing it fails. */
const TOKEN_SAFETY_MARGIN_MS = 30_000;
/** After a failed renewal the next one is tried this much later; nor is a token renewed more often than this. */
const TOKEN_RENEW_BACKOFF_MS = 30_000;

export type PhonePeClientSettings = {
  /** Base of /v1/oauth/token, without a trailing slash. */
  authBaseUrl: string;
  /** Base of /checkout/v2/… and /payments/v2/…, without a trailing slash. */
  pgBaseUrl: string;
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  /** Replaces the global fetch (see ./http.server.ts), e.g. in tests. */
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; tests move time with it. */
  now?: () => number;
  /** Per request; 15 s by default. */
  timeoutMs?: number;
};

export type PhonePeErrorKind = "http" | "timeout" | "network" | "invalid-response" | "not-configured";

/**
 * Any failure talking to PhonePe. `message` is PhonePe's own message when it sent one, so the checkout can show
 * "Something went wrong with PhonePe: {message}".
 */
export class PhonePeError extends Error {
  readonly kind: PhonePeErrorKind;
  /** HTTP status of PhonePe's answer; undefined when none came (timeout, network). */
  readonly status: number | undefined;
  /** PhonePe's error code (code or errorCode in the body), e.g. "BAD_REQUEST". */
  readonly code: string | undefined;
  /** The parsed error body, for logs. */
  readonly body: unknown;

  constructor(
    message: string,
    options: { kind: PhonePeErrorKind; status?: number; code?: string; body?: unknown; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = "PhonePeError";
    this.kind = options.kind;
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
  }
}

export type StartPaymentInput = {
  /** Ours, unique per attempt: at most 63 characters, letters, digits, _ and -. */
  merchantOrderId: string;
  /** Paise, at least 100. */
  amount: number;
  /** Where PhonePe sends the shopper back (a GET, the URL exactly as given). */
  redirectUrl: string;
  /** Shown in the PhonePe app for collect requests. */
  message?: string;
  /** Seconds until PhonePe expires the order (300–3600; PhonePe's default is 1200). */
  expireAfter?: number;
  /** udf1 … udf15, returned in status answers and webhooks. */
  metaInfo?: Record<string, string>;
};

export type StartPaymentResult = {
  /** PhonePe's hosted payment page; undefined when PhonePe did not give one ('Failed to initiate PhonePe payment.'). */
  redirectUrl: string | undefined;
  /** PhonePe's order id. */
  orderId: string;
  state: PhonePeOrderState;
  /** Epoch milliseconds, when PhonePe sent it. */
  expireAt: number | undefined;
};

export type OrderStatusResult = {
  state: PhonePeOrderState;
  /** Paise, as PhonePe recorded the order. */
  amount: number;
  orderId: string | undefined;
  /** The successful attempt's transaction id, else the latest attempt's. */
  transactionId: string | undefined;
  paymentMode: string | undefined;
  paymentDetails: PhonePePaymentDetail[];
  errorCode: string | undefined;
  detailedErrorCode: string | undefined;
  message: string | undefined;
  /** The whole answer, e.g. to keep with the payment attempt. */
  raw: Record<string, unknown>;
};

export type RefundInput = {
  /** Ours, unique per refund. */
  merchantRefundId: string;
  /** The merchantOrderId of the completed payment. */
  originalMerchantOrderId: string;
  /** Paise, at most what is left of the payment. */
  amount: number;
};

export type RefundResult = { refundId: string; amount: number; state: PhonePeRefundState };

export type RefundStatusResult = {
  merchantRefundId: string | undefined;
  originalMerchantOrderId: string | undefined;
  amount: number;
  state: PhonePeRefundState;
  paymentDetails: PhonePePaymentDetail[];
  errorCode: string | undefined;
  raw: Record<string, unknown>;
};

export type PhonePeClient = {
  startPayment(input: StartPaymentInput): Promise<StartPaymentResult>;
  orderStatus(merchantOrderId: string, options?: { details?: boolean }): Promise<OrderStatusResult>;
  refund(input: RefundInput): Promise<RefundResult>;
  refundStatus(merchantRefundId: string): Promise<RefundStatusResult>;
};

type CachedToken = {
  /** "O-Bearer <access_token>". */
  header: string;
  /** Epoch ms: the first call from then on renews the token (moved on by a failed renewal). */
  renewAt: number;
  /** Epoch ms: the token is used until then, expires_at less a safety margin. */
  usableUntil: number;
};

/** A failure in one line for the log: kind, HTTP status, PhonePe's code and message (never the request). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const message = error.message.replace(/\s+/g, " ").trim().slice(0, 200);
  if (!(error instanceof PhonePeError)) return `${error.name}: ${message}`;
  const label = [error.kind, error.status, error.code].filter((part) => part !== undefined).join(" ");
  return `${label}: ${message}`;
}

export function createPhonePeClient(settings: PhonePeClientSettings): PhonePeClient {
  const now = settings.now ?? Date.now;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const authBase = settings.authBaseUrl.replace(/\/+$/, "");
  const pgBase = settings.pgBaseUrl.replace(/\/+$/, "");

  let cached: CachedToken | undefined;
  /** One token request at a time: callers arriving meanwhile wait for the same answer. */
  let inFlight: Promise<CachedToken> | undefined;

  const usable = (token: CachedToken | undefined): token is CachedToken =>
    token !== undefined && now() < token.usableUntil;

  async function send(url: string, init: HttpInit): Promise<{ status: number; body: unknown }> {
    const answer = await httpText(url, init, timeoutMs, settings.fetch);
    if (answer.kind !== "answer") {
      throw new PhonePeError(
        answer.kind === "timeout"
          ? `PhonePe did not answer within ${timeoutMs / 1000} seconds`
          : answer.status === undefined
            ? "PhonePe could not be reached"
            : "PhonePe's answer was cut off",
        { kind: answer.kind, status: answer.status, cause: answer.error },
      );
    }
    const { text } = answer;
    let body: unknown = text;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's error page, say): kept as text for the error.
      }
    }
    if (!answer.ok) throw errorFromAnswer(answer.status, answer.statusText, body);
    return { status: answer.status, body };
  }

  async function fetchToken(): Promise<CachedToken> {
    const form = new URLSearchParams({
      client_id: settings.clientId,
      client_version: String(settings.clientVersion),
      client_secret: settings.clientSecret,
      grant_type: "client_credentials",
    });
    const { status, body } = await send(`${authBase}/v1/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form.toString(),
    });
    const token = parseAnswer(tokenResponseSchema, status, body, "token");
    const receivedAt = now();
    const expiresAt = token.expires_at * 1000;
    const issuedAt = token.issued_at === undefined ? receivedAt : token.issued_at * 1000;
    const renewAt = Math.min(issuedAt + (expiresAt - issuedAt) / 2, expiresAt - TOKEN_RENEW_AHEAD_MS);
    return {
      header: `${token.token_type ?? "O-Bearer"} ${token.access_token}`,
      // A short-lived token is not renewed on every call.
      renewAt: Math.max(renewAt, receivedAt + TOKEN_RENEW_BACKOFF_MS),
      usableUntil: expiresAt - TOKEN_SAFETY_MARGIN_MS,
    };
  }

  /**
   * The one token request under way, or a new one. When it fails while the token held is still usable, that
   * token stays (one log line) and the next renewal waits for the back-off.
   */
  function renew(): Promise<CachedToken> {
    inFlight ??= fetchToken()
      .then(
        (token) => {
          cached = token;
          return token;
        },
        (error: unknown) => {
          const held = cached;
          if (usable(held)) {
            held.renewAt = now() + TOKEN_RENEW_BACKOFF_MS;
            console.warn(
              `[phonepe] could not renew the OAuth token (${describeFailure(error)}); the current one is used ` +
                `until ${new Date(held.usableUntil).toISOString()}, next try in ${TOKEN_RENEW_BACKOFF_MS / 1000} s`,
            );
          }
          throw error;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  /** The Authorization header; `rejected` is a header PhonePe just refused, so a new token is needed. */
  async function authorization(rejected?: string): Promise<string> {
    if (rejected !== undefined && cached?.header === rejected) cached = undefined;
    if (usable(cached) && now() < cached.renewAt) return cached.header;
    try {
      return (await renew()).header;
    } catch (error) {
      // Renewing failed, but the token held is still good (renew() logged it): carry on with it.
      if (usable(cached)) return cached.header;
      throw error;
    }
  }

  /** A call with the token; a 401 drops the token and tries exactly once more with a new one. */
  async function call<T extends z.ZodTypeAny>(
    schema: T,
    what: string,
    path: string,
    init: { method: "GET" | "POST"; json?: unknown },
  ): Promise<{ parsed: z.output<T>; raw: Record<string, unknown> }> {
    const attempt = (authorizationHeader: string) =>
      send(`${pgBase}${path}`, {
        method: init.method,
        // PhonePe's API reference lists Content-Type: application/json and Authorization on every one of these
        // calls, GETs too, as its SDK sends them. (Its SDK's x-source* headers name the SDK itself; PhonePe
        // documents X-SOURCE and the like only for partner (TSP) integrations, which this is not.)
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          Authorization: authorizationHeader,
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
    // A failure of the token call itself is final (no retry with the same credentials).
    const header = await authorization();
    let answer: { status: number; body: unknown };
    try {
      answer = await attempt(header);
    } catch (error) {
      if (!(error instanceof PhonePeError && error.kind === "http" && error.status === 401)) throw error;
      answer = await attempt(await authorization(header));
    }
    const parsed = parseAnswer(schema, answer.status, answer.body, what);
    return { parsed, raw: answer.body as Record<string, unknown> };
  }

  return {
    async startPayment(input) {
      const { parsed } = await call(payResponseSchema, "pay", "/checkout/v2/pay", {
        method: "POST",
        json: {
          merchantOrderId: input.merchantOrderId,
          amount: input.amount,
          ...(input.expireAfter === undefined ? {} : { expireAfter: input.expireAfter }),
          ...(input.metaInfo === undefined ? {} : { metaInfo: input.metaInfo }),
          paymentFlow: {
            type: "PG_CHECKOUT",
            ...(input.message === undefined ? {} : { message: input.message }),
            merchantUrls: { redirectUrl: input.redirectUrl },
          },
        },
      });
      return {
        redirectUrl: parsed.redirectUrl,
        orderId: parsed.orderId,
        state: parsed.state,
        expireAt: parsed.expireAt,
      };
    },

    async orderStatus(merchantOrderId, options = {}) {
      const query = `?details=${options.details === true}`;
      const { parsed, raw } = await call(
        orderStatusResponseSchema,
        "order status",
        `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status${query}`,
        { method: "GET" },
      );
      const details = parsed.paymentDetails;
      const chosen = details.find((d) => d.state === "COMPLETED") ?? details.at(-1);
      return {
        state: parsed.state,
        amount: parsed.amount,
        orderId: parsed.orderId,
        transactionId: chosen?.transactionId,
        paymentMode: chosen?.paymentMode,
        paymentDetails: details,
        errorCode: parsed.errorCode ?? chosen?.errorCode,
        detailedErrorCode: parsed.detailedErrorCode ?? chosen?.detailedErrorCode,
        message: parsed.message,
        raw,
      };
    },

    async refund(input) {
      const { parsed } = await call(refundResponseSchema, "refund", "/payments/v2/refund", {
        method: "POST",
        json: {
          merchantRefundId: input.merchantRefundId,
          originalMerchantOrderId: input.originalMerchantOrderId,
          amount: input.amount,
        },
      });
      return { refundId: parsed.refundId, amount: parsed.amount, state: parsed.state };
    },

    async refundStatus(merchantRefundId) {
      const { parsed, raw } = await call(
        refundStatusResponseSchema,
        "refund status",
        `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`,
        { method: "GET" },
      );
      return {
        merchantRefundId: parsed.merchantRefundId,
        originalMerchantOrderId: parsed.originalMerchantOrderId,
        amount: parsed.amount,
        state: parsed.state,
        paymentDetails: parsed.paymentDetails,
        errorCode: parsed.errorCode ?? parsed.paymentDetails.at(-1)?.errorCode,
        raw,
      };
    },
  };
}

function parseAnswer<T extends z.ZodTypeAny>(
  schema: T,
  status: number,
  body: unknown,
  what: string,
): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new PhonePeError(`PhonePe sent an unexpected ${what} answer`, {
    kind: "invalid-response",
    status,
    body,
    cause: result.error,
  });
}

function errorFromAnswer(status: number, statusText: string, body: unknown): PhonePeError {
  const parsed = errorBodySchema.safeParse(body);
  const fields = parsed.success ? parsed.data : undefined;
  const code =
    fields?.errorCode ??
    (fields?.code === undefined || fields.code === null ? undefined : String(fields.code));
  const message =
    fields?.message?.trim() ||
    fields?.error_description?.trim() ||
    fields?.error?.trim() ||
    `PhonePe answered ${status}${statusText ? ` ${statusText}` : ""}`;
  return new PhonePeError(message, { kind: "http", status, code, body });
}
