import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

const DELL =
  'Dell Inspiron 3520 Intel Core i5-1235U 15.6" FHD 120Hz Laptop, 8GB RAM, 512GB SSD, Windows 11 Home, MS Office 2021, Carbon Black';
const X1_CARBON = "Refurbished Lenovo ThinkPad X1 Carbon 6th Gen";
const SHIPPING_NOTE =
  "Free shipping and returns available on all orders. Delivery within 5-10 business days.";

/** The path of a seeded product's page, found through the header's search suggestions. */
async function productPath(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/search-suggestions?q=${encodeURIComponent(title.slice(0, 40))}`);
  const { suggestions } = (await response.json()) as { suggestions: { id: number; title: string }[] };
  const match = suggestions.find((s) => s.title === title);
  if (!match) throw new Error(`no seeded product titled ${title}`);
  return `/product/${match.id}`;
}

/** Opens a product page; with JavaScript on, waits until React has hydrated it. */
async function openProduct(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(page.locator('.gallery-main[data-zoomable="true"]')).toBeAttached();
  }
}

function fact(page: Page, name: string) {
  return page
    .locator(".product-facts > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${name}$`) }) })
    .locator("dd");
}

test.describe("product detail", () => {
  let dellPath = "";
  let x1Path = "";
  test.beforeAll(async ({ request }) => {
    dellPath = await productPath(request, DELL);
    x1Path = await productPath(request, X1_CARBON);
  });

  test("shows the title, prices, rating, facts, shipping note and description", async ({ page }) => {
    await openProduct(page, dellPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DELL);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Laptops" })).toHaveAttribute(
      "href",
      "/product?category=Laptops",
    );

    const price = page.locator(".product-price");
    await expect(price.locator(".offer-price")).toHaveText("Offer price Rs. 53,990");
    await expect(price.locator("s.mrp")).toHaveText("MRP Rs. 68,990");
    await expect(price.locator(".discount-off")).toHaveText("22% off");

    const rating = page.locator(".product-rating");
    await expect(rating.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(rating).toContainText("0 reviews");
    await expect(rating.getByRole("link", { name: "Write a Review" })).toHaveAttribute("href", "#reviews");

    await expect(fact(page, "Type")).toHaveText("New");
    await expect(fact(page, "Brand")).toHaveText("Dell");
    await expect(fact(page, "Brand").getByRole("link")).toHaveAttribute("href", "/product?brand=Dell");
    await expect(fact(page, "Category")).toHaveText("Laptops");
    await expect(fact(page, "Tags")).toHaveText("Popular");
    await expect(fact(page, "Availability")).toHaveText("In Stock");

    const shipping = page.getByRole("region", { name: "Shipping & Returns" });
    await expect(shipping.getByText(SHIPPING_NOTE, { exact: true })).toBeVisible();

    const description = page.getByRole("region", { name: "Description" });
    await expect(description.getByText("Keyboard: full size with numeric keypad")).toBeVisible();
    await expect(description.locator("strong", { hasText: "Warranty:" })).toBeVisible();
  });

  test("offers the colours as radios and quantities 1 to 10 within the stock", async ({ page }) => {
    await openProduct(page, dellPath);
    const form = page.locator("form.purchase-form");
    await expect(form).toHaveAttribute("method", "post");
    const colours = form.getByRole("group", { name: "Color" });
    const black = colours.getByRole("radio", { name: "Black" });
    const silver = colours.getByRole("radio", { name: "Silver" });
    await expect(colours.getByRole("radio")).toHaveCount(2);
    await expect(black).not.toBeChecked();
    await expect(silver).not.toBeChecked();
    await silver.check();
    await expect(silver).toBeChecked();
    await expect(black).not.toBeChecked();
    await black.check();
    await expect(silver).not.toBeChecked();
    await expect(black).toHaveAttribute("name", "color");
    expect(Number(await black.getAttribute("value"))).toBeGreaterThan(0);

    const quantity = form.getByLabel("Quantity");
    await expect(quantity).toHaveAttribute("name", "quantity");
    await expect(quantity).toHaveValue("1");
    await expect(quantity.locator("option")).toHaveText(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    await quantity.selectOption("7");
    await expect(quantity).toHaveValue("7");
    await expect(form.getByRole("button")).toHaveText(["Add to Cart"]);

    // The last refurbished X1 Carbon: one unit left, so one quantity.
    await openProduct(page, x1Path);
    await expect(fact(page, "Availability")).toHaveText("Only 1 left");
    await expect(fact(page, "Type")).toHaveText("Refurbished");
    await expect(fact(page, "Tags")).toHaveText("Special");
    await expect(page.getByLabel("Quantity").locator("option")).toHaveText(["1"]);
    await expect(page.getByRole("group", { name: "Color" }).getByRole("radio")).toHaveCount(1);
  });

  test("the gallery switches images and zooms, or links to them without JavaScript", async ({
    page,
    javaScriptEnabled,
    request,
  }) => {
    await openProduct(page, dellPath);
    const gallery = page.getByRole("region", { name: "Product images" });
    const main = gallery.locator(".gallery-main img");
    const fullSize = gallery.getByRole("link", { name: /^View full size/ });
    const thumbs = gallery.getByRole("link", { name: /^Show image/ });
    await expect(main).toHaveAttribute("src", "/images/products/laptop-black.svg");
    await expect(main).toHaveAccessibleName("Dell Inspiron 3520 laptop in carbon black");
    await expect(fullSize).toHaveAttribute("href", "/images/products/laptop-black.svg");
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");
    const second = gallery.getByRole("link", { name: "Show image 2 of 2: Dell Inspiron 3520 lid" });

    if (javaScriptEnabled) {
      await second.click();
      await expect(main).toHaveAttribute("src", "/images/products/laptop-closed.svg");
      await expect(second).toHaveAttribute("aria-current", "true");
      await expect(thumbs.nth(0)).not.toHaveAttribute("aria-current", "true");
      await expect(fullSize).toHaveAttribute("href", "/images/products/laptop-closed.svg");
      expect(new URL(page.url()).search).toBe("");

      // Hover zooms the picture around the pointer; leaving undoes it.
      const box = await gallery.locator(".gallery-main").boundingBox();
      if (!box) throw new Error("the main image has no box");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75);
      await expect(main).toHaveCSS("transform", "matrix(2, 0, 0, 2, 0, 0)");
      const origin = await main.evaluate((img) => (img as HTMLImageElement).style.transformOrigin);
      const [x, y] = origin.split(" ").map((v) => Number.parseFloat(v));
      expect(x).toBeGreaterThan(20);
      expect(x).toBeLessThan(30);
      expect(y).toBeGreaterThan(70);
      expect(y).toBeLessThan(80);
      await page.mouse.move(box.x + box.width + 200, box.y - 100 > 0 ? box.y - 100 : 1);
      await expect(main).toHaveCSS("transform", "none");
    } else {
      // Without JavaScript a thumbnail opens the same page with that image large.
      await second.click();
      await expect(page).toHaveURL(new RegExp(`${dellPath}\\?image=2$`));
      await expect(main).toHaveAttribute("src", "/images/products/laptop-closed.svg");
      await expect(gallery.getByRole("link", { name: /^Show image 2 of 2/ })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(fullSize).toHaveAttribute("href", "/images/products/laptop-closed.svg");
      // Hovering does nothing without the script.
      await main.hover();
      await expect(main).toHaveCSS("transform", "none");
      await expect(gallery.getByText("Hover or tap the image to zoom")).toHaveCount(0);
      // The full-size link opens the picture itself.
      await fullSize.click();
      await expect(page).toHaveURL(/\/images\/products\/laptop-closed\.svg$/);
    }
    const image = await request.get("/images/products/laptop-closed.svg");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  });

  test("on a touch screen a tap zooms the picture and another tap undoes it", async ({
    browser,
    javaScriptEnabled,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled,
      hasTouch: true,
      isMobile: true,
      viewport: { width: 360, height: 740 },
    });
    try {
      const page = await context.newPage();
      await openProduct(page, dellPath);
      const main = page.locator(".gallery-main img");
      await main.tap();
      if (javaScriptEnabled) {
        await expect(main).toHaveCSS("transform", "matrix(2, 0, 0, 2, 0, 0)");
        await main.tap();
        await expect(main).toHaveCSS("transform", "none");
      } else {
        await expect(main).toHaveCSS("transform", "none");
        await expect(page.getByRole("link", { name: /^View full size/ })).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  test("Copy Product Link copies the canonical URL, or shows it to copy without JavaScript", async ({
    page,
    context,
    javaScriptEnabled,
    baseURL,
  }) => {
    const canonical = `${baseURL}${dellPath}`;
    if (javaScriptEnabled) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL ?? "" });
      await openProduct(page, dellPath);
      const status = page.locator(".copy-link").getByRole("status");
      await expect(status).toHaveText("");
      await expect(page.getByRole("textbox", { name: "Copy Product Link" })).toHaveCount(0);
      await page.getByRole("button", { name: "Copy Product Link" }).click();
      await expect(status).toHaveText("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    } else {
      await openProduct(page, dellPath);
      await expect(page.getByRole("button", { name: "Copy Product Link" })).toHaveCount(0);
      const box = page.getByRole("textbox", { name: "Copy Product Link" });
      await expect(box).toBeVisible();
      await expect(box).toHaveValue(canonical);
      await expect(box).toHaveAttribute("readonly", "");
    }
  });

  test("the reviews section lists reviews or says there are none", async ({ page }) => {
    await openProduct(page, dellPath);
    const reviews = page.locator("section#reviews");
    await expect(reviews.getByRole("heading", { level: 2, name: "Customer Reviews" })).toBeVisible();
    await expect(reviews).toContainText("Based on 0 reviews");
    await expect(reviews.getByText("No reviews yet.", { exact: true })).toBeVisible();
    await expect(reviews.getByRole("listitem")).toHaveCount(0);
    await page.getByRole("link", { name: "Write a Review" }).click();
    await expect(page).toHaveURL(new RegExp(`${dellPath}#reviews$`));
    await expect(reviews.getByRole("heading", { name: "Customer Reviews" })).toBeInViewport();
  });

  test("Our Popular Products shows other popular products, three per row on a desktop", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openProduct(page, dellPath);
    const popular = page.getByRole("region", { name: "Our Popular Products" });
    const cards = popular.locator(".product-card");
    await expect(cards).toHaveCount(6);
    const links = await popular
      .locator(".product-card-title a")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links).not.toContain(dellPath);
    for (const href of links) expect(href).toMatch(/^\/product\/\d+$/);
    await expect(popular.getByRole("link", { name: /^HP Pavilion 15/ })).toBeVisible();
    const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map((i) => cards.nth(i).boundingBox()));
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
    expect(Math.abs((a?.y ?? 0) - (c?.y ?? 1))).toBeLessThan(2);
    expect(d?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);

    // A card opens that product's page.
    const first = links[0] ?? "";
    await popular.locator(`.product-card-title a[href="${first}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${first}$`));
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(DELL);
  });

  test("the heart sends a visitor to log in and back; Add to compare adds this product", async ({ page }) => {
    await openProduct(page, dellPath);
    await Promise.all([
      page.waitForResponse(
        (r) =>
          /^\/compare-product(?:\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
      ),
      page.locator(".product-actions").getByRole("button", { name: "Add to compare" }).click(),
    ]);
    await expect(page.getByTestId("toast")).toContainText("Product added to compare");
    await expect(page).toHaveURL(new RegExp(`${dellPath}$`));
    await page.goto("/compare-product");
    await expect(page.getByRole("table").getByRole("link", { name: DELL })).toBeVisible();

    await openProduct(page, dellPath);
    await page.getByRole("button", { name: "Add to Wishlist" }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === dellPath,
    );
  });

  test("meta tags, canonical link and Product JSON-LD describe the product", async ({
    page,
    request,
    baseURL,
  }) => {
    await openProduct(page, dellPath);
    const canonical = `${baseURL}${dellPath}`;
    await expect(page).toHaveTitle(`${DELL} | Kaveri Computers`);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveAttribute("content", /^Dell's best-selling everyday laptop\./);
    expect(((await description.getAttribute("content")) ?? "").length).toBeLessThanOrEqual(160);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", DELL);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${baseURL}/images/products/laptop-black.svg`,
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      "content",
      /^Dell's best-selling/,
    );

    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? "") as Record<string, unknown>;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: DELL,
      sku: dellPath.split("/").pop(),
      brand: { "@type": "Brand", name: "Dell" },
      image: [`${baseURL}/images/products/laptop-black.svg`, `${baseURL}/images/products/laptop-closed.svg`],
      offers: {
        "@type": "Offer",
        url: canonical,
        price: "53990.00",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
      },
    });
    expect(String(data.description)).toMatch(/^Dell's best-selling everyday laptop/);
    // No reviews yet, so no aggregateRating (search engines reject one without reviews).
    expect(data).not.toHaveProperty("aggregateRating");

    // In the HTML as sent, the JSON carries no raw "<" that could close the script early.
    const html = await (await request.get(dellPath)).text();
    const raw = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(raw).toContain('"@type":"Product"');
    expect(raw).not.toContain("<");
  });

  test("a 360 × 640 phone's first screen shows the name, the picture under it and the price under that; a desktop keeps them side by side; axe passes", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await openProduct(page, dellPath);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The seeded Dell's name is one of the longest (128 characters): four lines on a phone.
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    const picture = await page.locator(".gallery-main img").boundingBox();
    const price = await page.locator(".product-price").boundingBox();
    if (!title || !picture || !price) throw new Error("the name, the picture or the price is not shown");
    expect(title.y + title.height, "the name, then the picture").toBeLessThanOrEqual(picture.y);
    expect(picture.y + picture.height, "the picture, then the price").toBeLessThanOrEqual(price.y);
    // Each starts on the first screen, the price's first line too.
    expect(price.y + 24, "the price on the first screen").toBeLessThanOrEqual(640);
    expect(picture.height, "a picture a phone can see whole").toBeGreaterThanOrEqual(160);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openProduct(page, dellPath);
    const wideGallery = await page.getByRole("region", { name: "Product images" }).boundingBox();
    const wideTitle = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(wideTitle?.x ?? 0).toBeGreaterThan((wideGallery?.x ?? 0) + (wideGallery?.width ?? 0) - 1);
    expect(Math.abs((wideTitle?.y ?? 0) - (wideGallery?.y ?? 0))).toBeLessThan(120);
    await expectNoAxeViolations(page);
  });

  for (const path of ["/product/999999", "/product/abc", "/product/0", "/product/12abc"]) {
    test(`${path} shows the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Browse Our Store" })).toBeVisible();
      await expect(page).toHaveTitle(/not found/i);
    });
  }
});
