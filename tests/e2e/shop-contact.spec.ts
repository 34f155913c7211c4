import type { Browser, Page } from "@playwright/test";
import { freshShop } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";

/*
 * The hotline, WhatsApp number and address shoppers see come from the back office's settings. The other specs
 * assert the seeded hotline and address on the shared test server while they run in parallel, so this one
 * changes them on a shop of its own (freshShop: its own data directory, stopped and removed at the end).
 */

const newOwner = { name: "Meera Rao", email: "meera@kaveri.test", password: "kaveri-contact-owner-2026" };

/** The owner of a fresh shop, created through the set-up link it printed; the page's context is signed in. */
async function setUpOwner(page: Page, origin: string, output: () => string): Promise<void> {
  let link = "";
  await expect(async () => {
    link = /Create the owner account at (\S+)/.exec(output())?.[1] ?? "";
    expect(link).toContain(`${origin}/admin/setup/`);
  }).toPass({ timeout: 60_000 });
  const answer = await page.request.post(link, {
    form: newOwner,
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(answer.status(), "the set-up form's answer").toBe(303);
}

/** A visitor with no cookie, as the project runs (JavaScript on or off): served from the page cache. */
async function visitor(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

test("an owner changes the hotline, WhatsApp number and address, and every page shows the new ones", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // A shop of its own to start (migrations on a new embedded database) on top of the usual browsing.
  test.slow();
  const shop = await freshShop();
  try {
    await setUpOwner(page, shop.origin, shop.output);

    // A visitor's contact page before the change: the seeded details, now kept in the page cache.
    const shopper = await visitor(browser, javaScriptEnabled);
    await shopper.goto(`${shop.origin}/contact`);
    const details = shopper.getByRole("region", { name: "Get In Touch With Us" });
    await expect(details.getByRole("link", { name: "+91 80 4125 6789" })).toHaveAttribute(
      "href",
      "tel:+918041256789",
    );
    await expect(details).toContainText("Karnataka 560002, India");
    await expect(async () => {
      expect((await shopper.goto(`${shop.origin}/contact`))?.headers()["x-page-cache"]).toBe("hit");
    }).toPass({ timeout: 15_000 });

    // The owner's settings form holds the seeded values; the new ones are saved.
    await page.goto(`${shop.origin}/admin/settings`);
    const form = page.getByRole("form", { name: "Shop and delivery" });
    await expect(form.getByLabel("Hotline")).toHaveValue("+91 80 4125 6789");
    await expect(form.getByLabel("Address")).toHaveValue(
      "No. 42, 1st Floor, Sree Lakshmi Complex\nSP Road, Bengaluru\nKarnataka 560002, India",
    );
    await form.getByLabel("Hotline").fill("080 2222 3333 (10 AM to 8 PM)");
    await form.getByLabel("WhatsApp number").fill("98450 12345");
    // Typed without the PIN code, which the pages then add as a line of its own.
    await form.getByLabel("Address").fill("Shop 7, Ground Floor, Kaveri Arcade\n\nMG Road, Bengaluru");
    await form.getByLabel("PIN code").fill("560 001");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Settings saved.");

    const newAddress = ["Shop 7, Ground Floor, Kaveri Arcade", "MG Road, Bengaluru", "PIN 560001"];
    const newHotline = "080 2222 3333 (10 AM to 8 PM)";
    const newTel = "tel:08022223333";

    // The visitor's next page: the header's hotline and the footer's address and hotline are the new ones.
    await shopper.goto(`${shop.origin}/`);
    const header = shopper.locator("header.site-header");
    await expect(header.getByText(/Hotline:/)).toHaveText(`Hotline: ${newHotline}`);
    await expect(header.getByRole("link", { name: newHotline })).toHaveAttribute("href", newTel);
    const footer = shopper.locator("footer.site-footer");
    await expect(footer.locator("address > span")).toHaveText(newAddress);
    await expect(footer.getByRole("link", { name: newHotline })).toHaveAttribute("href", newTel);
    await expect(shopper.getByText("+91 80 4125 6789")).toHaveCount(0);

    // The contact page, reached from the menu (with JavaScript, a client-side navigation).
    await header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(shopper.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(details.locator("address > span")).toHaveText(newAddress);
    await expect(details.getByRole("link", { name: newHotline })).toHaveAttribute("href", newTel);
    const whatsapp = details.getByRole("link", { name: "+91 98450 12345" });
    await expect(whatsapp).toHaveAttribute("href", "https://wa.me/919845012345");
    await expect(details).not.toContainText("Sree Lakshmi Complex");
    await expectNoAxeViolations(shopper);

    // The about page and a policy page print them too.
    await shopper.goto(`${shop.origin}/about`);
    const visit = shopper.getByRole("region", { name: "Visit our store" });
    await expect(visit.locator("address > span")).toHaveText(newAddress);
    await expect(visit.getByRole("link", { name: newHotline })).toHaveAttribute("href", newTel);
    await shopper.goto(`${shop.origin}/term-conditions`);
    await expect(shopper.getByRole("main")).toContainText(
      "run by Kaveri Computers Private Limited, Shop 7, Ground Floor, Kaveri Arcade, MG Road, Bengaluru, PIN 560001.",
    );
    await expect(shopper.getByRole("main").getByRole("link", { name: newHotline })).toHaveAttribute(
      "href",
      newTel,
    );
    await shopper.context().close();
  } finally {
    await shop.stop();
  }
});
