import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { ensureOwner, owner, pngPicture, staffLogIn } from "./support/admin";
import { waitForMail } from "./support/mail";
import { customerBuys, moveTo } from "./support/orders";
import { expect, test } from "./support/test";

/*
 * Issue 13's "done when", on a 360 px phone in both projects (JavaScript on and off): the dealer adds a
 * product with two colours and a picture, a shopper finds it by searching and buys it through the simulator,
 * the dealer ships it with a tracking number, and the shopper sees it shipped and is told by e-mail. Every
 * back-office page on the way fits the phone's width.
 */

const PHONE = { width: 360, height: 740 };

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
}

test.describe("back office: a dealer's day on a phone", () => {
  test.use({ viewport: PHONE });

  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("add a product with pictures, sell it, ship it", async ({ page, browser }, testInfo) => {
    test.slow();
    const word = `Dealerday${randomBytes(3).toString("hex")}`;
    const title = `${word} Dell Latitude 5440 Core i5 (${testInfo.project.name})`;

    // The dealer adds the product from the phone.
    await staffLogIn(page, owner);
    await fitsThePhone(page);
    await page.goto("/admin/products/new");
    const form = page.getByRole("form", { name: "Product details" });
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form
      .getByLabel("Description", { exact: true })
      .fill("<p>Business laptop, 16 GB RAM, 512 GB SSD.</p>");
    await form.getByLabel("Brand", { exact: true }).fill("Dell");
    await form.getByLabel("Category", { exact: true }).fill("Laptops");
    await form.getByLabel("Type", { exact: true }).selectOption("new");
    await form.getByRole("checkbox", { name: "Black", exact: true }).check();
    await form.getByRole("checkbox", { name: "Silver", exact: true }).check();
    await form.getByLabel("MRP (Rs.)").fill("72000");
    await form.getByLabel("Offer price (Rs.)").fill("64999");
    await form.getByLabel("Stock (units)").fill("4");
    await fitsThePhone(page);
    await form.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const productId = Number(/\/admin\/products\/(\d+)$/.exec(page.url())?.[1]);
    expect(productId).toBeGreaterThan(0);
    for (const [name, colour] of [
      ["front.png", "#1d3557"],
      ["side.png", "#457b9d"],
    ] as const) {
      await page.getByLabel("Picture", { exact: true }).setInputFiles({
        name,
        mimeType: "image/png",
        buffer: await pngPicture(colour),
      });
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByText("Picture added")).toBeVisible();
    }
    await expect(page.locator('img[src^="/uploads/products/"]')).toHaveCount(2);
    await fitsThePhone(page);
    // The list's Stock cell before the sale: the four units typed in (at most five is "low").
    await page.goto(`/admin/products?q=${word}`);
    const stock = page.getByRole("row").filter({ hasText: word }).locator('td[data-label="Stock"]');
    await expect(stock).toHaveText("4 (low)");

    // A shopper finds it by searching and buys it through PhonePe (the simulator).
    const shopper = await (await browser.newContext({ viewport: PHONE })).newPage();
    await shopper.goto(`/product?q=${word.toLowerCase()}`);
    await expect(shopper.locator(".product-card-title")).toHaveText([new RegExp(word)]);
    await shopper.goto(`/product/${productId}`);
    await expect(shopper.locator(".purchase-form input[name='color']")).toHaveCount(2);
    await expect(shopper.locator('.gallery img[src^="/uploads/products/"]').first()).toBeVisible();
    const { customer, orderId } = await customerBuys(shopper, productId);
    await expect(shopper.locator(".order-card").first()).toContainText(title.slice(0, 30));

    // The dealer finds the order and ships it.
    await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`);
    await fitsThePhone(page);
    await page.getByRole("link", { name: `#${orderId}`, exact: true }).click();
    await expect(page.getByRole("heading", { name: `Order #${orderId}`, level: 1 })).toBeVisible();
    await fitsThePhone(page);
    await moveTo(page, orderId, "Processed");
    const tracking = `DTDC${randomBytes(4).toString("hex").toUpperCase()}`;
    await moveTo(page, orderId, "Shipped", { courier: "DTDC", trackingNumber: tracking });
    await fitsThePhone(page);

    // The shopper sees it shipped, and is told.
    await shopper.goto("/my-orders");
    const card = shopper.locator(".order-card").filter({ hasText: `#${orderId}` });
    await expect(card).toContainText("Shipped");
    await expect(card).toContainText(tracking);
    const mail = await waitForMail((m) => m.to.includes(customer.email) && m.subject.includes("Shipped"));
    expect(mail.text).toContain(`Tracking number: ${tracking}`);

    // Stock went down by the one sold, in the back office too.
    await page.goto(`/admin/products?q=${word}`);
    await expect(stock).toHaveText("3 (low)");
    await shopper.context().close();
  });
});
