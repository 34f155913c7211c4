import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { shop } from "~/lib/shop";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/test";

const messages = [
  "First Name is Required",
  "Email is Required",
  "Mobile No is Required",
  "comments is Required",
];

// The test machine is offline: the map tile server answers with a stub so the page never waits on it.
test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/[a-z.]*openstreetmap\.org\//, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: '<!doctype html><html lang="en"><head><title>Map</title></head><body><p>Map</p></body></html>',
    }),
  );
});

/** Opens the page; with JavaScript on, waits until React has hydrated it so Conform handles the form. */
async function openContact(page: Page, path = "/contact") {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  return contactForm(page);
}

function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Contact" });
  return {
    form,
    name: form.getByLabel("Name", { exact: true }),
    email: form.getByLabel("Email", { exact: true }),
    mobile: form.getByLabel("Mobile Number", { exact: true }),
    comment: form.getByLabel("Comments", { exact: true }),
    submit: form.getByRole("button", { name: "Submit" }),
  };
}

/**
 * Submits the form. Without JavaScript it is a real POST whose status is returned; with JavaScript an invalid
 * form must be stopped in the browser (no request, no page load), so null is returned then.
 */
async function submitExpectingRejection(page: Page, javaScriptEnabled: boolean): Promise<number | null> {
  const { submit } = contactForm(page);
  if (!javaScriptEnabled) {
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && /\/contact$/i.test(new URL(r.url()).pathname),
      ),
      submit.click(),
    ]);
    await page.waitForLoadState("load");
    return response.status();
  }
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.evaluate(() => {
    (window as Window & { contactMarker?: boolean }).contactMarker = true;
  });
  await submit.click();
  await expect(page.locator(".field-error").first()).toBeVisible();
  expect(posts).toEqual([]);
  expect(await page.evaluate(() => (window as Window & { contactMarker?: boolean }).contactMarker)).toBe(
    true,
  );
  return null;
}

