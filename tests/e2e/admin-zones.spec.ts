import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { dismissToast } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";

const HEADER =
  "name,pin_list,delivers,standard_days_min,standard_days_max,express_days_min,express_days_max,cash_on_delivery";

/** The product page's delivery check, as a shopper uses it. */
async function checkDelivery(page: Page, pin: string) {
  await page.goto("/product/2");
  const box = page.getByRole("region", { name: "Check delivery" });
  await box.getByLabel("PIN code").fill(pin);
  await box.getByRole("button", { name: "Check delivery" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]pin=${pin}`));
  return box.getByRole("status");
}

test.describe("back office: delivery zones", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("an owner adds a zone, stops delivering to it, exports the zones and has a wrong file refused", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    // Each browser project its own PIN code and zone: both run against the same shop, maybe at once. Other
    // specs' PIN codes (Bengaluru, Chennai, the islands) are left alone.
    const pin = javaScriptEnabled ? "248001" : "180001";
    const name = `Test zone ${javaScriptEnabled ? "js-on" : "js-off"} ${Date.now()}`;
    await staffLogIn(page, owner);
    await dismissToast(page);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Delivery zones" })
      .click();
    await expect(page.getByRole("heading", { name: "Delivery zones", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Delivery zones" });
    await expect(table.getByRole("row", { name: /Andaman and Nicobar Islands/ })).toContainText("744");
    await expectNoAxeViolations(page);

    // A new zone: wrong values each get their message, and what was typed stays.
    await page.getByRole("link", { name: "Add a zone" }).click();
    await expect(page.getByRole("heading", { name: "New delivery zone", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "Zone details" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("PIN codes").fill(`${pin.slice(0, 5)}x`);
    await form.getByLabel("Express: fewest days").fill("1");
    await form.getByRole("button", { name: "Add zone" }).click();
    await expect(form.getByText(`“${pin.slice(0, 5)}x” is not a PIN prefix or range`)).toBeVisible();
    await expect(
      form.getByText("Enter both express numbers, or leave both empty", { exact: false }),
    ).toBeVisible();
    await expect(form.getByLabel("PIN codes")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name")).toHaveValue(name);
    await expectNoAxeViolations(page);
    await form.getByLabel("PIN codes").fill(pin);
    await form.getByLabel("Express: fewest days").fill("");
    await form.getByLabel("Standard: fewest days").fill("2");
    await form.getByLabel("Standard: most days").fill("3");
    await form.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByTestId("toast")).toContainText("Zone added.");
    await expect(page).toHaveURL(/\/admin\/zones$/);
    const row = table.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText(pin);
    await expect(row).toContainText("2–3");
    await expect(await checkDelivery(page, pin)).toContainText("Delivery by");

    // Edited so that the shop does not deliver there: the product page says so at once.
    await page.goto("/admin/zones");
    await table.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("checkbox", { name: "The shop delivers here" }).uncheck();
    await page.getByRole("button", { name: "Save zone" }).click();
    await expect(page.getByTestId("toast")).toContainText("Zone saved.");
    await expect(
      table
        .getByRole("row", { name: new RegExp(name) })
        .getByRole("cell")
        .nth(1),
    ).toHaveText("No");
    await expect(await checkDelivery(page, pin)).toHaveText(`We do not deliver to ${pin} yet`);

    // The CSV file: every zone, yes/no, ready to import again.
    await page.goto("/admin/zones");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the zones as CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^delivery-zones-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain("All of India,1 2 3 4 5 6 7 8 9,yes,5,7,2,3,yes");
    expect(lines).toContain(`${name},${pin},no,2,3,,,yes`);

    // The same file with two wrong rows: refused as a whole, each row named, and nothing changed.
    const broken = `${csv}Broken pins,12x,yes,5,7,,,yes\r\nBad days,560,yes,9,3,,,maybe\r\n`;
    const importForm = page.getByRole("form", { name: "Import zones from a CSV file" });
    await importForm
      .getByLabel("CSV file")
      .setInputFiles({ name: "zones.csv", mimeType: "text/csv", buffer: Buffer.from(broken) });
    await importForm.getByRole("button", { name: "Import and replace all zones" }).click();
    const problems = page.getByRole("form", { name: "Import zones from a CSV file" }).getByRole("alert");
    await expect(problems).toContainText("Nothing was imported");
    const brokenRow = lines.length; // the header is row 1, and the file ended with a line break
    await expect(problems).toContainText(`Row ${brokenRow}: pin_list: “12x” is not a PIN prefix or range`);
    await expect(problems).toContainText(
      `Row ${brokenRow + 1}: standard_days_max: Standard delivery: the fewest days cannot be more than the most; cash_on_delivery: write yes or no`,
    );
    await expectNoAxeViolations(page);
    await expect(table.getByRole("row", { name: /Broken pins/ })).toHaveCount(0);
    await expect(table.getByRole("row", { name: new RegExp(name) })).toBeVisible();
    await expect(await checkDelivery(page, pin)).toHaveText(`We do not deliver to ${pin} yet`);

    // Deleted after the confirmation step; the PIN code falls back to the national zone.
    await page.goto("/admin/zones");
    await table.getByRole("link", { name }).click();
    await page.getByRole("link", { name: `Delete “${name}”…` }).click();
    await expect(page.getByText(`Delete the zone “${name}”?`)).toBeVisible();
    await page.getByRole("button", { name: `Yes, delete “${name}”` }).click();
    await expect(page.getByTestId("toast")).toContainText("Zone deleted.");
    await expect(table.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
    await expect(await checkDelivery(page, pin)).toContainText("Delivery by");

    // The audit trail says who did what.
    await page.goto("/admin/audit?area=zone");
    for (const action of ["zone.create", "zone.update", "zone.delete"]) {
      await expect(page.getByRole("row").filter({ hasText: action }).first()).toContainText(owner.name);
    }
  });
});
