import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { noteWebhook, wakeReconciler } from "~/features/orders/index.server";
import { isAuthenticWebhook, noteRefundWebhook, parseWebhook } from "~/features/payments/index.server";
import { readJson } from "~/lib/read-form.server";

/**
 * PhonePe's webhook. The Authorization header must be SHA-256 of the configured username:password. The body
 * only says which order changed: the outcome is read back from PhonePe's order-status API by the reconciler,
 * through the same idempotent door as the shopper's return (confirmPayment), so duplicates are harmless.
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
  const db = await getDb();
  if (webhook.kind === "refund") {
    // Followed through PhonePe's refund-status API, like orders; the body only says which refund moved.
    if ((await noteRefundWebhook(db, webhook.merchantRefundId)) === "unknown") {
      console.warn(`PhonePe refund webhook for a refund this shop never asked for; ignored`);
      return json({ success: true, result: "unknown-refund" });
    }
    wakeReconciler();
    return json({ success: true });
  }
  // Answered at once (PhonePe wants a 2xx within seconds): the order's attempt is made due for a check and
  // this instance's reconciler confirms it with PhonePe's order-status API straight after.
  if ((await noteWebhook(db, webhook)) === "unknown") {
    // PhonePe retries anything but a 2xx: an order the shop never started is acknowledged, logged and left.
    console.warn(
      `PhonePe webhook for an order this shop never started (${JSON.stringify((webhook.merchantOrderId ?? webhook.orderId ?? "").slice(0, 80))}); ignored`,
    );
    return json({ success: true, result: "unknown-order" });
  }
  wakeReconciler();
  return json({ success: true });
}

export function loader() {
  return json({ success: false, message: "Method not allowed" }, { status: 405 });
}
