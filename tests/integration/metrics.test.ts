import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/client.server";
import { backupRuns, paymentAttempts } from "~/db/schema";
import { refreshDatabaseGauges } from "~/features/operations/index.server";
import {
  newMerchantOrderId,
  reconcilePendingPayments,
  startReconciler,
  wakeReconciler,
} from "~/features/orders/index.server";
import { sendMail } from "~/lib/mail.server";
import { createMetrics, type Metrics, sharedMetrics } from "~/lib/metrics.mjs";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer } from "./support/fixtures";

/*
 * What /metrics reads from the database at each scrape (pending PhonePe payments, backups, the database's
 * kind and pool), and the failures the shop counts as they happen (the payment reconciler, mail).
 */

// The shop's configuration with PhonePe on an address where nothing listens: every status check fails.
vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);

let database: TestDatabase;
let customerId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  customerId = (await insertCustomer(database.db, { email: "asha.metrics@example.in" })).id;
});

afterAll(async () => {
  await database?.drop();
});

/** The value of one sample in the registry's text ("name" or 'name{label="x"}'), NaN when absent. */
async function sampleOf(metrics: Metrics, series: string): Promise<number> {
  const text = await metrics.register.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1).replace(/^Nan$/, "NaN"));
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function insertAttempt(values: Partial<typeof paymentAttempts.$inferInsert>) {
  await database.db.insert(paymentAttempts).values({
    merchantOrderId: newMerchantOrderId(),
    customerId,
    amount: 45_990_00,
    lines: [],
    shippingAddress: {
      firstname: "Asha",
      lastname: "Rao",
      address: "12, 4th Cross, Malleshwaram",
      city: "Bengaluru",
      state: "Karnataka",
      country: "India",
      pincode: "560003",
    },
    ...values,
  });
}

