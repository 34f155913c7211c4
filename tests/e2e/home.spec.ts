import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { wholeTitle } from "./support/cards";
import { BACK_OFFICE_POST_TITLE } from "./support/content";
import { rupees } from "./support/prices";

test.describe("home", () => {
  test("shows the banners, services, collections and brand marquee", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "BUY NOW" })).toHaveAttribute("href", "/product");
    await expect(page.locator(".small-banner")).toHaveCount(4);
    const services = page.getByRole("region", { name: "Why shop with us" }).locator(".service");
    await expect(services).toHaveCount(5);
    for (const service of await services.all()) {
      await expect(service.locator("img")).toHaveCount(1);
      await expect(service.locator("h2")).not.toBeEmpty();
      await expect(service.locator("p")).not.toBeEmpty();
    }
    await expect(page.locator(".promo-card")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Brands we sell" })).toBeAttached();
    await expect(page.locator(".marquee-list:not([aria-hidden]) img")).toHaveCount(8);
    await expectNoAxeViolations(page);
  });

  test("featured cards cut titles at 70 characters with '...' and show the tax line", async ({ page }) => {
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured Collection" }).locator(".product-card");
    await expect(featured.first()).toBeVisible();
    let sawCut = false;
    for (const card of await featured.all()) {
      const title = card.locator(".product-card-title a");
      const shown = (await title.textContent()) ?? "";
      const full = await wholeTitle(title);
      if (full.length > 70) {
        expect(shown).toBe(`${full.slice(0, 70)}...`);
        sawCut = true;
      } else {
        expect(shown).toBe(full);
      }
      await expect(card.getByText("Inclusive of all taxes")).toBeVisible();
      await expect(card.getByRole("img", { name: /Rated .* out of 5/ })).toBeVisible();
    }
    expect(sawCut).toBe(true);
  });

  test("the discount badge is the rounded saving on the MRP", async ({ page }) => {
    await page.goto("/");
    const card = page
      .locator(".product-card")
      .filter({ has: page.locator(".discount-badge") })
      .first();
    const mrp = rupees(await card.locator(".mrp").textContent());
    const offer = rupees(await card.locator(".offer-price").textContent());
    await expect(card.locator(".discount-badge")).toHaveText(`-${Math.round(((mrp - offer) / mrp) * 100)}%`);
  });

  test("special cards show brand, a 20-character title, stock and a View link", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator(".special-card");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      const title = card.locator(".special-card-title");
      const full = (await title.getAttribute("title")) ?? "";
      await expect(title).toHaveText(full.length > 20 ? `${full.slice(0, 20)}…` : full);
      await expect(card.getByText(/^Products: \d+$/)).toBeVisible();
      await expect(card.locator("meter")).toHaveAttribute("aria-label", /\d+ sold, \d+ left in stock/);
    }
    const view = cards.first().getByRole("link", { name: /^View/ });
    const href = (await view.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/product\/\d+$/);
    await view.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test("a card's image and title open the product", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Our Popular Products" }).locator(".product-card").first();
    const title = await wholeTitle(card.locator(".product-card-title a"));
    await card.locator(".product-card-title a").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("Our Latest Blogs shows the four newest posts with their dates and Read More links", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Our Latest Blogs" });
    const cards = section.locator(".blog-card");
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      await expect(card.locator("h3")).not.toBeEmpty();
      await expect(card.locator("time")).toHaveText(
        /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (am|pm)$/,
      );
      await expect(card.locator("img")).toHaveAttribute("src", /\.svg$/);
    }
    // Newest first: the dates never go up.
    const stamps = await section
      .locator("time")
      .evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
    expect([...stamps].sort().reverse()).toEqual(stamps);
    // A seed post: one the back-office spec publishes for a moment may be gone by the time it is clicked.
    const first = cards
      .filter({ hasNot: page.getByRole("heading", { name: BACK_OFFICE_POST_TITLE }) })
      .first();
    const title = (await first.locator("h3").textContent()) ?? "";
    await first.getByRole("link", { name: /^Read More/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("a visitor pressing a heart is sent to log in", async ({ page }) => {
    await page.goto("/");
    await page
      .locator(".product-card")
      .first()
      .getByRole("button", { name: /to wishlist$/ })
      .click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
  });
});
