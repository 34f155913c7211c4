import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { ensureOwner, owner, pngPicture, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";

/*
 * The back office's catalogue, in a browser with JavaScript on and off: staff create a product with two
 * colours and a picture, the shop shows it at once (search and its page), a price and stock change shows at
 * once, an offer above the MRP is refused with the typed values kept, and hiding the product takes it out of
 * the shop. Titles carry the project's name: both projects run against one server.
 */

const productForm = (page: Page) => page.getByRole("form", { name: "Product details" });

test.describe("back office: catalogue", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("staff add a product with two colours and a picture; the shop shows it and every change at once", async ({
    page,
  }, testInfo) => {
    test.slow();
    const title = `Kaveri Test ThinkPad ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "New product" }).click();
    await expect(page.getByRole("heading", { name: "New product", level: 1 })).toBeVisible();
    const form = productForm(page);
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form
      .getByLabel("Description", { exact: true })
      .fill("<p>A <strong>tough</strong> business laptop.</p><script>alert('x')</script>");
    await form.getByLabel("Brand", { exact: true }).fill("Lenovo");
    await form.getByLabel("Category", { exact: true }).fill("Laptops");
    await form.getByLabel("Type", { exact: true }).selectOption("refurbished");
    await form.getByRole("checkbox", { name: "Popular", exact: true }).check();
    await form.getByRole("checkbox", { name: "Black", exact: true }).check();
    await form.getByRole("checkbox", { name: "Silver", exact: true }).check();
    await form.getByLabel("MRP (Rs.)").fill("50,000");
    await form.getByLabel("Offer price (Rs.)").fill("45999");
    await form.getByLabel("Stock (units)").fill("7");
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Create product" }).click();

    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("Product created. Add its pictures below.")).toBeVisible();
    const id = /\/admin\/products\/(\d+)$/.exec(page.url())?.[1];
    expect(id, "the edit page's address").toBeDefined();

    // A picture: uploaded, re-encoded and listed with its description.
    await page.getByLabel("Picture", { exact: true }).setInputFiles({
      name: "front.png",
      mimeType: "image/png",
      buffer: await pngPicture(),
    });
    await page.getByLabel("Description for people who cannot see it (optional)").fill("Front view");
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("Picture added")).toBeVisible();
    const listed = page.getByRole("img", { name: "Front view" });
    await expect(listed).toHaveAttribute("src", /^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
    await expectNoAxeViolations(page);

    // In the shop at once: the search finds it, and its page shows the picture, price, stock and colours.
    await page.goto(`/product?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("heading", { name: /^1 Product/ })).toBeVisible();
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const picture = page.locator('img[src^="/uploads/products/"]').first();
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    await expect(page.getByText("Rs. 45,999").first()).toBeVisible();
    await expect(page.getByText("In Stock")).toBeVisible();
    const colours = page.locator(".colour-name");
    await expect(colours).toHaveCount(2);
    expect((await colours.allInnerTexts()).sort()).toEqual(["Black", "Silver"]);
    await expect(page.locator(".rich-text strong")).toHaveText("tough");
    await expect(page.locator(".rich-text script")).toHaveCount(0);

    // A new offer price and stock show in the shop at once.
    await page.goto(`/admin/products/${id}`);
    await productForm(page).getByLabel("Offer price (Rs.)").fill("42999");
    await productForm(page).getByLabel("Stock (units)").fill("3");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(page.getByText("Product saved")).toBeVisible();
    await page.goto(`/product/${id}`);
    await expect(page.getByText("Rs. 42,999").first()).toBeVisible();
    await expect(page.getByText("Only 3 left")).toBeVisible();

    // An offer above the MRP is refused on its field, and what was typed stays.
    await page.goto(`/admin/products/${id}`);
    await productForm(page).getByLabel("Brand", { exact: true }).fill("Lenovo Typed");
    await productForm(page).getByLabel("Offer price (Rs.)").fill("60000");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(productForm(page).getByText("The offer price cannot be more than the MRP")).toBeVisible();
    await expect(productForm(page).getByLabel("Offer price (Rs.)")).toHaveValue("60000");
    await expect(productForm(page).getByLabel("Brand", { exact: true })).toHaveValue("Lenovo Typed");
    await expect(productForm(page).getByLabel("Offer price (Rs.)")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.goto(`/product/${id}`);
    await expect(page.getByText("Rs. 42,999").first()).toBeVisible();

    // Hidden: its page is gone like an unknown product's, and the search no longer finds it.
    await page.goto(`/admin/products/${id}`);
    await page.getByRole("button", { name: "Hide from the shop" }).click();
    await expect(page.getByText("Product hidden: the shop no longer shows or sells it")).toBeVisible();
    await expect(page.getByText(/Hidden from the shop since/)).toBeVisible();
    const gone = await page.goto(`/product/${id}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.goto(`/product?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("heading", { name: /^0 Products/ })).toBeVisible();

    // The list finds it among the hidden ones.
    await page.goto(`/admin/products?visibility=hidden&q=${encodeURIComponent(title)}`);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Hidden");
    await expect(row).toContainText("Rs. 42,999");
    await expectNoAxeViolations(page);
  });

  test("a save made on a stale copy is refused with a message, and what was typed stays", async ({
    page,
    browser,
  }, testInfo) => {
    await staffLogIn(page, owner);
    // A product of this test's own (both projects run at once against one server).
    const created = await page.request.post("/admin/products/new", {
      multipart: {
        title: `Kaveri Stale Copy ${testInfo.project.name} ${randomBytes(3).toString("hex")}`,
        description: "<p>Edited twice at once.</p>",
        brand: "Dell",
        category: "Laptops",
        productType: "new",
        colours: "1",
        mrp: "1000",
        offerPrice: "900",
        stock: "5",
      },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(303);
    const edit = created.headers().location ?? "";
    await page.goto(edit);
    await expect(productForm(page)).toBeVisible();

    // A colleague saves the same product first, in a browser of their own.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await staffLogIn(theirs, owner);
    await theirs.goto(edit);
    const stock = productForm(theirs).getByLabel("Stock (units)");
    await stock.fill(String(Number(await stock.inputValue()) + 1));
    await productForm(theirs).getByRole("button", { name: "Save product" }).click();
    await expect(theirs.getByText("Product saved")).toBeVisible();
    await context.close();

    await productForm(page).getByLabel("Category", { exact: true }).fill("Typed while they saved");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(
      productForm(page)
        .getByRole("alert")
        .filter({ hasText: "This product was changed while you were editing it" }),
    ).toBeVisible();
    await expect(productForm(page).getByLabel("Category", { exact: true })).toHaveValue(
      "Typed while they saved",
    );
    // Saving again, knowingly, replaces their change.
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(page.getByText("Product saved")).toBeVisible();
    await expect(productForm(page).getByLabel("Category", { exact: true })).toHaveValue(
      "Typed while they saved",
    );
    await productForm(page).getByLabel("Category", { exact: true }).fill("Laptops");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(page.getByText("Product saved")).toBeVisible();
  });

  test("the product list works on a 360 px phone: cards, filters in the URL, pages", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await staffLogIn(page, owner);
    await page.goto("/admin/products");
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("Category").selectOption("Laptops");
    await page.getByLabel("Type").selectOption("refurbished");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?category=Laptops&type=refurbished$/);
    const rows = page.locator(".admin-products-table tbody tr");
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) {
      expect(text).toContain("Laptops");
      expect(text).toContain("Refurbished");
    }
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.goto("/admin/products");
    await expect(page.getByText(/^\d+ products$/)).toBeVisible();
    // The seed catalogue alone fills more than one page of 25.
    await page.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  });
});
