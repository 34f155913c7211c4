import { z } from "zod";
import type { PhonePeOrderState } from "~/features/payments";
import {
  findByOrderId,
  lastAttemptFailed,
  type Outcome,
  resolveDue,
  type SettleResult,
  settleOrder,
} from "./orders.server";
import type { SimulatorSettings } from "./settings.server";

/* The hosted payment page, standing in for PhonePe's: what it shows and what the shopper's choice does. */

export type HostedPage = {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: PhonePeOrderState;
  message: string | null;
  redirectUrl: string;
  /** The latest attempt is pending at the bank (the shopper chose Pending). */
  attempted: boolean;
  /** The latest attempt failed and the order is still open: PhonePe's error code; the shopper may pay again. */
  attemptError: string | null;
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
  const failedAttempt = lastAttemptFailed(order);
  return {
    orderId: order.orderId,
    merchantOrderId: order.merchantOrderId,
    amount: order.amount,
    state: order.state === "COMPLETED" || order.state === "FAILED" ? order.state : "PENDING",
    message: order.message,
    redirectUrl: order.redirectUrl,
    attempted: order.transactionId !== null && !failedAttempt,
    attemptError: failedAttempt ? order.errorCode : null,
    settleAt: order.settleAt?.getTime() ?? null,
    expireAt: order.expireAt.getTime(),
    errorCode: order.state === "FAILED" ? order.errorCode : null,
  };
}

/** The hosted page's form: the outcome and how the webhook comes. */
export const choiceSchema = z.object({
  outcome: z.enum(["success", "failure", "failure-attempt", "pending"], {
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
  "failure-attempt": "ATTEMPT_FAILED",
  pending: "PENDING",
};

/**
 * The shopper's choice on the hosted page, or null for an unknown order. `stay` is true when only the attempt
 * failed: the shopper stays on the page to pay again. Otherwise the browser goes to the merchant's redirectUrl,
 * as given, like PhonePe. An order that has already settled is left as it is.
 */
export async function chooseOnHostedPage(
  s: SimulatorSettings,
  orderId: string,
  choice: Choice,
): Promise<{ redirectTo: string; stay: boolean; result: SettleResult } | null> {
  const found = await findByOrderId(s, orderId);
  if (!found) return null;
  const order = await resolveDue(s, found);
  const outcome = OUTCOMES[choice.outcome];
  const result = await settleOrder(s, order, outcome, {
    webhook: { when: choice.webhook, twice: choice.twice },
    settleAfterSeconds: choice.settleAfter,
  });
  const stay = outcome === "ATTEMPT_FAILED" && result.order.state === "PENDING";
  return { redirectTo: order.redirectUrl, stay, result };
}
