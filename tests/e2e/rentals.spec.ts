import { signUp } from "./support/accounts";
import { FORM, form } from "./support/hostile";
import { expect, test } from "./support/test";

/*
 * A rental is an offer of its own (decision 0043): its page shows its plans and deposit, never Add to Cart, and
 * the store lists it by its lowest monthly rent. With JavaScript on and off.
 */

const DELL = "Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)";

/** The product page of a seed product, found by its exact title in the store's search. */
async function openProduct(page: import("@playwright/test").Page, title: string) {
  await page.goto(`/product?q=${encodeURIComponent(title)}&exact=1`);
  await page
    .locator(".product-card-title a", { hasText: title.slice(0, 20) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test.describe("rentals", () => {
  test("a rental's page shows its plans, deposit and terms, and no Add to Cart", async ({ page }) => {
    await openProduct(page, DELL);
    await expect(page.locator(".product-price-block")).toContainText("From Rs. 1,899 / month");
    const plans = page.getByRole("table", { name: "Monthly rent by tenure, GST included" });
    await expect(plans.getByRole("row")).toHaveCount(5);
    await expect(plans.getByRole("row", { name: /^1 month/ })).toContainText("Rs. 2,799 / month");
    // 12 months at Rs. 1,899: 32 % less than a month at Rs. 2,799; up front, a month and the Rs. 10,000 deposit.
    const year = plans.getByRole("row", { name: /^12 months/ });
    await expect(year).toContainText("Rs. 1,899 / month");
    await expect(year).toContainText("32% less");
    await expect(year).toContainText("Rs. 11,899");
    const terms = page.locator(".rental-terms");
    await expect(terms).toContainText("Rs. 10,000 per unit, refunded at the end");
    await expect(terms).toContainText("Minimum tenure1 month");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ask to rent" })).toBeVisible();
    // The deposit is data now, not a sentence of the description.
    await expect(page.locator(".description")).not.toContainText("Security deposit");
  });

  test("a forged Add to Cart for a rental is refused with a message, and the cart stays empty", async ({
    page,
  }) => {
    await signUp(page);
    await openProduct(page, DELL);
    const url = new URL(page.url());
    const response = await page.request.post(url.pathname, {
      headers: { "Content-Type": FORM },
      data: form([
        ["intent", "add-to-cart"],
        ["color", "1"],
        ["quantity", "1"],
      ]).data,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("Rentals are booked, not bought");
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("the store lists a rental from its lowest monthly rent, and the price filter reads that rent", async ({
    page,
  }) => {
    await page.goto(`/product?category=Laptops&maxPrice=1900&sort=createdAt`);
    const card = page.locator(".product-card", { hasText: "Dell Latitude 3440" });
    await expect(card.locator(".price")).toHaveText("From Rs. 1,899 / month");
    await expect(card.locator(".discount-badge")).toHaveCount(0);
    await page.goto(`/product?category=Laptops&maxPrice=1800&sort=createdAt`);
    await expect(page.locator(".product-card", { hasText: "Dell Latitude 3440" })).toHaveCount(0);
  });
});
