import { handleAdminFaults, handleAdminRead, handleAdminSettle } from "./admin.server";
import { type SimulatorApi, takeApiFault } from "./faults.server";
import { handleOrderStatus, handlePay } from "./orders.server";
import { handleRefund, handleRefundStatus } from "./refunds.server";
import {
  failure,
  methodNotAllowed,
  SIMULATOR_BASE_PATH,
  type SimulatorSettings,
  sleep,
} from "./settings.server";
import { handleToken } from "./tokens.server";

/*
 * The simulator's API behind one resource route (app/routes/phonepe-simulator.$.ts): PhonePe's own paths under
 * /phonepe-simulator, dispatched by method and path, with the fault switches applied to PhonePe's APIs.
 */

type Handler = (request: Request, param: string, s: SimulatorSettings) => Promise<Response>;
type Endpoint = {
  pattern: RegExp;
  /** Method → handler. */
  methods: Partial<Record<string, Handler>>;
  /** PhonePe's API the fault switches know it by; admin endpoints have none. */
  api?: SimulatorApi;
};

const ENDPOINTS: Endpoint[] = [
  { pattern: /^\/v1\/oauth\/token$/, api: "token", methods: { POST: (r, _p, s) => handleToken(r, s) } },
  { pattern: /^\/checkout\/v2\/pay$/, api: "pay", methods: { POST: (r, _p, s) => handlePay(r, s) } },
  { pattern: /^\/checkout\/v2\/order\/([^/]+)\/status$/, api: "status", methods: { GET: handleOrderStatus } },
  { pattern: /^\/payments\/v2\/refund$/, api: "refund", methods: { POST: (r, _p, s) => handleRefund(r, s) } },
  {
    pattern: /^\/payments\/v2\/refund\/([^/]+)\/status$/,
    api: "refundStatus",
    methods: { GET: handleRefundStatus },
  },
  { pattern: /^\/admin\/orders\/([^/]+)$/, methods: { GET: handleAdminRead, POST: handleAdminSettle } },
  {
    pattern: /^\/admin\/faults$/,
    methods: {
      GET: (r, _p, s) => handleAdminFaults(r, s),
      POST: (r, _p, s) => handleAdminFaults(r, s),
      DELETE: (r, _p, s) => handleAdminFaults(r, s),
    },
  },
];

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Answers a request to /phonepe-simulator/… (anything but the hosted page, which has its own route). */
export async function handleSimulatorApi(request: Request, s: SimulatorSettings): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const path = pathname.startsWith(SIMULATOR_BASE_PATH)
    ? pathname.slice(SIMULATOR_BASE_PATH.length)
    : pathname;
  for (const endpoint of ENDPOINTS) {
    const match = endpoint.pattern.exec(path);
    if (!match) continue;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const handler = endpoint.methods[method];
    if (!handler) return methodNotAllowed(Object.keys(endpoint.methods).join(", "));
    const param = decode(match[1] ?? "");
    if (param === null) return failure(400, "BAD_REQUEST", "The path is not valid");
    const fault = endpoint.api ? takeApiFault(endpoint.api) : undefined;
    if (fault) console.info(`[phonepe-simulator] fault on ${endpoint.api}: ${fault.kind}`);
    if (fault?.kind === "429") {
      return failure(429, "TOO_MANY_REQUESTS", "Too many requests (a simulator fault)", {
        "Retry-After": "1",
      });
    }
    if (fault?.kind === "500") {
      return failure(500, "INTERNAL_SERVER_ERROR", "Something went wrong (a simulator fault)");
    }
    if (fault?.kind === "slow") await sleep(fault.delayMs);
    const response = await handler(request, param, s);
    if (fault?.kind === "malformed") {
      // The work is done, only the answer is garbled: as when an answer is cut off on the way.
      const text = await response.text();
      return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
        status: response.status,
        headers: response.headers,
      });
    }
    return response;
  }
  return failure(404, "NOT_FOUND", "No such PhonePe API");
}
