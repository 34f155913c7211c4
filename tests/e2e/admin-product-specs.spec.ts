import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";

/*
 * A product's specification in the back office (issue 31), with JavaScript on and off: staff set a laptop's
 * RAM and processor, the edit form shows them after a reload and the audit trail names the change; a RAM out of
 * range is refused beside its field with everything typed kept; the product list finds the laptop by its RAM;
 * and a new category's fields show at once with JavaScript, or after the save without it. Each test works on
 * a product of its own, titled with the project's name (both projects share one server).
 */

const productForm = (page: Page) => page.getByRole("form", { name: "Product details" });

/** A product of the test's own, created through the new-product form's post; its edit page's address. */
async function ownProduct(page: Page, title: string, category: string): Promise<string> {
  const created = await page.request.post("/admin/products/new", {
    multipart: {
      title,
      description: "<p>A machine whose specification staff fill in.</p>",
      brand: "Dell",
      category,
      productType: "new",
      colours: "1",
      mrp: "70000",
      offerPrice: "65000",
      stock: "4",
    },
    maxRedirects: 0,
  });
  expect(created.status(), "the owner creates the product").toBe(303);
  return created.headers().location ?? "";
}

test.describe("back office: product specifications", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("staff set a laptop's RAM to 16 GB and the store's 16 GB facet finds it at once", async ({
    page,
  }, testInfo) => {
    test.slow();
    const title = `Kaveri Facet Laptop ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    const edit = await ownProduct(page, title, "Laptops");
    const store = `/product?category=Laptops&ram=16`;
    await page.goto(store);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);

    await page.goto(edit);
    await productForm(page).getByLabel("RAM (GB)").fill("16");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(page.getByTestId("toast")).toContainText("Product saved");

    // Newest first: the laptop is on the facet's first page, and on no other RAM's.
    await page.goto(store);
    await expect(page.locator(".product-card-title").getByRole("link", { name: title })).toBeVisible();
    await page.goto("/product?category=Laptops&ram=8");
    await expect(page.locator(".product-card-title").getByRole("link", { name: title })).toHaveCount(0);
  });

  test("staff set a laptop's RAM and processor: the form shows them after a reload, the audit trail and the list too", async ({
    page,
  }, testInfo) => {
    test.slow();
    const title = `Kaveri Spec Laptop ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    const edit = await ownProduct(page, title, "Laptops");
    await page.goto(edit);
    const form = productForm(page);
    const specs = form.getByRole("region", { name: "Specifications" });
    await expect(specs.getByRole("group", { name: "Processor and memory" })).toBeVisible();
    await expect(specs.getByLabel("RAM (GB)")).toHaveAttribute("type", "number");
    await expect(specs.getByLabel("RAM (GB)")).toHaveValue("");
    await expect(specs.getByLabel("Processor", { exact: true })).toHaveValue("");
    // A refurbished machine's grade is not asked of a new one.
    await expect(specs.getByLabel("Refurbished grade")).toHaveCount(0);
    await specs.getByLabel("RAM (GB)").fill("32");
    await specs.getByLabel("Processor", { exact: true }).selectOption({ label: "Intel Core i7" });
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByTestId("toast")).toContainText("Product saved");

    await page.reload();
    await expect(productForm(page).getByLabel("RAM (GB)")).toHaveValue("32");
    await expect(productForm(page).getByLabel("Processor", { exact: true })).toHaveValue("core-i7");

    // Out of range: refused beside its field, and what was typed stays; nothing is saved.
    await productForm(page).getByLabel("Brand", { exact: true }).fill("Dell Typed");
    await productForm(page).getByLabel("RAM (GB)").fill("999");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    const ram = productForm(page).getByLabel("RAM (GB)");
    await expect(productForm(page).getByText("RAM must be from 1 to 256 GB.")).toBeVisible();
    await expect(ram).toHaveAttribute("aria-invalid", "true");
    await expect(ram).toHaveValue("999");
    await expect(productForm(page).getByLabel("Brand", { exact: true })).toHaveValue("Dell Typed");
    await expect(productForm(page).getByLabel("Processor", { exact: true })).toHaveValue("core-i7");
    await expectNoAxeViolations(page);
    await page.goto(edit);
    await expect(productForm(page).getByLabel("RAM (GB)")).toHaveValue("32");
    await expect(productForm(page).getByLabel("Brand", { exact: true })).toHaveValue("Dell");

    // The audit trail names the change, before and after.
    const id = /\/admin\/products\/(\d+)$/.exec(edit)?.[1];
    await page.goto(`/admin/audit?subject=${encodeURIComponent(`product ${id}`)}`);
    const update = page.getByRole("row").filter({ hasText: "product.update" });
    await expect(update).toHaveCount(1);
    await expect(update).toContainText("Processor — → Intel Core i7");
    await expect(update).toContainText("RAM — → 32 GB");

    // The product list finds it by its RAM, and not among those without a specification.
    await page.goto(`/admin/products?q=${encodeURIComponent(title)}`);
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("Specification", { exact: true }).selectOption({ label: "RAM" });
    await page.getByLabel("Its value").fill("32 GB");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]spec=ram_gb%3A32(&|$)/);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
    await expect(page.getByLabel("Its value")).toHaveValue("32");
    await page.goto(`/admin/products?q=${encodeURIComponent(title)}&spec=none`);
    await expect(page.getByText("No products match. Try fewer filters.")).toBeVisible();
    await page.goto(`/admin/products?q=${encodeURIComponent(title)}&spec=ram_gb:16`);
    await expect(page.getByText("No products match. Try fewer filters.")).toBeVisible();
  });

  test("a new category's specification fields show at once with JavaScript, or after saving without it", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.slow();
    const title = `Kaveri Spec Reader ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    const edit = await ownProduct(page, title, "Biometric");
    await page.goto(edit);
    const form = productForm(page);
    await expect(form.getByRole("group", { name: "Identifies by" })).toBeVisible();
    await form.getByRole("checkbox", { name: "Face", exact: true }).check();
    await form.getByLabel("Category", { exact: true }).fill("Laptops");

    if (javaScriptEnabled) {
      // The laptop's fields replace the reader's before anything is saved.
      await expect(form.getByRole("group", { name: "Identifies by" })).toHaveCount(0);
      await form.getByLabel("RAM (GB)").fill("16");
      await form.getByRole("button", { name: "Save product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product saved");
      await expect(page.getByTestId("toast")).not.toContainText("fill in its specification");
    } else {
      // The form was drawn for a reader: the category is saved, and the laptop's fields are asked for next.
      await expect(form.getByLabel("RAM (GB)")).toHaveCount(0);
      await form.getByRole("button", { name: "Save product" }).click();
      await expect(page.getByTestId("toast")).toContainText(
        "Product saved. Its category or type changed: fill in its specification below.",
      );
      await expect(productForm(page).getByLabel("Category", { exact: true })).toHaveValue("Laptops");
      await expect(productForm(page).getByRole("group", { name: "Identifies by" })).toHaveCount(0);
      await productForm(page).getByLabel("RAM (GB)").fill("16");
      await productForm(page).getByRole("button", { name: "Save product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product saved");
    }
    await page.goto(edit);
    await expect(productForm(page).getByLabel("Category", { exact: true })).toHaveValue("Laptops");
    await expect(productForm(page).getByLabel("RAM (GB)")).toHaveValue("16");
  });

  test("a new laptop's specification is filled in on the new page with JavaScript, or on its edit page without it", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.slow();
    const title = `Kaveri Spec New ${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    await page.goto("/admin/products/new");
    const form = productForm(page);
    await expect(form.getByText("This category has no specification fields.")).toBeVisible();
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Description", { exact: true }).fill("<p>A new laptop.</p>");
    await form.getByLabel("Brand", { exact: true }).fill("Acer");
    await form.getByLabel("Category", { exact: true }).fill("Laptops");
    await form.getByRole("checkbox", { name: "Black", exact: true }).check();
    await form.getByLabel("MRP (Rs.)").fill("40000");
    await form.getByLabel("Offer price (Rs.)").fill("38000");
    await form.getByLabel("Stock (units)").fill("2");
    if (javaScriptEnabled) {
      await form.getByLabel("RAM (GB)").fill("8");
      await form.getByRole("button", { name: "Create product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product created. Add its pictures below.");
      await expect(page.getByTestId("toast")).not.toContainText("fill in its specification");
    } else {
      await expect(form.getByLabel("RAM (GB)")).toHaveCount(0);
      await form.getByRole("button", { name: "Create product" }).click();
      await expect(page.getByTestId("toast")).toContainText(
        "Product created. Add its pictures below. Then fill in its specification.",
      );
      await expect(productForm(page).getByLabel("RAM (GB)")).toHaveValue("");
      await productForm(page).getByLabel("RAM (GB)").fill("8");
      await productForm(page).getByRole("button", { name: "Save product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product saved");
    }
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await page.reload();
    await expect(productForm(page).getByLabel("RAM (GB)")).toHaveValue("8");
  });
});
