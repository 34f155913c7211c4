import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { dismissToast, signedUp } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { fillAddress, placeOrder, putInCart } from "./support/checkout";
import { moveTo } from "./support/orders";
import { expect, test } from "./support/test";

/*
 * GST tax invoices (issue 17): a customer pays through the simulator and downloads the invoice from My Orders;
 * the PDF's own text is read back, as the customer's accountant would read it.
 */

/** The seed's sample GSTIN of the dealer (migration 0013). */
const SHOP_GSTIN = "29AAHCK4591M1ZS";

const MOUSE = "Logitech M331 Silent Plus Wireless Mouse";

/** A seeded product's id, found by its title as the search box's suggestions give it. */
async function seededProductId(page: Page, title: string): Promise<number> {
  const response = await page.request.get(`/search-suggestions?q=${encodeURIComponent(title)}`);
  const { suggestions } = (await response.json()) as { suggestions: { id: number; title: string }[] };
  const match = suggestions.find((s) => s.title === title);
  if (!match) throw new Error(`no seeded product titled ${title}`);
  return match.id;
}

/** "₹54,090.00": a total as the invoice prints it. */
const printed = (rupees: number) =>
  `₹${rupees.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Pays for one of product 2 (a laptop, HSN 8471) sent to `where`; returns the total paid in rupees. */
async function payFor(
  page: Page,
  where: { city: string; state: string; pin: string },
  business?: { gstin: string; name: string },
): Promise<number> {
  await signedUp(page);
  const price = await putInCart(page, 2, 1);
  await page.goto("/checkout");
  const form = await fillAddress(page);
  await form.getByLabel("City").fill(where.city);
  await form.getByLabel("State").selectOption(where.state);
  await form.getByLabel("PIN Code").fill(where.pin);
  if (business) {
    await page.getByText("Buying for a business? Add your GSTIN").click();
    await form.getByLabel("GSTIN (for a business purchase)").fill(business.gstin);
    await form.getByLabel("Business name").fill(business.name);
  }
  await placeOrder(page);
  await page.getByRole("button", { name: "Success" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByTestId("toast")).toContainText("Ordered createad Successfully!");
  return price + 100;
}

/** Downloads the first order's tax invoice from My Orders and returns the PDF's text. */
async function invoiceText(page: Page): Promise<{ text: string; url: string }> {
  const link = page.locator(".order-card").first().getByRole("link", { name: "Tax invoice" });
  const url = new URL((await link.getAttribute("href")) ?? "", page.url()).toString();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^Tax-Invoice-KC-\d\d-\d\d-\d{6}\.pdf$/);
  const pdf = await readFile((await download.path()) ?? "");
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return { text, url };
}

test.describe("GST tax invoices", () => {
  test("a Bengaluru customer's invoice has the shop's GSTIN, the HSN, CGST and SGST and the total", async ({
    page,
    browser,
  }) => {
    const total = await payFor(page, { city: "Bengaluru", state: "Karnataka", pin: "560003" });
    const { text, url } = await invoiceText(page);
    for (const expected of ["Tax Invoice", SHOP_GSTIN, "8471", "CGST", "SGST", printed(total)]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("IGST");
    expect(text).toContain("Tax payable on reverse charge: No");
    expect(text).toContain("Authorised signatory");

    // The printable page says the same.
    await page.goto(url.replace(/\/pdf$/, ""));
    await expect(page.getByRole("heading", { name: /Tax Invoice/ })).toBeVisible();
    await expect(page.locator("body")).toContainText(SHOP_GSTIN);

    // Another customer gets nothing for the same address.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signedUp(otherPage);
    expect((await otherPage.request.get(url)).status()).toBe(404);
    expect((await otherPage.request.get(url.replace(/\/pdf$/, ""))).status()).toBe(404);
    await other.close();
  });

  test("a business in Chennai gets IGST and its own GSTIN on the invoice", async ({ page }) => {
    const total = await payFor(
      page,
      { city: "Chennai", state: "Tamil Nadu", pin: "600017" },
      { gstin: "29abcde1234f1zw", name: "Iyer Traders" },
    );
    const { text } = await invoiceText(page);
    for (const expected of ["Tax Invoice", "IGST", "29ABCDE1234F1ZW", "Iyer Traders", printed(total)]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("CGST");
  });

  test("a GSTIN one character off is refused on its field, with what was typed kept", async ({ page }) => {
    await signedUp(page);
    await putInCart(page, 2, 1);
    await page.goto("/checkout");
    const form = await fillAddress(page);
    await page.getByText("Buying for a business? Add your GSTIN").click();
    await form.getByLabel("GSTIN (for a business purchase)").fill("29ABCDE1234F1ZX");
    await form.getByLabel("Business name").fill("Iyer Traders");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(form.getByText(/This GSTIN is not valid/)).toBeVisible();
    await expect(form.getByLabel("GSTIN (for a business purchase)")).toHaveValue("29ABCDE1234F1ZX");
    await expect(form.getByLabel("City")).toHaveValue("Bengaluru");
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("a cash order has no invoice for the customer or the staff until its cash is collected, then it has one", async ({
    page,
    browser,
    request,
    extraHTTPHeaders,
  }) => {
    // A purchase, two back-office steps and the documents read both ways: more than 30 s on a busy machine.
    test.slow();
    await ensureOwner(request);

    // A cash-on-delivery order exists, unpaid, from the moment Place Order is pressed.
    await signedUp(page);
    await putInCart(page, await seededProductId(page, MOUSE), 1);
    await page.goto("/checkout");
    const form = await fillAddress(page);
    await form.getByRole("radio", { name: /^Cash on delivery/ }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
    const card = page.locator(".order-card").first();
    const orderId = Number(
      ((await card.locator(".order-head dd").first().textContent()) ?? "").replace("#", ""),
    );
    expect(orderId).toBeGreaterThan(0);
    await expect(card.locator(".order-cash")).toContainText("to pay on delivery");

    const customerPdf = `/my-orders/${orderId}/documents/invoice/pdf`;
    const staffPdf = `/admin/orders/${orderId}/documents/invoice/pdf`;
    const invoiceLink = card.getByRole("link", { name: "Tax invoice" });

    // Not paid: the customer has no invoice link, and the invoice's addresses answer 404.
    await expect(card.locator(".order-status")).toHaveText("Ordered");
    await expect(invoiceLink).toHaveCount(0);
    for (const path of [customerPdf, customerPdf.replace(/\/pdf$/, "")]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }

    // Nor has the staff: no invoice on the order's page, and 404 at the back office's addresses.
    const dealerContext = await browser.newContext(extraHTTPHeaders ? { extraHTTPHeaders } : {});
    const dealer = await dealerContext.newPage();
    await staffLogIn(dealer, owner);
    await dismissToast(dealer);
    await dealer.goto(`/admin/orders/${orderId}`);
    const facts = dealer.getByRole("region", { name: "Payment and shipping" });
    await expect(facts).toContainText("Cash on delivery");
    await expect(facts.getByText("Tax invoice", { exact: true })).toHaveCount(0);
    await expect(facts.locator(`a[href="${staffPdf}"]`)).toHaveCount(0);
    for (const path of [staffPdf, staffPdf.replace(/\/pdf$/, "")]) {
      expect((await dealer.request.get(path)).status(), path).toBe(404);
    }

    // The control: confirmed, delivered and the cash collected, the same order has its invoice, for both.
    await moveTo(dealer, orderId, "Processed");
    await dismissToast(dealer);
    const collect = dealer.getByRole("form", { name: "Delivered, cash collected" });
    await collect.getByRole("button", { name: "Delivered, cash collected" }).click();
    await expect(dealer.locator(".admin-order-head .order-status-badge")).toHaveText("Delivered");
    await expect(facts.getByText("Tax invoice", { exact: true })).toBeVisible();
    await expect(facts.locator(`a[href="${staffPdf}"]`)).toBeVisible();
    const staffAnswer = await dealer.request.get(staffPdf);
    expect(staffAnswer.status()).toBe(200);
    expect(staffAnswer.headers()["content-type"]).toBe("application/pdf");
    await dealerContext.close();

    await page.goto("/my-orders");
    await expect(card.locator(".order-status")).toHaveText("Delivered");
    await expect(invoiceLink).toHaveAttribute("href", customerPdf);
    const { text } = await invoiceText(page);
    expect(text).toContain("Tax Invoice");
    expect(text).toContain(SHOP_GSTIN);

    // With an invoice issued, an order that does not exist and a kind of document that does not exist still
    // answer 404.
    for (const path of [
      "/my-orders/999999/documents/invoice/pdf",
      `/my-orders/${orderId}/documents/receipt/pdf`,
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
  });
});
