import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPhonePeClient,
  type PhonePeClientSettings,
  PhonePeError,
  parseWebhook,
  verifyWebhookAuthorization,
  webhookAuthorization,
} from "~/modules/payments/phonepe/client.server";

/*
 * The PhonePe client against a local HTTP server answering with PhonePe-shaped bodies (from PhonePe's API
 * reference samples and its Node SDK's models), so tokens, retries and error bodies go over real HTTP.
 */

type Seen = { method: string; path: string; headers: IncomingMessage["headers"]; body: string };
/** hang: no answer at all; stall: the status line and half a body, then nothing. */
type Answer = { status?: number; json?: unknown; text?: string; hang?: boolean; stall?: boolean };
type Handler = (request: Seen) => Answer;

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function fakePhonePe(handler: Handler): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(request);
      const answer = handler(request);
      if (answer.hang) return;
      if (answer.stall) {
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
        res.write('{"orderId":"OMO1",');
        return;
      }
      res.statusCode = answer.status ?? 200;
      if (answer.json !== undefined) {
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify(answer.json));
      } else {
        res.setHeader("Content-Type", "text/html");
        res.end(answer.text ?? "");
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, seen };
}

const T0 = Date.UTC(2025, 0, 15, 6, 30, 0);

/** A token answer as PhonePe's docs show it: epoch seconds, expires_in null, token_type O-Bearer. */
function tokenAnswer(accessToken: string, issuedAtMs: number, lifetimeSeconds = 3600): Answer {
  const issued = Math.floor(issuedAtMs / 1000);
  return {
    json: {
      access_token: accessToken,
      encrypted_access_token: `enc-${accessToken}`,
      expires_in: null,
      issued_at: issued,
      expires_at: issued + lifetimeSeconds,
      session_expires_at: issued + lifetimeSeconds,
      token_type: "O-Bearer",
    },
  };
}

const payAnswer: Answer = {
  json: {
    orderId: "OMO2501151200001234567890",
    state: "PENDING",
    expireAt: 1736925600000,
    redirectUrl: "https://mercury-uat.phonepe.com/transact/uat_v2?token=abc123",
  },
};

const completedStatus = {
  merchantId: "KAVERIUAT",
  merchantOrderId: "KC20250115063000ABCDE",
  orderId: "OMO2501151200001234567890",
  state: "COMPLETED",
  amount: 1_234_500,
  payableAmount: 1_234_500,
  feeAmount: 0,
  expireAt: 1736925600000,
  metaInfo: { udf1: "cart-7" },
  paymentDetails: [
    {
      paymentMode: "UPI_QR",
      transactionId: "OM2501151201239876543210",
      timestamp: 1736924400000,
      amount: 1_234_500,
      state: "COMPLETED",
      rail: { type: "UPI", utr: "506312345678", upiTransactionId: "YBL123", vpa: "asha@ybl" },
      instrument: { type: "ACCOUNT", maskedAccountNumber: "XXXXXX1234", accountType: "SAVINGS" },
      splitInstruments: [{ amount: 1_234_500 }],
    },
  ],
  someFutureField: { nested: true },
};

function settingsFor(base: string, overrides: Partial<PhonePeClientSettings> = {}): PhonePeClientSettings {
  return {
    authBaseUrl: base,
    pgBaseUrl: `${base}/pg`,
    clientId: "KAVERI_UAT_CLIENT",
    clientSecret: "s3cr3t/+=&",
    clientVersion: 1,
    ...overrides,
  };
}

const tokenRequests = (seen: Seen[]) => seen.filter((s) => s.path === "/v1/oauth/token");
const pgRequests = (seen: Seen[]) => seen.filter((s) => s.path.startsWith("/pg/"));

