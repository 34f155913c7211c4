import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { rupees } from "./support/prices";
import { hydrated } from "./support/test";

test.describe("our store", () => {
  test("every card's rating is one labelled element, and no id repeats on the page", async ({ page }) => {
    await page.goto("/product");
    const cards = page.locator(".product-card");
    await expect(cards).toHaveCount(24);
    for (const card of await cards.all()) {
      const stars = card.getByRole("img", { name: /^Rated [0-5](\.5)? out of 5$/ });
      await expect(stars).toHaveCount(1);
      await expect(stars.locator("*")).toHaveCount(0);
    }
    const repeated = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
      return ids.filter((id, index) => ids.indexOf(id) !== index);
    });
    expect(repeated).toEqual([]);
  });

  test("the first row's pictures load at once, the rest as the shopper scrolls to them", async ({ page }) => {
    await page.goto("/product?grid=3");
    const pictures = page.locator(".product-card img");
    await expect(pictures).toHaveCount(24);
    for (const [index, picture] of (await pictures.all()).entries()) {
      if (index < 4) await expect(picture, `picture ${index + 1}`).not.toHaveAttribute("loading", "lazy");
      else await expect(picture, `picture ${index + 1}`).toHaveAttribute("loading", "lazy");
    }
  });

  test("lists the catalogue with categories, filters, sort, count and grid icons", async ({ page }) => {
    await page.goto("/product");
    await expect(page.getByRole("heading", { level: 1, name: "Our Store" })).toBeVisible();
    const categories = page.getByRole("region", { name: "Shop By Categories" });
    await expect(categories.getByRole("link", { name: "All" })).toHaveAttribute("href", "/product");
    for (const name of ["Laptops", "Desktops", "CCTV", "Biometric", "Accessories"]) {
      await expect(categories.getByRole("link", { name })).toBeVisible();
    }
    await expect(page.getByRole("spinbutton", { name: "From" })).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "To" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Featured" })).toBeAttached();
    await expect(page.getByRole("radio", { name: "Dell" })).toBeAttached();
    await expect(page.getByRole("combobox", { name: "Sort By" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^\d+ Products$/ })).toBeVisible();
    for (const grid of [3, 4, 6, 12]) {
      await expect(page.getByRole("link", { name: new RegExp(`^Grid ${grid}:`) })).toBeVisible();
    }
    await expect(page.locator(".product-card")).toHaveCount(24);
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText("Page 1 of");
    await expectNoAxeViolations(page);
  });

  test("filters by category, brand and price, applied with Apply or at once", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/product");
    await page
      .getByRole("region", { name: "Shop By Categories" })
      .getByRole("link", { name: "Laptops" })
      .click();
    await expect(page).toHaveURL(/\/product\?category=Laptops$/);
    await page.getByRole("radio", { name: "Lenovo" }).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/category=Laptops&brand=Lenovo/);
    await expect(async () => {
      const brands = await page.locator(".product-brand").allTextContents();
      expect(brands.length).toBeGreaterThan(0);
      for (const brand of brands) expect(brand).toBe("Lenovo");
    }).toPass();

    await page.getByRole("spinbutton", { name: "From" }).fill("40000");
    await page.getByRole("spinbutton", { name: "To" }).fill("90000");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/minPrice=40000&maxPrice=90000/);
    // With JavaScript the address changes as the new list's render starts: the list follows a moment later.
    await expect(async () => {
      const prices = await page.locator(".offer-price").allTextContents();
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) {
        expect(rupees(price)).toBeGreaterThanOrEqual(40000);
        expect(rupees(price)).toBeLessThanOrEqual(90000);
      }
    }).toPass();
  });

  test("sorts by price, low to high", async ({ page, javaScriptEnabled }) => {
    await page.goto("/product?category=Accessories");
    // With JavaScript a new choice applies itself, once the page is hydrated.
    await hydrated(page);
    await page.getByRole("combobox", { name: "Sort By" }).selectOption("price");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/sort=price/);
    await expect(async () => {
      const prices = (await page.locator(".offer-price").allTextContents()).map(rupees);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }).toPass();
  });

  test("a filtered URL opened in a fresh browser shows the same products in the same order", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const url = "/product?category=Laptops&sort=-price&grid=3&page=1";
    await page.goto("/product?category=Laptops&sort=-price&grid=3");
    const titles = await page
      .locator(".product-card-title a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    const fresh = await browser.newContext({ javaScriptEnabled });
    const other = await fresh.newPage();
    await other.goto(new URL(url, page.url()).toString());
    await expect(other).toHaveURL(/\/product\?category=Laptops&sort=-price&grid=3$/);
    const again = await other
      .locator(".product-card-title a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(again).toEqual(titles);
    await fresh.close();
  });

  test("invalid parameters redirect to the clean URL", async ({ page }) => {
    await page.goto("/product?minPrice=abc&grid=5&page=-1&sort=cheapest&brand=Dell");
    await expect(page).toHaveURL(/\/product\?brand=Dell$/);
    await expect(page.locator(".product-card").first()).toBeVisible();
  });

  test("the grid icons change the layout and the title cut", async ({ page }) => {
    // Oldest first: the seed's long titles, not the short ones other tests add while this one runs.
    await page.goto("/product?category=Laptops&sort=createdAt");
    const longTitle = page.locator(".product-card-title a").filter({ hasText: "…" }).first();
    await expect(longTitle).toBeVisible();
    await page.getByRole("link", { name: /^Grid 12:/ }).click();
    await expect(page).toHaveURL(/grid=12/);
    await expect(page.locator(".store-grid")).toHaveClass(/per-row-1/);
    await expect(page.locator(".product-card-title a").filter({ hasText: "…" })).toHaveCount(0);
    await page.getByRole("link", { name: /^Grid 3:/ }).click();
    await expect(page.locator(".store-grid")).toHaveClass(/per-row-4/);
  });

  test("pagination keeps the filters", async ({ page }) => {
    await page.goto("/product?sort=title");
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/product\?sort=title&page=2$/);
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText("Page 2 of");
  });
});
