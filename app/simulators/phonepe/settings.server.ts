import { randomInt, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { config } from "~/lib/config.server";

/*
 * The PhonePe simulator: the same paths, headers and JSON shapes as PhonePe Standard Checkout v2 (see
 * app/features/payments/phonepe-types.ts for the sources), served by the shop itself under /phonepe-simulator when
 * PHONEPE_ENV is "simulator", so the shop's real client is exercised over real HTTP with no PhonePe account.
 * Fenced: the shop's modules never import from app/simulators; the shop reaches it over HTTP only, through
 * app/routes/phonepe-simulator.$.ts (the API) and app/routes/phonepe-simulator.pay.$orderId.tsx (the hosted page).
 *
 * What is the simulator's own invention (PhonePe does not document it): the error codes of its 4xx answers,
 * the hosted page and its choices, the admin endpoints (settle an order, fault switches) for tests.
 */

/** The paths the shop serves the simulator and its own webhook under (the same as the shop's client uses). */
export const SIMULATOR_BASE_PATH = "/phonepe-simulator";
export const SHOP_WEBHOOK_PATH = "/api/phonepe/webhook";

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
    /** Waits before each new try when the shop answers non-2xx or cannot be reached; default 1, 2, 4, 8 s. */
    retryDelaysMs?: readonly number[];
    fetch?: typeof fetch;
  };
  /** When a refund moves on from PENDING: CONFIRMED after confirmAfterMs, COMPLETED (or FAILED) after doneAfterMs. */
  refunds?: { confirmAfterMs: number; doneAfterMs: number };
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Access token lifetime; PhonePe's are hours long, the simulator's default is one hour. */
  tokenTtlSeconds?: number;
  /** The shop's own origin: the only place the hosted page may send a shopper back to. */
  merchantOrigin: string;
  /** Opens the admin endpoints (tests settle orders and set faults through them); undefined: not there. */
  adminSecret: string | undefined;
};

export const SIMULATOR_MERCHANT_ID = "KAVERISIMULATOR";
export const LATE_WEBHOOK_DELAY_MS = 5000;
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];
export const DEFAULT_REFUND_TIMING = { confirmAfterMs: 1000, doneAfterMs: 3000 } as const;

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
      url: `${settings.publicUrl}${SHOP_WEBHOOK_PATH}`,
      username: webhookUsername,
      password: webhookPassword,
      lateDelayMs: LATE_WEBHOOK_DELAY_MS,
    },
  };
}

/** Remix routes: the simulator's settings, or a 404 answer thrown when it is switched off. */
export async function requireSimulator(): Promise<SimulatorSettings> {
  const simulator = await simulatorFromConfig();
  if (!simulator) throw notFound();
  return simulator;
}

export function nowMs(s: SimulatorSettings): number {
  return s.now?.() ?? Date.now();
}

/* ---------- Answers ---------- */

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

export function failure(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ success: false, code, message, data: {} }, status, headers);
}

export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
}

/** A known path asked with the wrong method. */
export function methodNotAllowed(allow: string): Response {
  return failure(405, "METHOD_NOT_ALLOWED", `Use ${allow}`, { Allow: allow });
}

export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}

/** PhonePe-looking ids: a prefix, the time and random digits. */
export function newId(prefix: string, s: SimulatorSettings): string {
  const stamp = new Date(nowMs(s))
    .toISOString()
    .replace(/[-:TZ.]/g, "")
    .slice(2, 14);
  return `${prefix}${stamp}${randomInt(10 ** 9, 10 ** 10)}`;
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Resolves after ms; the timer does not keep the process alive. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    timer.unref?.();
  });
}
