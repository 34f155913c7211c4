import { expect, type Page } from "@playwright/test";
import { signedUp, type TestCustomer } from "./accounts";
import { fillAddress, placeOrder, putInCart } from "./checkout";

/** A customer who bought the product through the simulator, on My Orders; returns the new order's id. */
export async function customerBuys(
  page: Page,
  productId: number,
): Promise<{ customer: TestCustomer; orderId: number }> {
  const customer = await signedUp(page);
  await putInCart(page, productId, 1);
  await page.goto("/checkout");
  await fillAddress(page);
  await placeOrder(page);
  await page.getByRole("button", { name: "Success" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const id = await page.locator(".order-card .order-head dd").first().textContent();
  const orderId = Number((id ?? "").replace("#", ""));
  expect(orderId).toBeGreaterThan(0);
  return { customer, orderId };
}

/** Chooses the next status (and what goes with it) on the order page and waits for the toast. */
export async function moveTo(
  page: Page,
  orderId: number,
  status: string,
  shipping?: { courier: string; trackingNumber: string },
) {
  const form = page.getByRole("form", { name: "Change status" });
  await form.getByLabel("New status").selectOption(status);
  if (shipping) {
    await form.getByLabel("Courier").fill(shipping.courier);
    await form.getByLabel("Tracking number").fill(shipping.trackingNumber);
  }
  await form.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Order #${orderId} is now ${status}`);
  await expect(page.locator(".admin-order-head .order-status-badge")).toHaveText(status);
}
