import { z } from "zod";
import { readForm, readJson } from "~/lib/read-form.server";
import {
  API_FAULTS,
  addApiFault,
  clearFaults,
  failNextRefunds,
  faultsView,
  SIMULATOR_APIS,
  setWebhooksWithoutMerchantOrderId,
} from "./faults.server";
import {
  findByMerchantOrderId,
  hostedPageUrl,
  type OrderRow,
  orderBody,
  resolveDue,
  settleOrder,
} from "./orders.server";
import { failure, firstProblem, json, notFound, type SimulatorSettings, sameSecret } from "./settings.server";

/*
 * The admin endpoints are not PhonePe's: they settle orders without a payment and switch faults on. They exist
 * only when an admin secret is configured, and answer only to `Authorization: Bearer <secret>`.
 */

export function adminRefusal(request: Request, s: SimulatorSettings): Response | null {
  if (!s.adminSecret) return notFound();
  const given = /^Bearer\s+(.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!sameSecret(given, s.adminSecret))
    return failure(401, "UNAUTHORIZED", "The admin secret is missing or wrong");
  return null;
}

const flag = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const adminSchema = z.object({
  state: z.enum(["COMPLETED", "FAILED", "PENDING"]),
  /** With state FAILED: fail only the current attempt, the order stays PENDING. */
  attemptOnly: flag,
  webhook: z.enum(["now", "late", "none"]).default("now"),
  twice: flag,
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
    attemptOnly: form.get("attemptOnly") ?? undefined,
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
 * POST /phonepe-simulator/admin/orders/{merchantOrderId} {state, attemptOnly?, webhook?, twice?, settleAfter?}:
 * settles a pending order as if the shopper had chosen on the hosted page. 409 when it has already settled.
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
  const { state, attemptOnly, webhook, twice, settleAfter } = parsed.data;
  const result = await settleOrder(s, order, state === "FAILED" && attemptOnly ? "ATTEMPT_FAILED" : state, {
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

/** One switch per request (see faults.server.ts). */
const faultSchema = z.discriminatedUnion("switch", [
  z.object({
    switch: z.literal("api"),
    api: z.enum(SIMULATOR_APIS),
    answer: z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.enum(API_FAULTS)),
    times: z.number().int().min(1).max(100).default(1),
    /** For "slow": how long each answer waits. */
    delayMs: z.number().int().min(0).max(60_000).default(3000),
  }),
  z.object({ switch: z.literal("webhooksWithoutMerchantOrderId"), on: z.boolean() }),
  z.object({ switch: z.literal("refundsFail"), times: z.number().int().min(0).max(100).default(1) }),
]);

/**
 * /phonepe-simulator/admin/faults: GET shows the switches, POST sets one (JSON, see faultSchema), DELETE turns
 * them all off.
 */
export async function handleAdminFaults(request: Request, s: SimulatorSettings): Promise<Response> {
  const refused = adminRefusal(request, s);
  if (refused) return refused;
  if (request.method === "DELETE") {
    clearFaults();
    return json(faultsView());
  }
  if (request.method === "POST") {
    const parsed = faultSchema.safeParse(await readJson(request));
    if (!parsed.success) return failure(400, "BAD_REQUEST", firstProblem(parsed.error));
    const input = parsed.data;
    if (input.switch === "api") addApiFault(input.api, input.answer, input.times, input.delayMs);
    else if (input.switch === "webhooksWithoutMerchantOrderId") setWebhooksWithoutMerchantOrderId(input.on);
    else failNextRefunds(input.times);
    console.info(`[phonepe-simulator] fault switched: ${JSON.stringify(input)}`);
    return json(faultsView());
  }
  return json(faultsView());
}
