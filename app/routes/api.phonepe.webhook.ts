import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { describeError } from "~/modules/ops/errors.server";
import { attemptExists } from "~/modules/orders/orders.server";
import { fetchOutcome, settlePayment } from "~/modules/orders/payment-flow.server";
import { isAuthenticWebhook, parseWebhook } from "~/modules/payments/phonepe/client.server";
import { readJson } from "~/read-form.server";

/**
 * PhonePe's webhook. The Authorization header must be SHA-256 of the configured username:password. The body
 * only says which order changed: the outcome is read back from PhonePe's order-status API, and the payment
 * is finished through the same idempotent function as the shopper's return, so duplicates are harmless.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ success: false, message: "Method not allowed" }, { status: 405 });
  if (!isAuthenticWebhook(request.headers.get("Authorization"))) {
    return json({ success: false, message: "Unauthorized" }, { status: 401 });
  }
  const body = await readJson(request);
  if (body === undefined) return json({ success: false, message: "The body is not JSON" }, { status: 400 });
  const parsed = parseWebhook(body);
  if (!parsed.ok) return json({ success: false, message: parsed.problem }, { status: 400 });
  const { webhook } = parsed;
  if (webhook.kind === "refund") {
    console.info(`PhonePe refund ${webhook.merchantRefundId} is ${webhook.state}`);
    return json({ success: true });
  }
  const db = await getDb();
  // PhonePe retries anything but a 2xx: an order the shop never started is acknowledged, logged and left alone.
  if (!(await attemptExists(db, webhook.merchantOrderId))) {
    console.warn(
      `PhonePe webhook for an order this shop never started (${JSON.stringify(webhook.merchantOrderId.slice(0, 80))}); ignored`,
    );
    return json({ success: true, result: "unknown-order" });
  }
  try {
    const result = await settlePayment(
      db,
      webhook.merchantOrderId,
      await fetchOutcome(webhook.merchantOrderId),
    );
    return json({ success: true, result: result.kind });
  } catch (error) {
    console.error(
      `Webhook for ${webhook.merchantOrderId} could not be processed; PhonePe will retry: ${describeError(error)}`,
    );
    return json({ success: false, message: "Try again later" }, { status: 503 });
  }
}

export function loader() {
  return json({ success: false, message: "Method not allowed" }, { status: 405 });
}