describe("PhonePe client: OAuth token", () => {
  it("asks for a token with the form PhonePe documents, once, and reuses it", async () => {
    let clock = T0;
    const { base, seen } = await fakePhonePe((req) => {
      if (req.path === "/v1/oauth/token") return tokenAnswer("tok-1", clock);
      if (req.path === "/pg/checkout/v2/pay") return payAnswer;
      return { json: completedStatus };
    });
    const client = createPhonePeClient(settingsFor(base, { now: () => clock }));

    await client.startPayment({
      merchantOrderId: "KC20250115063000ABCDE",
      amount: 1_234_500,
      redirectUrl: "http://localhost:3000/checkout?merchantTransactionId=KC20250115063000ABCDE",
    });
    clock += 29 * 60 * 1000; // Within the first half of the hour the token lives.
    await client.orderStatus("KC20250115063000ABCDE");
    await client.orderStatus("KC20250115063000ABCDE");

    const tokens = tokenRequests(seen);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.method).toBe("POST");
    expect(tokens[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(tokens[0]?.body))).toEqual({
      client_id: "KAVERI_UAT_CLIENT",
      client_version: "1",
      client_secret: "s3cr3t/+=&",
      grant_type: "client_credentials",
    });
    for (const request of pgRequests(seen)) expect(request.headers.authorization).toBe("O-Bearer tok-1");
  });

  it("shares one token request between calls made at the same moment", async () => {
    const { base, seen } = await fakePhonePe((req) =>
      req.path === "/v1/oauth/token" ? tokenAnswer("tok-1", Date.now()) : { json: completedStatus },
    );
    const client = createPhonePeClient(settingsFor(base));
    await Promise.all([client.orderStatus("A"), client.orderStatus("B"), client.orderStatus("C")]);
    expect(tokenRequests(seen)).toHaveLength(1);
    expect(pgRequests(seen)).toHaveLength(3);
  });

  it("on a 401 fetches a new token and retries exactly once", async () => {
    let issued = 0;
    const { base, seen } = await fakePhonePe((req) => {
      if (req.path === "/v1/oauth/token") {
        issued += 1;
        return tokenAnswer(`tok-${issued}`, Date.now());
      }
      if (req.headers.authorization === "O-Bearer tok-1") {
        return { status: 401, json: { success: false, code: "UNAUTHORIZED", message: "Token expired" } };
      }
      return { json: completedStatus };
    });
    const client = createPhonePeClient(settingsFor(base));

    const status = await client.orderStatus("KC20250115063000ABCDE");
    expect(status.state).toBe("COMPLETED");
    expect(tokenRequests(seen)).toHaveLength(2);
    expect(pgRequests(seen).map((r) => r.headers.authorization)).toEqual([
      "O-Bearer tok-1",
      "O-Bearer tok-2",
    ]);

    // The new token is kept.
    await client.orderStatus("KC20250115063000ABCDE");
    expect(tokenRequests(seen)).toHaveLength(2);
  });

  it("gives up after the one retry when PhonePe still answers 401", async () => {
    let issued = 0;
    const { base, seen } = await fakePhonePe((req) => {
      if (req.path === "/v1/oauth/token") {
        issued += 1;
        return tokenAnswer(`tok-${issued}`, Date.now());
      }
      return { status: 401, json: { success: false, code: "UNAUTHORIZED", message: "Unauthorized" } };
    });
    const client = createPhonePeClient(settingsFor(base));

    const error = await client.orderStatus("KC1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhonePeError);
    expect(error).toMatchObject({ kind: "http", status: 401, code: "UNAUTHORIZED", message: "Unauthorized" });
    expect(pgRequests(seen)).toHaveLength(2);
    expect(tokenRequests(seen)).toHaveLength(2);
  });

  it("does not retry when the token request itself is refused", async () => {
    const { base, seen } = await fakePhonePe(() => ({
      status: 401,
      json: { success: false, code: "INVALID_CLIENT", message: "Client authentication failed" },
    }));
    const client = createPhonePeClient(settingsFor(base));
    await expect(
      client.startPayment({ merchantOrderId: "KC1", amount: 10_000, redirectUrl: "https://shop.example/x" }),
    ).rejects.toMatchObject({ status: 401, code: "INVALID_CLIENT", message: "Client authentication failed" });
    expect(tokenRequests(seen)).toHaveLength(1);
    expect(pgRequests(seen)).toHaveLength(0);
  });
});

