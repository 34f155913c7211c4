// @ts-check
// What /metrics reports (docs/deployment.md, "Metrics"): one Prometheus registry per process and every metric
// in it, named and explained here. Kept on globalThis because two copies of this module share it: server.mjs's
// (request timing, the endpoint) and the server build's (payment reconciler, mail, the database's gauges).
// No label ever holds a personal detail or an address as typed: routes are Remix route ids or fixed names.
import client from "prom-client";

/** Names of the answers no Remix route gives: the route label of requests for them. */
export const FIXED_ROUTES = {
  /** The build's files, /assets/…. */
  assets: "assets",
  /** A file of the public folder (favicon, fonts, pictures). */
  public: "public",
  /** The back office's uploaded pictures, /uploads/…. */
  uploads: "uploads",
  /** /metrics itself, when it is served. */
  metrics: "metrics",
  /** No route matched (the shop's catch-all route normally takes every page that does not exist). */
  unmatched: "unmatched",
};

/** Methods named in labels; anything else (refused 405 by the server) is counted as "other". */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * A fresh registry with the shop's metrics and Node's default ones (process_*, nodejs_*, under their default
 * names). Tests make their own; the shop uses sharedMetrics().
 */
export function createMetrics() {
  const register = new client.Registry();
  client.collectDefaultMetrics({ register });
  const registers = [register];
  const metrics = {
    register,
    requestDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route (a Remix route id, or assets, public, uploads, metrics, unmatched) and status.",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    serverErrors: new client.Counter({
      name: "http_server_errors_total",
      help: "Requests answered with a 5xx status, by route.",
      labelNames: ["route"],
      registers,
    }),
    pendingPayments: new client.Gauge({
      name: "shop_payments_pending",
      help: "Online payments started at PhonePe whose outcome the shop does not know yet (payment attempts PENDING), read from the database at each scrape.",
      registers,
    }),
    oldestPendingPaymentAge: new client.Gauge({
      name: "shop_payments_pending_oldest_age_seconds",
      help: "Age of the oldest pending PhonePe payment in seconds; 0 when none is pending.",
      registers,
    }),
    reconcilerFailures: new client.Counter({
      name: "shop_payment_reconciler_failures_total",
      help: "Failures of the payment reconciler: stage=run, a whole pass that failed; stage=check, one payment's status check that failed (it is tried again later).",
      labelNames: ["stage"],
      registers,
    }),
    mailFailures: new client.Counter({
      name: "shop_mail_failures_total",
      help: "Mails that could not be sent, by way (smtp, or outbox: the .eml file could not be written).",
      labelNames: ["via"],
      registers,
    }),
    backupAge: new client.Gauge({
      name: "shop_backup_last_success_age_seconds",
      help: "Seconds since the newest successful backup finished; -1 when no backup has succeeded yet.",
      registers,
    }),
    backupFailed: new client.Gauge({
      name: "shop_backup_last_run_failed",
      help: "1 when the newest finished backup run failed, else 0.",
      registers,
    }),
    databaseEmbedded: new client.Gauge({
      name: "shop_database_embedded",
      help: "1 when the shop runs on its embedded database (PGlite, no connection pool), 0 on a PostgreSQL server.",
      registers,
    }),
    databasePool: new client.Gauge({
      name: "shop_database_pool_clients",
      help: "The PostgreSQL connection pool: state=total, connections open; idle, open and unused; waiting, queries queued for a connection. Absent on the embedded database.",
      labelNames: ["state"],
      registers,
    }),
  };
  // Counters a rule alerts on are there from the start at 0, so that their first increase is seen as one.
  for (const stage of ["run", "check"]) metrics.reconcilerFailures.inc({ stage }, 0);
  for (const via of ["smtp", "outbox"]) metrics.mailFailures.inc({ via }, 0);
  return metrics;
}

/** @typedef {ReturnType<typeof createMetrics>} Metrics */

const SHARED = Symbol.for("storefront.metrics");

/** The process's metrics, made on first use. */
export function sharedMetrics() {
  const holder = /** @type {{ [SHARED]?: Metrics }} */ (/** @type {unknown} */ (globalThis));
  holder[SHARED] ??= createMetrics();
  return holder[SHARED];
}

/**
 * Counts one answered request.
 * @param {Metrics} metrics
 * @param {{ method: string; route: string; status: number; seconds: number }} request
 */
export function recordRequest(metrics, { method, route, status, seconds }) {
  const labels = { method: METHODS.includes(method) ? method : "other", route, status: String(status) };
  metrics.requestDuration.observe(labels, seconds);
  if (status >= 500) metrics.serverErrors.inc({ route });
}
