import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Database } from "~/db/client.server";
import type {
  OrderStatusResult,
  PhonePeClient,
  PhonePeClientSettings,
} from "~/features/payments/index.server";
import type * as ConfigModule from "~/lib/config.server";
import type { Config, PaymentMode } from "~/lib/config.server";

/*
 * The bundled PhonePe simulator (app/simulators/phonepe), served through its own Remix route modules by a small
 * node:http adapter on a real port, against a test file's database, for the shop's real PhonePe client to talk
 * to over HTTP. The same server stands in for the shop's webhook endpoint, to see what the simulator delivers,
 * and records every request that reached it.
 *
 * The simulator reads the shop's configuration and database (~/lib/config.server, ~/db/db.server). vi.mock must be
 * written in each test file; the factories and their shared state live here:
 *
 *   vi.mock("~/lib/config.server", async (importOriginal) =>
 *     (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
 *   );
 *   vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());
 *
 * This module imports nothing of the app at its top (types only), so those factories do not import the modules
 * they mock; the simulator's routes and the client are imported when the simulator starts.
 */

/** The simulator's credentials, as the mocked configuration gives them to the shop and to the simulator. */
export const SIMULATOR = {
  clientId: "SIMULATOR_CLIENT",
  /** Characters that must be form-encoded on the way to the token endpoint. */
  clientSecret: "simulator-s3cr3t/+=&",
  clientVersion: 1,
  webhookUsername: "simulator",
  webhookPassword: "simulator-webhook-password",
  adminSecret: "integration-admin-secret-0123456789",
  sessionSecret: "integration-test-session-secret-0123456789abcdef",
} as const;

/** What the mocked configuration and database answer; the simulator fills in its address when it starts. */
export const simulatorState: { db: Database | undefined; mode: PaymentMode; publicUrl: string } = {
  db: undefined,
  mode: "simulator",
  publicUrl: "http://127.0.0.1:1",
};

let baseConfig: Config | undefined;

/** ~/lib/config.server with config() answering the simulator's settings (the rest of the module is the real one). */
export function mockedConfigModule(original: typeof ConfigModule): typeof ConfigModule {
  const config = (): Config => {
    baseConfig ??= original.loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: "http://127.0.0.1:1",
      SESSION_SECRET: SIMULATOR.sessionSecret,
      PHONEPE_ENV: "simulator",
      PHONEPE_CLIENT_ID: SIMULATOR.clientId,
      PHONEPE_CLIENT_SECRET: SIMULATOR.clientSecret,
      PHONEPE_CLIENT_VERSION: String(SIMULATOR.clientVersion),
      PHONEPE_WEBHOOK_USERNAME: SIMULATOR.webhookUsername,
      PHONEPE_WEBHOOK_PASSWORD: SIMULATOR.webhookPassword,
      PHONEPE_SIMULATOR_ADMIN_SECRET: SIMULATOR.adminSecret,
    });
    return {
      ...baseConfig,
      publicUrl: simulatorState.publicUrl,
      phonepe: { ...baseConfig.phonepe, mode: simulatorState.mode },
    };
  };
  return { ...original, config };
}

/** ~/db/db.server answering the test file's database. */
export function mockedDbModule(): { getDb: () => Promise<Database> } {
  return {
    getDb: async () => {
      if (!simulatorState.db) throw new Error("startPhonePeSimulator(db) has not been called");
      return simulatorState.db;
    },
  };
}

/** PhonePe's APIs as the simulator's fault switches name them, and the simulator's own pages. */
export type SimulatorPart =
  | "token"
  | "pay"
  | "status"
  | "refund"
  | "refundStatus"
  | "admin"
  | "page"
  | "other";

export type SeenRequest = {
  part: SimulatorPart;
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The answer's status, once sent. */
  status: number | undefined;
  /** The answer's body, once sent. */
  answer: string | undefined;
  /** The caller hung up before the answer was sent (its time limit ran out). */
  hungUp: boolean;
};

export type ReceivedWebhook = { authorization: string | undefined; body: unknown };

type WebhookBody = { event?: unknown; payload?: Record<string, unknown> };

function about({ body }: ReceivedWebhook, id: string): boolean {
  const { payload } = (body ?? {}) as WebhookBody;
  return [payload?.merchantOrderId, payload?.orderId, payload?.merchantRefundId].includes(id);
}

