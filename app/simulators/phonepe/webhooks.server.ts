import { createHash } from "node:crypto";
import { httpText } from "~/features/payments/index.server";
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, type SimulatorSettings, sleep } from "./settings.server";

/* Webhooks to the shop: PhonePe's Authorization hash and body, in the background, retried with backoff. */

export type WebhookWhen = "now" | "late" | "none";
export type WebhookDelivery = { when: WebhookWhen; twice: boolean };

export const DEFAULT_DELIVERY: WebhookDelivery = { when: "now", twice: false };

/** PhonePe's webhook Authorization header: SHA-256 of "username:password", in hex. */
function authorization(username: string, password: string): string {
  return createHash("sha256").update(`${username}:${password}`).digest("hex");
}

function subjectOf(body: Record<string, unknown>): string {
  const payload = body.payload as Record<string, unknown> | undefined;
  return String(payload?.merchantOrderId ?? payload?.merchantRefundId ?? payload?.orderId ?? "?");
}

/** One try; true when the shop answered 2xx. */
async function postWebhook(
  s: SimulatorSettings,
  body: Record<string, unknown>,
  label: string,
): Promise<boolean> {
  const { username, password, url } = s.webhook;
  const answer = await httpText(
    url,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(username && password ? { Authorization: authorization(username, password) } : {}),
      },
      body: JSON.stringify(body),
    },
    10_000,
    s.webhook.fetch,
  );
  if (answer.kind !== "answer") {
    console.warn(
      `[phonepe-simulator] webhook ${label} could not be delivered to ${url}:`,
      String(answer.error),
    );
    return false;
  }
  if (!answer.ok) {
    console.warn(`[phonepe-simulator] webhook ${label}: the shop answered ${answer.status}`);
    return false;
  }
  return true;
}

/** Tries until the shop answers 2xx, waiting retryDelaysMs between tries; gives up (logged) after the last. */
async function postWithRetries(s: SimulatorSettings, body: Record<string, unknown>): Promise<void> {
  const delays = s.webhook.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
  const label = `${String(body.event)} for ${subjectOf(body)}`;
  for (let attempt = 0; ; attempt += 1) {
    if (await postWebhook(s, body, label)) return;
    const delay = delays[attempt];
    if (delay === undefined) {
      console.warn(`[phonepe-simulator] webhook ${label}: gave up after ${attempt + 1} tries`);
      return;
    }
    console.warn(`[phonepe-simulator] webhook ${label}: try ${attempt + 2} in ${delay} ms`);
    await sleep(delay);
  }
}

/** Sends a webhook now, late or not at all, once or twice at the same moment; never rejects. */
export function deliverWebhook(
  s: SimulatorSettings,
  body: Record<string, unknown>,
  delivery: WebhookDelivery = DEFAULT_DELIVERY,
): Promise<void> {
  if (delivery.when === "none") return Promise.resolve();
  const send = async () => {
    const one = () =>
      postWithRetries(s, body).catch((error: unknown) =>
        console.warn(`[phonepe-simulator] webhook failed: ${String(error)}`),
      );
    await Promise.all(delivery.twice ? [one(), one()] : [one()]);
  };
  if (delivery.when === "now") return send();
  return sleep(s.webhook.lateDelayMs).then(send);
}