test.describe("Contact Us", () => {
  test("shows the breadcrumb, the map and the shop's details", async ({ page }) => {
    await openContact(page);
    await expect(page).toHaveTitle("Contact Us | Kaveri Computers");
    const main = page.getByRole("main");
    const breadcrumb = main.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb).toContainText("Contact Us");
    await expect(main.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();

    const map = main.locator('iframe[title="Map to Kaveri Computers, SP Road, Bengaluru"]');
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
    const box = await map.boundingBox();
    expect(box?.width).toBeGreaterThan(0);
    expect(box?.height).toBeGreaterThan(0);
    await expect(main.getByRole("link", { name: "Open the map" })).toHaveAttribute(
      "href",
      /openstreetmap\.org.*12\.966/,
    );

    const details = main.getByRole("region", { name: "Get In Touch With Us" });
    for (const line of shop.address) await expect(details).toContainText(line);
    await expect(details.getByRole("link", { name: shop.hotline })).toHaveAttribute("href", shop.hotlineHref);
    await expect(details.getByRole("link", { name: shop.email })).toHaveAttribute(
      "href",
      `mailto:${shop.email}`,
    );
    await expect(details).toContainText("Monday to Friday, 10 AM to 8 PM");

    const { name, email, mobile, comment, form } = contactForm(page);
    await expect(form).toHaveAttribute("novalidate", "");
    await expect(name).toBeVisible();
    await expect(email).toHaveAttribute("type", "email");
    await expect(mobile).toHaveAttribute("type", "tel");
    await expect(mobile).toHaveAttribute("inputmode", "numeric");
    await expect(comment).toBeVisible();
    expect(await comment.evaluate((el) => el.tagName)).toBe("TEXTAREA");
    // The honeypot is out of sight, out of the tab order and hidden from assistive technology.
    const honeypot = form.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(honeypot).toHaveAttribute("aria-hidden", "true");

    await expectNoAxeViolations(page);
  });

  test("answers at /Contact and at /contact", async ({ page }) => {
    for (const path of ["/Contact", "/contact"]) {
      const { form } = await openContact(page, path);
      await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
      await expect(form).toBeVisible();
    }
  });

  test("an empty form shows the four spec messages", async ({ page, javaScriptEnabled }) => {
    await openContact(page);
    const status = await submitExpectingRejection(page, javaScriptEnabled);
    if (!javaScriptEnabled) expect(status).toBe(400);

    const { name, email, mobile, comment } = contactForm(page);
    for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
    for (const [field, message] of [
      [name, messages[0]],
      [email, messages[1]],
      [mobile, messages[2]],
      [comment, messages[3]],
    ] as const) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message ?? "");
    }
    await expectNoAxeViolations(page);
  });

  test("a bad e-mail is refused and everything typed stays", async ({ page, javaScriptEnabled }) => {
    const { name, email, mobile, comment } = await openContact(page);
    await name.fill("Lakshmi Narayan");
    await email.fill("lakshmi-at-example");
    await mobile.fill("+91 98450 12345");
    await comment.fill("Do you rent laptops for a week-long training?");
    const status = await submitExpectingRejection(page, javaScriptEnabled);
    if (!javaScriptEnabled) expect(status).toBe(400);

    const form = contactForm(page);
    await expect(form.form.getByText("Email Should be valid", { exact: true })).toBeVisible();
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expect(form.email).toHaveValue("lakshmi-at-example");
    await expect(form.name).toHaveValue("Lakshmi Narayan");
    await expect(form.mobile).toHaveValue("+91 98450 12345");
    await expect(form.comment).toHaveValue("Do you rent laptops for a week-long training?");
    for (const field of [form.name, form.mobile, form.comment]) {
      await expect(field).not.toHaveAttribute("aria-invalid", "true");
    }
    await expect(page.locator(".field-error")).toHaveCount(1);
  });

  test("a valid enquiry is sent, confirmed by a toast, and the form is emptied", async ({ page }) => {
    const { name, email, mobile, comment, submit } = await openContact(page, "/Contact");
    await name.fill("Lakshmi Narayan");
    await email.fill("lakshmi@example.in");
    await mobile.fill("098450-12345");
    await comment.fill("Please quote for 4 CCTV cameras with installation.");
    await submit.click();

    await expect(page.getByTestId("toast")).toContainText("Contact Form Submitted Successfully");
    await expect(page).toHaveURL(/\/contact$/);
    const after = contactForm(page);
    await expect(after.name).toHaveValue("");
    await expect(after.email).toHaveValue("");
    await expect(after.mobile).toHaveValue("");
    await expect(after.comment).toHaveValue("");
    await expect(page.locator(".field-error")).toHaveCount(0);
  });

  test("a filled honeypot looks like success to the bot, and only the person's enquiry reaches the inbox", async ({
    page,
    browser,
    request,
    extraHTTPHeaders,
  }) => {
    // Two enquiries and a back-office log-in: a busy 2-core machine needs more than 30 s.
    test.slow();
    await ensureOwner(request);
    // One marker for this test's two enquiries: the bot's and the person's differ only in the honeypot.
    const marker = randomBytes(5).toString("hex");
    const bot = {
      name: "Spam Bot",
      email: `bot.${marker}@spam.example`,
      comment: `Cheap followers ${marker}`,
    };
    const person = {
      name: "Lakshmi Narayan",
      email: `lakshmi.${marker}@example.in`,
      comment: `Please quote for 4 CCTV cameras ${marker}`,
    };
    const send = async (who: typeof bot, honeypot?: string) => {
      const { form, name, email, mobile, comment, submit } = await openContact(page);
      await name.fill(who.name);
      await email.fill(who.email);
      await mobile.fill("9876543210");
      await comment.fill(who.comment);
      if (honeypot) await form.locator('input[name="website"]').fill(honeypot, { force: true });
      await submit.click();
      // A fresh page each time: the toast can only be this submission's.
      await expect(page.getByTestId("toast")).toContainText("Contact Form Submitted Successfully");
      await expect(page).toHaveURL(/\/contact$/);
      await expect(contactForm(page).email).toHaveValue("");
    };
    await send(bot, "https://spam.example");
    // The control, sent after the bot's: a person's enquiry, the same but for the empty honeypot.
    await send(person);

    // The owner's inbox (unread first, newest first) lists the person's enquiry and not the bot's, which would
    // sit beside it had it been stored. The shop sends no mail for an enquiry, so there is none to look for.
    const context = await browser.newContext(extraHTTPHeaders ? { extraHTTPHeaders } : {});
    const inbox = await context.newPage();
    await staffLogIn(inbox, owner);
    await inbox.goto("/admin/enquiries");
    await expect(inbox.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
    const ours = inbox.getByRole("row").filter({ hasText: marker });
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText(person.email);
    await expect(ours).toContainText(person.comment);
    await expect(inbox.getByText(bot.email)).toHaveCount(0);
    await context.close();
  });

  test("a field's message shows once it has been touched (on blur with JavaScript)", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { name, email, mobile, comment } = await openContact(page);
    await expect(page.locator(".field-error")).toHaveCount(0);
    await name.focus();
    await email.focus();
    if (!javaScriptEnabled) {
      // Without JavaScript nothing can react to the blur: the page stays clean and the server answers on submit.
      await expect(page.locator(".field-error")).toHaveCount(0);
      await submitExpectingRejection(page, false);
      await expect(page.getByText("First Name is Required", { exact: true })).toBeVisible();
      return;
    }
    await expect(page.getByText("First Name is Required", { exact: true })).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    // Untouched fields stay quiet.
    await expect(page.getByText("Email is Required", { exact: true })).toHaveCount(0);

    await email.fill("ravi@");
    await mobile.focus();
    await expect(page.getByText("Email Should be valid", { exact: true })).toBeVisible();
    // Typing into a field with an error re-checks it as the shopper types.
    await email.fill("ravi@example.in");
    await expect(page.getByText("Email Should be valid", { exact: true })).toHaveCount(0);
    await name.fill("Ravi");
    await expect(page.getByText("First Name is Required", { exact: true })).toHaveCount(0);

    await mobile.fill("12345");
    await comment.focus();
    await expect(page.getByText("Mobile No is Required", { exact: true })).toBeVisible();
    await comment.focus();
    await name.focus();
    await expect(page.getByText("comments is Required", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
