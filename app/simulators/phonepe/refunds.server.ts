import { and, eq, sql } from "drizzle-orm";
import { phonepeSimulatorOrders, phonepeSimulatorRefunds } from "~/db/schema";
import { refundRequestSchema } from "~/features/payments";
import { describeError } from "~/lib/errors.server";
import { readJson } from "~/lib/read-form.server";
import { claimRefundFailure, refundFails } from "./faults.server";
import { findByMerchantOrderId, resolveDue } from "./orders.server";
import {
  DEFAULT_REFUND_TIMING,
  failure,
  firstProblem,
  json,
  newId,
  nowMs,
  type SimulatorSettings,
} from "./settings.server";
import { isAuthorized, unauthorized } from "./tokens.server";
import { deliverWebhook } from "./webhooks.server";

/*
 * Refunds, as PhonePe runs them: accepted as PENDING, then CONFIRMED (pg.refund.accepted), then COMPLETED
 * (pg.refund.completed) — or FAILED (pg.refund.failed, the amount is free to refund again) when a test switched
 * that on. The steps are applied on every read by the time since the refund was made (settings.refunds), so any
 * instance answers the same; timers only make the webhooks prompt.
 */

export type RefundRow = typeof phonepeSimulatorRefunds.$inferSelect;
type RefundState = "PENDING" | "CONFIRMED" | "COMPLETED" | "FAILED";

/** The simulator's own code for a refund a test made fail (PhonePe documents the field, not this value). */
export const REFUND_FAILURE = { errorCode: "REFUND_FAILED", detailedErrorCode: "SIMULATED" } as const;

const REFUND_EVENTS: Record<Exclude<RefundState, "PENDING">, string> = {
  CONFIRMED: "pg.refund.accepted",
  COMPLETED: "pg.refund.completed",
  FAILED: "pg.refund.failed",
};

function refundBody(s: SimulatorSettings, refund: RefundRow): Record<string, unknown> {
  const errors = refund.state === "FAILED" ? REFUND_FAILURE : {};
  return {
    merchantId: s.merchantId,
    merchantRefundId: refund.merchantRefundId,
    originalMerchantOrderId: refund.originalMerchantOrderId,
    refundId: refund.refundId,
    amount: refund.amount,
    state: refund.state,
    timestamp: refund.updatedAt.getTime(),
    ...errors,
    paymentDetails: [
      {
        paymentMode: "UPI_QR",
        transactionId: refund.transactionId,
        timestamp: refund.updatedAt.getTime(),
        amount: refund.amount,
        state: refund.state,
        ...errors,
      },
    ],
  };
}

function refundWebhookBody(s: SimulatorSettings, refund: RefundRow): Record<string, unknown> {
  const event = REFUND_EVENTS[refund.state as Exclude<RefundState, "PENDING">] ?? "pg.refund.completed";
  return { event, type: event.toUpperCase().replaceAll(".", "_"), payload: refundBody(s, refund) };
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
    refund = await advanceRefund(s, existing);
  } else {
    claimRefundFailure(refund.merchantRefundId);
    scheduleRefundSteps(s, refund.merchantRefundId);
  }
  return json({ refundId: refund.refundId, amount: refund.amount, state: refund.state });
}

export async function findRefund(
  s: SimulatorSettings,
  merchantRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await s.db
    .select()
    .from(phonepeSimulatorRefunds)
    .where(eq(phonepeSimulatorRefunds.merchantRefundId, merchantRefundId));
  return row;
}

/** Where the refund should be by now, from the time since it was made. */
function dueState(s: SimulatorSettings, refund: RefundRow): RefundState {
  const timing = s.refunds ?? DEFAULT_REFUND_TIMING;
  const age = nowMs(s) - refund.createdAt.getTime();
  if (age >= timing.doneAfterMs) return refundFails(refund.merchantRefundId) ? "FAILED" : "COMPLETED";
  if (age >= timing.confirmAfterMs) return "CONFIRMED";
  return "PENDING";
}

const ORDER: RefundState[] = ["PENDING", "CONFIRMED", "COMPLETED"];

/** The next step from `from` towards `to` (PENDING → CONFIRMED → COMPLETED or FAILED), or null when there. */
function nextStep(from: RefundState, to: RefundState): RefundState | null {
  if (from === to || to === "PENDING" || from === "COMPLETED" || from === "FAILED") return null;
  if (from === "PENDING") return "CONFIRMED";
  return to === "FAILED" ? "FAILED" : (ORDER[ORDER.indexOf(from) + 1] ?? null);
}

/**
 * Moves a refund on as far as time says, one step at a time, each step a conditional UPDATE (one instance wins)
 * followed by its webhook. A failed refund gives its amount back to the order.
 */
export async function advanceRefund(s: SimulatorSettings, refund: RefundRow): Promise<RefundRow> {
  let current = refund;
  const target = dueState(s, refund);
  for (let step = nextStep(current.state as RefundState, target); step; ) {
    const from = current.state;
    const to: RefundState = step;
    const now = new Date(nowMs(s));
    const updated = await s.db.transaction(async (tx) => {
      const t = phonepeSimulatorRefunds;
      const [row] = await tx
        .update(t)
        .set({ state: to, updatedAt: now })
        .where(and(eq(t.id, current.id), eq(t.state, from)))
        .returning();
      if (row && to === "FAILED") {
        const o = phonepeSimulatorOrders;
        await tx
          .update(o)
          .set({ refundedAmount: sql`${o.refundedAmount} - ${row.amount}`, updatedAt: now })
          .where(eq(o.merchantOrderId, row.originalMerchantOrderId));
      }
      return row;
    });
    if (!updated) return (await findRefund(s, refund.merchantRefundId)) ?? current;
    void deliverWebhook(s, refundWebhookBody(s, updated));
    current = updated;
    step = nextStep(current.state as RefundState, target);
  }
  return current;
}

function scheduleRefundSteps(s: SimulatorSettings, merchantRefundId: string): void {
  const timing = s.refunds ?? DEFAULT_REFUND_TIMING;
  for (const delay of [timing.confirmAfterMs, timing.doneAfterMs]) {
    const timer = setTimeout(() => {
      findRefund(s, merchantRefundId)
        .then((refund) => (refund ? advanceRefund(s, refund) : undefined))
        .catch((error: unknown) =>
          console.warn(
            `[phonepe-simulator] could not move refund ${merchantRefundId} on: ${describeError(error)}`,
          ),
        );
    }, delay + 20);
    timer.unref?.();
  }
}

/** GET /payments/v2/refund/{merchantRefundId}/status: the refund's state now. */
export async function handleRefundStatus(
  request: Request,
  merchantRefundId: string,
  s: SimulatorSettings,
): Promise<Response> {
  if (!isAuthorized(request, s)) return unauthorized();
  const refund = await findRefund(s, merchantRefundId);
  if (!refund) return failure(404, "REFUND_NOT_FOUND", "No refund with this merchantRefundId");
  return json(refundBody(s, await advanceRefund(s, refund)));
}
