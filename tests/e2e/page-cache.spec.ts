import { randomBytes } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { newCustomer, signedUp, type TestCustomer } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { addToCart } from "./support/checkout";
import { shown } from "./support/prices";
import { expect, test } from "./support/test";

/*
 * The visitors' page cache (server/page-cache.mjs) as shoppers meet it: a back-office change shows on the
 * visitor's very next page, a customer's header never reaches a visitor (nor the other way round), a toast
 * still shows on a cached page's address, signed-in answers are never stored, If-None-Match gets a 304, and
 * a cached page's scripts run under its hash-based CSP. The whole suite shares the server and any catalogue
 * change empties the cache, so "cached" is waited for (the next hit), never assumed from an earlier load.
 */

const VISITOR_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=30";
/** A product of the seed that no spec changes; customers here only put it in their cart. */
const SEEDED_PRODUCT = 4;

const productForm = (page: Page) => page.getByRole("form", { name: "Product details" });
const greeting = (page: Page, customer: TestCustomer) =>
  page.getByRole("link", { name: new RegExp(`Welcome\\s+${customer.firstname}`) });
const visitorLogin = (page: Page) => page.getByRole("link", { name: /Log in\s+My Account/ });

/** The answer to a document load; page.goto gives null only for same-document navigations. */
function answered(response: Response | null): Response {
  expect(response, "the document's response").not.toBeNull();
  return response as Response;
}

/**
 * Loads `path` until the page cache answers it from memory: another test's catalogue change (other workers
 * run alongside) may empty the cache between two loads, so a hit is waited for rather than assumed.
 */
async function visitCached(page: Page, path: string): Promise<Response> {
  let hit: Response | null = null;
  await expect(async () => {
    const response = answered(await page.goto(path));
    expect(response.headers()["x-page-cache"]).toBe("hit");
    hit = response;
  }).toPass({ timeout: 30_000 });
  return answered(hit);
}

/** What every answer served from the cache carries: shared caching, an entity tag, and varying by cookie. */
function expectVisitorAnswer(response: Response) {
  const headers = response.headers();
  expect(headers["x-page-cache"]).toMatch(/^(?:hit|miss)$/);
  expect(headers["cache-control"]).toBe(VISITOR_CACHE_CONTROL);
  expect(headers.etag).toMatch(/^W\/"[\w-]+"$/);
  expect(headers.vary).toMatch(/\bCookie\b/);
}

/** A signed-in answer: stored by no browser or proxy, and never by the page cache. */
function expectPersonalAnswer(response: Response) {
  const headers = response.headers();
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers.etag).toBeUndefined();
  expect(headers["x-page-cache"]).toBeUndefined();
}

/**
 * An address of the test's own, already in the cache: a query parameter the shop ignores gives /about a key
 * no other load shares, so its first load is certainly a miss.
 */
async function cachedAddressOfOwn(page: Page): Promise<string> {
  const path = `/about?cachetest=${randomBytes(4).toString("hex")}`;
  expect(answered(await page.goto(path)).headers()["x-page-cache"]).toBe("miss");
  await visitCached(page, path);
  return path;
}

/** Subscribes a new address with the footer's newsletter box, which goes back to the page with a toast. */
async function subscribeFromFooter(page: Page) {
  await page
    .getByPlaceholder("Your Email Address")
    .fill(`cache-${randomBytes(4).toString("hex")}@example.in`);
  await page.getByRole("button", { name: "Subscribe" }).click();
}

