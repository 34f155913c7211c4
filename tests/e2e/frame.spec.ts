import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

test.describe("the shared frame", () => {
  test("header shows the hotline, logo, search, wishlist, account, cart and menu", async ({ page }) => {
    await page.goto("/product");
    const header = page.locator("header.site-header");
    await expect(header.getByText(/Hotline:/)).toContainText("+91 80 4125 6789");
    await expect(header.getByRole("link", { name: "Kaveri Computers home" })).toHaveAttribute("href", "/");
    await expect(header.getByPlaceholder("Search for Products here")).toBeVisible();
    await expect(header.getByRole("link", { name: "Favourite wishlist" })).toHaveAttribute(
      "href",
      "/wishlist",
    );
    await expect(header.getByRole("link", { name: "Log in My Account" })).toHaveAttribute("href", "/login");
    const cart = header.getByRole("link", { name: /^Cart:/ });
    await expect(cart).toHaveAttribute("href", "/cart");
    await expect(cart).toContainText("0");
    await expect(cart).toContainText("Rs. 0");
    const menu = header.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Our Store", "/product"],
      ["My Orders", "/my-orders"],
      ["Contact", "/contact"],
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href as string);
    }
    await expect(page.getByRole("button", { name: "LogOut" })).toHaveCount(0);
  });

  test("the page is shown before its scripts load; with JavaScript they hydrate it once it has", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/.*\.js$/.test(request.url())) scripts.push(request.url());
    });
    await page.addInitScript(() => {
      addEventListener("load", () => {
        const loaded = performance
          .getEntriesByType("resource")
          .filter((e) => /\/assets\/.*\.js$/.test(e.name));
        Object.assign(window, { scriptsAtLoad: loaded.length, hydratedAtLoad: "__remixRouter" in window });
      });
    });
    await page.goto("/product");
    await expect(page.getByRole("heading", { level: 1, name: "Our Store" })).toBeVisible();
    if (test.info().project.use.javaScriptEnabled === false) {
      // Nothing to run, so nothing is downloaded for it.
      expect(scripts).toEqual([]);
      return;
    }
    // The header's search box becomes a combobox once React has hydrated the page.
    await expect(page.locator("header.site-header").getByRole("combobox")).toBeVisible();
    const atLoad = await page.evaluate(() => [
      Reflect.get(window, "scriptsAtLoad"),
      Reflect.get(window, "hydratedAtLoad"),
    ]);
    expect(atLoad).toEqual([0, false]);
    expect(scripts.length).toBeGreaterThan(0);
  });

  test("the logo leads home and the menu leads to the store", async ({ page }) => {
    await page.goto("/product");
    await page.getByRole("link", { name: "Kaveri Computers home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Featured Collection" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Store" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Store" })).toBeVisible();
  });

  test("footer holds the newsletter box, contact block, information links and copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.locator("footer.site-footer");
    await expect(footer.getByPlaceholder("Your Email Address")).toBeVisible();
    await expect(footer.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await expect(footer.locator("address")).toContainText("Bengaluru");
    await expect(footer.getByRole("link", { name: "+91 80 4125 6789" })).toHaveAttribute(
      "href",
      "tel:+918041256789",
    );
    await expect(footer.getByRole("link", { name: "support@kavericomputers.in" })).toHaveAttribute(
      "href",
      "mailto:support@kavericomputers.in",
    );
    await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", /instagram\.com/);
    const information = footer.getByRole("navigation", { name: "Information" });
    for (const [name, href] of [
      ["Privacy Policy", "/privacy-policy"],
      ["Refund Policy", "/refund-policy"],
      ["Shipping Policy", "/shipping-policy"],
      ["Terms & Conditions", "/term-conditions"],
      ["About Us", "/About"],
      ["Contact", "/Contact"],
    ]) {
      await expect(information.getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        href as string,
      );
    }
    await expect(footer.getByRole("navigation", { name: "Account" }).getByRole("link")).not.toHaveCount(0);
    const year = new Date().getFullYear();
    await expect(footer.getByText(`© ${year}, Kaveri Computers Private Limited`)).toBeVisible();
  });

  test("an unknown address shows the 404 page inside the frame", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByPlaceholder("Search for Products here")).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("home and store pages pass axe", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
    await page.goto("/product");
    await expectNoAxeViolations(page);
  });

  test("the frame fits a 360 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByPlaceholder("Search for Products here")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Cart:/ })).toBeVisible();
    // Icon-only on a phone, the header links keep their names for screen readers.
    await expect(page.getByRole("link", { name: "Favourite wishlist" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in My Account" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
