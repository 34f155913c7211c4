import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { shopMonthOf } from "~/features/invoices";
import { parseCsv } from "~/lib/csv";
import { formatRupeeFigures } from "~/lib/money";
import { dismissToast } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { customerBuys } from "./support/orders";
import { expect, test } from "./support/test";

/*
 * The accountant's month: a customer pays, the owner opens this month's GST register, finds the invoice and
 * downloads the B2CS file, whose sums are the page's totals to the paisa. Nobody but an owner sees it.
 */

/** A money column of a CSV file, summed in paise from its text. */
function columnSum(csv: string, column: string): number {
  const parsed = parseCsv(csv);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header = [], ...rows] = parsed.records;
  const index = header.indexOf(column);
  expect(index, column).toBeGreaterThanOrEqual(0);
  return rows.reduce((total, row) => {
    const text = row[index] ?? "";
    const [rupees = "0", paise = "0"] = text.replace("-", "").split(".");
    const value = Number(rupees) * 100 + Number(paise);
    return total + (text.startsWith("-") ? -value : value);
  }, 0);
}

/** The cells of a table's row by their column's heading (the header cell first). */
async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.locator("th, td").allTextContents()).map((text) => text.trim());
}

/** The B2CS row's taxable value and taxes as the page shows them, and the file its link gives. */
async function b2csNow(page: Page, month: string) {
  await page.goto(`/admin/gst?month=${month}`);
  const row = page.locator('tr[data-section="b2cs"]');
  const [, , , taxable, igst, cgst, sgst] = await cellsOf(row);
  const href = (await row.getByRole("link", { name: "B2CS CSV" }).getAttribute("href")) ?? "";
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  return { shown: { taxable, igst, cgst, sgst }, csv: await answer.text(), href };
}

test.describe("back office: GST register", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("the owner finds a paid order's invoice in this month's register, and the B2CS file matches the page", async ({
    page,
    browser,
  }) => {
    test.slow();
    const month = shopMonthOf(new Date());
    const { orderId } = await customerBuys(page, 3);

    // The customer is not let in.
    const refused = await page.goto("/admin/gst");
    expect(refused?.url()).toMatch(/\/admin\/login\?redirectTo=/);
    await expect(page.getByText("Iyer Traders")).toHaveCount(0);

    const context = await browser.newContext();
    const ownerPage = await context.newPage();
    await staffLogIn(ownerPage, owner);
    await dismissToast(ownerPage);
    await ownerPage
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "GST register" })
      .click();
    await expect(ownerPage.getByRole("heading", { name: "GST register", level: 1 })).toBeVisible();
    const picker = ownerPage.getByRole("form", { name: "Choose the month" });
    await expect(picker.getByLabel("Month")).toHaveValue(month);

    // The order's invoice is listed, in B2CS (a consumer in Bengaluru), and links to the order.
    const listed = ownerPage
      .getByRole("row")
      .filter({ has: ownerPage.locator(`a[href="/admin/orders/${orderId}"]`) });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText("Invoice");
    await expect(listed).toContainText("B2CS");
    await expectNoAxeViolations(ownerPage);

    // The same month chosen through the form.
    await picker.getByLabel("Month").fill(month);
    await picker.getByRole("button", { name: "Show" }).click();
    await expect(ownerPage).toHaveURL(new RegExp(`/admin/gst\\?month=${month}$`));

    // The page's B2CS totals are the file's sums (read together again if another test's order came between).
    await expect(async () => {
      const { shown, csv } = await b2csNow(ownerPage, month);
      expect(csv.startsWith("\uFEFFType,Place Of Supply,")).toBe(true);
      expect(csv).toContain("\r\nOE,29-Karnataka,,");
      expect(shown).toEqual({
        taxable: formatRupeeFigures(columnSum(csv, "Taxable Value")),
        igst: formatRupeeFigures(columnSum(csv, "Integrated Tax Amount")),
        cgst: formatRupeeFigures(columnSum(csv, "Central Tax Amount")),
        sgst: formatRupeeFigures(columnSum(csv, "State/UT Tax Amount")),
      });
    }).toPass({ timeout: 20_000 });

    // The link downloads the file as a file.
    const downloading = ownerPage.waitForEvent("download");
    await ownerPage.locator('tr[data-section="b2cs"]').getByRole("link", { name: "B2CS CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`gstr1-${month}-b2cs.csv`);
    expect(readFileSync(await download.path(), "utf8")).toContain("OE,29-Karnataka,,");

    // A month that is not one: 400, the form and a message; a month with nothing says so.
    const bad = await ownerPage.goto("/admin/gst?month=2026-13");
    expect(bad?.status()).toBe(400);
    await expect(ownerPage.locator("#month-problem")).toHaveText(
      "Choose a month, such as 2026-11 for November 2026.",
    );
    await expect(ownerPage.getByRole("form", { name: "Choose the month" }).getByLabel("Month")).toBeVisible();
    await ownerPage.goto("/admin/gst?month=2019-01");
    await expect(
      ownerPage.getByText("No invoices or credit notes were issued in January 2019."),
    ).toBeVisible();
    await context.close();
  });

  test("a visitor gets the log-in page and a staff member who is not an owner is refused", async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    for (const path of ["/admin/gst", "/admin/gst.csv?month=2026-11&section=b2b"]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(303);
      expect(answer.headers().location, path).toMatch(/^\/admin\/login\?redirectTo=/);
    }

    // A staff member, invited by the owner, sets a password and tries.
    const member = { name: "Ravi Kumar", email: `ravi.${randomBytes(4).toString("hex")}@kaveri.test` };
    await staffLogIn(page, owner);
    await page.goto("/admin/staff");
    const invite = page.getByRole("form", { name: "Invite a staff member" });
    await invite.getByLabel("Name").fill(member.name);
    await invite.getByLabel("Email").fill(member.email);
    await invite.getByLabel("Role").selectOption("staff");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    const note = page.getByRole("status").filter({ hasText: "If it does not arrive, give them this link" });
    const link = (await note.getByRole("link").getAttribute("href")) ?? "";
    expect(link).toMatch(/\/admin\/invite\/[\w-]+$/);

    const context = await browser.newContext();
    const theirs = await context.newPage();
    await theirs.goto(new URL(link).pathname);
    await theirs.getByLabel("Password", { exact: true }).fill("ravi-chooses-this-2026");
    await theirs.getByRole("button", { name: "Set my password" }).click();
    await expect(theirs.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(theirs.getByRole("link", { name: "GST register" })).toHaveCount(0);
    const forbidden = await theirs.goto("/admin/gst");
    expect(forbidden?.status()).toBe(403);
    await expect(theirs.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(theirs.getByRole("table")).toHaveCount(0);
    const file = await theirs.request.get("/admin/gst.csv?month=2026-11&section=b2cs");
    expect(file.status()).toBe(403);
    expect(await file.text()).not.toContain("29-Karnataka");
    await context.close();
  });
});
