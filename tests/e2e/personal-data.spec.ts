import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { dismissToast, signedUp, signUpElsewhere, type TestCustomer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

/*
 * A customer's data on request (the Digital Personal Data Protection Act, 2023): the download and the deletion
 * on My Profile, in the js-on and js-off projects alike.
 */

function deleteForm(page: Page) {
  return page.getByRole("form", { name: "Delete my account" });
}

async function expectLoggedOut(page: Page) {
  await expect(page.getByRole("link", { name: /Log in\s+My Account/ })).toBeVisible();
}

test.describe("my data", () => {
  test("My Profile downloads the customer's own data as a JSON file, and nobody else's", async ({
    page,
    browser,
  }) => {
    const other = await signUpElsewhere(browser);
    const customer = await signedUp(page);
    await dismissToast(page);
    await page.goto("/my-profile");
    await expectNoAxeViolations(page);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kaveri-computers-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync(await download.path(), "utf8");
    const data = JSON.parse(text) as { profile: Partial<TestCustomer>; orders: unknown[] };
    expect(data.profile).toMatchObject({
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
      mobile: customer.mobile.replace(/\s/g, ""),
    });
    expect(data.orders).toEqual([]);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(customer.password);
    expect(text).not.toMatch(/scrypt/);
  });
});

test.describe("deleting the account", () => {
  test("a wrong password is refused on its field; the right one deletes the account, signs out and frees the address", async ({
    page,
  }) => {
    const customer = await signedUp(page);
    await dismissToast(page);
    await page.goto("/my-profile");
    const form = deleteForm(page);
    await form.getByLabel("Current Password").fill("not my password");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(form.getByText("Current password is incorrect", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Current Password")).toHaveValue("");
    await expect(form.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");
    // The refusal leaves the profile form as it was: read-only, not opened for editing.
    await expect(page.getByRole("form", { name: "Update Profile" }).getByLabel("Email")).toHaveAttribute(
      "readonly",
      "",
    );
    await dismissToast(page);

    await form.getByLabel("Current Password").fill(customer.password);
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your account has been deleted.");
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedOut(page);
    await dismissToast(page);

    const mail = await waitForMail(
      (received) =>
        received.to.includes(customer.email) &&
        received.subject === "Your Kaveri Computers account is deleted",
    );
    expect(mail.text).toContain("72 months");

    // The old address and password no longer sign in.
    await page.goto("/login");
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email").fill(customer.email);
    await login.getByLabel("Password").fill(customer.password);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(login.getByText("Invalid email or password")).toBeVisible();

    // My Profile asks to log in again.
    await page.goto("/my-profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-profile$/);

    // The same address signs up afresh, as a new account.
    await signedUp(page, customer);
    await dismissToast(page);
    await page.goto("/my-profile");
    await expect(page.getByRole("form", { name: "Update Profile" }).getByLabel("Email")).toHaveValue(
      customer.email,
    );
  });
});

test.describe("the privacy policy", () => {
  test("says what a customer can do and names the grievance contact", async ({ page }) => {
    await page.goto("/privacy-policy");
    const section = page.getByRole("region", { name: "Your data and your rights" });
    await expect(section.getByText(/Download my data/)).toBeVisible();
    await expect(section.getByText(/72 months/)).toBeVisible();
    await expect(section.getByRole("link", { name: "grievance@kavericomputers.in" })).toHaveAttribute(
      "href",
      "mailto:grievance@kavericomputers.in",
    );
    await expect(section.getByRole("link", { name: "My Profile" })).toHaveAttribute("href", "/my-profile");
  });
});
