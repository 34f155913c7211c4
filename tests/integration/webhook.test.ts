import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { paymentAttempts } from "~/db/schema";
import type { Config } from "~/lib/config.server";
import { openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";

/*
 * The shop's PhonePe webhook route, called as Remix calls it, against a real database. PhonePe's own API is
 * out of reach here (every fetch fails the test), so an answer proves the webhook did not wait for it.
 */

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("~/db/db.server", () => ({ getDb: async () => state.db }));
vi.mock("~/lib/config.server", () => ({
  config: () =>
    ({
      publicUrl: "https://shop.example.in",
      sessionSecret: "webhook-test-session-secret-0123456789abcdef",
      phonepe: {
        mode: "production",
        clientId: "MERCHANT",
        clientSecret: "secret",
        clientVersion: 1,
        webhookUsername: "kaveri_hooks",
        webhookPassword: "hooks2026pass",
        simulatorAdminSecret: undefined,
      },
    }) as Config,
}));

const { action } = await import("~/routes/api.phonepe.webhook");

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  state.db = database.db;
  vi.stubGlobal("fetch", () => {
    throw new Error("the webhook must not call PhonePe before answering");
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await database?.drop();
});

const authorization = createHash("sha256").update("kaveri_hooks:hooks2026pass").digest("hex");

function webhook(payload: Record<string, unknown>, event = "checkout.order.completed") {
  const request = new Request("https://shop.example.in/api/phonepe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: authorization },
    body: JSON.stringify({ event, payload }),
  });
  return action({ request, params: {}, context: {} });
}

describe("PhonePe's webhook", () => {
  it("answers 200 at once and leaves the confirming to the reconciler, by either order id", async () => {
    const customer = await insertCustomer(database.db);
    const later = new Date(Date.now() + 3_600_000);
    await database.db.insert(paymentAttempts).values({
      merchantOrderId: "KC_WEBHOOK_1",
      customerId: customer.id,
      amount: 10_000,
      lines: [],
      shippingAddress: {
        firstname: "Asha",
        lastname: "Rao",
        address: "12, 4th Cross",
        city: "Bengaluru",
        state: "Karnataka",
        country: "India",
        pincode: "560003",
      },
      providerOrderId: "OMO_WEBHOOK_1",
      nextCheckAt: later,
    });
    const dueAt = async () =>
      (
        await database.db
          .select({ at: paymentAttempts.nextCheckAt })
          .from(paymentAttempts)
          .where(eq(paymentAttempts.merchantOrderId, "KC_WEBHOOK_1"))
      )[0]?.at;

    const answer = await webhook({
      merchantOrderId: "KC_WEBHOOK_1",
      orderId: "OMO_WEBHOOK_1",
      state: "COMPLETED",
    });
    expect(answer.status).toBe(200);
    expect((await dueAt())?.getTime()).toBeLessThanOrEqual(Date.now());

    // PhonePe's SDK samples carry only PhonePe's own order id.
    await database.db
      .update(paymentAttempts)
      .set({ nextCheckAt: later })
      .where(eq(paymentAttempts.merchantOrderId, "KC_WEBHOOK_1"));
    expect((await webhook({ orderId: "OMO_WEBHOOK_1", state: "COMPLETED" })).status).toBe(200);
    expect((await dueAt())?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("acknowledges an order the shop never started with 200 and changes nothing", async () => {
    const answer = await webhook({ merchantOrderId: "KC_NEVER_STARTED", state: "COMPLETED" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true, result: "unknown-order" });
  });

  it("refuses a webhook without PhonePe's authorization", async () => {
    const request = new Request("https://shop.example.in/api/phonepe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "wrong" },
      body: JSON.stringify({
        event: "checkout.order.completed",
        payload: { merchantOrderId: "KC_WEBHOOK_1" },
      }),
    });
    expect((await action({ request, params: {}, context: {} })).status).toBe(401);
  });
});
