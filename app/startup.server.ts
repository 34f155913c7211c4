import { ConfigError, config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { reconcilePendingPayments } from "~/modules/orders/payment-flow.server";

let started = false;

/** Validates the configuration (exiting with a clear message when it is wrong) and opens the database. */
export function startServer(): void {
  if (started) return;
  started = true;
  try {
    const settings = config();
    if (settings.isProduction && settings.phonepe.mode === "simulator") {
      console.warn(
        "WARNING: payments go to the bundled PhonePe simulator, where anyone can 'pay' on a test page. Set PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET before taking real orders.",
      );
    }
    if (settings.defaultsInUse.length > 0) {
      console.info(`Using embedded defaults:\n${settings.defaultsInUse.map((d) => `  - ${d}`).join("\n")}`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The shop cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  getDb()
    .then(startPaymentReconciler)
    .catch((error: unknown) => {
      console.error("The shop cannot start: the database could not be opened.", error);
      process.exit(1);
    });
}

/** How often this instance looks for pending payments whose status check is due. */
const RECONCILE_EVERY_MS = 5_000;

/**
 * Finishes payments whose shopper never came back and whose webhook never arrived, along PhonePe's polling
 * schedule. Every instance runs it; claimDueAttempts hands each due payment to one instance only.
 */
function startPaymentReconciler(db: Database): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcilePendingPayments(db)
      .catch((error: unknown) => console.error("The payment reconciler failed; it runs again shortly", error))
      .finally(() => {
        running = false;
      });
  }, RECONCILE_EVERY_MS);
  timer.unref();
}
