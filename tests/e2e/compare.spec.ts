import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { wholeTitle } from "./support/cards";

/** Presses a card's "Add to compare" and waits until the server has answered. */
async function addToCompare(page: Page, card: Locator) {
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/compare-product") && r.request().method() === "POST"),
    card.getByRole("button", { name: /^Add to compare/ }).click(),
  ]);
}

test.describe("compare products", () => {
  test("shows the sample mock-up when nothing is picked", async ({ page }) => {
    await page.goto("/compare-product");
    await expect(page.getByRole("heading", { level: 1, name: "Compare Products" })).toBeVisible();
    await expect(page.getByRole("article", { name: /Sample product/ })).toHaveCount(2);
    await expectNoAxeViolations(page);
  });

  test("adds products from cards, compares them in a table and removes them", async ({ page }) => {
    await page.goto("/product?category=Laptops&sort=price");
    const cards = page.locator(".product-card");
    const first = await wholeTitle(cards.nth(0).locator(".product-card-title a"));
    const second = await wholeTitle(cards.nth(1).locator(".product-card-title a"));
    await addToCompare(page, cards.nth(0));
    await expect(page.getByTestId("toast")).toContainText("Product added to compare");
    await addToCompare(page, cards.nth(1));
    await expect(page.getByTestId("toast")).toContainText("Product added to compare");
    await page.goto("/compare-product");
    const table = page.getByRole("table");
    await expect(table.getByRole("link", { name: first })).toBeVisible();
    await expect(table.getByRole("link", { name: second })).toBeVisible();
    // A row whose values differ also says "Differs"; specification rows such as "RAM type" are not "Type".
    for (const row of ["Price", "Brand", "Type", "Category", "Rating", "Availability", "Colours"]) {
      await expect(table.getByRole("rowheader", { name: new RegExp(`^${row}( Differs)?$`) })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Remove ${first} from compare` }).click();
    await expect(page.getByTestId("toast")).toContainText("Product removed from compare");
    await expect(page.getByRole("table").getByRole("link", { name: first })).toHaveCount(0);
    await expect(page.getByRole("table").getByRole("link", { name: second })).toBeVisible();
  });

  test("keeps at most four products", async ({ page }) => {
    await page.goto("/product?category=Accessories");
    const cards = page.locator(".product-card");
    for (let i = 0; i < 4; i++) {
      await addToCompare(page, cards.nth(i));
      await expect(page.getByTestId("toast")).toContainText("Product added to compare");
    }
    await addToCompare(page, cards.nth(4));
    await expect(page.getByTestId("toast")).toContainText("You can compare up to 4 products");
    await page.goto("/compare-product");
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(5);
  });
});
