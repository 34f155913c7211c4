import { createHash } from "node:crypto";

/**
 * The PhonePe simulator's credentials for the browser-test server (playwright.config.ts sets them, so the
 * tests can sign webhooks, get tokens and settle orders through the admin endpoint the way PhonePe's own
 * dashboard and a tester would). A real installation derives its own from its secret.
 */
export const simulator = {
  clientId: "SIMULATOR_CLIENT",
  clientSecret: "e2e-simulator-client-secret",
  webhookUsername: "simulator",
  webhookPassword: "e2e-simulator-webhook-password",
  adminSecret: "e2e-simulator-admin-secret-0123456789",
} as const;

/** The environment that gives the test server these credentials (PhonePe in simulator mode on purpose). */
export const simulatorEnv = {
  PHONEPE_ENV: "simulator",
  PHONEPE_CLIENT_ID: simulator.clientId,
  PHONEPE_CLIENT_SECRET: simulator.clientSecret,
  PHONEPE_WEBHOOK_USERNAME: simulator.webhookUsername,
  PHONEPE_WEBHOOK_PASSWORD: simulator.webhookPassword,
  PHONEPE_SIMULATOR_ADMIN_SECRET: simulator.adminSecret,
};

/** The Authorization PhonePe sends with a webhook: SHA-256 of username:password. */
export const webhookAuthorization = createHash("sha256")
  .update(`${simulator.webhookUsername}:${simulator.webhookPassword}`)
  .digest("hex");

/** The header the simulator's admin endpoint asks for. */
export const adminAuthorization = { Authorization: `Bearer ${simulator.adminSecret}` };
