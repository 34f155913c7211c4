import { expect, test } from "@playwright/test";

test.describe("toasts", () => {
  test("the newsletter box confirms with a toast rendered by the server", async ({ page }) => {
    await page.goto("/product");
    const email = `shopper-${Date.now()}-${Math.random().toString(36).slice(2)}@example.in`;
    await page.getByPlaceholder("Your Email Address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Subscribed to our newsletter");
    await expect(page).toHaveURL(/\/product$/);
    // The same address again is stored once and told so.
    await page.getByPlaceholder("Your Email Address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("toast")).toContainText("already subscribed");
  });

  test("a bad address gets the rules' message as an error toast", async ({ page }) => {
    await page.goto("/");
    await page.getByPlaceholder("Your Email Address").fill("not-an-email");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("toast")).toHaveText(/Email Should be valid/);
  });

  test("a toast closes itself after five seconds and can be dismissed sooner", async ({ page }) => {
    await page.goto("/");
    await page.getByPlaceholder("Your Email Address").fill("");
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Email is Required");
    await expect(toast).toBeHidden({ timeout: 7_000 });
    // Gone is gone: nothing of it still takes the clicks meant for the header's links under it.
    const under = await page.evaluate(() => {
      const close = document.querySelector(".toast-dismissed");
      const box = close?.getBoundingClientRect();
      if (!box) return "no toast";
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit?.closest(".toast-area") ? "the toast" : "the page";
    });
    expect(under).toBe("the page");

    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("toast")).toBeVisible();
    await page.getByRole("checkbox", { name: "Dismiss notification" }).check();
    await expect(page.getByTestId("toast")).toBeHidden();
  });
});
