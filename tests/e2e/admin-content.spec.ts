import type { Page } from "@playwright/test";
import { ensureOwner, owner, pngPicture, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { BACK_OFFICE_POST, uniqueWord } from "./support/content";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

/*
 * The back office's content, end to end in both projects (JavaScript on and off): a shopper's enquiry answered
 * by e-mail from the inbox, a blog post from draft to published and back, and a newsletter subscriber
 * unsubscribed and left out of the CSV export. Both projects share one server, so every text is unique.
 */

test.beforeEach(async ({ page, request }) => {
  await ensureOwner(request);
  // The test machine is offline: the Contact page's map answers with a stub so the page never waits on it.
  await page.route(/^https:\/\/[a-z.]*openstreetmap\.org\//, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: '<!doctype html><html lang="en"><head><title>Map</title></head><body><p>Map</p></body></html>',
    }),
  );
});

const toast = (page: Page) => page.getByTestId("toast");

test("a shopper's enquiry is read and answered by e-mail from the inbox", async ({ page, browser }) => {
  // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
  test.slow();
  const word = uniqueWord();
  const shopper = { name: `Ravi ${word}`, email: `ravi.${word}@kaveri.test` };
  const question = `Do you rent out 10 laptops for a week of training? (${word})`;

  // The shopper sends it by the Contact form's post, from a context of their own (the form itself is
  // contact.spec.ts's).
  const context = await browser.newContext();
  const sent = await context.request.post("/contact", {
    form: { name: shopper.name, email: shopper.email, mobile: "98450 12345", comment: question },
    headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
    maxRedirects: 0,
  });
  expect(sent.status(), "the enquiry is sent").toBe(303);
  await context.close();

  // Staff find it among the unread ones from the dashboard.
  await staffLogIn(page, owner);
  await page.getByRole("link", { name: "Unread enquiries" }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries\?show=unread$/);
  await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: shopper.email });
  await expect(row).toContainText("Unread");
  await expect(row).toContainText("9845012345");
  await expectNoAxeViolations(page);

  // Opening it marks it read.
  await row.getByRole("link", { name: new RegExp(shopper.name) }).click();
  await expect(page.getByRole("heading", { name: `Enquiry from ${shopper.name}`, level: 1 })).toBeVisible();
  await expect(page.getByText(question)).toBeVisible();
  await expect(page.getByText("No reply yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  const enquiryUrl = page.url();
  await page.goto("/admin/enquiries?show=read");
  await expect(page.getByRole("row").filter({ hasText: shopper.email })).toContainText("Read");
  await page.goto("/admin/enquiries?show=unread");
  await expect(page.getByRole("row").filter({ hasText: shopper.email })).toHaveCount(0);

  // A reply without a message is refused, the subject kept.
  await page.goto(enquiryUrl);
  const reply = page.getByRole("form", { name: "Reply by e-mail" });
  await expect(reply.getByLabel("Subject")).toHaveValue("Re: Your enquiry to Kaveri Computers");
  await reply.getByLabel("Subject").fill(`Laptop rental ${word}`);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(reply.getByText("Message is Required")).toBeVisible();
  await expect(reply.getByLabel("Subject")).toHaveValue(`Laptop rental ${word}`);

  const answer = `Yes: Rs. 1,500 a laptop a week, delivered. (${word})`;
  await reply.getByLabel("Message").fill(answer);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page)).toContainText(`Reply sent to ${shopper.email}`);
  const replies = page.getByRole("region", { name: "Replies" });
  await expect(replies).toContainText(`${owner.name} replied on`);
  await expect(replies).toContainText(answer);

  const mail = await waitForMail((m) => m.to.includes(shopper.email));
  expect(mail.subject).toBe(`Laptop rental ${word}`);
  expect(mail.text).toContain(`Hello ${shopper.name},`);
  expect(mail.text).toContain(answer);
  expect(mail.text).toContain(`> ${question}`);

  // Mark as unread: back to the inbox, unread again.
  await page.getByRole("button", { name: "Mark as unread" }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  await expect(toast(page)).toContainText("Enquiry marked as unread");
  const again = page.getByRole("row").filter({ hasText: shopper.email });
  await expect(again).toContainText("Unread");
  await expect(again).toContainText("1 reply");
});