export type PhonePeSimulator = {
  /** The server's origin, e.g. http://127.0.0.1:41234 (the shop's PUBLIC_URL in the mocked configuration). */
  base: string;
  /** Where PhonePe's API lives on it: `${base}/phonepe-simulator`. */
  apiBase: string;
  /** The shop's own client, phonePeClientFromConfig(), pointing at the simulator. */
  client: PhonePeClient;
  /** A client of its own (createPhonePeClient) with the simulator's hosts and credentials, and these changes. */
  newClient(overrides?: Partial<PhonePeClientSettings>): PhonePeClient;
  /** Every request that reached the simulator, oldest first (not the webhooks). */
  requests: SeenRequest[];
  /** The requests to one of PhonePe's APIs. */
  calls(part: SimulatorPart): SeenRequest[];
  /** The refunds asked for (POST /payments/v2/refund), their JSON bodies, for one merchantRefundId. */
  refundsAsked(
    merchantRefundId: string,
  ): { merchantRefundId: string; originalMerchantOrderId: string; amount: number }[];
  /** Everything the shop's webhook endpoint received, oldest first. */
  webhooks: ReceivedWebhook[];
  /** The webhooks about one order or refund: its merchantOrderId, PhonePe's orderId or merchantRefundId. */
  webhooksAbout(id: string): ReceivedWebhook[];
  /** [event, payload.state] of the webhooks about one order or refund, oldest first. */
  webhookEvents(id: string): [string, string][];
  /** Runs a request through the simulator's route modules without the network. */
  runRoute(request: Request): Promise<Response>;
  /** PhonePe's payment, started and paid on the hosted page (no webhook): its order status as the shop reads it. */
  pay(merchantOrderId: string, amount: number): Promise<OrderStatusResult>;
  admin: {
    headers: Record<string, string>;
    /** POST /admin/orders/{id}: settles an order (the answer, 409 when it has settled already). */
    settle(merchantOrderId: string, body: Record<string, unknown>): Promise<Response>;
    /** GET /admin/orders/{id}: the order with the simulator's own details (refundedAmount …). */
    order(merchantOrderId: string): Promise<Record<string, unknown>>;
    /** POST /admin/faults: one switch; throws unless the simulator took it. */
    fault(body: Record<string, unknown>): Promise<void>;
    /** DELETE /admin/faults: every switch off. */
    clearFaults(): Promise<void>;
  };
  /** Stops the server once the answers under way are sent. */
  close(): Promise<void>;
};

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<Response> | Response;
type RouteModule = { loader?: Handler; action?: Handler };

function partOf(path: string): SimulatorPart {
  const p = path.replace(/\?.*$/, "");
  if (p === "/phonepe-simulator/v1/oauth/token") return "token";
  if (p === "/phonepe-simulator/checkout/v2/pay") return "pay";
  if (/^\/phonepe-simulator\/checkout\/v2\/order\/[^/]+\/status$/.test(p)) return "status";
  if (p === "/phonepe-simulator/payments/v2/refund") return "refund";
  if (/^\/phonepe-simulator\/payments\/v2\/refund\/[^/]+\/status$/.test(p)) return "refundStatus";
  if (p.startsWith("/phonepe-simulator/admin/")) return "admin";
  if (p.startsWith("/phonepe-simulator/pay/")) return "page";
  return "other";
}

/**
 * Starts the simulator on a free port of 127.0.0.1 against `db`: the mocked configuration then points the shop
 * (PUBLIC_URL, PhonePe in simulator mode) at it.
 */
