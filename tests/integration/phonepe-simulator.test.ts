import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { phonepeSimulatorOrders } from "~/db/schema";
import {
  createPhonePeClient,
  type PhonePeClient,
  PhonePeError,
  parseWebhook,
  phonePeClientFromConfig,
  verifyWebhookAuthorization,
} from "~/features/payments/index.server";
import { clearFaults } from "~/simulators/phonepe/faults.server";
import { chooseOnHostedPage } from "~/simulators/phonepe/hosted-page.server";
import { EXPIRED_FAILURE, SIMULATED_FAILURE, settleOrder } from "~/simulators/phonepe/orders.server";
import type { SimulatorSettings } from "~/simulators/phonepe/settings.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import {
  type PhonePeSimulator,
  SIMULATOR,
  simulatorState,
  startPhonePeSimulator,
} from "./support/phonepe-simulator";

/*
 * The simulator's Remix route modules, served by a small node:http adapter on a real port
 * (./support/phonepe-simulator.ts), driven by the real PhonePe client over HTTP; the shop's webhook endpoint is
 * faked on the same server to see what arrives.
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

const ADMIN_SECRET = SIMULATOR.adminSecret;
const admin = { "Content-Type": "application/json", Authorization: `Bearer ${ADMIN_SECRET}` };

let database: TestDatabase;
let sim: PhonePeSimulator;
let base: string;
/** What the shop's webhook endpoint received (emptied before each test). */
let webhooks: PhonePeSimulator["webhooks"];

function runRoute(request: Request): Promise<Response> {
  return sim.runRoute(request);
}

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startPhonePeSimulator(database.db);
  base = sim.base;
  webhooks = sim.webhooks;
});

afterAll(async () => {
  await sim?.close();
  await database?.drop();
});

beforeEach(() => {
  simulatorState.mode = "simulator";
  webhooks.length = 0;
});

let counter = 0;
function newMerchantOrderId(): string {
  counter += 1;
  return `KCTEST${Date.now()}${counter}`;
}

function simulatorClient(overrides: { clientSecret?: string } = {}): PhonePeClient {
  return sim.newClient(overrides);
}

async function startPayment(client: PhonePeClient, amount = 1_234_500) {
  const merchantOrderId = newMerchantOrderId();
  const redirectUrl = `${base}/checkout?merchantTransactionId=${merchantOrderId}`;
  const started = await client.startPayment({ merchantOrderId, amount, redirectUrl, message: "Test order" });
  return { merchantOrderId, redirectUrl, started };
}

