import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { createRental } from "./support/rentals";
import { expect, test } from "./support/test";

/*
 * A rental's plans in the back office (decision 0043), with JavaScript on and off: staff give a rental its
 * rents by tenure and deposit in the product form, in place of MRP and offer price; a longer tenure dearer a
 * month is refused beside its field with what was typed kept; the shop's page and card follow at once. Each
 * test works on a product of its own (both projects share one server).
 */

const productForm = (page: Page) => page.getByRole("form", { name: "Product details" });
const plans = (page: Page) => productForm(page).getByRole("group", { name: /^Rental plans/ });

test.describe("back office: rental plans", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("staff give a rental its plans and deposit, and its page and card show them at once", async ({
    page,
  }, testInfo) => {
    test.slow();
    const title = `Kaveri Rental Laptop ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    const edit = `/admin/products/${await createRental(page.request, title, { "rental.rent1": "3000", "rental.deposit": "9000" }, "4")}`;
    await page.goto(edit);
    await expect(productForm(page).getByLabel("MRP (Rs.)")).toHaveCount(0);
    await expect(plans(page).getByLabel("1 month, a month")).toHaveValue("3000");
    await plans(page).getByLabel("12 months, a month").fill("2200");
    await plans(page).getByLabel("Refundable deposit, per unit").fill("12000");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(page.getByTestId("toast")).toContainText("Product saved");
    await expect(plans(page).getByLabel("12 months, a month")).toHaveValue("2200");

    const id = edit.split("/").pop();
    await page.goto(`/product/${id}`);
    const table = page.getByRole("table", { name: "Monthly rent by tenure, GST included" });
    await expect(table.getByRole("row", { name: /^12 months/ })).toContainText("Rs. 2,200 / month");
    // Up front for 12 months: a month's rent and the deposit.
    await expect(table.getByRole("row", { name: /^12 months/ })).toContainText("Rs. 14,200");
    await expect(page.locator(".rental-terms")).toContainText("Rs. 12,000 per unit");
    await page.goto(`/product?q=${encodeURIComponent(title)}`);
    await expect(
      page.locator(".product-card", { hasText: "Kaveri Rental Laptop" }).locator(".price"),
    ).toHaveText("From Rs. 2,200 / month");
  });

  test("a longer tenure dearer a month is refused beside its field, with what was typed kept", async ({
    page,
  }, testInfo) => {
    test.slow();
    const title = `Kaveri Rental Refused ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    const edit = `/admin/products/${await createRental(page.request, title, { "rental.rent1": "3000", "rental.deposit": "9000" }, "4")}`;
    await page.goto(edit);
    await plans(page).getByLabel("6 months, a month").fill("3500");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(plans(page)).toContainText("The rent for 6 months must not be above the rent for 1 month.");
    await expect(plans(page).getByLabel("6 months, a month")).toHaveValue("3500");
    const id = edit.split("/").pop();
    await page.goto(`/product/${id}`);
    await expect(
      page.getByRole("table", { name: "Monthly rent by tenure, GST included" }).getByRole("row"),
    ).toHaveCount(2);
  });
});
