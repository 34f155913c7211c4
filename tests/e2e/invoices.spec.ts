import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { signUp } from "./support/accounts";
import { addToCart, fillAddress, placeOrder } from "./support/checkout";
import { expect, test } from "./support/test";

/*
 * GST tax invoices (issue 17): a customer pays through the simulator and downloads the invoice from My Orders;
 * the PDF's own text is read back, as the customer's accountant would read it.
 */

/** The seed's sample GSTIN of the dealer (migration 0013). */
const SHOP_GSTIN = "29AAHCK4591M1ZS";

/** "₹54,090.00": a total as the invoice prints it. */
const printed = (rupees: number) =>
  `₹${rupees.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Pays for one of product 2 (a laptop, HSN 8471) sent to `where`; returns the total paid in rupees. */
async function payFor(
  page: Page,
  where: { city: string; state: string; pin: string },
  business?: { gstin: string; name: string },
): Promise<number> {
  await signUp(page);
  const price = await addToCart(page, 2, 1);
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
    await signUp(otherPage);
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
    await signUp(page);
    await addToCart(page, 2, 1);
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

  test("an order not yet paid, or no order at all, has no invoice", async ({ page }) => {
    await signUp(page);
    for (const path of ["/my-orders/999999/documents/invoice/pdf", "/my-orders/1/documents/receipt/pdf"]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
  });
});
