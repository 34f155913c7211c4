import type { APIRequestContext } from "@playwright/test";
import { placeOrder, readyToPay } from "./support/checkout";
import { adminAuthorization } from "./support/simulator";
import { dataUrl, routeData } from "./support/single-fetch";
import { expect, test } from "./support/test";

/*
 * PhonePe misbehaving, through the simulator's fault switches. The switches hold for the whole simulator, so
 * this file runs in a project of its own after every other browser test (playwright.config.ts), one test at
 * a time: nobody else's payment meets the fault.
 */
test.describe.configure({ mode: "serial" });

async function fault(request: APIRequestContext, api: "pay" | "status", answer: 429 | 500, times = 1) {
  const set = await request.post("/phonepe-simulator/admin/faults", {
    headers: adminAuthorization,
    data: { switch: "api", api, answer, times },
  });
  expect(set.ok()).toBe(true);
}

test.afterEach(async ({ request }) => {
  await request.delete("/phonepe-simulator/admin/faults", { headers: adminAuthorization });
});

/** A product with only a few left, and how many (this project runs after the others, so stock holds still). */
const PRODUCT_ROUTE = "routes/shop/product.$id";

async function scarceProduct(request: APIRequestContext): Promise<{ id: number; left: number }> {
  for (let id = 1; id <= 80; id++) {
    const answer = await request.get(dataUrl(`/product/${id}`, PRODUCT_ROUTE));
    if (!answer.ok()) continue;
    const { product } = await routeData<{ product: { quantity: number } }>(answer, PRODUCT_ROUTE);
    if (product.quantity >= 1 && product.quantity <= 5) return { id, left: product.quantity };
  }
  throw new Error("the seed catalogue should hold a product with at most five left");
}

test("stock that runs out while the shopper pays: no order, and one refund followed until it is done", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const scarce = await scarceProduct(request);
  await readyToPay(page, scarce.id, 1);
  await placeOrder(page);

  // Meanwhile another shopper buys every one that is left.
  const other = await browser.newPage();
  await readyToPay(other, scarce.id, scarce.left);
  await other.getByRole("button", { name: "Place Order" }).click();
  await other.getByRole("button", { name: "Success" }).click();
  await expect(other).toHaveURL(/\/my-orders$/);
  await other.close();

  await page.getByRole("button", { name: "Success" }).click();
  await expect(page.locator(".payment-error")).toContainText("ran out of stock while you were paying");
  const merchantOrderId = new URL(page.url()).searchParams.get("merchantTransactionId") ?? "";
  // PhonePe confirms the refund a little later (its webhooks bring the shop to ask); reloading asks nothing twice.
  await expect(async () => {
    await page.reload();
    await expect(page.locator(".payment-error")).toContainText("your payment has been refunded", {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await page.goto("/my-orders");
  await expect(page.getByText("You have not ordered anything yet.")).toBeVisible();
  const atPhonePe = await request.get(`/phonepe-simulator/admin/orders/${merchantOrderId}`, {
    headers: adminAuthorization,
  });
  const seen = (await atPhonePe.json()) as { amount: number; refundedAmount: number };
  expect(seen.refundedAmount).toBe(seen.amount);
});

test("PhonePe busy (429) when the payment starts: a clear message, and the next try goes through", async ({
  page,
  request,
}) => {
  await readyToPay(page, 7);
  await fault(request, "pay", 429);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.locator(".payment-error")).toHaveText(
    /^Something went wrong with PhonePe: Too many requests/,
  );
  // What the shopper typed is still there, and the same button works once PhonePe is back.
  await expect(page.getByLabel("City")).toHaveValue("Bengaluru");
  await placeOrder(page);
});

test("PhonePe failing (500) when the shopper comes back: the page keeps waiting, then the order is placed", async ({
  page,
  request,
}) => {
  test.slow();
  await readyToPay(page, 7);
  await placeOrder(page);
  await page.getByLabel("Webhook to the shop").selectOption("none");
  // Three failures, not one: the shop's reconciler may ask PhonePe about other tests' pending payments and
  // meet a failure first; the shopper's own check must still meet one.
  await fault(request, "status", 500, 3);
  await page.getByRole("button", { name: "Success" }).click();
  await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
  await expect(page.locator(".payment-note")).toContainText("We could not reach PhonePe just now");
  // The page reloads itself (a meta refresh, also without JavaScript) and asks again.
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 30_000 });
  await expect(page.locator(".order-card")).toHaveCount(1);
});
