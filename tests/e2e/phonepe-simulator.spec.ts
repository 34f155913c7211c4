import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { simulator } from "./support/simulator";
import { expect, test } from "./support/test";

/*
 * The bundled PhonePe simulator (the e2e server runs it on purpose, with the credentials in support/simulator): an order is
 * created through its pay API with a token, as the shop's client does, then the hosted page is used in the
 * browser like PhonePe's. The redirect URL is the shop's home page so the browser lands somewhere real.
 */

async function accessToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/phonepe-simulator/v1/oauth/token", {
    form: {
      client_id: simulator.clientId,
      client_version: "1",
      client_secret: simulator.clientSecret,
      grant_type: "client_credentials",
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { access_token: string; token_type: string };
  expect(body.token_type).toBe("O-Bearer");
  return body.access_token;
}

async function createOrder(request: APIRequestContext, baseURL: string, amount: number) {
  const token = await accessToken(request);
  const merchantOrderId = `E2E${Date.now()}${randomBytes(4).toString("hex")}`;
  const response = await request.post("/phonepe-simulator/checkout/v2/pay", {
    headers: { Authorization: `O-Bearer ${token}` },
    data: {
      merchantOrderId,
      amount,
      expireAfter: 1200,
      paymentFlow: {
        type: "PG_CHECKOUT",
        message: "Kaveri Computers test order",
        merchantUrls: { redirectUrl: `${baseURL}/` },
      },
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { orderId: string; state: string; redirectUrl: string };
  expect(body.state).toBe("PENDING");
  expect(body.redirectUrl).toBe(`${baseURL}/phonepe-simulator/pay/${body.orderId}`);
  const status = async () => {
    const answer = await request.get(`/phonepe-simulator/checkout/v2/order/${merchantOrderId}/status`, {
      headers: { Authorization: `O-Bearer ${token}` },
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as {
      state: string;
      amount: number;
      errorCode?: string;
      paymentDetails: { state: string; errorCode?: string }[];
    };
  };
  return { merchantOrderId, hostedPage: body.redirectUrl, status };
}

test.describe("PhonePe simulator", () => {
  test("the hosted page says it is a test, shows the amount, and Success sends the shopper back paid", async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await createOrder(request, baseURL ?? "", 12_345_600);
    await page.goto(order.hostedPage);
    await expect(page).toHaveTitle("PhonePe test simulator | Kaveri Computers");
    await expect(page.getByRole("heading", { level: 1, name: "PhonePe test simulator" })).toBeVisible();
    await expect(page.getByText("PhonePe test simulator — no real money moves.")).toBeVisible();
    await expect(page.getByTestId("simulator-amount")).toHaveText("Rs. 1,23,456");
    await expect(page.getByText(order.merchantOrderId)).toBeVisible();
    const form = page.getByRole("form", { name: "Choose how this payment ends" });
    for (const name of ["Success", "Failure", "Pending"]) {
      await expect(form.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(form.getByLabel("Webhook to the shop")).toHaveValue("now");
    await expect(form.getByLabel("Deliver the webhook twice")).not.toBeChecked();
    await expectNoAxeViolations(page);

    await form.getByRole("button", { name: "Success", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(await order.status()).toMatchObject({ state: "COMPLETED", amount: 12_345_600 });

    // Coming back to the page shows the payment has ended, with a way back to the shop.
    await page.goto(order.hostedPage);
    await expect(page.getByTestId("simulator-state")).toHaveText("Paid");
    await expect(page.getByRole("button", { name: "Success", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Return to Kaveri Computers" })).toHaveAttribute(
      "href",
      `${baseURL}/`,
    );
    await expectNoAxeViolations(page);
  });

  test("Failure fails the payment with an error code", async ({ page, request, baseURL }) => {
    const order = await createOrder(request, baseURL ?? "", 50_000);
    await page.goto(order.hostedPage);
    await page.getByLabel("Deliver the webhook twice").check();
    await page.getByRole("button", { name: "Failure", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect(await order.status()).toMatchObject({ state: "FAILED", errorCode: "AUTHORIZATION_ERROR" });
  });

  test("Pending stays pending and can be settled on the same page later", async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await createOrder(request, baseURL ?? "", 75_000);
    await page.goto(order.hostedPage);
    await page.getByLabel("A pending payment completes by itself after").selectOption("never");
    await page.getByRole("button", { name: "Pending", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect((await order.status()).state).toBe("PENDING");

    await page.goto(order.hostedPage);
    await expect(page.getByTestId("simulator-state")).toHaveText("Waiting for payment (pending at the bank)");
    await expect(page.getByText("This payment is pending. Settle it now.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Success", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect((await order.status()).state).toBe("COMPLETED");
  });

  test("Fail this attempt keeps the order open, and the shopper pays again on the same page", async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await createOrder(request, baseURL ?? "", 60_000);
    await page.goto(order.hostedPage);
    await page.getByLabel("Webhook to the shop").selectOption("none");
    await page.getByRole("button", { name: "Fail this attempt, keep the order open" }).click();
    await expect(page).toHaveURL(order.hostedPage);
    await expect(page.getByTestId("simulator-state")).toHaveText(
      "Waiting for payment (the last attempt failed: AUTHORIZATION_ERROR)",
    );
    await expect(page.getByRole("status").filter({ hasText: "Your last attempt failed" })).toBeVisible();
    expect(await order.status()).toMatchObject({
      state: "PENDING",
      paymentDetails: [{ state: "FAILED", errorCode: "AUTHORIZATION_ERROR" }],
    });
    await expectNoAxeViolations(page);
    await page.getByLabel("Webhook to the shop").selectOption("none");
    await page.getByRole("button", { name: "Success", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect(await order.status()).toMatchObject({
      state: "COMPLETED",
      paymentDetails: [{ state: "FAILED" }, { state: "COMPLETED" }],
    });
  });

  test("an unknown order has no page", async ({ page }) => {
    const response = await page.goto("/phonepe-simulator/pay/OMO0000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  });
});
