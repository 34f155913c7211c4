import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createPhonePeClient,
  type PhonePeClientSettings,
  PhonePeError,
  parseWebhook,
  verifyWebhookAuthorization,
  webhookAuthorization,
} from "~/features/payments/index.server";
import { openTestDatabase, type TestDatabase } from "./support/database";
import {
  type PhonePeSimulator,
  type SeenRequest,
  SIMULATOR,
  startPhonePeSimulator,
} from "./support/phonepe-simulator";

/*
 * The PhonePe client over real HTTP against the bundled PhonePe simulator (./support/phonepe-simulator.ts),
 * which checks what the client sends as PhonePe would and answers in PhonePe's shapes; the simulator's clock is
 * the mocked Date (vi.setSystemTime), so tokens can age. A local fake server stays only for answers the
 * simulator cannot give (each says why): PhonePe's samples it never sends, tokens of other lifetimes, bodies
 * that stall, a 401 for a token just issued.
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

let database: TestDatabase;
let sim: PhonePeSimulator;

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startPhonePeSimulator(database.db);
});

afterAll(async () => {
  await sim?.close();
  await database?.drop();
});

type Seen = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** The caller hung up before the answer was complete. */
  hungUp: boolean;
};
/** hang: no answer at all; stall: the status line and half a body, then nothing. */
type Answer = { status?: number; json?: unknown; text?: string; hang?: boolean; stall?: boolean };
type Handler = (request: Seen) => Answer;

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await sim.admin.clearFaults();
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
      const request: Seen = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        hungUp: false,
      };
      seen.push(request);
      res.on("close", () => {
        if (!res.writableFinished) request.hungUp = true;
      });
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
const SECOND = 1000;

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
    },
  ],
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

/* ---------- On the simulator ---------- */

let sequence = 0;
/** A merchantOrderId of this test's own. */
function newOrderId(): string {
  sequence += 1;
  return `KCCLIENT${Date.now()}${sequence}`;
}

/** The next whole second of real time: a clock to start the simulator's mocked Date from. */
function nextSecond(): number {
  return Math.ceil(Date.now() / SECOND) * SECOND + SECOND;
}

/** PhonePe's APIs as opposed to the simulator's admin endpoints and hosted page. */
const PG_PARTS = new Set(["pay", "status", "refund", "refundStatus"]);

/**
 * What reached the simulator from `mark` on (its request log's length when the test began): the token calls,
 * the API calls, and each token it issued, named tok-1, tok-2 … in order.
 */
function seenSince(mark: number) {
  const since = () => sim.requests.slice(mark);
  const tokenCalls = () => since().filter((r) => r.part === "token");
  const pgCalls = () => since().filter((r) => PG_PARTS.has(r.part));
  const issued = () =>
    tokenCalls()
      .filter((r) => r.status === 200)
      .map((r) => (JSON.parse(r.answer ?? "{}") as { access_token: string }).access_token);
  /** "tok-n" for the n-th token issued since the mark, when the header carries it. */
  const tokenOf = (request: SeenRequest | undefined) => {
    const index = issued().findIndex((token) => request?.headers.authorization === `O-Bearer ${token}`);
    return index < 0 ? request?.headers.authorization : `tok-${index + 1}`;
  };
  return { tokenCalls, pgCalls, issued, tokenOf };
}

/**
 * A client of its own on the simulator's clock (the mocked Date, from a whole second t0) with a paid order to
 * ask about; `callAt(s)` asks for its status `s` seconds after t0 and answers which token the call carried.
 */
async function onSimulatorClock(options: { timeoutMs?: number } = {}) {
  const merchantOrderId = newOrderId();
  await sim.pay(merchantOrderId, 10_000);
  const t0 = nextSecond();
  vi.setSystemTime(t0);
  const seen = seenSince(sim.requests.length);
  const client = sim.newClient({ now: () => Date.now(), timeoutMs: options.timeoutMs ?? 2000 });
  const callAt = async (at: number) => {
    vi.setSystemTime(t0 + at * SECOND);
    await client.orderStatus(merchantOrderId);
    return seen.tokenOf(seen.pgCalls().at(-1));
  };
  return { t0, client, merchantOrderId, callAt, ...seen, tokens: () => seen.tokenCalls().length };
}

