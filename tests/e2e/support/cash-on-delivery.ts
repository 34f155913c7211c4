import { randomBytes, randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { dismissToast, newCustomer, type TestCustomer } from "./accounts";
import { owner, staffLogIn } from "./admin";
import { expect, test } from "./test";

/*
 * What the cash-on-delivery specs share (cash-on-delivery.spec.ts, and races.spec.ts on the PostgreSQL shop):
 * a laptop the dealer adds for one test alone, so the stock it counts is its own, and a shopper in Chennai,
 * where the seeded zones offer cash on delivery.
 */

/** A customer with a mobile number of their own, so the back office's "Call … to confirm" is theirs. */
export function chennaiCustomer(): TestCustomer {
  return newCustomer({
    firstname: "Meena",
    lastname: "Sundaram",
    mobile: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
  });
}

/** The owner, logged in to the back office in a browser context of their own (this test's client address). */
export async function ownerPage(browser: Browser, extraHTTPHeaders: Record<string, string> | undefined) {
  const context = await browser.newContext(extraHTTPHeaders ? { extraHTTPHeaders } : {});
  const page = await context.newPage();
  await staffLogIn(page, owner);
  await dismissToast(page);
  return page;
}

/**
 * The dealer adds a laptop at `offer` rupees with `stock` units, by the new-product form's post (the form
 * itself is admin-products.spec.ts's); returns its id and title.
 */
export async function addLaptop(
  dealer: Page,
  { offer, stock }: { offer: number; stock: number },
): Promise<{ id: number; title: string }> {
  const title = `Cash test ThinkPad E14 ${test.info().project.name} ${randomBytes(3).toString("hex")}`;
  const answer = await dealer.request.post("/admin/products/new", {
    multipart: {
      title,
      description: "<p>Business laptop, 16 GB RAM, 512 GB SSD.</p>",
      brand: "Lenovo",
      category: "Laptops",
      productType: "new",
      // Black, the seed's first colour.
      colours: "1",
      mrp: String(offer + 5000),
      offerPrice: String(offer),
      stock: String(stock),
    },
    headers: { Origin: new URL(dealer.url()).origin },
    maxRedirects: 0,
  });
  expect(answer.status(), `the dealer adds ${title}`).toBe(303);
  const id = Number(/^\/admin\/products\/(\d+)$/.exec(answer.headers().location ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return { id, title };
}

/** What the product page says about its stock ("Only 3 left" while five or fewer). */
export async function expectStockShown(page: Page, productId: number, text: string) {
  await page.goto(`/product/${productId}`);
  await expect(page.locator(".in-stock, .out-of-stock")).toHaveText(text);
}

/** The order ids listed on My Orders, newest first. */
export async function myOrderIds(page: Page): Promise<number[]> {
  await page.goto("/my-orders");
  await expect(page.getByRole("heading", { name: "My Orders", level: 1 })).toBeVisible();
  const ids = await page.locator(".order-card .order-head dd[id^='order-']").allTextContents();
  return ids.map((id) => Number(id.replace("#", "")));
}

/** The whole address form as the page posts it, for a request made outside the page. */
export function chennaiAddress(payment: "phonepe" | "cod", shipping: "standard" | "express" = "standard") {
  return {
    country: "India",
    firstname: "Meena",
    lastname: "Sundaram",
    address: "14, Thanikachalam Road, T. Nagar",
    other: "",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600017",
    shipping,
    payment,
  };
}
