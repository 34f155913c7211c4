import { expect, test } from "./support/test";

test.describe("the store on a phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the first product card's picture is whole on the first screen, the filters folded into a drawer", async ({
    page,
  }) => {
    await page.goto("/product");
    const picture = await page.locator(".product-card img").first().boundingBox();
    expect(picture).not.toBeNull();
    expect(picture?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((picture?.y ?? 640) + (picture?.height ?? 640)).toBeLessThanOrEqual(640);
    const summary = page.locator(".filter-drawer > summary");
    await expect(summary).toHaveText("Filters");
    await expect(page.getByRole("radio", { name: "Dell" })).toBeHidden();
    // Sort stays in reach without opening the drawer.
    await expect(page.getByRole("combobox", { name: "Sort By" })).toBeVisible();

    await summary.click();
    await expect(page.getByRole("radio", { name: "Dell" })).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "From" })).toBeVisible();
  });

  test("the drawer counts the filters in force and a chip removes its filter", async ({ page }) => {
    await page.goto("/product?brand=Dell");
    await expect(page.locator(".filter-drawer > summary")).toHaveText("Filters (1)");
    const chips = page.getByRole("navigation", { name: "Active filters" });
    await chips.getByRole("link", { name: "Remove Brand: Dell" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.locator(".filter-drawer > summary")).toHaveText("Filters");
    await expect(page.getByRole("navigation", { name: "Active filters" })).toHaveCount(0);

    await page.goto("/product?category=Laptops&brand=Lenovo&minPrice=40000&sort=price");
    await expect(page.locator(".filter-drawer > summary")).toHaveText("Filters (3)");
    await page
      .getByRole("navigation", { name: "Active filters" })
      .getByRole("link", { name: "Remove From Rs. 40,000" })
      .click();
    await expect(page).toHaveURL(/\/product\?category=Laptops&brand=Lenovo&sort=price$/);
    await expect(page.locator(".filter-drawer > summary")).toHaveText("Filters (2)");
  });

  test("sorting works from the toolbar with the drawer folded", async ({ page, javaScriptEnabled }) => {
    await page.goto("/product?category=Accessories");
    await page.getByRole("combobox", { name: "Sort By" }).selectOption("-price");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/\/product\?category=Accessories&sort=-price$/);
  });
});

test.describe("the store on a wide screen", () => {
  test("shows the filters without a drawer to open", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/product?brand=Dell");
    await expect(page.locator(".filter-drawer > summary")).toBeHidden();
    await expect(page.getByRole("radio", { name: "Dell" })).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "From" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Shop By Categories" })).toBeVisible();
    await expect(
      page
        .getByRole("navigation", { name: "Active filters" })
        .getByRole("link", { name: "Remove Brand: Dell" }),
    ).toBeVisible();
  });
});
