import { dismissToast } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";

test.describe("back office: settings", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("an owner sets an express fee, refused values keep what was typed, and a holiday comes and goes", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await staffLogIn(page, owner);
    await dismissToast(page);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "Shop and delivery" });
    // The seeded policy: 4 PM, Monday to Friday, cash on delivery up to Rs. 50,000.
    await expect(form.getByLabel("Order cut-off (24-hour time, India)")).toHaveValue("16:00");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
      await expect(form.getByRole("checkbox", { name: day })).toBeChecked();
    }
    await expect(form.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
    await expect(form.getByLabel("Largest order paid in cash (Rs.)")).toHaveValue("50000");
    await expect(form.getByRole("checkbox", { name: "Offer cash on delivery" })).toBeChecked();
    const zones = page.getByRole("region", { name: "Delivery zones" });
    await expect(zones.getByRole("row", { name: /Andaman and Nicobar Islands/ })).toContainText("744");
    await expectNoAxeViolations(page);

    // Wrong values: each field says why, and what was typed stays.
    await form.getByLabel("Order cut-off (24-hour time, India)").fill("4 PM");
    await form.getByLabel("WhatsApp number").fill("12345");
    await form.getByLabel("Express delivery fee (Rs.)").fill("250");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(
      form.getByText("Enter the cut-off as a time of day, e.g. 16:00", { exact: true }),
    ).toBeVisible();
    await expect(
      form.getByText("Enter an Indian WhatsApp number with its area code, e.g. +91 98450 12345", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(form.getByLabel("Order cut-off (24-hour time, India)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(form.getByLabel("Express delivery fee (Rs.)")).toHaveValue("250");
    await expect(form.getByRole("checkbox", { name: "Monday" })).toBeChecked();

    // Put right and saved: the shop offers express delivery at once.
    await form.getByLabel("Order cut-off (24-hour time, India)").fill("16:00");
    await form.getByLabel("WhatsApp number").fill("+91 80 4125 6789");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Settings saved.");
    await expect(form.getByLabel("Express delivery fee (Rs.)")).toHaveValue("250");
    await page.goto("/product/2?pin=600017");
    await expect(page.getByRole("region", { name: "Check delivery" }).getByRole("status")).toContainText(
      /Express delivery by \w+day, \d{1,2} \w+ for Rs\. 250/,
    );

    // A festival day the library does not know, added and removed (each browser project its own day).
    const day = javaScriptEnabled ? "2027-03-15" : "2027-03-16";
    await page.goto("/admin/settings");
    const holidays = page.getByRole("region", { name: "Holidays" });
    const add = page.getByRole("form", { name: "Add a holiday" });
    await add.getByLabel("Date").fill(day);
    await add.getByRole("button", { name: "Add holiday" }).click();
    await expect(add.getByText("Name the holiday", { exact: true })).toBeVisible();
    await add.getByLabel("Name").fill("Test festival");
    await add.getByRole("button", { name: "Add holiday" }).click();
    await expect(page.getByTestId("toast")).toContainText("Holiday added.");
    const remove = holidays.getByRole("button", { name: `Remove Test festival (${day})` });
    await expect(remove).toBeVisible();
    // India's own holidays were copied in from the library at start-up.
    await expect(holidays).toContainText("Independence Day");
    await remove.click();
    await expect(page.getByTestId("toast")).toContainText("Holiday removed.");
    await expect(holidays.getByRole("button", { name: `Remove Test festival (${day})` })).toHaveCount(0);

    // The audit trail says who changed what.
    await page.goto("/admin/audit?area=settings");
    await expect(page.getByRole("row").filter({ hasText: "settings.update" }).first()).toContainText(
      owner.name,
    );
  });

  test("the GST registration shows the sample GSTIN, and a wrong one is refused with what was typed kept", async ({
    page,
  }) => {
    await staffLogIn(page, owner);
    await page.goto("/admin/settings");
    const gst = page.getByRole("form", { name: "GST registration" });
    await expect(gst.getByText("The GSTIN below is a sample")).toBeVisible();
    await expect(gst.getByLabel("GSTIN (sample)")).toHaveValue("29AAHCK4591M1ZS");
    // Refused values only: the shared test server's invoices keep the sample registration.
    await gst.getByLabel("Legal name").fill("Kaveri Computers Pvt Ltd (typed)");
    await gst.getByLabel("GSTIN (sample)").fill("29ABCDE1234F1ZX");
    await gst.getByRole("button", { name: "Save GST registration" }).click();
    await expect(gst.getByText(/This GSTIN is not valid/)).toBeVisible();
    await expect(gst.getByLabel("GSTIN (sample)")).toHaveValue("29ABCDE1234F1ZX");
    await expect(gst.getByLabel("Legal name")).toHaveValue("Kaveri Computers Pvt Ltd (typed)");
    await gst.getByLabel("GSTIN (sample)").fill("33ABCDE1234F1Z0");
    await gst.getByLabel("Invoice number prefix").fill("KAVERI");
    await gst.getByRole("button", { name: "Save GST registration" }).click();
    await expect(gst.getByLabel("Invoice number prefix")).toHaveValue("KAVERI");
    await expect(gst.locator(".field-error").first()).toBeVisible();
    // Nothing refused was saved (a fresh GET: a reload after a post without JavaScript would post again).
    await page.goto("/admin/settings");
    await expect(page.getByRole("form", { name: "GST registration" }).getByLabel("Legal name")).toHaveValue(
      "Kaveri Computers Private Limited",
    );
    await expectNoAxeViolations(page);
  });

  test("only an owner reaches the settings", async ({ playwright, baseURL, extraHTTPHeaders }) => {
    // A context of its own: the set-up in beforeEach may have signed the shared one in as the owner.
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    const page = await visitor.get("/admin/settings", { maxRedirects: 0 });
    expect(page.status()).toBe(303);
    expect(page.headers().location).toMatch(/^\/admin\/login/);
    const post = await visitor.post("/admin/settings", {
      form: { intent: "settings", cutoff: "00:00" },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(303);
    expect(post.headers().location).toMatch(/^\/admin\/login/);
    await visitor.dispose();
  });
});