describe("PhonePe client: OAuth token", () => {
  it("asks for a token with the form PhonePe documents, once, and reuses it", async () => {
    const t0 = nextSecond();
    vi.setSystemTime(t0);
    const seen = seenSince(sim.requests.length);
    const client = sim.newClient({ now: () => Date.now() });
    const merchantOrderId = newOrderId();

    await client.startPayment({
      merchantOrderId,
      amount: 1_234_500,
      redirectUrl: `${sim.base}/checkout?merchantTransactionId=${merchantOrderId}`,
      expireAfter: 3600,
    });
    vi.setSystemTime(t0 + 29 * 60 * SECOND); // Within the first half of the hour the token lives.
    await client.orderStatus(merchantOrderId);
    await client.orderStatus(merchantOrderId);

    const tokens = seen.tokenCalls();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ method: "POST", status: 200 });
    expect(tokens[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    // The secret holds / + = &: the simulator took it, so it arrived form-encoded.
    expect(Object.fromEntries(new URLSearchParams(tokens[0]?.body))).toEqual({
      client_id: SIMULATOR.clientId,
      client_version: "1",
      client_secret: SIMULATOR.clientSecret,
      grant_type: "client_credentials",
    });
    expect(seen.pgCalls().map((r) => [r.part, seen.tokenOf(r), r.status])).toEqual([
      ["pay", "tok-1", 200],
      ["status", "tok-1", 200],
      ["status", "tok-1", 200],
    ]);
  });

  it("shares one token request between calls made at the same moment", async () => {
    const merchantOrderId = newOrderId();
    await sim.pay(merchantOrderId, 10_000);
    const seen = seenSince(sim.requests.length);
    const client = sim.newClient();
    await Promise.all([
      client.orderStatus(merchantOrderId),
      client.orderStatus(merchantOrderId),
      client.orderStatus(merchantOrderId),
    ]);
    expect(seen.tokenCalls()).toHaveLength(1);
    expect(seen.pgCalls().map((r) => seen.tokenOf(r))).toEqual(["tok-1", "tok-1", "tok-1"]);
  });

  it("on a 401 fetches a new token and retries exactly once", async () => {
    const merchantOrderId = newOrderId();
    await sim.pay(merchantOrderId, 10_000);
    const t0 = nextSecond();
    vi.setSystemTime(t0);
    const seen = seenSince(sim.requests.length);
    // The shop's clock stays at t0 while PhonePe's (the mocked Date) moves past the token's hour: the client
    // still holds it as good, and PhonePe refuses it.
    const client = sim.newClient({ now: () => t0 });
    await client.orderStatus(merchantOrderId);
    vi.setSystemTime(t0 + 3601 * SECOND);

    const status = await client.orderStatus(merchantOrderId);
    expect(status.state).toBe("COMPLETED");
    expect(seen.tokenCalls()).toHaveLength(2);
    expect(seen.pgCalls().map((r) => [seen.tokenOf(r), r.status])).toEqual([
      ["tok-1", 200],
      ["tok-1", 401],
      ["tok-2", 200],
    ]);
    expect(JSON.parse(seen.pgCalls()[1]?.answer ?? "")).toMatchObject({ code: "UNAUTHORIZED" });

    // The new token is kept.
    await client.orderStatus(merchantOrderId);
    expect(seen.tokenCalls()).toHaveLength(2);
    expect(seen.tokenOf(seen.pgCalls().at(-1))).toBe("tok-2");
  });

  it("gives up after the one retry when PhonePe still answers 401", async () => {
    // A fake: the simulator refuses only tokens that expired or were forged, never one it has just issued.
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
    expect(pgRequests(seen).map((r) => r.headers.authorization)).toEqual([
      "O-Bearer tok-1",
      "O-Bearer tok-2",
    ]);
    expect(tokenRequests(seen)).toHaveLength(2);
  });

  it("does not retry when the token request itself is refused", async () => {
    const seen = seenSince(sim.requests.length);
    const client = sim.newClient({ clientSecret: "not-the-secret" });
    const merchantOrderId = newOrderId();
    await expect(
      client.startPayment({ merchantOrderId, amount: 10_000, redirectUrl: `${sim.base}/checkout` }),
    ).rejects.toMatchObject({
      kind: "http",
      status: 401,
      code: "INVALID_CLIENT",
      message: "Client authentication failed: check the client id, secret and version",
    });
    expect(seen.tokenCalls().map((r) => r.status)).toEqual([401]);
    expect(seen.pgCalls()).toHaveLength(0);
  });
});

