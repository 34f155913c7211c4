import { expect, test } from "@playwright/test";

test.describe("header search", () => {
  test("finds seeded products by part of a word, ignoring case", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    const box = page.getByPlaceholder("Search for Products here");
    if (javaScriptEnabled) {
      // Live suggestions: choosing one opens that product's page.
      await box.pressSequentially("thinkp");
      const option = page.getByRole("option", { name: /ThinkPad/ }).first();
      await expect(option).toBeVisible();
      const title = (await option.locator(".suggestion-title").textContent()) ?? "";
      await option.click();
      await expect(page).toHaveURL(/\/product\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    } else {
      // Without JavaScript the box is a GET form to the store.
      await box.fill("thinkp");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/product\?q=thinkp/);
      const titles = page.locator(".product-card-title");
      await expect(titles.first()).toBeVisible();
      for (const title of await titles.allTextContents()) expect(title.toLowerCase()).toContain("thinkp");
    }
  });

  test("the store keeps the search in its address and in the box", async ({ page }) => {
    await page.goto("/product?q=HIKVISION");
    await expect(page.getByPlaceholder("Search for Products here")).toHaveValue("HIKVISION");
    await expect(page.locator(".product-card").first()).toBeVisible();
    for (const brand of await page.locator(".product-brand").allTextContents())
      expect(brand).toBe("Hikvision");
  });

  test("a search that matches nothing says so", async ({ page }) => {
    await page.goto("/product?q=zzzz-no-such-thing");
    await expect(page.getByText("No products match your search.")).toBeVisible();
    await expect(page.getByText("0 Products")).toBeVisible();
  });
});