describe("PhonePe client: token renewal", () => {
  const SECOND = 1000;

  /** A fake PhonePe whose token endpoint can be made to fail; tokens are tok-1, tok-2, … issued at `clock`. */
  async function renewing(lifetimeSeconds: number, options: { timeoutMs?: number } = {}) {
    const state = { clock: T0, issued: 0, tokenAnswer: undefined as Answer | undefined };
    const fake = await fakePhonePe((req) => {
      if (req.path === "/v1/oauth/token") {
        if (state.tokenAnswer) return state.tokenAnswer;
        state.issued += 1;
        return tokenAnswer(`tok-${state.issued}`, state.clock, lifetimeSeconds);
      }
      return { json: completedStatus };
    });
    const client = createPhonePeClient(
      settingsFor(fake.base, { now: () => state.clock, timeoutMs: options.timeoutMs ?? 2000 }),
    );
    /** One order-status call at `at` seconds after T0; answers the Authorization header it was sent with. */
    const callAt = async (at: number) => {
      state.clock = T0 + at * SECOND;
      await client.orderStatus("KC1");
      return pgRequests(fake.seen).at(-1)?.headers.authorization;
    };
    return { state, client, seen: fake.seen, callAt, tokens: () => tokenRequests(fake.seen).length };
  }

  const refused: Answer = {
    status: 503,
    json: { success: false, code: "SERVICE_UNAVAILABLE", message: "Please try again" },
  };

  it("renews at half the token's life, like PhonePe's SDK, not earlier", async () => {
    const { callAt, tokens } = await renewing(3600);
    expect(await callAt(0)).toBe("O-Bearer tok-1");
    expect(await callAt(1799)).toBe("O-Bearer tok-1");
    expect(tokens()).toBe(1);
    expect(await callAt(1800)).toBe("O-Bearer tok-2");
    expect(tokens()).toBe(2);
    // tok-2 was issued at 1800 s: its half-life is at 3600 s.
    expect(await callAt(3599)).toBe("O-Bearer tok-2");
    expect(await callAt(3600)).toBe("O-Bearer tok-3");
  });

  it("renews five minutes before expires_at when that comes before half-life", async () => {
    const { callAt, tokens } = await renewing(8 * 60);
    await callAt(0);
    expect(await callAt(179)).toBe("O-Bearer tok-1");
    expect(tokens()).toBe(1);
    expect(await callAt(180)).toBe("O-Bearer tok-2");
  });

  it("renews a very short-lived token at most every 30 seconds", async () => {
    // Two minutes of life: five minutes before expiry is already past, so it is renewed as soon as allowed.
    const { callAt, tokens } = await renewing(120);
    await callAt(0);
    expect(await callAt(29)).toBe("O-Bearer tok-1");
    expect(await callAt(30)).toBe("O-Bearer tok-2");
    expect(await callAt(31)).toBe("O-Bearer tok-2");
    expect(await callAt(59)).toBe("O-Bearer tok-2");
    expect(tokens()).toBe(2);
  });

  it("keeps a still-valid token when renewal fails, logs it once, and tries again after 30 seconds", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { state, callAt, tokens } = await renewing(3600);
    await callAt(0);

    state.tokenAnswer = refused;
    expect(await callAt(1800)).toBe("O-Bearer tok-1");
    expect(tokens()).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain("could not renew the OAuth token");
    expect(line).toContain("http 503 SERVICE_UNAVAILABLE: Please try again");
    expect(line).not.toContain("s3cr3t");
    expect(line).not.toContain("tok-1");

    // Within the back-off: no token request, the valid token is used.
    expect(await callAt(1801)).toBe("O-Bearer tok-1");
    expect(await callAt(1829)).toBe("O-Bearer tok-1");
    expect(tokens()).toBe(2);

    // After it: one more try (failing again, so still tok-1), then PhonePe is back.
    expect(await callAt(1830)).toBe("O-Bearer tok-1");
    expect(tokens()).toBe(3);
    expect(warn).toHaveBeenCalledTimes(2);
    state.tokenAnswer = undefined;
    expect(await callAt(1845)).toBe("O-Bearer tok-1");
    expect(await callAt(1860)).toBe("O-Bearer tok-2");
    expect(tokens()).toBe(4);
    expect(await callAt(1900)).toBe("O-Bearer tok-2");
    expect(tokens()).toBe(4);
  });

  it("keeps the valid token when the token request hangs: one timed-out try, no more", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { state, callAt, tokens } = await renewing(3600, { timeoutMs: 300 });
    await callAt(0);
    state.tokenAnswer = { hang: true };
    const started = Date.now();
    expect(await callAt(1800)).toBe("O-Bearer tok-1");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toContain(
      "timeout: PhonePe did not answer within 0.3 seconds",
    );
    expect(await callAt(1810)).toBe("O-Bearer tok-1");
    expect(tokens()).toBe(2);
  });

  it("fails once the token is too close to expires_at to be used", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { state, callAt, client } = await renewing(3600);
    await callAt(0);
    state.tokenAnswer = refused;
    expect(await callAt(3569)).toBe("O-Bearer tok-1");
    // 30 s before expires_at it is no longer used, and the refusal is the call's error.
    state.clock = T0 + 3570 * SECOND;
    await expect(client.orderStatus("KC1")).rejects.toMatchObject({
      kind: "http",
      status: 503,
      code: "SERVICE_UNAVAILABLE",
    });
  });

  it("shares one renewal request between calls made at the same moment, succeeding or failing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { state, client, seen, tokens, callAt } = await renewing(3600);
    await callAt(0);

    state.tokenAnswer = refused;
    state.clock = T0 + 1800 * SECOND;
    await Promise.all([client.orderStatus("A"), client.orderStatus("B"), client.orderStatus("C")]);
    expect(tokens()).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(
      pgRequests(seen)
        .slice(-3)
        .map((r) => r.headers.authorization),
    ).toEqual(["O-Bearer tok-1", "O-Bearer tok-1", "O-Bearer tok-1"]);

    state.tokenAnswer = undefined;
    state.clock = T0 + 1900 * SECOND;
    await Promise.all([client.orderStatus("A"), client.orderStatus("B"), client.orderStatus("C")]);
    expect(tokens()).toBe(3);
    expect(
      pgRequests(seen)
        .slice(-3)
        .map((r) => r.headers.authorization),
    ).toEqual(["O-Bearer tok-2", "O-Bearer tok-2", "O-Bearer tok-2"]);
  });

  it("does not fall back on a token PhonePe refused with a 401", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { base, seen } = await fakePhonePe((req) => {
      if (req.path === "/v1/oauth/token") {
        return tokenRequests(seen).length === 1 ? tokenAnswer("tok-1", T0) : refused;
      }
      return { status: 401, json: { success: false, code: "UNAUTHORIZED", message: "Token revoked" } };
    });
    const client = createPhonePeClient(settingsFor(base, { now: () => T0 }));
    await expect(client.orderStatus("KC1")).rejects.toMatchObject({ status: 503 });
    expect(pgRequests(seen)).toHaveLength(1);
    expect(tokenRequests(seen)).toHaveLength(2);
  });
});