test("a blog post goes from draft to published and back off the shop", async ({ page }) => {
  // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
  test.slow();
  const word = uniqueWord();
  const title = `${BACK_OFFICE_POST} ${word}: CCTV for a small shop`;
  await staffLogIn(page, owner);
  await page.getByRole("link", { name: "Blogs" }).click();
  await expect(page.getByRole("heading", { name: "Blogs", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { name: "New blog post", level: 1 })).toBeVisible();

  const form = page.getByRole("form", { name: "Post" });
  // A post without a title is refused, the rest kept.
  await form.getByLabel("Category").fill("Camera");
  await form
    .getByLabel("Description (HTML)")
    .fill(
      `<p>Four cameras and a recorder cover most shops on SP Road; here is what to buy and why (${word}).</p><script>document.title="pwned"</script><h1>What it costs</h1><p onclick="alert(1)">About <strong>Rs. 24,000</strong> fitted.</p>`,
    );
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByText("Title is Required")).toBeVisible();
  await expect(form.getByLabel("Category")).toHaveValue("Camera");
  await expectNoAxeViolations(page);

  await form.getByLabel("Title").fill(title);
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page)).toContainText("Draft saved");
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const postUrl = new URL(page.url()).pathname;
  const id = /^\/admin\/blogs\/(\d+)$/.exec(postUrl)?.[1];
  expect(id).toBeDefined();
  const onTheShop = page.getByRole("region", { name: "On the shop", exact: true });
  await expect(onTheShop).toContainText("Draft");
  // Stored sanitised: the script and the handler are gone, the heading became an h2.
  const preview = page.locator(".admin-preview");
  await expect(preview.getByRole("heading", { name: "What it costs", level: 2 })).toBeVisible();
  await expect(
    page.getByRole("form", { name: "Edit the post" }).getByLabel("Description (HTML)"),
  ).not.toHaveValue(/script|onclick/);
  await expectNoAxeViolations(page);

  // A draft is not on the shop.
  const shop = await page.context().newPage();
  await shop.goto("/blogs");
  await expect(shop.getByRole("heading", { name: title })).toHaveCount(0);
  expect((await shop.goto(`/blog/${id}`))?.status()).toBe(404);

  // A picture for the post: uploaded, re-encoded and shown on the card once published.
  await page.getByLabel("Picture", { exact: true }).setInputFiles({
    name: "shop-cameras.png",
    mimeType: "image/png",
    buffer: await pngPicture("#7a3e9d"),
  });
  await page.getByLabel("Description for people who cannot see it (optional)").fill(`Cameras ${word}`);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(toast(page)).toContainText("Picture saved");
  const picture = page.getByRole("img", { name: `Cameras ${word}` });
  await expect(picture).toHaveAttribute("src", /^\/uploads\/blogs\/[0-9a-f]{32}\.webp$/);
  const pictureUrl = (await picture.getAttribute("src")) ?? "";

  try {
    await onTheShop.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page)).toContainText("Blog post published");
    await expect(onTheShop).toContainText("Published");

    await shop.goto("/blogs");
    const card = shop.getByRole("article").filter({ has: shop.getByRole("heading", { name: title }) });
    await expect(card).toHaveCount(1);
    await expect(card.locator(`img[src="${pictureUrl}"]`)).toHaveCount(1);
    await card.getByRole("link", { name: `Read More about ${title}` }).click();
    await expect(shop.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(shop.locator(".blog-body")).toContainText("About Rs. 24,000 fitted.");
    await expect(shop.locator(".blog-body script")).toHaveCount(0);
    expect(await shop.title()).not.toBe("pwned");

    await onTheShop.getByRole("button", { name: "Unpublish" }).click();
    await expect(toast(page)).toContainText("Blog post unpublished");
    await expect(onTheShop).toContainText("Draft");
  } finally {
    // Never leave the post on the shop, whatever failed: other specs read /blogs.
    await page.request.post(postUrl, {
      form: { intent: "unpublish" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
  }
  expect((await shop.goto(`/blog/${id}`))?.status()).toBe(404);
  await shop.goto("/blogs");
  await expect(shop.getByRole("heading", { name: title })).toHaveCount(0);

  // An edit is saved and listed.
  const edit = page.getByRole("form", { name: "Edit the post" });
  await edit.getByLabel("Title").fill(`${title} (updated)`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page)).toContainText("Blog post saved");
  await expect(page.getByRole("heading", { name: `${title} (updated)`, level: 1 })).toBeVisible();
  await page.goto("/admin/blogs?state=draft");
  await expect(page.getByRole("row").filter({ hasText: `${title} (updated)` })).toContainText("Draft");
});

test("a newsletter subscriber is found, unsubscribed and left out of the CSV", async ({ page, browser }) => {
  // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
  test.slow();
  const word = uniqueWord();
  const leaving = `leaving.${word}@kaveri.test`;
  const staying = `staying.${word}@kaveri.test`;

  const context = await browser.newContext();
  const shopper = await context.newPage();
  for (const email of [leaving, staying]) {
    await shopper.goto("/");
    await shopper.getByLabel("Your e-mail address").fill(email);
    await shopper.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(shopper)).toContainText("Subscribed to our newsletter. Thank you!");
  }

  await staffLogIn(page, owner);
  await page.getByRole("link", { name: "Newsletter" }).click();
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Email" }).fill(word);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/newsletter\\?q=${word}$`));
  await expect(page.getByText("2 addresses match")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: `Unsubscribe ${leaving}` }).click();
  await expect(toast(page)).toContainText(`${leaving} is unsubscribed and left out of the export`);
  await expect(page).toHaveURL(new RegExp(`/admin/newsletter\\?q=${word}$`));
  await expect(page.getByRole("row").filter({ hasText: leaving })).toContainText("Unsubscribed");
  await expect(page.getByRole("row").filter({ hasText: staying })).toContainText("Subscribed");

  // The file, fetched with the staff member's cookies.
  const csv = await page.request.get("/admin/newsletter.csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="newsletter-subscribers-/);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await csv.text();
  expect(text).toContain(`${staying},`);
  expect(text).not.toContain(leaving);

  // Signing up again re-subscribes.
  await shopper.goto("/");
  await shopper.getByLabel("Your e-mail address").fill(leaving);
  await shopper.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(shopper)).toContainText("Subscribed to our newsletter. Thank you!");
  await context.close();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: leaving })).not.toContainText("Unsubscribed");
  expect(await (await page.request.get("/admin/newsletter.csv")).text()).toContain(`${leaving},`);
});
