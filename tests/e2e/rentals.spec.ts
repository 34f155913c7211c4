import { signedUp } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { FORM, form } from "./support/hostile";
import { fillBooking, PDF } from "./support/rentals";
import { expect, test } from "./support/test";

/*
 * A rental is an offer of its own (decision 0043): its page shows its plans and deposit, never Add to Cart, and
 * the store lists it by its lowest monthly rent. A signed-in customer books it with documents that staff alone
 * can open. With JavaScript on and off.
 */

const DELL = "Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)";

/** The product page of a seed product, found by its exact title in the store's search. */
async function openProduct(page: import("@playwright/test").Page, title: string) {
  await page.goto(`/product?q=${encodeURIComponent(title)}&exact=1`);
  await page
    .locator(".product-card-title a", { hasText: title.slice(0, 20) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test.describe("rentals", () => {
  test("a rental's page shows its plans, deposit and terms, and no Add to Cart", async ({ page }) => {
    await openProduct(page, DELL);
    await expect(page.locator(".product-price-block")).toContainText("From Rs. 1,899 / month");
    const plans = page.getByRole("table", { name: "Monthly rent by tenure, GST included" });
    await expect(plans.getByRole("row")).toHaveCount(5);
    await expect(plans.getByRole("row", { name: /^1 month/ })).toContainText("Rs. 2,799 / month");
    // 12 months at Rs. 1,899: 32 % less than a month at Rs. 2,799; up front, a month and the Rs. 10,000 deposit.
    const year = plans.getByRole("row", { name: /^12 months/ });
    await expect(year).toContainText("Rs. 1,899 / month");
    await expect(year).toContainText("32% less");
    await expect(year).toContainText("Rs. 11,899");
    const terms = page.locator(".rental-terms");
    await expect(terms).toContainText("Rs. 10,000 per unit, refunded at the end");
    await expect(terms).toContainText("Minimum tenure1 month");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Book this rental" })).toBeVisible();
    // The deposit is data now, not a sentence of the description.
    await expect(page.locator(".description")).not.toContainText("Security deposit");
  });

  test("a forged Add to Cart for a rental is refused with a message, and the cart stays empty", async ({
    page,
  }) => {
    await signedUp(page);
    await openProduct(page, DELL);
    const url = new URL(page.url());
    const response = await page.request.post(url.pathname, {
      headers: { "Content-Type": FORM },
      data: form([
        ["intent", "add-to-cart"],
        ["color", "1"],
        ["quantity", "1"],
      ]).data,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("Rentals are booked, not bought");
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("the store lists a rental from its lowest monthly rent, and the price filter reads that rent", async ({
    page,
  }) => {
    await page.goto(`/product?category=Laptops&maxPrice=1900&sort=createdAt`);
    const card = page.locator(".product-card", { hasText: "Dell Latitude 3440" });
    await expect(card.locator(".price")).toHaveText("From Rs. 1,899 / month");
    await expect(card.locator(".discount-badge")).toHaveCount(0);
    await page.goto(`/product?category=Laptops&maxPrice=1800&sort=createdAt`);
    await expect(page.locator(".product-card", { hasText: "Dell Latitude 3440" })).toHaveCount(0);
  });

  test("a customer books 2 units for 3 months with documents; staff alone can open them", async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    // Apart from the customer's browser: setting up the owner leaves a back-office session where it runs.
    await ensureOwner(request);
    const customer = await signedUp(page);
    await openProduct(page, DELL);
    const chooser = page.locator(".rental-book");
    await chooser.getByLabel("Tenure").selectOption("3");
    await chooser.getByLabel("Units").fill("2");
    await chooser.getByRole("button", { name: "Book this rental" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book this rental");

    const booking = page.locator("#booking-form");
    await expect(booking.getByRole("radio", { name: /^3 months: Rs\. 2,499 \/ month/ })).toBeChecked();
    await expect(booking.getByLabel("Units")).toHaveValue("2");
    await fillBooking(page, customer.firstname);
    await expect(page).toHaveURL(/\/my-rentals$/);
    await expect(page.getByText(/Your rental request RENT-\d{6} is received/)).toBeVisible();
    const card = page.locator(".order-card").first();
    await expect(card).toContainText("2 × 3 months at Rs. 2,499 / month");
    // Up front: two months' rent at Rs. 2,499 and two deposits of Rs. 10,000.
    await expect(card).toContainText("Rs. 24,998");
    await expect(card).toContainText("Requested");
    const reference = (await card.locator("dd").first().textContent()) ?? "";
    expect(reference).toMatch(/^RENT-\d{6}$/);

    // Staff find it in the back office and open both documents.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staffLogIn(staff, owner);
    await staff.goto("/admin/rentals?status=requested");
    await staff.getByRole("link", { name: reference }).click();
    await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Rental ${reference}: Requested`);
    const documents = staff.getByRole("region", { name: "Documents" }).getByRole("link");
    await expect(documents).toHaveText([
      "ID proof: Masked Aadhaar (only the last 4 digits showing)",
      "Address proof: Electricity, gas or telephone bill (last 3 months)",
    ]);
    const idProof = (await documents.first().getAttribute("href")) ?? "";
    const opened = await staff.request.get(idProof);
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toBe("image/png");
    expect(opened.headers()["content-disposition"]).toMatch(
      /^attachment; filename="RENT-\d{6}-id-proof\.png"$/,
    );
    expect((await opened.body()).subarray(1, 4).toString("latin1")).toBe("PNG");
    const addressProof = await staff.request.get((await documents.nth(1).getAttribute("href")) ?? "");
    expect((await addressProof.body()).toString("latin1")).toBe(PDF.toString("latin1"));
    await staffContext.close();

    // Nobody else can: not the customer who sent it, not another customer, not a visitor.
    expect((await page.request.get(idProof)).status()).toBe(404);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signedUp(other);
    expect((await other.request.get(idProof)).status()).toBe(404);
    await otherContext.close();
    const visitor = await browser.newContext();
    expect((await visitor.request.get(idProof)).status()).toBe(404);
    await visitor.close();
  });
});