/** Presses a button on the hosted page, as a browser's form post would. */
async function choose(hostedPageUrl: string, fields: Record<string, string>): Promise<Response> {
  return fetch(hostedPageUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function token(): Promise<string> {
  const response = await fetch(`${base}/phonepe-simulator/v1/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: SIMULATOR.clientId,
      client_version: "1",
      client_secret: SIMULATOR.clientSecret,
      grant_type: "client_credentials",
    }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

describe(`PhonePe simulator (${databaseKind})`, () => {
  it("issues O-Bearer tokens for the configured client only", async () => {
    const form = (fields: Record<string, string>) =>
      fetch(`${base}/phonepe-simulator/v1/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const good = {
      client_id: SIMULATOR.clientId,
      client_version: "1",
      client_secret: SIMULATOR.clientSecret,
      grant_type: "client_credentials",
    };
    const ok = await form(good);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: "O-Bearer", expires_in: null });
    expect(typeof body.access_token).toBe("string");
    const now = Math.floor(Date.now() / 1000);
    expect(body.expires_at).toBeGreaterThan(now + 3000);
    expect(body.issued_at).toBeLessThanOrEqual(now + 1);

    for (const bad of [
      { ...good, client_secret: "wrong" },
      { ...good, client_id: "SOMEONE_ELSE" },
      { ...good, client_version: "2" },
    ]) {
      const refused = await form(bad);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ success: false, code: "INVALID_CLIENT" });
    }
    expect((await form({ ...good, grant_type: "password" })).status).toBe(400);

    const error = await simulatorClient({ clientSecret: "wrong" })
      .orderStatus("KC1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhonePeError);
    expect(error).toMatchObject({ status: 401, code: "INVALID_CLIENT" });
  });

  it("refuses API calls without a valid token", async () => {
    const pay = (authorization?: string) =>
      fetch(`${base}/phonepe-simulator/checkout/v2/pay`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify({
          merchantOrderId: newMerchantOrderId(),
          amount: 10_000,
          paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl: `${base}/` } },
        }),
      });
    const accessToken = await token();
    expect((await pay()).status).toBe(401);
    expect((await pay(`Bearer ${accessToken}`)).status).toBe(401);
    expect((await pay(`O-Bearer ${accessToken}x`)).status).toBe(401);
    expect((await pay("O-Bearer forged.token")).status).toBe(401);
    expect((await pay(`O-Bearer ${accessToken}`)).status).toBe(200);

    const status = await fetch(`${base}/phonepe-simulator/checkout/v2/order/KC1/status`);
    expect(status.status).toBe(401);
    expect(await status.json()).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  });

  it("checks the pay request like PhonePe, with PhonePe-shaped 400s", async () => {
    const accessToken = await token();
    const pay = (body: unknown) =>
      fetch(`${base}/phonepe-simulator/checkout/v2/pay`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `O-Bearer ${accessToken}` },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const valid = {
      merchantOrderId: newMerchantOrderId(),
      amount: 10_000,
      paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl: `${base}/` } },
    };
    for (const [body, message] of [
      ["not json", "The body must be JSON"],
      [{ ...valid, amount: 99 }, "amount must be at least 100 paise"],
      [{ ...valid, amount: 100.5 }, "amount must be a whole number of paise"],
      [{ ...valid, merchantOrderId: "has spaces" }, "merchantOrderId may hold only letters, digits, _ and -"],
      [{ ...valid, merchantOrderId: "x".repeat(64) }, "merchantOrderId must be at most 63 characters"],
      [
        { ...valid, paymentFlow: { ...valid.paymentFlow, type: "PG" } },
        "paymentFlow.type must be PG_CHECKOUT",
      ],
      [
        {
          ...valid,
          paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl: "javascript:alert(1)" } },
        },
        "paymentFlow.merchantUrls.redirectUrl must be http or https",
      ],
    ] as const) {
      const answer = await pay(body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ success: false, code: "BAD_REQUEST", message, data: {} });
    }
  });

  it("starts a payment, shows the hosted page, and completes on Success with a signed webhook", async () => {
    const client = simulatorClient();
    const { merchantOrderId, redirectUrl, started } = await startPayment(client);
    expect(started.state).toBe("PENDING");
    expect(started.orderId).toMatch(/^OMO\d+$/);
    expect(started.redirectUrl).toBe(`${base}/phonepe-simulator/pay/${started.orderId}`);
    expect(started.expireAt).toBeGreaterThan(Date.now() + 19 * 60 * 1000);

    const pending = await client.orderStatus(merchantOrderId);
    expect(pending).toMatchObject({ state: "PENDING", amount: 1_234_500, transactionId: undefined });
    expect(pending.paymentDetails).toEqual([]);

    const page = await fetch(started.redirectUrl ?? "");
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      orderId: started.orderId,
      merchantOrderId,
      amount: 1_234_500,
      state: "PENDING",
      message: "Test order",
    });

    const chosen = await choose(started.redirectUrl ?? "", { outcome: "success", webhook: "now" });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("location")).toBe(redirectUrl);

    const completed = await client.orderStatus(merchantOrderId);
    expect(completed).toMatchObject({ state: "COMPLETED", amount: 1_234_500, paymentMode: "UPI_QR" });
    expect(completed.transactionId).toMatch(/^OM\d+$/);
    expect(completed.paymentDetails[0]).toMatchObject({ state: "COMPLETED", amount: 1_234_500 });

    await vi.waitFor(() => expect(sim.webhooksAbout(merchantOrderId)).toHaveLength(1));
    const [webhook] = sim.webhooksAbout(merchantOrderId);
    expect(
      verifyWebhookAuthorization(
        webhook?.authorization,
        SIMULATOR.webhookUsername,
        SIMULATOR.webhookPassword,
      ),
    ).toBe(true);
    const parsed = parseWebhook(webhook?.body);
    expect(parsed).toMatchObject({
      ok: true,
      webhook: {
        kind: "order",
        event: "checkout.order.completed",
        state: "COMPLETED",
        merchantOrderId,
        orderId: started.orderId,
        amount: 1_234_500,
        transactionId: completed.transactionId,
      },
    });

    // A second press (a reload, a second tab) changes nothing and sends no second webhook.
    const again = await choose(started.redirectUrl ?? "", { outcome: "failure", webhook: "now" });
    expect(again.status).toBe(303);
    expect((await client.orderStatus(merchantOrderId)).state).toBe("COMPLETED");
    // The control: another order paid after that press. Its webhook, sent the same way, arrives; a webhook of
    // the second press would have been sent before it.
    const control = await startPayment(client);
    await choose(control.started.redirectUrl ?? "", { outcome: "success", webhook: "now" });
    await vi.waitFor(() =>
      expect(sim.webhookEvents(control.merchantOrderId)).toEqual([["checkout.order.completed", "COMPLETED"]]),
    );
    expect(sim.webhookEvents(merchantOrderId)).toEqual([["checkout.order.completed", "COMPLETED"]]);
  });

  it("fails on Failure with PhonePe's error codes", async () => {
    const client = simulatorClient();
    const { merchantOrderId, started } = await startPayment(client, 10_000);
    const chosen = await choose(started.redirectUrl ?? "", {
      outcome: "failure",
      webhook: "now",
      twice: "on",
    });
    expect(chosen.status).toBe(303);
    const failed = await client.orderStatus(merchantOrderId);
    expect(failed).toMatchObject({
      state: "FAILED",
      errorCode: SIMULATED_FAILURE.errorCode,
      detailedErrorCode: SIMULATED_FAILURE.detailedErrorCode,
    });
    // Delivered twice, as asked.
    await vi.waitFor(() => expect(sim.webhooksAbout(merchantOrderId)).toHaveLength(2));
    for (const webhook of sim.webhooksAbout(merchantOrderId)) {
      expect(parseWebhook(webhook.body)).toMatchObject({
        ok: true,
        webhook: { event: "checkout.order.failed", state: "FAILED", merchantOrderId },
      });
    }
  });

  it("keeps a Pending payment pending until it is settled later", async () => {
    const client = simulatorClient();
    const { merchantOrderId, started } = await startPayment(client, 25_000);
    const chosen = await choose(started.redirectUrl ?? "", { outcome: "pending", settleAfter: "never" });
    expect(chosen.status).toBe(303);

    const pending = await client.orderStatus(merchantOrderId);
    expect(pending.state).toBe("PENDING");
    expect(pending.paymentDetails[0]).toMatchObject({ state: "PENDING" });
    const page = (await (await fetch(started.redirectUrl ?? "")).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ state: "PENDING", attempted: true, settleAt: null });
    expect(sim.webhooksAbout(merchantOrderId)).toEqual([]);

    // Settled later through the admin endpoint (tests) …
    const settled = await fetch(`${base}/phonepe-simulator/admin/orders/${merchantOrderId}`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ state: "COMPLETED" }),
    });
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({ state: "COMPLETED", merchantOrderId });
    const completed = await client.orderStatus(merchantOrderId);
    expect(completed.state).toBe("COMPLETED");
    expect(completed.transactionId).toBe(pending.transactionId);
    // The completion's webhook arrives, and it is the only one: Pending sent none.
    await vi.waitFor(() =>
      expect(sim.webhookEvents(merchantOrderId)).toEqual([["checkout.order.completed", "COMPLETED"]]),
    );

    const twice = await fetch(`${base}/phonepe-simulator/admin/orders/${merchantOrderId}`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ state: "FAILED" }),
    });
    expect(twice.status).toBe(409);
    expect((await client.orderStatus(merchantOrderId)).state).toBe("COMPLETED");
  });

  it("completes a pending payment by itself once its time has come", async () => {
    const client = simulatorClient();
    const { merchantOrderId } = await startPayment(client, 30_000);
    const later = await fetch(`${base}/phonepe-simulator/admin/orders/${merchantOrderId}`, {
      method: "POST",
      headers: { ...admin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ state: "PENDING", settleAfter: "0" }),
    });
    expect(later.status).toBe(200);
    await vi.waitFor(async () => expect((await client.orderStatus(merchantOrderId)).state).toBe("COMPLETED"));
    await vi.waitFor(() =>
      expect(sim.webhookEvents(merchantOrderId)).toEqual([["checkout.order.completed", "COMPLETED"]]),
    );
  });

  it("answers 404 for unknown orders and refunds", async () => {
    const client = simulatorClient();
    const error = await client.orderStatus("KC-NO-SUCH-ORDER").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhonePeError);
    expect(error).toMatchObject({ kind: "http", status: 404, code: "ORDER_NOT_FOUND" });
    await expect(client.refundStatus("KC-NO-SUCH-REFUND")).rejects.toMatchObject({ status: 404 });
    expect((await fetch(`${base}/phonepe-simulator/pay/OMO000`)).status).toBe(404);
    expect((await choose(`${base}/phonepe-simulator/pay/OMO000`, { outcome: "success" })).status).toBe(404);
    expect(
      (await fetch(`${base}/phonepe-simulator/admin/orders/KC-NO-SUCH-ORDER`, { headers: admin })).status,
    ).toBe(404);
  });

  it("settles nothing through the admin endpoint without its secret", async () => {
    const client = simulatorClient();
    const { merchantOrderId } = await startPayment(client, 25_000);
    for (const authorization of [undefined, "Bearer wrong-secret-0123456789", `Basic ${ADMIN_SECRET}`]) {
      const refused = await fetch(`${base}/phonepe-simulator/admin/orders/${merchantOrderId}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify({ state: "COMPLETED" }),
      });
      expect(refused.status, String(authorization)).toBe(401);
    }
    expect((await client.orderStatus(merchantOrderId)).state).toBe("PENDING");
  });

  it("sends shoppers back only to the merchant's own site", async () => {
    const client = simulatorClient();
    for (const redirectUrl of ["https://evil.example/checkout", "javascript:alert(1)", "//evil.example/x"]) {
      await expect(
        client.startPayment({ merchantOrderId: newMerchantOrderId(), amount: 10_000, redirectUrl }),
        redirectUrl,
      ).rejects.toMatchObject({ status: 400 });
    }
  });

  it("gives the same order for a repeated pay request and refuses a different one", async () => {
    const client = simulatorClient();
    const { merchantOrderId, redirectUrl, started } = await startPayment(client, 40_000);
    const again = await client.startPayment({ merchantOrderId, amount: 40_000, redirectUrl });
    expect(again.orderId).toBe(started.orderId);
    await expect(client.startPayment({ merchantOrderId, amount: 41_000, redirectUrl })).rejects.toMatchObject(
      {
        status: 409,
        code: "DUPLICATE_ORDER",
      },
    );
  });

  it("refunds a completed payment up to its amount", async () => {
    const client = simulatorClient();
    const { merchantOrderId, started } = await startPayment(client, 100_000);
    await expect(
      client.refund({
        merchantRefundId: `${merchantOrderId}R0`,
        originalMerchantOrderId: merchantOrderId,
        amount: 100,
      }),
    ).rejects.toMatchObject({ status: 400, message: "Only a completed order can be refunded" });

    await choose(started.redirectUrl ?? "", { outcome: "success", webhook: "none" });
    const refund = await client.refund({
      merchantRefundId: `${merchantOrderId}R1`,
      originalMerchantOrderId: merchantOrderId,
      amount: 60_000,
    });
    expect(refund).toMatchObject({ amount: 60_000, state: "PENDING" });
    expect(refund.refundId).toMatch(/^OMR\d+$/);

    // PENDING, then CONFIRMED after a second, then COMPLETED after three; refund status answers the state now.
    expect(await client.refundStatus(`${merchantOrderId}R1`)).toMatchObject({ state: "PENDING" });
    await vi.waitFor(
      async () =>
        expect(await client.refundStatus(`${merchantOrderId}R1`)).toMatchObject({
          merchantRefundId: `${merchantOrderId}R1`,
          originalMerchantOrderId: merchantOrderId,
          amount: 60_000,
          state: "COMPLETED",
        }),
      { timeout: 8000, interval: 200 },
    );
    await vi.waitFor(() =>
      expect(
        webhooks
          .map((w) => parseWebhook(w.body))
          .flatMap((parsed) =>
            parsed.ok &&
            parsed.webhook.kind === "refund" &&
            parsed.webhook.merchantRefundId === `${merchantOrderId}R1`
              ? [[parsed.webhook.event, parsed.webhook.state]]
              : [],
          ),
      ).toEqual([
        ["pg.refund.accepted", "CONFIRMED"],
        ["pg.refund.completed", "COMPLETED"],
      ]),
    );

    // The same refund asked again is the same refund; more than what is left is refused.
    const repeated = await client.refund({
      merchantRefundId: `${merchantOrderId}R1`,
      originalMerchantOrderId: merchantOrderId,
      amount: 60_000,
    });
    expect(repeated.refundId).toBe(refund.refundId);
    await expect(
      client.refund({
        merchantRefundId: `${merchantOrderId}R2`,
        originalMerchantOrderId: merchantOrderId,
        amount: 40_001,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: "The refund amount is more than what is left of the payment",
    });
    await expect(
      client.refund({
        merchantRefundId: `${merchantOrderId}R3`,
        originalMerchantOrderId: merchantOrderId,
        amount: 40_000,
      }),
    ).resolves.toMatchObject({ amount: 40_000 });
  });

  it("is reached through phonePeClientFromConfig in simulator mode", async () => {
    const client = phonePeClientFromConfig();
    const { merchantOrderId } = await startPayment(client, 12_300);
    expect((await client.orderStatus(merchantOrderId)).amount).toBe(12_300);
  });

  it("reads a token request's body within the JSON limit: a longer one, sent without a length, is refused 413", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`grant_type=client_credentials&pad=${"x".repeat(16 * 1024)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const answer = await runRoute(
      new Request("http://sim.test/phonepe-simulator/v1/oauth/token", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it("answers 404 on every route when PhonePe is not in simulator mode", async () => {
    simulatorState.mode = "sandbox";
    for (const path of [
      "/phonepe-simulator/v1/oauth/token",
      "/phonepe-simulator/checkout/v2/pay",
      "/phonepe-simulator/checkout/v2/order/KC1/status",
      "/phonepe-simulator/payments/v2/refund",
      "/phonepe-simulator/payments/v2/refund/KC1R/status",
      "/phonepe-simulator/pay/OMO1",
      "/phonepe-simulator/admin/orders/KC1",
    ]) {
      expect((await fetch(`${base}${path}`)).status, `GET ${path}`).toBe(404);
      expect((await fetch(`${base}${path}`, { method: "POST", body: "{}" })).status, `POST ${path}`).toBe(
        404,
      );
    }
  });
});

describe("PhonePe simulator over time and across instances", () => {
  let clock = Date.now();
  const delivered: unknown[] = [];

  function settings(overrides: Partial<SimulatorSettings> = {}): SimulatorSettings {
    return {
      db: database.db,
      clientId: SIMULATOR.clientId,
      clientSecret: SIMULATOR.clientSecret,
      clientVersion: 1,
      tokenSecret: SIMULATOR.sessionSecret,
      baseUrl: `${base}/phonepe-simulator`,
      merchantId: "KAVERISIMULATOR",
      merchantOrigin: new URL(base).origin,
      adminSecret: undefined,
      webhook: {
        url: "http://webhook.invalid/api/phonepe/webhook",
        username: SIMULATOR.webhookUsername,
        password: SIMULATOR.webhookPassword,
        lateDelayMs: 200,
        fetch: async (_url, init) => {
          delivered.push(JSON.parse(String(init?.body)));
          return new Response("ok");
        },
      },
      now: () => clock,
      ...overrides,
    };
  }

  beforeEach(() => {
    delivered.length = 0;
    clock = Date.now();
  });

  async function createOrder(expireAfter?: number) {
    const merchantOrderId = newMerchantOrderId();
    const client = simulatorClient();
    const started = await client.startPayment({
      merchantOrderId,
      amount: 10_000,
      redirectUrl: `${base}/`,
      ...(expireAfter === undefined ? {} : { expireAfter }),
    });
    const [row] = await database.db
      .select()
      .from(phonepeSimulatorOrders)
      .where(eq(phonepeSimulatorOrders.merchantOrderId, merchantOrderId));
    if (!row) throw new Error("order not stored");
    return { merchantOrderId, orderId: started.orderId, row };
  }

  it("sends a late webhook late", async () => {
    const { row } = await createOrder();
    // The simulator's timer (webhook.lateDelayMs, 200 ms here) runs on a fake clock, moved by the test.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const result = await settleOrder(settings(), row, "COMPLETED", {
        webhook: { when: "late", twice: false },
      });
      expect(result.changed).toBe(true);
      await vi.advanceTimersByTimeAsync(199);
      expect(delivered).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      await result.delivery;
      expect(delivered).toEqual([expect.objectContaining({ event: "checkout.order.completed" })]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("fails an order nobody paid once it expires", async () => {
    const { orderId } = await createOrder(300);
    clock += 301 * 1000;
    const chosen = await chooseOnHostedPage(settings(), orderId, {
      outcome: "success",
      webhook: "now",
      twice: false,
      settleAfter: 30,
    });
    expect(chosen?.result.changed).toBe(false);
    expect(chosen?.result.order).toMatchObject({ state: "FAILED", ...EXPIRED_FAILURE });
    await vi.waitFor(() =>
      expect(delivered).toContainEqual(expect.objectContaining({ event: "checkout.order.failed" })),
    );
  });

  it("settles an order once however many instances press at the same moment", async () => {
    const { orderId } = await createOrder();
    const instances = Array.from({ length: 6 }, () => settings());
    const results = await Promise.all(
      instances.map((instance, i) =>
        chooseOnHostedPage(instance, orderId, {
          outcome: i % 2 === 0 ? "success" : "failure",
          webhook: "now",
          twice: false,
          settleAfter: null,
        }),
      ),
    );
    const changed = results.filter((r) => r?.result.changed);
    expect(changed).toHaveLength(1);
    await Promise.all(results.map((r) => r?.result.delivery));
    expect(delivered).toHaveLength(1);
    const finalStates = new Set(results.map((r) => r?.result.order.state));
    expect(finalStates.size).toBe(1);
  });

  it("lets a token expire, and the client fetches a new one", async () => {
    // Client and simulator share one clock; tokens live 2 minutes.
    let now = Date.now();
    const shortTokens = settings({ now: () => now, tokenTtlSeconds: 120 });
    const { handleToken } = await import("~/simulators/phonepe/tokens.server");
    const { handleOrderStatus } = await import("~/simulators/phonepe/orders.server");
    const { merchantOrderId } = await createOrder();
    let tokenCalls = 0;
    const client = createPhonePeClient({
      authBaseUrl: "http://sim.test",
      pgBaseUrl: "http://sim.test",
      clientId: SIMULATOR.clientId,
      clientSecret: SIMULATOR.clientSecret,
      clientVersion: 1,
      now: () => now,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const path = new URL(request.url).pathname;
        if (path === "/v1/oauth/token") {
          tokenCalls += 1;
          return handleToken(request, shortTokens);
        }
        const id = decodeURIComponent(path.split("/")[4] ?? "");
        return handleOrderStatus(request, id, shortTokens);
      },
    });
    await client.orderStatus(merchantOrderId);
    now += 20 * 1000;
    await client.orderStatus(merchantOrderId);
    expect(tokenCalls).toBe(1);
    now += 40 * 1000; // 60 s: past half the two-minute token's life, so the client renews first.
    await client.orderStatus(merchantOrderId);
    expect(tokenCalls).toBe(2);

    // A token past its time is refused by the simulator.
    const stale = await handleToken(
      new Request("http://sim.test/v1/oauth/token", {
        method: "POST",
        body: new URLSearchParams({
          client_id: SIMULATOR.clientId,
          client_secret: SIMULATOR.clientSecret,
          client_version: "1",
          grant_type: "client_credentials",
        }),
      }),
      shortTokens,
    );
    const { access_token: accessToken } = (await stale.json()) as { access_token: string };
    now += 121 * 1000;
    const refused = await handleOrderStatus(
      new Request("http://sim.test/x", { headers: { Authorization: `O-Bearer ${accessToken}` } }),
      merchantOrderId,
      shortTokens,
    );
    expect(refused.status).toBe(401);
  });
});

describe("PhonePe simulator, truer: attempts, refund states, webhook retries, faults", () => {
  afterEach(() => {
    clearFaults();
  });

  async function setFault(body: Record<string, unknown>): Promise<Response> {
    return fetch(`${base}/phonepe-simulator/admin/faults`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify(body),
    });
  }

  it("fails one attempt and keeps the order open; the shopper pays again on the same page", async () => {
    const client = simulatorClient();
    const { merchantOrderId, redirectUrl, started } = await startPayment(client, 25_000);
    const pageUrl = started.redirectUrl ?? "";

    const failed = await choose(pageUrl, { outcome: "failure-attempt", webhook: "now" });
    expect(failed.status).toBe(303);
    expect(failed.headers.get("location")).toBe(new URL(pageUrl).pathname);
    const open = await client.orderStatus(merchantOrderId);
    expect(open.state).toBe("PENDING");
    expect(open.paymentDetails).toHaveLength(1);
    expect(open.paymentDetails.at(-1)).toMatchObject({ state: "FAILED", ...SIMULATED_FAILURE });
    const raw = await fetch(`${base}/phonepe-simulator/admin/orders/${merchantOrderId}`, { headers: admin });
    expect(await raw.json()).not.toHaveProperty("errorCode"); // only the attempt carries it
    // The hosted page (its loader's data here) stays open and says why the attempt failed.
    expect(await (await fetch(pageUrl)).json()).toMatchObject({
      state: "PENDING",
      attempted: false,
      attemptError: "AUTHORIZATION_ERROR",
    });
    expect(sim.webhooksAbout(merchantOrderId)).toEqual([]);

    const paid = await choose(pageUrl, { outcome: "success", webhook: "now" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(redirectUrl);
    const done = await client.orderStatus(merchantOrderId);
    expect(done.state).toBe("COMPLETED");
    expect(done.paymentDetails.map((d) => d.state)).toEqual(["FAILED", "COMPLETED"]);
    expect(done.paymentDetails[0]?.transactionId).not.toBe(done.paymentDetails[1]?.transactionId);
    // The payment's webhook arrives, and it is the only one: the failed attempt sent none.
    await vi.waitFor(() =>
      expect(sim.webhookEvents(merchantOrderId)).toEqual([["checkout.order.completed", "COMPLETED"]]),
    );
  });

  it("fails one attempt through the admin endpoint too, and Failure still fails the whole order", async () => {
    const client = simulatorClient();
    const { merchantOrderId, started } = await startPayment(client, 25_000);
    const attempt = await fetch(`${base}/phonepe-simulator/admin/orders/${merchantOrderId}`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ state: "FAILED", attemptOnly: true }),
    });
    expect(attempt.status).toBe(200);
    expect(await attempt.json()).toMatchObject({ state: "PENDING", paymentDetails: [{ state: "FAILED" }] });

    await choose(started.redirectUrl ?? "", { outcome: "failure", webhook: "none" });
    const ended = await client.orderStatus(merchantOrderId);
    expect(ended).toMatchObject({ state: "FAILED", ...SIMULATED_FAILURE });
    expect(ended.paymentDetails.map((d) => d.state)).toEqual(["FAILED", "FAILED"]);
  });

  it("fails a refund when a test asks, with pg.refund.failed, and frees its amount", async () => {
    const client = simulatorClient();
    const { merchantOrderId, started } = await startPayment(client, 50_000);
    await choose(started.redirectUrl ?? "", { outcome: "success", webhook: "none" });
    expect((await setFault({ switch: "refundsFail", times: 1 })).status).toBe(200);
    await client.refund({
      merchantRefundId: `${merchantOrderId}R1`,
      originalMerchantOrderId: merchantOrderId,
      amount: 50_000,
    });
    await vi.waitFor(
      async () =>
        expect(await client.refundStatus(`${merchantOrderId}R1`)).toMatchObject({ state: "FAILED" }),
      { timeout: 8000, interval: 200 },
    );
    await vi.waitFor(() =>
      expect(
        webhooks.flatMap((w) => {
          const parsed = parseWebhook(w.body);
          return parsed.ok &&
            parsed.webhook.kind === "refund" &&
            parsed.webhook.merchantRefundId === `${merchantOrderId}R1`
            ? [parsed.webhook.event]
            : [];
        }),
      ).toEqual(["pg.refund.accepted", "pg.refund.failed"]),
    );
    // The whole amount can be refunded again; this one is not switched to fail.
    await expect(
      client.refund({
        merchantRefundId: `${merchantOrderId}R2`,
        originalMerchantOrderId: merchantOrderId,
        amount: 50_000,
      }),
    ).resolves.toMatchObject({ state: "PENDING" });
  });

  it("answers the next calls of an API with 429, 500, slowly or with malformed JSON when switched", async () => {
    const client = simulatorClient();
    const { merchantOrderId } = await startPayment(client, 10_000);
    const bearer = { Authorization: `O-Bearer ${await token()}`, "Content-Type": "application/json" };
    const status = () =>
      fetch(`${base}/phonepe-simulator/checkout/v2/order/${merchantOrderId}/status`, { headers: bearer });

    expect((await setFault({ switch: "api", api: "status", answer: 429, times: 2 })).status).toBe(200);
    expect((await setFault({ switch: "api", api: "status", answer: "500" })).status).toBe(200);
    const views = await (await fetch(`${base}/phonepe-simulator/admin/faults`, { headers: admin })).json();
    expect(views).toMatchObject({ api: { status: [{ kind: "429" }, { kind: "429" }, { kind: "500" }] } });
    const first = await status();
    expect(first.status).toBe(429);
    expect(await first.json()).toMatchObject({ success: false, code: "TOO_MANY_REQUESTS" });
    expect((await status()).status).toBe(429);
    expect((await status()).status).toBe(500);
    expect((await status()).status).toBe(200);

    await setFault({ switch: "api", api: "status", answer: "slow", delayMs: 400 });
    const startedAt = Date.now();
    expect((await status()).status).toBe(200);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(390);

    await setFault({ switch: "api", api: "status", answer: "malformed" });
    await expect(client.orderStatus(merchantOrderId)).rejects.toMatchObject({ kind: "invalid-response" });
    await expect(client.orderStatus(merchantOrderId)).resolves.toMatchObject({ state: "PENDING" });

    // Only with the admin secret.
    const refused = await fetch(`${base}/phonepe-simulator/admin/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ switch: "api", api: "pay", answer: "500" }),
    });
    expect(refused.status).toBe(401);
    expect(
      (await fetch(`${base}/phonepe-simulator/admin/faults`, { method: "DELETE", headers: admin })).status,
    ).toBe(200);
  });

  it("sends webhooks with PhonePe's orderId only when switched", async () => {
    const client = simulatorClient();
    const { merchantOrderId, started } = await startPayment(client, 10_000);
    await setFault({ switch: "webhooksWithoutMerchantOrderId", on: true });
    await choose(started.redirectUrl ?? "", { outcome: "success", webhook: "now" });
    await vi.waitFor(() => expect(sim.webhooksAbout(started.orderId)).toHaveLength(1));
    const body = sim.webhooksAbout(started.orderId)[0]?.body as
      | { payload: Record<string, unknown> }
      | undefined;
    const payload = body?.payload ?? {};
    expect(payload.orderId).toBe(started.orderId);
    expect(payload).not.toHaveProperty("merchantOrderId");
    expect(await client.orderStatus(merchantOrderId)).toMatchObject({ orderId: started.orderId });
  });

  it("retries a webhook the shop did not take, with backoff, and logs each try", async () => {
    const calls: number[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const settings: SimulatorSettings = {
      db: database.db,
      clientId: SIMULATOR.clientId,
      clientSecret: SIMULATOR.clientSecret,
      clientVersion: 1,
      tokenSecret: SIMULATOR.sessionSecret,
      baseUrl: `${base}/phonepe-simulator`,
      merchantId: "KAVERISIMULATOR",
      merchantOrigin: new URL(base).origin,
      adminSecret: undefined,
      webhook: {
        url: "http://webhook.invalid/api/phonepe/webhook",
        username: SIMULATOR.webhookUsername,
        password: SIMULATOR.webhookPassword,
        lateDelayMs: 0,
        retryDelaysMs: [20, 40, 80],
        fetch: async () => {
          calls.push(Date.now());
          return new Response("busy", { status: calls.length < 3 ? 503 : 200 });
        },
      },
    };
    try {
      const { merchantOrderId } = await startPayment(simulatorClient(), 10_000);
      const [row] = await database.db
        .select()
        .from(phonepeSimulatorOrders)
        .where(eq(phonepeSimulatorOrders.merchantOrderId, merchantOrderId));
      if (!row) throw new Error("order not stored");
      const result = await settleOrder(settings, row, "COMPLETED");
      await result.delivery;
      expect(calls).toHaveLength(3);
      expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBeGreaterThanOrEqual(15);
      expect((calls[2] ?? 0) - (calls[1] ?? 0)).toBeGreaterThanOrEqual(35);
      const logged = warn.mock.calls.map((args) => args.join(" "));
      expect(logged.filter((line) => line.includes("the shop answered 503"))).toHaveLength(2);
      expect(logged.some((line) => line.includes("try 2 in 20 ms"))).toBe(true);

      // A shop that never takes it: the first try and three more, then given up (logged).
      calls.length = 0;
      settings.webhook.fetch = async () => {
        calls.push(Date.now());
        return new Response("down", { status: 500 });
      };
      const other = await startPayment(simulatorClient(), 10_000);
      const [second] = await database.db
        .select()
        .from(phonepeSimulatorOrders)
        .where(eq(phonepeSimulatorOrders.merchantOrderId, other.merchantOrderId));
      if (!second) throw new Error("order not stored");
      await (await settleOrder(settings, second, "FAILED")).delivery;
      expect(calls).toHaveLength(4);
      expect(warn.mock.calls.some((args) => args.join(" ").includes("gave up after 4 tries"))).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });
});