describe("PhonePe client: answers", () => {
  async function clientAnswering(answer: (req: Seen) => Answer) {
    const fake = await fakePhonePe((req) =>
      req.path === "/v1/oauth/token" ? tokenAnswer("tok-1", Date.now()) : answer(req),
    );
    return { client: createPhonePeClient(settingsFor(fake.base, { timeoutMs: 300 })), seen: fake.seen };
  }

  it("starts a payment with the documented body and reads the redirect URL", async () => {
    const { client, seen } = await clientAnswering(() => payAnswer);
    const started = await client.startPayment({
      merchantOrderId: "KC20250115063000ABCDE",
      amount: 1_234_500,
      redirectUrl: "http://localhost:3000/checkout?merchantTransactionId=KC20250115063000ABCDE",
      message: "Kaveri Computers order KC20250115063000ABCDE",
      expireAfter: 1200,
      metaInfo: { udf1: "cart-7" },
    });
    expect(started).toEqual({
      redirectUrl: "https://mercury-uat.phonepe.com/transact/uat_v2?token=abc123",
      orderId: "OMO2501151200001234567890",
      state: "PENDING",
      expireAt: 1736925600000,
    });
    const request = pgRequests(seen)[0];
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/pg/checkout/v2/pay");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      merchantOrderId: "KC20250115063000ABCDE",
      amount: 1_234_500,
      expireAfter: 1200,
      metaInfo: { udf1: "cart-7" },
      paymentFlow: {
        type: "PG_CHECKOUT",
        message: "Kaveri Computers order KC20250115063000ABCDE",
        merchantUrls: {
          redirectUrl: "http://localhost:3000/checkout?merchantTransactionId=KC20250115063000ABCDE",
        },
      },
    });
  });

  it("sends the headers PhonePe's API reference lists, on every call", async () => {
    const { client, seen } = await clientAnswering((req) => {
      if (req.path === "/pg/checkout/v2/pay") return payAnswer;
      if (req.path === "/pg/payments/v2/refund") {
        return { json: { refundId: "OMR1", amount: 10_000, state: "PENDING" } };
      }
      if (req.path.startsWith("/pg/payments/v2/refund/")) {
        return { json: { amount: 10_000, state: "COMPLETED" } };
      }
      return { json: completedStatus };
    });
    await client.startPayment({ merchantOrderId: "KC1", amount: 10_000, redirectUrl: "https://x.in/" });
    await client.orderStatus("KC1");
    await client.refund({ merchantRefundId: "KC1R", originalMerchantOrderId: "KC1", amount: 10_000 });
    await client.refundStatus("KC1R");

    const token = tokenRequests(seen)[0];
    expect(token?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(token?.headers.accept).toBe("application/json");
    expect(token?.headers.authorization).toBeUndefined();
    const calls = pgRequests(seen);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /pg/checkout/v2/pay",
      "GET /pg/checkout/v2/order/KC1/status?details=false",
      "POST /pg/payments/v2/refund",
      "GET /pg/payments/v2/refund/KC1R/status",
    ]);
    for (const request of calls) {
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        accept: "application/json",
        authorization: "O-Bearer tok-1",
      });
      // The SDK's own x-source* headers name the SDK; PhonePe asks for X-SOURCE only from partners (TSPs).
      expect(Object.keys(request.headers).filter((name) => name.startsWith("x-"))).toEqual([]);
    }
  });

  it("reports a missing redirect URL as undefined (the checkout's 'Failed to initiate' case)", async () => {
    const { client } = await clientAnswering(() => ({ json: { orderId: "OMO1", state: "PENDING" } }));
    const started = await client.startPayment({
      merchantOrderId: "KC1",
      amount: 10_000,
      redirectUrl: "https://shop.example/checkout",
    });
    expect(started.redirectUrl).toBeUndefined();
  });

  it("reads a completed order's status, unknown fields and all", async () => {
    const { client, seen } = await clientAnswering(() => ({ json: completedStatus }));
    const status = await client.orderStatus("KC20250115063000ABCDE");
    expect(pgRequests(seen)[0]?.path).toBe(
      "/pg/checkout/v2/order/KC20250115063000ABCDE/status?details=false",
    );
    expect(pgRequests(seen)[0]?.method).toBe("GET");
    expect(status).toMatchObject({
      state: "COMPLETED",
      amount: 1_234_500,
      orderId: "OMO2501151200001234567890",
      transactionId: "OM2501151201239876543210",
      paymentMode: "UPI_QR",
      errorCode: undefined,
      message: undefined,
    });
    expect(status.paymentDetails).toHaveLength(1);
    expect(status.raw).toMatchObject({ someFutureField: { nested: true } });
  });

  it("reads a failed order's error codes, and an unknown state as PENDING", async () => {
    let body: unknown = {
      orderId: "OMO2",
      state: "FAILED",
      amount: 10_000,
      expireAt: 1736925600000,
      errorCode: "AUTHORIZATION_ERROR",
      detailedErrorCode: "ZM",
      paymentDetails: [
        {
          paymentMode: "UPI_COLLECT",
          transactionId: "OM2",
          timestamp: 1736924400000,
          amount: 10_000,
          state: "FAILED",
          errorCode: "AUTHORIZATION_ERROR",
          detailedErrorCode: "ZM",
        },
      ],
    };
    const { client } = await clientAnswering(() => ({ json: body }));
    const failed = await client.orderStatus("KC2", { details: true });
    expect(failed).toMatchObject({
      state: "FAILED",
      errorCode: "AUTHORIZATION_ERROR",
      detailedErrorCode: "ZM",
      transactionId: "OM2",
    });

    body = { orderId: "OMO3", state: "SOMETHING_NEW", amount: 10_000, paymentDetails: null };
    const odd = await client.orderStatus("KC3");
    expect(odd.state).toBe("PENDING");
    expect(odd.paymentDetails).toEqual([]);
    expect(odd.transactionId).toBeUndefined();
  });

  it("asks for refunds and their status with PhonePe's shapes", async () => {
    const { client, seen } = await clientAnswering((req) =>
      req.path === "/pg/payments/v2/refund"
        ? { json: { refundId: "OMR2501151300001", amount: 50_000, state: "PENDING" } }
        : {
            json: {
              merchantId: "KAVERIUAT",
              merchantRefundId: "KC1R",
              originalMerchantOrderId: "KC1",
              amount: 50_000,
              state: "COMPLETED",
              paymentDetails: [
                {
                  paymentMode: "UPI_QR",
                  transactionId: "OMRT1",
                  timestamp: 1736924400000,
                  amount: 50_000,
                  state: "COMPLETED",
                },
              ],
            },
          },
    );
    const refund = await client.refund({
      merchantRefundId: "KC1R",
      originalMerchantOrderId: "KC1",
      amount: 50_000,
    });
    expect(refund).toEqual({ refundId: "OMR2501151300001", amount: 50_000, state: "PENDING" });
    expect(JSON.parse(pgRequests(seen)[0]?.body ?? "")).toEqual({
      merchantRefundId: "KC1R",
      originalMerchantOrderId: "KC1",
      amount: 50_000,
    });
    const status = await client.refundStatus("KC1R");
    expect(pgRequests(seen)[1]?.path).toBe("/pg/payments/v2/refund/KC1R/status");
    expect(status).toMatchObject({
      merchantRefundId: "KC1R",
      originalMerchantOrderId: "KC1",
      amount: 50_000,
      state: "COMPLETED",
    });
  });

  it("turns PhonePe's error bodies into a PhonePeError carrying PhonePe's message and code", async () => {
    let answer: Answer = {
      status: 400,
      json: {
        success: false,
        code: "BAD_REQUEST",
        message: "Please check the inputs you have provided.",
        data: {},
      },
    };
    const { client } = await clientAnswering(() => answer);
    const pay = () =>
      client.startPayment({ merchantOrderId: "KC1", amount: 10_000, redirectUrl: "https://x.in/" });

    const bad = await pay().catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(PhonePeError);
    expect(bad).toMatchObject({
      kind: "http",
      status: 400,
      code: "BAD_REQUEST",
      message: "Please check the inputs you have provided.",
    });
    expect(`Something went wrong with PhonePe: ${(bad as Error).message}`).toBe(
      "Something went wrong with PhonePe: Please check the inputs you have provided.",
    );

    answer = {
      status: 417,
      json: { errorCode: "INVALID_MERCHANT", message: "Merchant is not active", context: {} },
    };
    await expect(pay()).rejects.toMatchObject({
      status: 417,
      code: "INVALID_MERCHANT",
      message: "Merchant is not active",
    });

    answer = { status: 502, text: "<html><body>Bad Gateway</body></html>" };
    await expect(pay()).rejects.toMatchObject({
      kind: "http",
      status: 502,
      message: "PhonePe answered 502 Bad Gateway",
    });
  });

  it("reports an answer it cannot read as invalid-response", async () => {
    const { client } = await clientAnswering(() => ({ json: { hello: "world" } }));
    await expect(client.orderStatus("KC1")).rejects.toMatchObject({ kind: "invalid-response", status: 200 });
  });

  it("gives up on a PhonePe that does not answer in time, and the process carries on", async () => {
    const { client } = await clientAnswering(() => ({ hang: true }));
    const started = Date.now();
    const error = await client
      .startPayment({ merchantOrderId: "KC1", amount: 10_000, redirectUrl: "https://shop.example/x" })
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(PhonePeError);
    expect(error).toMatchObject({ kind: "timeout", status: undefined });
    expect((error as Error).message).toBe("PhonePe did not answer within 0.3 seconds");
    // The abort must not leave an unhandled rejection behind (it once stopped the production server); Vitest
    // fails the run on one.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it("gives up on a PhonePe that answers and then stalls in the middle of the body", async () => {
    const { client } = await clientAnswering(() => ({ stall: true }));
    const error = await client.orderStatus("KC1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhonePeError);
    // The time limit covers the whole exchange; the status had arrived.
    expect(error).toMatchObject({ kind: "timeout", status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it("gives an injected fetch the time limit's signal", async () => {
    const fake = await fakePhonePe((req) =>
      req.path === "/v1/oauth/token" ? tokenAnswer("tok-1", Date.now()) : { json: completedStatus },
    );
    const hanging: typeof fetch = (input, init) =>
      String(input).endsWith("/v1/oauth/token")
        ? fetch(input, init)
        : new Promise<Response>((_, reject) => {
            init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          });
    const client = createPhonePeClient(settingsFor(fake.base, { fetch: hanging, timeoutMs: 100 }));
    await expect(client.orderStatus("KC1")).rejects.toMatchObject({ kind: "timeout", status: undefined });
  });

  it("reports an unreachable PhonePe as a network error", async () => {
    const fake = await fakePhonePe(() => ({ json: {} }));
    const closed = servers.pop();
    await new Promise<void>((resolve) => closed?.close(() => resolve()));
    const client = createPhonePeClient(settingsFor(fake.base));
    await expect(client.orderStatus("KC1")).rejects.toMatchObject({
      kind: "network",
      message: "PhonePe could not be reached",
    });
  });
});

describe("PhonePe webhooks", () => {
  // The vector from PhonePe's Node SDK tests: SHA256("username:password").
  const knownHash = "bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e";

  it("accepts SHA256(username:password) in hex, as PhonePe sends it", () => {
    expect(webhookAuthorization("username", "password")).toBe(knownHash);
    expect(verifyWebhookAuthorization(knownHash, "username", "password")).toBe(true);
    expect(verifyWebhookAuthorization(knownHash.toUpperCase(), "username", "password")).toBe(true);
    expect(verifyWebhookAuthorization(` SHA256 ${knownHash} `, "username", "password")).toBe(true);
  });

  it("refuses anything else", () => {
    expect(verifyWebhookAuthorization(knownHash, "username", "passw0rd")).toBe(false);
    expect(verifyWebhookAuthorization(knownHash, "user", "name:password")).toBe(false);
    expect(verifyWebhookAuthorization(null, "username", "password")).toBe(false);
    expect(verifyWebhookAuthorization("", "username", "password")).toBe(false);
    expect(verifyWebhookAuthorization(knownHash.slice(0, 63), "username", "password")).toBe(false);
    expect(verifyWebhookAuthorization(`Basic ${btoa("username:password")}`, "username", "password")).toBe(
      false,
    );
    expect(verifyWebhookAuthorization("username:password", "username", "password")).toBe(false);
    // No configured credentials: every webhook is refused.
    expect(verifyWebhookAuthorization(webhookAuthorization("", ""), undefined, undefined)).toBe(false);
    expect(verifyWebhookAuthorization(knownHash, "username", undefined)).toBe(false);
  });

  it("reads order webhooks by event, falling back on the deprecated type", () => {
    const payload = {
      merchantId: "KAVERIUAT",
      merchantOrderId: "KC1",
      orderId: "OMO1",
      state: "COMPLETED",
      amount: 10_000,
      expireAt: 1736925600000,
      paymentDetails: [{ paymentMode: "UPI_QR", transactionId: "OM1", amount: 10_000, state: "COMPLETED" }],
    };
    const byEvent = parseWebhook({
      event: "checkout.order.completed",
      type: "CHECKOUT_ORDER_COMPLETED",
      payload,
    });
    expect(byEvent).toMatchObject({
      ok: true,
      webhook: {
        kind: "order",
        event: "checkout.order.completed",
        state: "COMPLETED",
        merchantOrderId: "KC1",
        orderId: "OMO1",
        amount: 10_000,
        transactionId: "OM1",
      },
    });
    const byType = parseWebhook({
      type: "CHECKOUT_ORDER_FAILED",
      payload: { ...payload, state: "FAILED", errorCode: "AUTHORIZATION_ERROR" },
    });
    expect(byType).toMatchObject({
      ok: true,
      webhook: {
        kind: "order",
        event: "checkout.order.failed",
        state: "FAILED",
        errorCode: "AUTHORIZATION_ERROR",
      },
    });
  });

  it("reads refund webhooks and refuses bodies that are not webhooks", () => {
    expect(
      parseWebhook({
        event: "pg.refund.completed",
        payload: {
          merchantRefundId: "KC1R",
          originalMerchantOrderId: "KC1",
          refundId: "OMR1",
          amount: 10_000,
          state: "COMPLETED",
        },
      }),
    ).toMatchObject({ ok: true, webhook: { kind: "refund", state: "COMPLETED", merchantRefundId: "KC1R" } });
    expect(parseWebhook(null).ok).toBe(false);
    expect(parseWebhook({ event: "checkout.order.completed" }).ok).toBe(false);
    expect(parseWebhook({ payload: { merchantOrderId: "KC1", state: "COMPLETED" } }).ok).toBe(false);
    expect(parseWebhook({ event: "checkout.order.completed", payload: { state: "COMPLETED" } }).ok).toBe(
      false,
    );
  });
});
