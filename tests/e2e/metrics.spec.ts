import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { backupCommandToken } from "~/features/backups/index.server";
import { metricsToken, postgresBaseURL } from "../../playwright.config";
import { newCustomer, signedUp } from "./support/accounts";
import { addToCart, fillAddress, placeOrder } from "./support/checkout";
import { expect, test } from "./support/test";

/*
 * /metrics as whoever runs the shop scrapes it (server/metrics.mjs, docs/deployment.md "Metrics"): only with
 * METRICS_TOKEN set (the main test shop has one, the shop on PostgreSQL none), only to its bearer, and never
 * with anything of a shopper in it. Other specs use the same shop at the same time, so counts are compared
 * as "at least" what this test did.
 */

const authorized = { Authorization: `Bearer ${metricsToken}` };

async function scrape(request: APIRequestContext): Promise<string> {
  const response = await request.get("/metrics", { headers: authorized });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
  return response.text();
}

/** One sample's value ('name' or 'name{label="x",…}' exactly as written), 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const requests = (route: string, status: number) =>
  `http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;

test.describe("/metrics", () => {
  test("is not there without METRICS_TOKEN: the shop's 404 page, as for any page that does not exist", async ({
    request,
  }) => {
    const metrics = await request.get(`${postgresBaseURL}/metrics`, { headers: authorized });
    const unknown = await request.get(`${postgresBaseURL}/no-such-page`);
    for (const response of [metrics, unknown]) {
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain("<h1>Page Not Found</h1>");
    }
    expect(await metrics.text()).not.toContain("http_request_duration_seconds");
  });

  test("answers 401 without the token or with a wrong one", async ({ request }) => {
    const tries: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${metricsToken}-not` },
      { Authorization: `Basic ${metricsToken}` },
    ];
    for (const headers of tries) {
      const response = await request.get("/metrics", { headers });
      expect(response.status()).toBe(401);
      expect(response.headers()["www-authenticate"]).toMatch(/^Bearer\b/);
      expect(response.headers()["cache-control"]).toBe("no-store");
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
  });

  test("counts the pages just visited, cached ones too, and the customer's own pending payment, naming no one", async ({
    page,
    request,
  }) => {
    // A sign-up, a checkout, a payment or more, and a backup: more than 30 s on a busy machine.
    test.slow();
    const before = await scrape(request);

    // A visitor's catalogue page, answered by the page cache once it is kept there, and a page's data request.
    let blogs = 0;
    await expect(async () => {
      const response = await request.get("/blogs");
      blogs += 1;
      expect(response.status()).toBe(200);
      expect(response.headers()["x-page-cache"]).toBe("hit");
    }).toPass();
    expect((await request.get("/product/2.data")).status()).toBe(200);

    // A customer signs up, searches for their own e-mail address, and starts a payment.
    const customer = newCustomer({ firstname: "Meenakshi", lastname: "Venkataraman", mobile: "98861 23457" });
    await signedUp(page, customer);
    await page.goto(`/product?q=${encodeURIComponent(customer.email)}`);
    await addToCart(page, 2, 1);
    await page.goto("/checkout");
    await fillAddress(page);
    await placeOrder(page);

    const after = await scrape(request);
    expect(sample(after, requests("routes/shop/blogs", 200))).toBeGreaterThanOrEqual(
      sample(before, requests("routes/shop/blogs", 200)) + blogs,
    );
    expect(sample(after, requests("routes/shop/product.$id", 200))).toBeGreaterThanOrEqual(
      sample(before, requests("routes/shop/product.$id", 200)) + 2,
    );
    expect(sample(after, requests("routes/shop/product._index", 200))).toBeGreaterThanOrEqual(1);
    expect(sample(after, requests("metrics", 200))).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="routes\/shop\/blogs",status="200"\} \d+$/m,
    );
    expect(after).toContain("# TYPE http_server_errors_total counter");
    expect(after).toMatch(/^shop_payments_pending_oldest_age_seconds \d+(\.\d+)?$/m);
    // The customer's own pending payment is in the gauge: one fewer once they press Failure on PhonePe's page
    // and are back at the checkout, where the shop has asked PhonePe and closed the payment. Another spec's
    // payment may start or end between the two readings: then the customer places the order again (a new
    // pending payment) and the gauge is read again around its end, at most three times.
    const drops: number[] = [];
    for (let attempt = 0; attempt < 3 && drops.at(-1) !== 1; attempt++) {
      if (attempt > 0) await placeOrder(page);
      const pending = sample(await scrape(request), "shop_payments_pending");
      await page.getByRole("button", { name: "Failure", exact: true }).click();
      await expect(page.locator(".payment-error")).toHaveText("Payment verification failed.");
      drops.push(pending - sample(await scrape(request), "shop_payments_pending"));
    }
    expect(drops.at(-1), `the gauge went down by ${drops.join(", then ")}`).toBe(1);
    // Other specs and the daily schedule may have made backups already: make one now, as `npm run backup`
    // asks a running shop (with the token derived from its generated secret), and it is seconds old.
    const port = new URL(test.info().project.use.baseURL ?? "").port;
    const secret = readFileSync(`.cache/e2e-data-${port}/session-secret`, "utf8").trim();
    const backup = await request.post("/admin/backups/command", {
      headers: { Authorization: `Bearer ${backupCommandToken(secret)}` },
      timeout: 60_000,
    });
    expect(backup.status()).toBe(200);
    const backedUp = await scrape(request);
    expect(sample(backedUp, "shop_backup_last_success_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(backedUp, "shop_backup_last_success_age_seconds")).toBeLessThan(60);
    expect(sample(backedUp, "shop_backup_last_run_failed")).toBe(0);
    // It runs on its embedded database.
    expect(sample(after, "shop_database_embedded")).toBe(1);
    expect(after).toMatch(/^process_resident_memory_bytes \d+$/m);

    // Nothing of the customer, and no address as typed: every route label is a route's id or a fixed name.
    for (const personal of [
      customer.email,
      encodeURIComponent(customer.email),
      customer.firstname,
      customer.lastname,
      customer.mobile,
      customer.mobile.replace(/\s/g, ""),
      "Malleshwaram",
    ]) {
      expect(after).not.toContain(personal);
    }
    const routes = new Set([...after.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));
    expect(routes.size).toBeGreaterThan(3);
    for (const route of routes) {
      expect(route).toMatch(
        /^(?:routes\/[\w$.[\]/-]+|root|shop|admin|assets|public|uploads|metrics|unmatched)$/,
      );
    }
  });
});