describe("PhonePe client: token renewal", () => {
  /** A fake PhonePe whose tokens live `lifetimeSeconds`; tokens are tok-1, tok-2 … issued at `clock`. */
  async function renewing(lifetimeSeconds: number) {
    const state = { clock: T0, issued: 0 };
    const fake = await fakePhonePe((req) => {
      if (req.path === "/v1/oauth/token") {
        state.issued += 1;
        return tokenAnswer(`tok-${state.issued}`, state.clock, lifetimeSeconds);
      }
      return { json: completedStatus };
    });
    const client = createPhonePeClient(settingsFor(fake.base, { now: () => state.clock, timeoutMs: 2000 }));
    /** One order-status call at `at` seconds after T0; answers the token it carried. */
    const callAt = async (at: number) => {
      state.clock = T0 + at * SECOND;
      await client.orderStatus("KC1");
      return pgRequests(fake.seen).at(-1)?.headers.authorization?.replace("O-Bearer ", "");
    };
    return { callAt, tokens: () => tokenRequests(fake.seen).length };
  }

  /** The simulator's token endpoint answers 500 the next `times` calls. */
  const tokenRefused = (times: number) =>
    sim.admin.fault({ switch: "api", api: "token", answer: "500", times });

  it("renews at half the token's life, like PhonePe's SDK, not earlier", async () => {
    // The simulator's tokens live an hour, as PhonePe's sandbox tokens do.
    const { callAt, tokens } = await onSimulatorClock();
    expect(await callAt(0)).toBe("tok-1");
    expect(await callAt(1799)).toBe("tok-1");
    expect(tokens()).toBe(1);
    expect(await callAt(1800)).toBe("tok-2");
    expect(tokens()).toBe(2);
    // tok-2 was issued at 1800 s: its half-life is at 3600 s.
    expect(await callAt(3599)).toBe("tok-2");
    expect(await callAt(3600)).toBe("tok-3");
  });

  it("renews five minutes before expires_at when that comes before half-life", async () => {
    // A fake: the simulator's tokens live an hour (its lifetime is not in the shop's configuration).
    const { callAt, tokens } = await renewing(8 * 60);
    await callAt(0);
    expect(await callAt(179)).toBe("tok-1");
    expect(tokens()).toBe(1);
    expect(await callAt(180)).toBe("tok-2");
  });

  it("renews a very short-lived token at most every 30 seconds", async () => {
    // A fake: the simulator's tokens live an hour (its lifetime is not in the shop's configuration).
    // Two minutes of life: five minutes before expiry is already past, so it is renewed as soon as allowed.
    const { callAt, tokens } = await renewing(120);
    await callAt(0);
    expect(await callAt(29)).toBe("tok-1");
    expect(await callAt(30)).toBe("tok-2");
    expect(await callAt(31)).toBe("tok-2");
    expect(await callAt(59)).toBe("tok-2");
    expect(tokens()).toBe(2);
  });

  it("keeps a still-valid token when renewal fails, logs it once, and tries again after 30 seconds", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { callAt, tokens, issued } = await onSimulatorClock();
    await callAt(0);

    await tokenRefused(2);
    expect(await callAt(1800)).toBe("tok-1");
    expect(tokens()).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain("could not renew the OAuth token");
    expect(line).toContain("http 500 INTERNAL_SERVER_ERROR: Something went wrong (a simulator fault)");
    expect(line).not.toContain(SIMULATOR.clientSecret);
    expect(line).not.toContain(issued()[0]);

    // Within the back-off: no token request, the valid token is used.
    expect(await callAt(1801)).toBe("tok-1");
    expect(await callAt(1829)).toBe("tok-1");
    expect(tokens()).toBe(2);

    // After it: one more try (refused again, so still tok-1), then PhonePe is back.
    expect(await callAt(1830)).toBe("tok-1");
    expect(tokens()).toBe(3);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await callAt(1845)).toBe("tok-1");
    expect(await callAt(1860)).toBe("tok-2");
    expect(tokens()).toBe(4);
    expect(await callAt(1900)).toBe("tok-2");
    expect(tokens()).toBe(4);
  });

  it("keeps the valid token when the token request hangs: one timed-out try, no more", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { callAt, tokens, tokenCalls } = await onSimulatorClock({ timeoutMs: 300 });
    await callAt(0);
    // The token endpoint answers only after 3 s, long past the client's 0.3 s.
    await sim.admin.fault({ switch: "api", api: "token", answer: "slow", delayMs: 3000 });
    const started = performance.now();
    expect(await callAt(1800)).toBe("tok-1");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toContain(
      "timeout: PhonePe did not answer within 0.3 seconds",
    );
    await vi.waitFor(() => expect(tokenCalls().at(-1)?.hungUp).toBe(true));
    expect(await callAt(1810)).toBe("tok-1");
    expect(tokens()).toBe(2);
  });

  it("fails once the token is too close to expires_at to be used", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { t0, callAt, client, merchantOrderId } = await onSimulatorClock();
    await callAt(0);
    await tokenRefused(2);
    expect(await callAt(3569)).toBe("tok-1");
    // 30 s before expires_at it is no longer used, and the refusal is the call's error.
    vi.setSystemTime(t0 + 3570 * SECOND);
    await expect(client.orderStatus(merchantOrderId)).rejects.toMatchObject({
      kind: "http",
      status: 500,
      code: "INTERNAL_SERVER_ERROR",
    });
  });

  it("shares one renewal request between calls made at the same moment, succeeding or failing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { t0, client, merchantOrderId, tokens, callAt, pgCalls, tokenOf } = await onSimulatorClock();
    await callAt(0);
    const three = () =>
      Promise.all([
        client.orderStatus(merchantOrderId),
        client.orderStatus(merchantOrderId),
        client.orderStatus(merchantOrderId),
      ]);

    await tokenRefused(1);
    vi.setSystemTime(t0 + 1800 * SECOND);
    await three();
    expect(tokens()).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(pgCalls().slice(-3).map(tokenOf)).toEqual(["tok-1", "tok-1", "tok-1"]);

    vi.setSystemTime(t0 + 1900 * SECOND);
    await three();
    expect(tokens()).toBe(3);
    expect(pgCalls().slice(-3).map(tokenOf)).toEqual(["tok-2", "tok-2", "tok-2"]);
  });

  it("does not fall back on a token PhonePe refused with a 401", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const merchantOrderId = newOrderId();
    await sim.pay(merchantOrderId, 10_000);
    const t0 = nextSecond();
    vi.setSystemTime(t0);
    const seen = seenSince(sim.requests.length);
    // The shop's clock stays at t0 while PhonePe's moves past the token's hour: PhonePe refuses the token the
    // client still holds as good, and then cannot issue a new one.
    const client = sim.newClient({ now: () => t0 });
    await client.orderStatus(merchantOrderId);
    vi.setSystemTime(t0 + 3601 * SECOND);
    await tokenRefused(1);
    await expect(client.orderStatus(merchantOrderId)).rejects.toMatchObject({
      kind: "http",
      status: 500,
      code: "INTERNAL_SERVER_ERROR",
    });
    expect(seen.pgCalls().map((r) => [seen.tokenOf(r), r.status])).toEqual([
      ["tok-1", 200],
      ["tok-1", 401],
    ]);
    expect(seen.tokenCalls().map((r) => r.status)).toEqual([200, 500]);
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
    const t0 = nextSecond();
    vi.setSystemTime(t0);
    const seen = seenSince(sim.requests.length);
    const client = sim.newClient();
    const merchantOrderId = newOrderId();
    const redirectUrl = `${sim.base}/checkout?merchantTransactionId=${merchantOrderId}`;
    const started = await client.startPayment({
      merchantOrderId,
      amount: 1_234_500,
      redirectUrl,
      message: `Kaveri Computers order ${merchantOrderId}`,
      expireAfter: 1200,
      metaInfo: { udf1: "cart-7" },
    });
    expect(started).toEqual({
      redirectUrl: `${sim.apiBase}/pay/${started.orderId}`,
      orderId: expect.stringMatching(/^OMO\d+$/),
      state: "PENDING",
      expireAt: t0 + 1200 * SECOND,
    });
    const request = seen.pgCalls()[0];
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/phonepe-simulator/checkout/v2/pay");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      merchantOrderId,
      amount: 1_234_500,
      expireAfter: 1200,
      metaInfo: { udf1: "cart-7" },
      paymentFlow: {
        type: "PG_CHECKOUT",
        message: `Kaveri Computers order ${merchantOrderId}`,
        merchantUrls: { redirectUrl },
      },
    });
    // PhonePe took all of it: the order has the amount and udf1, the hosted page the message and the way back.
    expect((await client.orderStatus(merchantOrderId)).raw).toMatchObject({
      amount: 1_234_500,
      metaInfo: { udf1: "cart-7" },
    });
    expect(await (await fetch(started.redirectUrl ?? "")).json()).toMatchObject({
      message: `Kaveri Computers order ${merchantOrderId}`,
      redirectUrl,
    });
  });

  it("sends the headers PhonePe's API reference lists, on every call", async () => {
    const merchantOrderId = newOrderId();
    const seen = seenSince(sim.requests.length);
    const client = sim.newClient();
    await client.startPayment({ merchantOrderId, amount: 10_000, redirectUrl: `${sim.base}/checkout` });
    await client.orderStatus(merchantOrderId);
    expect((await sim.admin.settle(merchantOrderId, { state: "COMPLETED", webhook: "none" })).status).toBe(
      200,
    );
    await client.refund({
      merchantRefundId: `${merchantOrderId}R`,
      originalMerchantOrderId: merchantOrderId,
      amount: 10_000,
    });
    await client.refundStatus(`${merchantOrderId}R`);

    const token = seen.tokenCalls()[0];
    expect(token?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(token?.headers.accept).toBe("application/json");
    expect(token?.headers.authorization).toBeUndefined();
    const calls = seen.pgCalls();
    expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "POST /phonepe-simulator/checkout/v2/pay 200",
      `GET /phonepe-simulator/checkout/v2/order/${merchantOrderId}/status?details=false 200`,
      "POST /phonepe-simulator/payments/v2/refund 200",
      `GET /phonepe-simulator/payments/v2/refund/${merchantOrderId}R/status 200`,
    ]);
    for (const request of calls) {
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        accept: "application/json",
      });
      expect(seen.tokenOf(request)).toBe("tok-1");
      // The SDK's own x-source* headers name the SDK; PhonePe asks for X-SOURCE only from partners (TSPs).
      expect(Object.keys(request.headers).filter((name) => name.startsWith("x-"))).toEqual([]);
    }
  });

  it("reports a missing redirect URL as undefined (the checkout's 'Failed to initiate' case)", async () => {
    // A fake: the simulator always gives a redirectUrl; PhonePe's answer without one cannot be made there.
    const { client } = await clientAnswering(() => ({ json: { orderId: "OMO1", state: "PENDING" } }));
    const started = await client.startPayment({
      merchantOrderId: "KC1",
      amount: 10_000,
      redirectUrl: "https://shop.example/checkout",
    });
    expect(started.redirectUrl).toBeUndefined();
  });

  it("reads a completed order's status, fields it does not know and all", async () => {
    const merchantOrderId = newOrderId();
    await sim.pay(merchantOrderId, 1_234_500);
    const seen = seenSince(sim.requests.length);
    const status = await sim.newClient().orderStatus(merchantOrderId);
    expect(seen.pgCalls()[0]?.path).toBe(
      `/phonepe-simulator/checkout/v2/order/${merchantOrderId}/status?details=false`,
    );
    expect(seen.pgCalls()[0]?.method).toBe("GET");
    expect(status).toMatchObject({
      state: "COMPLETED",
      amount: 1_234_500,
      orderId: expect.stringMatching(/^OMO\d+$/),
      transactionId: expect.stringMatching(/^OM\d+$/),
      paymentMode: "UPI_QR",
      errorCode: undefined,
      message: undefined,
    });
    expect(status.paymentDetails).toHaveLength(1);
    // rail and instrument are not in the client's shapes: kept, in the attempt and in the whole answer.
    expect(status.paymentDetails[0]).toMatchObject({
      rail: { type: "UPI" },
      instrument: { type: "ACCOUNT" },
    });
    expect(status.raw).toMatchObject({
      merchantOrderId,
      paymentDetails: [{ rail: { type: "UPI", vpa: expect.any(String) }, instrument: { type: "ACCOUNT" } }],
    });
  });

  it("reads a failed order's error codes", async () => {
    const client = sim.newClient();
    const merchantOrderId = newOrderId();
    await client.startPayment({ merchantOrderId, amount: 10_000, redirectUrl: `${sim.base}/checkout` });
    expect((await sim.admin.settle(merchantOrderId, { state: "FAILED", webhook: "none" })).status).toBe(200);
    const seen = seenSince(sim.requests.length);
    const failed = await client.orderStatus(merchantOrderId, { details: true });
    expect(seen.pgCalls()[0]?.path).toBe(
      `/phonepe-simulator/checkout/v2/order/${merchantOrderId}/status?details=true`,
    );
    expect(failed).toMatchObject({
      state: "FAILED",
      errorCode: "AUTHORIZATION_ERROR",
      detailedErrorCode: "ZM",
      transactionId: expect.stringMatching(/^OM\d+$/),
    });
    expect(failed.transactionId).toBe(failed.paymentDetails[0]?.transactionId);
  });

  it("reads an unknown state as PENDING, and null payment details as none", async () => {
    // A fake: the simulator never sends a state the client does not know, nor paymentDetails null.
    const { client } = await clientAnswering(() => ({
      json: { orderId: "OMO3", state: "SOMETHING_NEW", amount: 10_000, paymentDetails: null },
    }));
    const odd = await client.orderStatus("KC3");
    expect(odd.state).toBe("PENDING");
    expect(odd.paymentDetails).toEqual([]);
    expect(odd.transactionId).toBeUndefined();
  });

  it("asks for refunds and their status with PhonePe's shapes", async () => {
    const merchantOrderId = newOrderId();
    await sim.pay(merchantOrderId, 50_000);
    const t0 = nextSecond();
    vi.setSystemTime(t0);
    const seen = seenSince(sim.requests.length);
    const client = sim.newClient();
    const refund = await client.refund({
      merchantRefundId: `${merchantOrderId}R`,
      originalMerchantOrderId: merchantOrderId,
      amount: 50_000,
    });
    expect(refund).toEqual({ refundId: expect.stringMatching(/^OMR\d+$/), amount: 50_000, state: "PENDING" });
    expect(JSON.parse(seen.pgCalls()[0]?.body ?? "")).toEqual({
      merchantRefundId: `${merchantOrderId}R`,
      originalMerchantOrderId: merchantOrderId,
      amount: 50_000,
    });
    // PhonePe completes a refund later: the simulator's, three seconds on.
    vi.setSystemTime(t0 + 3500);
    const status = await client.refundStatus(`${merchantOrderId}R`);
    expect(seen.pgCalls()[1]?.path).toBe(`/phonepe-simulator/payments/v2/refund/${merchantOrderId}R/status`);
    expect(status).toMatchObject({
      merchantRefundId: `${merchantOrderId}R`,
      originalMerchantOrderId: merchantOrderId,
      amount: 50_000,
      state: "COMPLETED",
      errorCode: undefined,
    });
    expect(status.raw).toMatchObject({ refundId: refund.refundId });
  });

  it("turns PhonePe's error bodies into a PhonePeError carrying PhonePe's message and code", async () => {
    const bad = await sim
      .newClient()
      .startPayment({ merchantOrderId: newOrderId(), amount: 99, redirectUrl: `${sim.base}/checkout` })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(PhonePeError);
    expect(bad).toMatchObject({
      kind: "http",
      status: 400,
      code: "BAD_REQUEST",
      message: "amount must be at least 100 paise",
    });
    expect(`Something went wrong with PhonePe: ${(bad as Error).message}`).toBe(
      "Something went wrong with PhonePe: amount must be at least 100 paise",
    );
  });

  it("reads PhonePe's other error shape (errorCode) and an error page that is not JSON", async () => {
    // A fake: the simulator's errors are always JSON with `code`; PhonePe's errorCode/context shape and a
    // gateway's HTML page cannot be made there.
    let answer: Answer = {
      status: 417,
      json: { errorCode: "INVALID_MERCHANT", message: "Merchant is not active", context: {} },
    };
    const { client } = await clientAnswering(() => answer);
    const pay = () =>
      client.startPayment({ merchantOrderId: "KC1", amount: 10_000, redirectUrl: "https://x.in/" });
    await expect(pay()).rejects.toMatchObject({
      kind: "http",
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

  it("reports an answer cut off in the middle as invalid-response", async () => {
    const merchantOrderId = newOrderId();
    await sim.pay(merchantOrderId, 10_000);
    const client = sim.newClient();
    await sim.admin.fault({ switch: "api", api: "status", answer: "malformed" });
    await expect(client.orderStatus(merchantOrderId)).rejects.toMatchObject({
      kind: "invalid-response",
      status: 200,
    });
    // The control: the same question once the answer comes whole.
    await expect(client.orderStatus(merchantOrderId)).resolves.toMatchObject({ state: "COMPLETED" });
  });

  it("reports a JSON answer of another shape as invalid-response", async () => {
    // A fake: every answer of the simulator has PhonePe's shape; it cannot send well-formed JSON of another.
    const { client } = await clientAnswering(() => ({ json: { hello: "world" } }));
    await expect(client.orderStatus("KC1")).rejects.toMatchObject({ kind: "invalid-response", status: 200 });
  });

  it("gives up on a PhonePe that does not answer in time, and the process carries on", async () => {
    // The abort must not leave an unhandled rejection behind (it once stopped the production server).
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    try {
      const client = sim.newClient({ timeoutMs: 300 });
      // PhonePe's pay answers only after 3 s, long past the client's 0.3 s.
      await sim.admin.fault({ switch: "api", api: "pay", answer: "slow", delayMs: 3000 });
      const started = performance.now();
      const error = await client
        .startPayment({ merchantOrderId: newOrderId(), amount: 10_000, redirectUrl: `${sim.base}/checkout` })
        .catch((e: unknown) => e);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(error).toBeInstanceOf(PhonePeError);
      expect(error).toMatchObject({ kind: "timeout", status: undefined });
      expect((error as Error).message).toBe("PhonePe did not answer within 0.3 seconds");
      // The abort reached PhonePe's side (the connection closed before its answer); by then a rejection the abort
      // left unhandled would have been reported.
      await vi.waitFor(() => expect(sim.calls("pay").at(-1)?.hungUp).toBe(true));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", note);
    }
  });

  it("gives up on a PhonePe that answers and then stalls in the middle of the body", async () => {
    // A fake: the simulator's answers come whole or cut short at once; none stops half-way and keeps the line.
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    try {
      const { client, seen } = await clientAnswering(() => ({ stall: true }));
      const error = await client.orderStatus("KC1").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PhonePeError);
      // The time limit covers the whole exchange; the status had arrived.
      expect(error).toMatchObject({ kind: "timeout", status: 200 });
      await vi.waitFor(() => expect(pgRequests(seen).at(-1)?.hungUp).toBe(true));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", note);
    }
  });

  it("gives an injected fetch the time limit's signal", async () => {
    const seen = seenSince(sim.requests.length);
    const hanging: typeof fetch = (input, init) =>
      String(input).endsWith("/v1/oauth/token")
        ? fetch(input, init)
        : new Promise<Response>((_, reject) => {
            init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          });
    const client = sim.newClient({ fetch: hanging, timeoutMs: 100 });
    await expect(client.orderStatus(newOrderId())).rejects.toMatchObject({
      kind: "timeout",
      status: undefined,
    });
    // The token came from the simulator through the injected fetch; the status call never left it.
    expect(seen.tokenCalls().map((r) => r.status)).toEqual([200]);
    expect(seen.pgCalls()).toEqual([]);
  });

  it("reports an unreachable PhonePe as a network error", async () => {
    // A server that is closed at once: the simulator cannot be unreachable while it serves the test.
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