describe(`the database's gauges at a scrape (${databaseKind})`, () => {
  it("count the payments waiting for PhonePe, and how long the oldest has waited", async () => {
    const metrics = createMetrics();
    await refreshDatabaseGauges(database, metrics);
    expect(await sampleOf(metrics, "shop_payments_pending")).toBe(0);
    expect(await sampleOf(metrics, "shop_payments_pending_oldest_age_seconds")).toBe(0);

    await insertAttempt({ status: "PENDING", createdAt: minutesAgo(10), nextCheckAt: minutesAgo(-1) });
    await insertAttempt({ status: "PENDING", nextCheckAt: minutesAgo(-1) });
    // Settled, failed, and a cash order (never sent to PhonePe): not waiting.
    await insertAttempt({ status: "COMPLETED", createdAt: minutesAgo(60) });
    await insertAttempt({ status: "FAILED", createdAt: minutesAgo(60) });
    await insertAttempt({ status: "COMPLETED", method: "COD", createdAt: minutesAgo(60) });
    await refreshDatabaseGauges(database, metrics);
    expect(await sampleOf(metrics, "shop_payments_pending")).toBe(2);
    const oldest = await sampleOf(metrics, "shop_payments_pending_oldest_age_seconds");
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(660);
  });

  it("give the newest good backup's age (-1 before the first) and whether the last finished run failed", async () => {
    const metrics = createMetrics();
    const backup = (status: "ok" | "failed" | "running", finishedAt: Date | null) =>
      database.db.insert(backupRuns).values({
        trigger: "schedule",
        status,
        host: "shop-1",
        startedAt: finishedAt ? new Date(finishedAt.getTime() - 60_000) : new Date(),
        finishedAt,
      });
    await refreshDatabaseGauges(database, metrics);
    expect(await sampleOf(metrics, "shop_backup_last_success_age_seconds")).toBe(-1);
    expect(await sampleOf(metrics, "shop_backup_last_run_failed")).toBe(0);

    await backup("ok", minutesAgo(120));
    await backup("failed", minutesAgo(60));
    // Still running: not finished, so neither a success nor the last run's outcome.
    await backup("running", null);
    await refreshDatabaseGauges(database, metrics);
    const age = await sampleOf(metrics, "shop_backup_last_success_age_seconds");
    expect(age).toBeGreaterThanOrEqual(7200);
    expect(age).toBeLessThan(7260);
    expect(await sampleOf(metrics, "shop_backup_last_run_failed")).toBe(1);

    await backup("ok", minutesAgo(5));
    await refreshDatabaseGauges(database, metrics);
    expect(await sampleOf(metrics, "shop_backup_last_success_age_seconds")).toBeLessThan(360);
    expect(await sampleOf(metrics, "shop_backup_last_run_failed")).toBe(0);
  });

  it("say which database it is: the pool's use on PostgreSQL, no pool figures on the embedded one", async () => {
    const metrics = createMetrics();
    await refreshDatabaseGauges(database, metrics);
    const text = await metrics.register.metrics();
    if (database.kind === "postgres") {
      expect(await sampleOf(metrics, "shop_database_embedded")).toBe(0);
      expect(await sampleOf(metrics, 'shop_database_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(await sampleOf(metrics, 'shop_database_pool_clients{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(await sampleOf(metrics, 'shop_database_pool_clients{state="waiting"}')).toBe(0);
    } else {
      expect(await sampleOf(metrics, "shop_database_embedded")).toBe(1);
      expect(text).not.toMatch(/^shop_database_pool_clients\{/m);
    }
  });

  it("are NaN, not stale or made up, when the database does not answer", async () => {
    const metrics = createMetrics();
    const closed = await openDatabase({ kind: "pglite" });
    await closed.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await refreshDatabaseGauges(closed, metrics);
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      logged.mockRestore();
    }
    expect(await sampleOf(metrics, "shop_payments_pending")).toBeNaN();
    expect(await sampleOf(metrics, "shop_backup_last_success_age_seconds")).toBeNaN();
    expect(await sampleOf(metrics, "shop_database_embedded")).toBe(1);
  });

  it("hold no personal data", async () => {
    const metrics = createMetrics();
    await refreshDatabaseGauges(database, metrics);
    const text = await metrics.register.metrics();
    expect(text).not.toMatch(/asha|example\.in|Malleshwaram|9845012345|KC\d/i);
  });
});

describe("failures counted as they happen", () => {
  const shared = sharedMetrics();
  const quietly = async (work: () => Promise<unknown>) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await work();
    } finally {
      logged.mockRestore();
    }
  };

  it("a payment status check that fails counts once as a reconciler failure", async () => {
    const series = 'shop_payment_reconciler_failures_total{stage="check"}';
    const before = await sampleOf(shared, series);
    expect(before).toBe(0);
    await insertAttempt({ status: "PENDING", nextCheckAt: minutesAgo(1) });
    await quietly(() => reconcilePendingPayments(database.db));
    expect(await sampleOf(shared, series)).toBe(1);
  });

  it("a reconciler pass that fails counts as a failed run", async () => {
    const series = 'shop_payment_reconciler_failures_total{stage="run"}';
    const before = await sampleOf(shared, series);
    const closed = await openDatabase({ kind: "pglite" });
    await closed.close();
    await quietly(async () => {
      startReconciler(closed.db, 60 * 60_000);
      wakeReconciler();
      await vi.waitFor(async () => expect(await sampleOf(shared, series)).toBe(before + 1));
    });
  });

  it("a mail that cannot be sent counts by way, and still fails for its sender", async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), "storefront-metrics-"));
    try {
      const message = { to: "asha.rao@example.in", subject: "Hello", text: "t", html: "<p>h</p>" };
      const from = "Kaveri Computers <no-reply@kavericomputers.in>";
      const smtp = 'shop_mail_failures_total{via="smtp"}';
      const outbox = 'shop_mail_failures_total{via="outbox"}';
      const [smtpBefore, outboxBefore] = [await sampleOf(shared, smtp), await sampleOf(shared, outbox)];
      // Nothing listens on port 1.
      await expect(sendMail(message, { smtpUrl: "smtp://127.0.0.1:1", from, outboxDir })).rejects.toThrow();
      expect(await sampleOf(shared, smtp)).toBe(smtpBefore + 1);
      // The outbox is a file, not a directory: the mail cannot be written.
      const notADirectory = path.join(outboxDir, "outbox");
      await writeFile(notADirectory, "");
      await expect(sendMail(message, { from, outboxDir: notADirectory })).rejects.toThrow();
      expect(await sampleOf(shared, outbox)).toBe(outboxBefore + 1);
      await sendMail(message, { from, outboxDir });
      expect(await sampleOf(shared, outbox)).toBe(outboxBefore + 1);
      expect(await shared.register.metrics()).not.toContain("asha.rao");
    } finally {
      await rm(outboxDir, { recursive: true, force: true });
    }
  });
});