test.describe("visitors' page cache", () => {
  test("a price changed in the back office shows on the visitor's next product page and store listing", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.slow();
    await ensureOwner(request);
    await staffLogIn(page, owner);
    // A product of this test's own: both projects and the other specs share the server.
    const title = `Kaveri Cache Test ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    const created = await page.request.post("/admin/products/new", {
      multipart: {
        title,
        description: "<p>Priced twice.</p>",
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
    const id = /\/admin\/products\/(\d+)$/.exec(edit)?.[1];
    expect(id, "the new product's edit page").toBeDefined();
    const productPage = `/product/${id}`;
    const listing = `/product?q=${encodeURIComponent(title)}`;

    // The visitor's copies of both pages are in the cache before the change.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitCached(visitor, productPage);
    await expect(visitor.locator(".product-price .offer-price")).toHaveText(`Offer price ${shown(900)}`);
    await visitCached(visitor, listing);
    const card = visitor.locator(".product-card").filter({ hasText: title });
    await expect(card.locator(".offer-price")).toHaveText(`Offer price ${shown(900)}`);

    await page.goto(edit);
    await productForm(page).getByLabel("Offer price (Rs.)").fill("850");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    // The toast fades after five seconds; its text stays in the page, which is all this needs.
    await expect(page.getByTestId("toast")).toContainText("Product saved");

    // The save was a write in this process, so the very next visitor request reads the new catalogue version:
    // no waiting, and still answered by the cache (it is the same anonymous visitor).
    expectVisitorAnswer(answered(await visitor.goto(productPage)));
    await expect(visitor.locator(".product-price .offer-price")).toHaveText(`Offer price ${shown(850)}`);
    expectVisitorAnswer(answered(await visitor.goto(listing)));
    await expect(card.locator(".offer-price")).toHaveText(`Offer price ${shown(850)}`);
    await visitorContext.close();
  });

  test("a customer and a visitor loading the same pages each see their own header; only the visitor's are cached", async ({
    page,
    browser,
  }) => {
    test.slow();
    const customer = await signedUp(page, newCustomer({ firstname: "Meenakshi" }));
    await addToCart(page, SEEDED_PRODUCT, 1);
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();

    // Interleaved, twice over: a customer's page stored by mistake would reach the visitor as a hit, and a
    // visitor's stored page would reach the customer without their name.
    for (const path of ["/", "/product", `/product/${SEEDED_PRODUCT}`]) {
      for (let round = 0; round < 2; round += 1) {
        expectPersonalAnswer(answered(await page.goto(path)));
        await expect(greeting(page, customer)).toBeVisible();
        await expect(page.getByTestId("cart-count")).toHaveText("1");

        const cached = await visitCached(visitor, path);
        expectVisitorAnswer(cached);
        await expect(visitorLogin(visitor)).toBeVisible();
        await expect(visitor.getByRole("link", { name: /Welcome/ })).toHaveCount(0);
        await expect(visitor.getByTestId("cart-count")).toHaveText("0");
      }
    }
    expect(await visitorContext.cookies(), "the visitor never got a cookie").toEqual([]);
    await visitorContext.close();
  });

  test("a toast shows on a cached page's address, and the next plain visit shows none", async ({
    page,
    browser,
  }) => {
    test.slow();
    const path = await cachedAddressOfOwn(page);
    await expect(page.getByTestId("toast")).toHaveCount(0);

    await subscribeFromFooter(page);
    await expect(page.getByTestId("toast")).toContainText("Subscribed to our newsletter");
    await expect(page).toHaveURL(path);

    // The toast was shown once, and the page with it was never stored: another visitor's copy has none.
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await visitCached(other, path);
    await expect(other.getByTestId("toast")).toHaveCount(0);
    await otherContext.close();
  });

  test("after a toast, the visitor's pages come from the cache again", async ({ page }) => {
    // Reading the toast deletes its cookie (app/lib/toast.server.ts): any cookie left behind would keep the
    // visitor away from the cache for the rest of the session.
    test.slow();
    const path = await cachedAddressOfOwn(page);
    await subscribeFromFooter(page);
    await expect(page.getByTestId("toast")).toContainText("Subscribed to our newsletter");
    expectVisitorAnswer(answered(await page.goto(path)));
  });

  test("a signed-in customer's pages are never cached and show their name", async ({ page }) => {
    test.slow();
    const customer = await signedUp(page, newCustomer({ firstname: "Ravindra" }));
    for (const path of ["/", "/product", `/product/${SEEDED_PRODUCT}`, "/about"]) {
      // Twice: a repeat is rendered for them again, not taken from any cache.
      for (let round = 0; round < 2; round += 1) {
        expectPersonalAnswer(answered(await page.goto(path)));
        await expect(greeting(page, customer)).toBeVisible();
      }
    }
  });

  test("If-None-Match with the page's ETag is answered 304 without a body; another ETag gets the page", async ({
    request,
  }) => {
    // Retried as a whole: a catalogue change by another test between the loads gives the page a new tag.
    await expect(async () => {
      await request.get("/product");
      const second = await request.get("/product");
      expect(second.status()).toBe(200);
      expect(second.headers()["x-page-cache"]).toBe("hit");
      const etag = second.headers().etag ?? "";
      expect(etag).toMatch(/^W\/"[\w-]+"$/);

      const unchanged = await request.get("/product", { headers: { "If-None-Match": etag } });
      expect(unchanged.status()).toBe(304);
      expect((await unchanged.body()).length).toBe(0);
      expect(unchanged.headers().etag).toBe(etag);
    }).toPass({ timeout: 15_000 });

    const other = await request.get("/product", { headers: { "If-None-Match": 'W/"some-other-page"' } });
    expect(other.status()).toBe(200);
    expect(other.headers()["x-page-cache"]).toBe("hit");
    expect(await other.text()).toContain("Our Store");
  });

  test("a cached store page runs its scripts: the header's search works and no script is refused", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) {
        refused.push(message.text());
      }
    });

    const cached = await visitCached(page, "/product");
    // A page served to many visitors allows its inline scripts by their hashes, not by a one-off nonce.
    const policy = cached.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("nonce-");

    const box = page.getByPlaceholder("Search for Products here");
    if (javaScriptEnabled) {
      // The box becomes a combobox once React has hydrated the page.
      await expect(page.getByRole("combobox", { name: "Search for products" })).toBeVisible();
      await box.pressSequentially("thinkp");
      await expect(page.getByRole("option", { name: /ThinkPad/ }).first()).toBeVisible();
    } else {
      await box.fill("thinkp");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/product\?q=thinkp$/);
      await expect(page.locator(".product-card-title").first()).toContainText(/thinkpad/i);
    }
    expect(refused).toEqual([]);
  });
});
