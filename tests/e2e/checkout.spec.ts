import { newCustomer, signedUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addToCart, fillAddress, placeOrder, putInCart, readyToPay } from "./support/checkout";
import { shown } from "./support/prices";
import { adminAuthorization } from "./support/simulator";
import { expect, test } from "./support/test";

test.describe("checkout", () => {
  test("an empty cart sends the shopper to the cart", async ({ page }) => {
    await signedUp(page);
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("the whole purchase through PhonePe ends in one order on My Orders", async ({ page }) => {
    const customer = await signedUp(page);
    const price = await addToCart(page, 2, 2);
    await page.goto("/cart");
    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("navigation", { name: "Checkout steps" })).toContainText(
      "Cart / Information / Shipping / Payment",
    );
    await expect(page.locator(".checkout-contact")).toHaveText(
      `${customer.firstname} ${customer.lastname} (${customer.email})`,
    );
    await expect(page.getByTestId("checkout-subtotal")).toHaveText(shown(2 * price));
    await expect(page.getByTestId("checkout-total")).toHaveText(shown(2 * price + 100));
    await expect(page.locator(".quantity-badge")).toHaveText("Quantity 2");
    await expectNoAxeViolations(page);

    const form = page.getByRole("form", { name: "Shipping Address" });
    await form.getByLabel("First Name").fill("");
    // Leaving the field shows its message first (with JavaScript), so the button no longer moves under the click.
    await form.getByLabel("First Name").blur();
    await page.getByRole("button", { name: "Place Order" }).click();
    for (const message of [
      "First Name is Required",
      "Address Details are Required",
      "City is Required",
      "State is Required",
      "pincode is a required field",
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await fillAddress(page);
    await placeOrder(page);
    await expect(page.getByText("no real money moves", { exact: false })).toBeVisible();
    await expect(page.locator("body")).toContainText(shown(2 * price + 100));
    // PhonePe may deliver its webhook more than once, racing the shopper's return.
    await page.getByLabel("Deliver the webhook twice").check();
    await page.getByRole("button", { name: "Success" }).click();

    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(page.getByTestId("toast")).toContainText("Ordered createad Successfully!");
    const orders = page.locator(".order-card");
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText(shown(2 * price + 100));
    await expect(orders.first().locator(".order-status")).toHaveText("Ordered");
    await expect(orders.first().locator("tbody tr")).toHaveCount(1);
    await expect(orders.first().locator("tbody tr td").nth(1)).toHaveText("2");
    await expect(page.locator(".cart-link")).toHaveAttribute("aria-label", "Cart: 0 items, Rs. 0");
    await expectNoAxeViolations(page);

    // Coming back to the return address again creates nothing new.
    await page.goBack();
    await page.goto("/my-orders");
    await expect(page.locator(".order-card")).toHaveCount(1);
  });

  test("a failed payment shows the error in red, keeps the cart and the address", async ({ page }) => {
    await readyToPay(page, 4);
    await placeOrder(page);
    await page.getByRole("button", { name: "Failure" }).click();
    await expect(page).toHaveURL(/\/checkout\?merchantTransactionId=/);
    await expect(page.locator(".payment-error")).toHaveText("Payment verification failed.");
    await expect(page.getByLabel("City")).toHaveValue("Bengaluru");
    await expect(page.getByLabel("State")).toHaveValue("Karnataka");
    await page.goto("/my-orders");
    await expect(page.getByText("You have not ordered anything yet.")).toBeVisible();
    await page.goto("/cart");
    await expect(page.locator("tr.cart-line")).toHaveCount(1);
  });

  test("a pending payment waits on a page that refreshes itself until PhonePe settles it", async ({
    page,
    request,
  }) => {
    test.slow();
    await readyToPay(page, 5);
    await placeOrder(page);
    await page.getByLabel("A pending payment completes by itself after").selectOption("never");
    await page.getByLabel("Webhook to the shop").selectOption("none");
    await page.getByRole("button", { name: "Pending" }).click();
    await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
    const merchantOrderId = new URL(page.url()).searchParams.get("merchantTransactionId") ?? "";
    expect(merchantOrderId).not.toBe("");
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "3");

    const settled = await request.post(`/phonepe-simulator/admin/orders/${merchantOrderId}`, {
      headers: adminAuthorization,
      data: { state: "COMPLETED", webhook: "none" },
    });
    expect(settled.ok()).toBe(true);
    await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
    await expect(page.locator(".order-card")).toHaveCount(1);
  });

  test("another customer's real return link does nothing for this customer, and the payer's order is unaffected", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // Two customers, a payment and four visits to the return link: more than 30 s on a busy machine.
    test.slow();
    // Customer A starts a real payment and is on PhonePe's (the simulator's) page.
    const payer = await signedUp(page);
    await putInCart(page, 2, 1);
    await page.goto("/checkout");
    await fillAddress(page);
    await placeOrder(page);
    const merchantOrderId =
      (await page.locator('.simulator-facts dt:text-is("Merchant order") + dd code').textContent()) ?? "";
    expect(merchantOrderId).toMatch(/^KC/);
    const amount = (await page.getByTestId("simulator-amount").textContent()) ?? "";
    // A's return link: the redirectUrl the shop gave PhonePe for this payment, where PhonePe sends A back.
    const atPhonePe = await request.get(`/phonepe-simulator/admin/orders/${merchantOrderId}`, {
      headers: adminAuthorization,
    });
    expect(atPhonePe.status()).toBe(200);
    const { redirectUrl: returnUrl } = (await atPhonePe.json()) as { redirectUrl: string };
    const expected = new URL("/checkout", baseURL);
    expected.searchParams.set("merchantTransactionId", merchantOrderId);
    expect(returnUrl).toBe(expected.toString());

    // Customer B, with a cart of their own, opens A's link: nothing of A's, and nothing happens for B.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const stranger = await signedUp(otherPage, newCustomer({ firstname: "Bhaskar", lastname: "Menon" }));
    await addToCart(otherPage, 4, 1);
    const cartOfB = await otherPage.locator(".cart-link").getAttribute("aria-label");
    const opensALink = async () => {
      const answer = await otherPage.goto(returnUrl);
      expect(answer?.status()).toBe(200);
      await expect(otherPage).toHaveURL(returnUrl);
      await expect(otherPage.locator(".payment-error")).toHaveText("Payment verification failed.");
      await expect(otherPage.getByRole("heading", { name: "Confirming your payment…" })).toHaveCount(0);
      await expect(otherPage.getByTestId("toast")).toHaveCount(0);
      // B's own checkout: B's name and address form, none of A's details or payment.
      await expect(otherPage.locator(".checkout-contact")).toHaveText(
        `${stranger.firstname} ${stranger.lastname} (${stranger.email})`,
      );
      const body = otherPage.locator("body");
      for (const secret of [payer.email, merchantOrderId, "Malleshwaram"]) {
        await expect(body).not.toContainText(secret);
      }
      await expect(otherPage.getByLabel("Address", { exact: true })).toHaveValue("");
      await otherPage.goto("/my-orders");
      await expect(otherPage.getByText("You have not ordered anything yet.")).toBeVisible();
      await otherPage.goto("/cart");
      await expect(otherPage.locator("tr.cart-line")).toHaveCount(1);
      await expect(otherPage.locator(".cart-link")).toHaveAttribute("aria-label", cartOfB ?? "");
    };
    // While A's payment is open …
    await opensALink();
    // … and once PhonePe has it paid but has not yet told the shop (no webhook): B's visit must not be what
    // finishes it.
    const settled = await request.post(`/phonepe-simulator/admin/orders/${merchantOrderId}`, {
      headers: adminAuthorization,
      data: { state: "COMPLETED", webhook: "none" },
    });
    expect(settled.status()).toBe(200);
    await opensALink();
    await other.close();

    // A's payment is unaffected: A's own way back from PhonePe's page ends in A's one order.
    await page.reload();
    const back = page.getByRole("link", { name: "Return to Kaveri Computers" });
    await expect(back).toHaveAttribute("href", returnUrl);
    await back.click();
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(page.getByTestId("toast")).toContainText("Ordered createad Successfully!");
    const orders = page.locator(".order-card");
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText(amount);
    await expect(orders.first().locator(".order-status")).toHaveText("Ordered");
  });
});

test("a failed try inside a still-open PhonePe order, then a successful one, ends in one order", async ({
  page,
}) => {
  await readyToPay(page, 6);
  await placeOrder(page);
  const hostedPage = page.url();
  await page.getByRole("button", { name: "Fail this attempt, keep the order open" }).click();
  // PhonePe keeps the order open and lets the shopper try again on the same page …
  await expect(page).toHaveURL(hostedPage);
  await expect(page.getByRole("heading", { name: "PhonePe test simulator" })).toBeVisible();
  // … and a shopper who goes back to the shop is told why and sent back to pay again.
  await page.getByRole("link", { name: "go back to Kaveri Computers" }).click();
  await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
  await expect(page.locator(".payment-pending .payment-error")).toContainText(
    "Your last try on PhonePe did not go through (AUTHORIZATION_ERROR)",
  );
  await page.getByRole("link", { name: "Pay again on PhonePe" }).click();
  await expect(page).toHaveURL(hostedPage);
  await page.getByRole("button", { name: "Success" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.locator(".order-card")).toHaveCount(1);
});

test("Place Order pressed five times opens one PhonePe payment, and a changed cart a new one", async ({
  page,
}) => {
  await signedUp(page);
  await putInCart(page, 4, 1);
  const pages = new Set<string>();
  for (let press = 0; press < 5; press++) {
    await page.goto("/checkout");
    await fillAddress(page);
    await placeOrder(page);
    pages.add(new URL(page.url()).pathname);
  }
  expect(pages.size).toBe(1);
  await putInCart(page, 5, 1);
  await page.goto("/checkout");
  await fillAddress(page);
  await placeOrder(page);
  expect(pages.has(new URL(page.url()).pathname)).toBe(false);
});

test("a webhook without PhonePe's authorization is refused", async ({ request }) => {
  const response = await request.post("/api/phonepe/webhook", {
    headers: { Authorization: "0".repeat(64) },
    data: {
      event: "checkout.order.completed",
      payload: { merchantOrderId: "KC1", state: "COMPLETED", amount: 100 },
    },
  });
  expect(response.status()).toBe(401);
});
