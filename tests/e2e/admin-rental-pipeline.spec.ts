import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { signedUp } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { createRental, fillBooking } from "./support/rentals";
import { expect, test } from "./support/test";

/*
 * The dealer's rental pipeline in the back office (decision 0043), with JavaScript on and off: staff register
 * two units, a customer books them for 3 months and pays the deposit and first month on PhonePe, and staff take
 * the booking from the documents' check to the deposit settled less a Rs. 1,500 charge, which the customer then
 * reads in My Rentals with its invoices.
 */

/** Presses a move's button on the booking's page and waits for the new status in its heading. */
async function moveTo(page: Page, button: string, status: string) {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`: ${status}`);
}

test("staff take a booking on two registered units from request to a settled deposit", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await ensureOwner(request);
  const tag = randomBytes(3).toString("hex");
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staffLogIn(staff, owner);
  const title = `Pipeline rental ${tag}`;
  const productId = await createRental(staff.request, title, {
    "rental.rent3": "2500",
    "rental.deposit": "9000",
  });

  // Two units in the register: the product's availability now comes from there (its stock says 0).
  await staff.goto("/admin/rentals/units");
  for (const n of [1, 2]) {
    const form = staff.getByRole("form", { name: "Rental unit" });
    await form.getByLabel("Rented as").selectOption({ label: title });
    await form.getByLabel("Serial number").fill(`SN-${tag}-${n}`);
    await form.getByLabel("Asset tag").fill(`KC-${tag}-${n}`);
    await form.getByLabel("Battery health (%)").fill("88");
    await form.getByRole("button", { name: "Add unit" }).click();
    await expect(staff.getByText(`Unit KC-${tag}-${n} is saved.`)).toBeVisible();
  }

  const customer = await signedUp(page);
  await page.goto(`/product/${productId}/book?months=3&units=2`);
  await fillBooking(page, customer.firstname);
  await expect(page).toHaveURL(/\/my-rentals$/);
  const reference = (await page.locator(".order-card").first().locator("dd").first().textContent()) ?? "";

  await staff.goto("/admin/rentals");
  await staff.getByRole("link", { name: reference }).click();
  await moveTo(staff, "Documents verified", "Documents checked");
  // Approval needs exactly the two units asked for.
  await staff.getByLabel(new RegExp(`^KC-${tag}-1`)).check();
  await staff.getByRole("button", { name: "Approve with these units" }).click();
  await expect(staff.getByText("Choose exactly 2 units for this booking.")).toBeVisible();
  await staff.getByLabel(new RegExp(`^KC-${tag}-1`)).check();
  await staff.getByLabel(new RegExp(`^KC-${tag}-2`)).check();
  await moveTo(staff, "Approve with these units", "Approved");
  await expect(staff.locator(".admin-facts")).toContainText(`KC-${tag}-1, KC-${tag}-2`);
  // The customer pays the deposit and the first month on PhonePe from My Rentals: 2 × (Rs. 9,000 + Rs. 2,500).
  await page.goto("/my-rentals");
  const card = page.locator(".order-card", { hasText: reference });
  await expect(card.getByRole("table", { name: "Payments" })).toContainText("Deposit and month 1's rent");
  await card.getByRole("button", { name: "Pay Rs. 23,000 with PhonePe" }).click();
  await expect(page.getByRole("heading", { name: "PhonePe test simulator" })).toBeVisible();
  await page.getByRole("button", { name: "Success" }).click();
  await expect(page).toHaveURL(/\/my-rentals$/);
  await expect(page.getByTestId("toast")).toContainText("Thank you: your payment is received.");
  await expect(card).toContainText("Paid (PhonePe)");
  await expect(card.locator(".order-status")).toHaveText("Paid");
  // The month's rent has its tax invoice: the rental's SAC, CGST and SGST (Karnataka to Karnataka), and a PDF
  // that only the customer (and staff, from the back office) can open.
  await card.getByRole("link", { name: /^Invoice .* \(month 1\)/ }).click();
  await expect(page.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  await expect(page.locator("body")).toContainText("997315");
  await expect(page.locator("body")).toContainText("month 1 of 3");
  await expect(page.locator("body")).toContainText("CGST");
  const pdfUrl = (await page.getByRole("link", { name: "Download PDF" }).getAttribute("href")) ?? "";
  expect((await page.request.get(pdfUrl)).headers()["content-type"]).toBe("application/pdf");
  // Staff are no customer at the customer's address (sent to the shop's log-in); the back office has its own.
  const byStaff = await staff.request.get(pdfUrl, { maxRedirects: 0 });
  expect([byStaff.status(), byStaff.headers().location]).toEqual([
    303,
    `/login?${new URLSearchParams({ redirectTo: pdfUrl })}`,
  ]);
  const backOffice = await staff.request.get(
    pdfUrl.replace(/^\/my-rentals\/(\d+\/tax-documents\/\d+)\/pdf$/, "/admin/rentals/$1"),
  );
  expect([backOffice.status(), backOffice.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  await page.goto("/my-rentals");
  await staff.reload();
  await expect(staff.getByRole("heading", { level: 1 })).toContainText(": Paid");
  await expect(staff.getByRole("region", { name: "Payments" })).toContainText("Paid (PhonePe)");
  await staff
    .getByLabel(/^Note for the history/)
    .fill("Chargers and bags handed over; both screens checked.");
  await moveTo(staff, "Delivered and handed over", "Delivered");
  await moveTo(staff, "Rental started", "Active");
  await moveTo(staff, "Return requested", "Return requested");
  await moveTo(staff, "Picked up", "Picked up");
  await staff.getByLabel("Charge 1", { exact: true }).fill("Cracked hinge");
  await staff.getByLabel("Rupees for charge 1").fill("1500");
  await moveTo(staff, "Inspected", "Inspected");
  await moveTo(staff, "Deposit settled", "Deposit settled");
  await expect(staff.getByRole("region", { name: "History" })).toContainText("Chargers and bags handed over");

  // The deposit less the charge goes back as a PhonePe refund; the charge kept is invoiced.
  await expect(staff.getByRole("region", { name: "Payments" })).toContainText(
    "Deposit returned by: PhonePe refund",
  );
  await page.goto("/my-rentals");
  await expect(card).toContainText("Deposit settled");
  await expect(card.getByRole("link", { name: /^Invoice .* \(deposit kept\)/ })).toBeVisible();
  await expect(card).toContainText(
    "Deposit Rs. 18,000 less Rs. 1,500 (Cracked hinge Rs. 1,500): Rs. 16,500 returned.",
  );
  // Back with a charge found, the units wait in repair, with the booking in their history.
  await staff.goto("/admin/rentals/units");
  await expect(staff.getByRole("row", { name: new RegExp(`KC-${tag}-1`) })).toContainText("In repair");
  await staff.getByRole("link", { name: `KC-${tag}-1` }).click();
  await expect(staff.locator(".admin-history")).toContainText(`Handed over (${reference})`);
  await staffContext.close();
});
