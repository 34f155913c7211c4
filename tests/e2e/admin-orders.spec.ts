import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { dismissToast } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { waitForMail } from "./support/mail";
import { customerBuys, moveTo } from "./support/orders";
import { expect, test } from "./support/test";

/*
 * The back office's orders, in both browser projects: a customer buys through the PhonePe simulator; a staff
 * member (invited by the owner on the staff page) finds the order by the customer's e-mail and ships it; the
 * customer sees it on My Orders and gets the mail; the owner refunds part of it, once; the staff member has
 * no refund form and a refund they post anyway is refused.
 */

/**
 * A product of the seed catalogue bought only by the back office's order specs (this one and
 * admin-orders.hostile.spec.ts), whose 22 units cover all their orders of a run.
 */
const PRODUCT_ID = 9;

/** The owner invites a staff member on the staff page; the member sets a password from the link shown. */
async function staffMember(ownerPage: Page, browser: Browser): Promise<Page> {
  const member = { name: "Arjun Rao", email: `arjun.${randomBytes(4).toString("hex")}@kaveri.test` };
  await ownerPage.goto("/admin/staff");
  const invite = ownerPage.getByRole("form", { name: "Invite a staff member" });
  await invite.getByLabel("Name").fill(member.name);
  await invite.getByLabel("Email").fill(member.email);
  await invite.getByLabel("Role").selectOption("staff");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const note = ownerPage
    .getByRole("status")
    .filter({ hasText: "If it does not arrive, give them this link" });
  const link = (await note.getByRole("link").getAttribute("href")) ?? "";
  expect(link).toMatch(/\/admin\/invite\/[\w-]+$/);
  const theirs = await (await browser.newContext()).newPage();
  await theirs.goto(new URL(link).pathname);
  await theirs.getByLabel("Password", { exact: true }).fill("arjun-ships-parcels-2026");
  await theirs.getByRole("button", { name: "Set my password" }).click();
  await expect(theirs.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  return theirs;
}

test.describe("back office: orders", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("staff ship a customer's order, the customer sees it and is told; the owner refunds part, once", async ({
    page,
    browser,
  }) => {
    test.slow();
    const { customer, orderId } = await customerBuys(page, PRODUCT_ID);
    const tracking = `BD${randomBytes(4).toString("hex").toUpperCase()}`;

    const ownerPage = await (await browser.newContext()).newPage();
    await staffLogIn(ownerPage, owner);
    const staffPage = await staffMember(ownerPage, browser);

    // Staff find the order by the customer's e-mail.
    await staffPage.getByRole("link", { name: "Orders", exact: true }).click();
    await expect(staffPage.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    const filters = staffPage.getByRole("form", { name: "Filter orders" });
    await filters.getByLabel("Search").fill(customer.email);
    await filters.getByRole("button", { name: "Show" }).click();
    await expect(staffPage).toHaveURL(new RegExp(`q=${encodeURIComponent(customer.email)}`));
    await expect(staffPage.getByText("1 order matches, newest first.")).toBeVisible();
    const row = staffPage.getByRole("row", { name: new RegExp(`#${orderId}\\b`) });
    await expect(row).toContainText(`${customer.firstname} ${customer.lastname}`);
    await expect(row).toContainText("Ordered");
    await expect(row).toContainText("Paid");
    await expectNoAxeViolations(staffPage);
    await row.getByRole("link", { name: `#${orderId}` }).click();
    await expect(staffPage.getByRole("heading", { name: `Order #${orderId}`, level: 1 })).toBeVisible();
    await expect(staffPage.getByRole("region", { name: "Customer" })).toContainText(customer.email);
    await expect(staffPage.getByRole("region", { name: "Payment and shipping" })).toContainText(/KC\d{14}/);
    await expect(staffPage.getByRole("region", { name: "History" })).toContainText("Ordered (order placed)");
    await expectNoAxeViolations(staffPage);

    // A second tab keeps the page as it is now, to be out of date in a moment.
    const staleTab = await staffPage.context().newPage();
    await staleTab.goto(staffPage.url());

    // Only the allowed next statuses are offered.
    const choices = staffPage.getByRole("form", { name: "Change status" }).getByLabel("New status");
    await expect(choices.locator("option")).toHaveText(["Processed", "Cancelled"]);
    await moveTo(staffPage, orderId, "Processed");
    await dismissToast(staffPage);
    await moveTo(staffPage, orderId, "Shipped", { courier: "Blue Dart", trackingNumber: tracking });
    const history = staffPage.getByRole("region", { name: "History" });
    await expect(history.getByRole("row").filter({ hasText: "Processed → Shipped" })).toContainText(
      `Blue Dart, ${tracking}`,
    );
    await expect(history.getByRole("row").filter({ hasText: "Ordered → Processed" })).toContainText(
      "Arjun Rao",
    );

    // The out-of-date tab is told someone else changed the order, and nothing is overwritten.
    const staleForm = staleTab.getByRole("form", { name: "Change status" });
    await staleForm.getByLabel("New status").selectOption("Cancelled");
    await staleForm.getByRole("button", { name: "Change status" }).click();
    await expect(
      staleTab.getByRole("alert").filter({ hasText: "Someone else changed this order" }),
    ).toContainText("it is now Shipped");
    await expect(staleTab.locator(".admin-order-head .order-status-badge")).toHaveText("Shipped");

    // A staff member has no refund form, and a refund posted anyway is refused.
    const refundPanel = staffPage.getByRole("region", { name: "Refund" });
    await expect(refundPanel).toContainText("Only an owner can refund an order.");
    await expect(staffPage.getByRole("button", { name: "Refund through PhonePe" })).toHaveCount(0);
    const posted = await staffPage.context().request.post(`/admin/orders/${orderId}`, {
      form: { intent: "refund", amount: "100" },
      headers: { Origin: new URL(staffPage.url()).origin },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(403);
    await staleTab.close();

    // The customer sees Shipped and the tracking number on My Orders, and has the mail.
    await page.goto("/my-orders");
    const card = page.locator(".order-card").filter({ hasText: `#${orderId}` });
    await expect(card.locator(".order-status")).toHaveText("Shipped");
    await expect(card.locator(".order-shipping")).toHaveText(
      `Shipped with Blue Dart, tracking number ${tracking}`,
    );
    const mail = await waitForMail((m) => m.to.includes(customer.email) && m.subject.includes("Shipped"));
    expect(mail.subject).toBe(`Your Kaveri Computers order #${orderId} is Shipped`);
    expect(mail.text).toContain(`Tracking number: ${tracking}`);
    expect(mail.text).toContain("Courier: Blue Dart");
    expect(mail.text).toContain("/my-orders");

    // The owner refunds part of it, once; a second try from an older tab is refused.
    await ownerPage.goto(`/admin/orders/${orderId}`);
    const secondTab = await ownerPage.context().newPage();
    await secondTab.goto(ownerPage.url());
    const refund = ownerPage.getByRole("form", { name: "Refund through PhonePe" });
    await refund.getByLabel("Amount to refund (rupees)").fill("0");
    await refund.getByRole("button", { name: "Refund through PhonePe" }).click();
    await expect(refund.getByText("The refund must be more than Rs. 0")).toBeVisible();
    await refund.getByLabel("Amount to refund (rupees)").fill("1,000");
    await refund.getByLabel("Reason (optional, for the history)").fill("Carry case returned");
    await refund.getByRole("button", { name: "Refund through PhonePe" }).click();
    await expect(ownerPage.getByTestId("toast")).toContainText("Refund of Rs. 1,000 requested from PhonePe");
    const ownerRefund = ownerPage.getByRole("region", { name: "Refund" });
    await expect(ownerRefund).toContainText("Rs. 1,000 of");
    await expect(ownerRefund).toContainText(/Pending at PhonePe|Confirmed by PhonePe|Completed/);
    await expect(ownerPage.locator(".admin-order-head .order-status-badge")).toHaveText("Shipped");
    await expect(
      ownerPage.getByRole("region", { name: "History" }).getByRole("row").filter({ hasText: "Part refund" }),
    ).toContainText("Part refund of Rs. 1,000 requested from PhonePe: Carry case returned");
    await expectNoAxeViolations(ownerPage);

    const again = secondTab.getByRole("form", { name: "Refund through PhonePe" });
    await again.getByLabel("Amount to refund (rupees)").fill("500");
    await again.getByRole("button", { name: "Refund through PhonePe" }).click();
    await expect(secondTab.getByRole("alert").filter({ hasText: "already had its refund" })).toBeVisible();
    await expect(secondTab.getByRole("region", { name: "Refund" })).toContainText("Rs. 1,000 of");
    await expect(secondTab.getByRole("button", { name: "Refund through PhonePe" })).toHaveCount(0);
    await secondTab.close();

    // The list shows the part refund.
    await ownerPage.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`);
    await expect(ownerPage.getByRole("row", { name: new RegExp(`#${orderId}\\b`) })).toContainText(
      "Part refund",
    );
    await staffPage.context().close();
    await ownerPage.context().close();
  });

  test("the order list and an order's page fit a 360 px phone; refunds without an order are listed", async ({
    page,
    browser,
  }) => {
    test.slow();
    // An order of this test's own, so there is always one to open.
    const shopper = await (await browser.newContext()).newPage();
    const { customer, orderId } = await customerBuys(shopper, PRODUCT_ID);
    await shopper.context().close();

    await page.setViewportSize({ width: 360, height: 740 });
    await staffLogIn(page, owner);
    await page.getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    const filters = page.getByRole("form", { name: "Filter orders" });
    await filters.getByLabel("Search").fill(customer.email);
    await filters.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("1 order matches, newest first.")).toBeVisible();
    expect(await fits()).toBe(true);
    await page
      .getByRole("row", { name: new RegExp(`#${orderId}\\b`) })
      .getByRole("link", { name: `#${orderId}` })
      .click();
    await expect(page.getByRole("heading", { name: `Order #${orderId}`, level: 1 })).toBeVisible();
    expect(await fits()).toBe(true);
    // Unknown filters are dropped from the address rather than failing.
    await page.goto("/admin/orders?status=Lost&from=2026-02-30&q=");
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await page.getByRole("link", { name: "Refunds", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Refunds without an order", level: 1 })).toBeVisible();
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page);
  });
});
