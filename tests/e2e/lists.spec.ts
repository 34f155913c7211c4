import type { Page } from "@playwright/test";
import { dismissToast, logIn, signedUp, signUpElsewhere } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { wholeTitle } from "./support/cards";
import { putInCart } from "./support/checkout";
import { rupees } from "./support/prices";
import { expect, test } from "./support/test";

async function offerPrice(page: Page): Promise<number> {
  return rupees(await page.locator(".product-price .offer-price").textContent());
}

async function headerCart(page: Page) {
  const label = (await page.locator(".cart-link").getAttribute("aria-label")) ?? "";
  const match = /Cart: (\d+) items?, (.*)$/.exec(label);
  return { lines: Number(match?.[1]), total: rupees(match?.[2] ?? "") };
}

test.describe("wishlist", () => {
  test("a heart adds the product, /wishlist lists it and removing there empties it", async ({
    page,
    javaScriptEnabled,
  }) => {
    // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
    test.slow();
    await signedUp(page);
    await page.goto("/product?page=2");
    // A card down the page: with JavaScript the page stays as it is (no document load, the scroll kept).
    const card = page.locator(".product-card").nth(8);
    const title = await wholeTitle(card.locator(".product-card-title a"));
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => {
      document.body.dataset.stayed = "yes";
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(0);
    // The heart turns at once (with JavaScript); the reload must wait for the shop to have saved it.
    const saved = page.waitForResponse(
      (r) => r.url().includes("/wishlist") && r.request().method() === "POST",
    );
    await card.getByRole("button", { name: `Add ${title} to wishlist` }).click();
    await saved;
    await expect(card.getByRole("button", { name: `Remove ${title} from wishlist` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // Either way the shopper is back on the page they were on.
    await expect(page).toHaveURL(/\/product\?page=2$/);
    if (javaScriptEnabled) {
      await expect(page.locator("body")).toHaveAttribute("data-stayed", "yes");
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    }
    await page.reload();
    await expect(
      page
        .locator(".product-card")
        .nth(8)
        .getByRole("button", { name: `Remove ${title} from wishlist` }),
    ).toBeVisible();

    await page.goto("/wishlist");
    const listed = page.locator(".product-card");
    await expect(listed).toHaveCount(1);
    expect(await wholeTitle(listed.locator(".product-card-title a"))).toBe(title);
    await expectNoAxeViolations(page);
    await listed.getByRole("button", { name: `Remove ${title} from wishlist` }).click();
    await expect(page.getByText("No Data", { exact: true })).toBeVisible();
    await expect(page.locator(".product-card")).toHaveCount(0);
  });

  test("the heart on the product page toggles too, and a visitor comes back after logging in", async ({
    page,
    browser,
  }) => {
    const customer = await signUpElsewhere(browser);

    await page.goto("/product/3");
    await page.getByRole("button", { name: "Add to Wishlist" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproduct%2F3$/);
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/product\/3$/);
    // The heart turns at once (with JavaScript); the wishlist page must wait for the shop to have saved it.
    const saved = page.waitForResponse(
      (r) => r.url().includes("/wishlist") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Add to Wishlist" }).click();
    await saved;
    await expect(page.getByRole("button", { name: "Remove from Wishlist" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.goto("/wishlist");
    await expect(page.locator(".product-card")).toHaveCount(1);
  });
});

test.describe("add to cart", () => {
  test("needs a colour, then adds at the database price and offers Go to Cart", async ({ page }) => {
    await signedUp(page);
    await page.goto("/product/2");
    const price = await offerPrice(page);
    const purchase = page.locator("form.purchase-form");
    await purchase.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Please choose Color");
    await expect(purchase.getByText("Please choose Color", { exact: true })).toBeVisible();

    await purchase.locator('input[name="color"]').first().check();
    await purchase.getByLabel("Quantity").selectOption("2");
    await purchase.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Product Added To Cart");
    await expect(page.getByRole("link", { name: "Go to Cart" })).toBeVisible();
    await expect(page.locator('input[name="color"]')).toHaveCount(0);
    expect(await headerCart(page)).toEqual({ lines: 1, total: 2 * price });

    await dismissToast(page);
    await page.getByRole("link", { name: "Go to Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("the server ignores a price sent in the form and refuses a quantity over 10", async ({ page }) => {
    await signedUp(page);
    await page.goto("/product/5");
    const price = await offerPrice(page);
    const colour = (await page.locator('input[name="color"]').first().getAttribute("value")) ?? "";
    const forged = await page.request.post("/product/5", {
      form: { intent: "add-to-cart", color: colour, quantity: "1", price: "1", unitPrice: "1" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    const tooMany = await page.request.post("/product/5", {
      form: { intent: "add-to-cart", color: colour, quantity: "50" },
      maxRedirects: 0,
    });
    expect(tooMany.status()).toBe(400);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-subtotal")).toHaveText(`Rs. ${price.toLocaleString("en-IN")}`);
    expect(await headerCart(page)).toEqual({ lines: 1, total: price });
  });
});

test.describe("cart", () => {
  test("a quantity typed before the page's scripts have run is saved", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await signedUp(page);
    await putInCart(page, 2, 1);
    // The scripts are held back until the quantity is typed, as on a slow phone.
    let releaseScripts = () => {};
    const released = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/cart");
    const row = page.locator("tr.cart-line").first();
    const unit = rupees(await row.locator('td[data-label="Offer Price"]').textContent());
    await row.getByRole("spinbutton").fill("3");
    if (javaScriptEnabled) releaseScripts();
    else await row.getByRole("button", { name: /^Update/ }).click();
    await expect(page.getByTestId("toast")).toContainText("Product Updated Successfully!");
    await expect(row.locator('td[data-label="Total"]')).toHaveText(
      `Rs. ${(3 * unit).toLocaleString("en-IN")}`,
    );
    await page.reload();
    await expect(page.locator("tr.cart-line").first().getByRole("spinbutton")).toHaveValue("3");
  });

  test("shows the lines, updates a quantity and deletes a line, totals and badge in step", async ({
    page,
    javaScriptEnabled,
  }) => {
    // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
    test.slow();
    await signedUp(page);
    await putInCart(page, 2, 1);
    await putInCart(page, 4, 2);
    await page.goto("/cart");
    await expectNoAxeViolations(page);
    for (const column of ["Product", "Original Price", "Offer Price", "Quantity", "Total"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(page.getByText("Taxes and shipping calculated at checkout")).toBeVisible();
    await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
    const rows = page.locator("tr.cart-line");
    await expect(rows).toHaveCount(2);

    const first = rows.first();
    const unit = rupees(await first.locator('td[data-label="Offer Price"]').textContent());
    const quantity = first.getByRole("spinbutton");
    await quantity.fill("3");
    if (!javaScriptEnabled) await first.getByRole("button", { name: /^Update/ }).click();
    await expect(page.getByTestId("toast")).toContainText("Product Updated Successfully!");
    await expect(first.locator('td[data-label="Total"]')).toHaveText(
      `Rs. ${(3 * unit).toLocaleString("en-IN")}`,
    );
    await expectTotalsAgree(page);

    await rows
      .nth(1)
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page.getByTestId("toast")).toContainText("Product Deleted From Cart Successfully!");
    await expect(rows).toHaveCount(1);
    await expectTotalsAgree(page);
    await rows
      .first()
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue To Shopping" })).toHaveAttribute(
      "href",
      "/product",
    );
    // With JavaScript the row goes at once; the header follows when the server has answered.
    await expect.poll(() => headerCart(page)).toEqual({ lines: 0, total: 0 });
  });

  test("a quantity outside 1-10 is refused and the cart keeps its quantity", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signedUp(page);
    await putInCart(page, 2, 2);
    await page.goto("/cart");
    const row = page.locator("tr.cart-line").first();
    await row.getByRole("spinbutton").fill("11");
    if (javaScriptEnabled) {
      // Refused as it is typed, before anything is sent.
      await expect(row.getByText("Quantity must be between 1 and 10")).toBeVisible();
    } else {
      await row.getByRole("button", { name: /^Update/ }).click();
      await expect(page.getByTestId("toast")).toContainText("Quantity must be between 1 and 10");
    }
    const refused = await page.request.post("/cart", {
      form: { intent: "update", lineId: (await lineIdOf(page)) ?? "", quantity: "11" },
    });
    expect(refused.status()).toBe(400);
    await page.goto("/cart");
    await expect(page.locator("tr.cart-line").first().getByRole("spinbutton")).toHaveValue("2");
  });

  test("another customer's cart line cannot be touched", async ({ page, browser }) => {
    await signedUp(page);
    await putInCart(page, 2, 1);
    await page.goto("/cart");
    const lineId = await lineIdOf(page);

    const intruder = await browser.newContext();
    const intruderPage = await intruder.newPage();
    await signedUp(intruderPage);
    const forms: Record<string, string>[] = [
      { intent: "delete", lineId: lineId ?? "" },
      { intent: "update", lineId: lineId ?? "", quantity: "5" },
    ];
    for (const form of forms) {
      const answer = await intruderPage.request.post("/cart", { form, maxRedirects: 0 });
      expect(answer.status()).toBe(404);
    }
    await intruder.close();
    await page.reload();
    await expect(page.locator("tr.cart-line")).toHaveCount(1);
    await expect(page.locator("tr.cart-line").getByRole("spinbutton")).toHaveValue("1");
  });

  test("two tabs changing the same cart end in one consistent cart", async ({ page, context }) => {
    // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
    test.slow();
    await signedUp(page);
    await putInCart(page, 2, 1);
    await putInCart(page, 4, 1);
    const other = await context.newPage();
    await page.goto("/cart");
    await other.goto("/cart");
    // One tab deletes the first line while the other still shows it and changes its quantity.
    await page
      .locator("tr.cart-line")
      .first()
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page.getByTestId("toast")).toContainText("Product Deleted From Cart Successfully!");
    const stale = other.locator("tr.cart-line").first();
    await stale.getByRole("spinbutton").fill("4");
    if (test.info().project.use.javaScriptEnabled === false) {
      await stale.getByRole("button", { name: /^Update/ }).click();
    }
    await expect(other.getByTestId("toast")).toContainText("Something Went Wrong!");
    for (const tab of [page, other]) {
      await tab.goto("/cart");
      await expect(tab.locator("tr.cart-line")).toHaveCount(1);
      await expectTotalsAgree(tab);
    }
  });
});

async function lineIdOf(page: Page): Promise<string | null> {
  return page.locator('tr.cart-line input[name="lineId"]').first().getAttribute("value");
}

/** The subtotal equals the sum of the row totals, and the header shows the same lines and total. */
async function expectTotalsAgree(page: Page) {
  await expect
    .poll(async () => {
      const rowTotals = (await page.locator('tr.cart-line td[data-label="Total"]').allTextContents()).map(
        rupees,
      );
      const sum = rowTotals.reduce((a, b) => a + b, 0);
      const subtotal = rupees(await page.getByTestId("cart-subtotal").textContent());
      const header = await headerCart(page);
      return subtotal === sum && header.total === sum && header.lines === rowTotals.length;
    })
    .toBe(true);
}

test.describe("reviews", () => {
  test("a visitor is sent to log in; a customer's review needs stars and words, shows at once and can be rewritten", async ({
    page,
    browser,
  }) => {
    const customer = await signUpElsewhere(browser);

    // Each browser project reviews its own product: they share one database.
    const productId = test.info().project.name === "js-off" ? 7 : 6;
    await page.goto(`/product/${productId}`);
    const reviewForm = page.getByRole("form", { name: "Write a Review" });
    await reviewForm.getByRole("button", { name: "Submit Review" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fproduct%2F${productId}%23reviews$`));
    await logIn(page, customer);
    await expect(page).toHaveURL(new RegExp(`/product/${productId}#reviews$`));

    await reviewForm.getByRole("button", { name: "Submit Review" }).click();
    await expect(reviewForm.getByText("Please add star rating", { exact: true })).toBeVisible();
    await reviewForm.getByLabel("4 stars").check({ force: true });
    await reviewForm.getByRole("button", { name: "Submit Review" }).click();
    await expect(
      reviewForm.getByText("Please Write Review About the Product", { exact: true }),
    ).toBeVisible();
    await reviewForm.getByLabel("Comments").fill("Crisp screen, the battery lasts a working day.");
    await reviewForm.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByTestId("toast")).toContainText("Rating Added Successfully");
    const list = page.locator(".review-list .review");
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText("Crisp screen, the battery lasts a working day.");
    await expect(page.locator(".review-count")).toHaveText("1 review");
    await expect(
      page.locator(".product-rating").getByRole("img", { name: /Rated 4(\.0)? out of 5/ }),
    ).toBeVisible();

    await reviewForm.getByLabel("2 stars").check({ force: true });
    await reviewForm.getByLabel("Comments").fill("The charger failed after a week.");
    await reviewForm.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByTestId("toast")).toContainText("Rating Added Successfully");
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText("The charger failed after a week.");
    await expect(
      page.locator(".product-rating").getByRole("img", { name: /Rated 2(\.0)? out of 5/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