export async function startPhonePeSimulator(db: Database): Promise<PhonePeSimulator> {
  const apiRoute = (await import("~/routes/phonepe-simulator.$")) as RouteModule;
  const pageRoute = (await import("~/routes/phonepe-simulator.pay.$orderId")) as RouteModule;
  const { createPhonePeClient, phonePeClientFromConfig } = await import("~/features/payments/index.server");
  simulatorState.db = db;
  simulatorState.mode = "simulator";

  /** As Remix ranks them: the hosted page's route before the simulator's splat route for its API. */
  const routes: [RegExp, RouteModule, string[]][] = [
    [/^\/phonepe-simulator\/pay\/([^/]+)$/, pageRoute, ["orderId"]],
    [/^\/phonepe-simulator\/(.*)$/, apiRoute, ["*"]],
  ];

  /** Runs a route module the way Remix would: loader for GET, action otherwise; a thrown Response is the answer. */
  async function runRoute(request: Request): Promise<Response> {
    const url = new URL(request.url);
    for (const [pattern, module, names] of routes) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
      );
      const handler = request.method === "GET" || request.method === "HEAD" ? module.loader : module.action;
      if (!handler) return new Response("Method Not Allowed", { status: 405 });
      try {
        return await handler({ request, params, context: {} });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }
    return new Response("Not Found", { status: 404 });
  }

  const requests: SeenRequest[] = [];
  const webhooks: ReceivedWebhook[] = [];
  const underWay = new Set<Promise<void>>();
  let base = "";

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? "/";
      if (path === "/api/phonepe/webhook") {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString("utf8"));
        } catch {
          parsed = body.toString("utf8");
        }
        webhooks.push({ authorization: req.headers.authorization, body: parsed });
        res.statusCode = 200;
        res.end("ok");
        return;
      }
      const seen: SeenRequest = {
        part: partOf(path),
        method: req.method ?? "",
        path,
        headers: req.headers,
        body: body.toString("utf8"),
        status: undefined,
        answer: undefined,
        hungUp: false,
      };
      requests.push(seen);
      res.on("close", () => {
        if (!res.writableFinished) seen.hungUp = true;
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new Request(`${base}${path}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      });
      const answering = (async () => {
        let status = 500;
        let answer: Buffer;
        const answerHeaders: [string, string][] = [];
        try {
          const response = await runRoute(request);
          status = response.status;
          response.headers.forEach((value, name) => {
            answerHeaders.push([name, value]);
          });
          answer = Buffer.from(await response.arrayBuffer());
        } catch (error) {
          answer = Buffer.from(String(error));
        }
        seen.status = status;
        seen.answer = answer.toString("utf8");
        // A caller that gave up (a "slow" fault past its time limit) is not answered.
        if (res.destroyed) return;
        res.statusCode = status;
        for (const [name, value] of answerHeaders) res.setHeader(name, value);
        res.end(answer);
      })();
      underWay.add(answering);
      void answering.finally(() => underWay.delete(answering));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  simulatorState.publicUrl = base;
  const apiBase = `${base}/phonepe-simulator`;

  const adminHeaders = {
    "Content-Type": "application/json",
    Authorization: `Bearer ${SIMULATOR.adminSecret}`,
  };
  const client = phonePeClientFromConfig();

  const admin: PhonePeSimulator["admin"] = {
    headers: adminHeaders,
    settle: (merchantOrderId, body) =>
      fetch(`${apiBase}/admin/orders/${encodeURIComponent(merchantOrderId)}`, {
        method: "POST",
        headers: adminHeaders,
        body: JSON.stringify(body),
      }),
    async order(merchantOrderId) {
      const answer = await fetch(`${apiBase}/admin/orders/${encodeURIComponent(merchantOrderId)}`, {
        headers: adminHeaders,
      });
      if (answer.status !== 200) throw new Error(`admin read of ${merchantOrderId}: ${answer.status}`);
      return (await answer.json()) as Record<string, unknown>;
    },
    async fault(body) {
      const answer = await fetch(`${apiBase}/admin/faults`, {
        method: "POST",
        headers: adminHeaders,
        body: JSON.stringify(body),
      });
      if (answer.status !== 200) throw new Error(`fault ${JSON.stringify(body)}: ${await answer.text()}`);
    },
    async clearFaults() {
      const answer = await fetch(`${apiBase}/admin/faults`, { method: "DELETE", headers: adminHeaders });
      if (answer.status !== 200) throw new Error(`clearing faults: ${answer.status}`);
    },
  };

  return {
    base,
    apiBase,
    client,
    newClient: (overrides = {}) =>
      createPhonePeClient({
        authBaseUrl: apiBase,
        pgBaseUrl: apiBase,
        clientId: SIMULATOR.clientId,
        clientSecret: SIMULATOR.clientSecret,
        clientVersion: SIMULATOR.clientVersion,
        ...overrides,
      }),
    requests,
    calls: (part) => requests.filter((r) => r.part === part),
    refundsAsked: (merchantRefundId) =>
      requests
        .filter((r) => r.part === "refund" && r.method === "POST")
        .map(
          (r) =>
            JSON.parse(r.body) as {
              merchantRefundId: string;
              originalMerchantOrderId: string;
              amount: number;
            },
        )
        .filter((asked) => asked.merchantRefundId === merchantRefundId),
    webhooks,
    webhooksAbout: (id) => webhooks.filter((webhook) => about(webhook, id)),
    webhookEvents: (id) =>
      webhooks
        .filter((webhook) => about(webhook, id))
        .map(({ body }) => {
          const { event, payload } = body as WebhookBody;
          return [String(event), String(payload?.state)] as [string, string];
        }),
    runRoute,
    async pay(merchantOrderId, amount) {
      await client.startPayment({
        merchantOrderId,
        amount,
        redirectUrl: `${base}/checkout?merchantTransactionId=${merchantOrderId}`,
      });
      const settled = await admin.settle(merchantOrderId, { state: "COMPLETED", webhook: "none" });
      if (settled.status !== 200) throw new Error(`settling ${merchantOrderId}: ${await settled.text()}`);
      return client.orderStatus(merchantOrderId);
    },
    admin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...underWay]);
    },
  };
}
