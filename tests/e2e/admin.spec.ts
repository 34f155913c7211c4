import { randomBytes } from "node:crypto";
import { dismissToast, signedUp } from "./support/accounts";
import { ensureOwner, freshShop, owner, staffLogIn, staffLogInByForm } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

test.describe("back office: first run", () => {
  test("the link printed at start creates the owner, once", async ({ page }) => {
    test.slow();
    const shop = await freshShop();
    try {
      let link = "";
      await expect(async () => {
        link = /Create the owner account at (\S+)/.exec(shop.output())?.[1] ?? "";
        expect(link).toContain(`${shop.origin}/admin/setup/`);
      }).toPass({ timeout: 30_000 });

      const setupPage = await page.goto(link);
      // The page holds a secret in its URL: its Referer names only the site, even to the shop itself.
      expect(setupPage?.headers()["referrer-policy"]).toBe("strict-origin");
      await expect(page.getByRole("heading", { name: "Set up the owner account" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Your name").fill("Ravi Kumar");
      await page.getByLabel("Email").fill("Ravi@Example.in");
      await page.getByLabel("Password").fill("short");
      await page.getByRole("button", { name: "Create the owner account" }).click();
      await expect(page.getByText("password must be at least 8 characters")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue("Ravi@Example.in");

      await page.getByLabel("Password").fill("kaveri-first-owner-2026");
      await page.getByRole("button", { name: "Create the owner account" }).click();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await expect(page.getByText("Owner account created. Welcome to the back office")).toBeVisible();
      await expect(page.getByRole("link", { name: "Staff" })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(link);
      await expect(page.getByRole("alert")).toContainText("already been used");
    } finally {
      await shop.stop();
    }
  });
});

test.describe("back office: staff", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("an owner invites a member, who sets a password and works without the owners' pages", async ({
    page,
    browser,
  }) => {
    // Three browsers, two mails and a dozen forms: on a loaded CI machine this needs more than one minute.
    test.slow();
    const member = { name: "Priya Nair", email: `priya.${randomBytes(4).toString("hex")}@kaveri.test` };
    await staffLogInByForm(page, owner);
    await page.getByRole("link", { name: "Staff" }).click();
    await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
    const invite = page.getByRole("form", { name: "Invite a staff member" });
    await invite.getByLabel("Name").fill(member.name);
    await invite.getByLabel("Email").fill(member.email);
    await invite.getByLabel("Role").selectOption("staff");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    const note = page.getByRole("status").filter({ hasText: "If it does not arrive, give them this link" });
    await expect(note).toContainText(`Invitation sent to ${member.email}`);
    const link = (await note.getByRole("link").getAttribute("href")) ?? "";
    expect(link).toMatch(/\/admin\/invite\/[\w-]+$/);
    await expect(page.getByRole("row", { name: new RegExp(member.email) })).toContainText("Invited");
    await expectNoAxeViolations(page);

    const mail = await waitForMail((m) => m.to.includes(member.email));
    expect(mail.text).toContain(link);

    // The member, in a browser of their own.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await theirs.goto(new URL(link).pathname);
    await expect(theirs.getByText(`Welcome, ${member.name}`)).toBeVisible();
    await theirs.getByLabel("Password", { exact: true }).fill("priya-chooses-this-2026");
    await theirs.getByRole("button", { name: "Set my password" }).click();
    await expect(theirs.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(theirs.getByRole("navigation", { name: "Back office" })).toContainText("Priya Nair (Staff)");
    await expect(theirs.getByRole("link", { name: "Staff" })).toHaveCount(0);
    const forbidden = await theirs.goto("/admin/staff");
    expect(forbidden?.status()).toBe(403);
    await expect(theirs.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(theirs.getByText("Only an owner can do that")).toBeVisible();
    await expect(theirs.getByText(member.email)).toHaveCount(0);
    expect((await theirs.goto("/admin/audit"))?.status()).toBe(403);

    // The member forgot their password: the owner sends a new link; setting it signs the old session out.
    await page.goto("/admin/staff");
    await page
      .getByRole("row", { name: new RegExp(member.email) })
      .getByRole("button", { name: `New password link for ${member.name}` })
      .click();
    const resetNote = page.getByRole("status").filter({ hasText: "If it does not arrive" });
    await expect(resetNote).toContainText(`New password link sent to ${member.email}`);
    const resetLink = (await resetNote.getByRole("link").getAttribute("href")) ?? "";
    const second = await browser.newContext();
    const fresh = await second.newPage();
    await fresh.goto(new URL(resetLink).pathname);
    await fresh.getByLabel("Password", { exact: true }).fill("priya-new-choice-2026");
    await fresh.getByRole("button", { name: "Set my password" }).click();
    await expect(fresh.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await second.close();
    await theirs.goto("/admin");
    await expect(theirs).toHaveURL(/\/admin\/login/);
    await staffLogInByForm(theirs, { email: member.email, password: "priya-new-choice-2026" });

    // The owner disables the member: signed out at once.
    await page.goto("/admin/staff");
    await page
      .getByRole("row", { name: new RegExp(member.email) })
      .getByRole("button", { name: `Disable ${member.name}` })
      .click();
    await expect(page.getByText("Staff member disabled and signed out")).toBeVisible();
    await theirs.goto("/admin");
    await expect(theirs).toHaveURL(/\/admin\/login$/);
    await context.close();

    // The owner reads who did it in the audit trail, narrowed to staff changes.
    await page.getByRole("link", { name: "Audit trail" }).click();
    await page.getByLabel("Area").selectOption("staff");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/area=staff/);
    const rows = page.getByRole("row").filter({ hasText: "staff.disable" });
    await expect(rows.first()).toContainText(owner.name);
    await rows.first().getByRole("link").click();
    await expect(page.getByRole("row").filter({ hasText: "staff.invite" })).toHaveCount(1);
    await expect(page.getByRole("row").filter({ hasText: "staff.password-link" })).toContainText(owner.name);
    // Both links were used by the member: the invitation, then the new password.
    const accepted = page.getByRole("row").filter({ hasText: "staff.accept-invite" });
    await expect(accepted).toHaveCount(2);
    await expect(accepted.first()).toContainText(member.name);
    await expectNoAxeViolations(page);
  });

  test("a wrong password is refused with a message and the e-mail kept", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(owner.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("a customer's session opens no back-office page", async ({ page }) => {
    await signedUp(page);
    for (const path of ["/admin", "/admin/staff", "/admin/audit"]) {
      const answer = await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login/);
      expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    }
    await expect(page.getByRole("heading", { name: "Back office log-in" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the dashboard shows the day's sales and what needs doing, and log-out ends the session", async ({
    page,
  }) => {
    await staffLogIn(page, owner);
    await expect(page.getByText("Welcome to the back office")).toBeVisible();
    for (const label of [
      "Today",
      "This month",
      "Orders to process",
      "Unread enquiries",
      "Rental requests to check",
      "Rentals ending within 14 days",
    ]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await dismissToast(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("heading", { name: "Back office log-in" })).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
