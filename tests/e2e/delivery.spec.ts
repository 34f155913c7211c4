import type { APIRequestContext, Page } from "@playwright/test";
import { signedUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { fillAddress, putInCart } from "./support/checkout";
import { expect, test } from "./support/test";

const DELL =
  'Dell Inspiron 3520 Intel Core i5-1235U 15.6" FHD 120Hz Laptop, 8GB RAM, 512GB SSD, Windows 11 Home, MS Office 2021, Carbon Black';
const X1_CARBON = "Refurbished Lenovo ThinkPad X1 Carbon 6th Gen";

/** "Delivery by Monday, 7 December": a business day (the seeded shop works Monday to Friday). */
const DELIVERY_DATE =
  /^Delivery by (Monday|Tuesday|Wednesday|Thursday|Friday), \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December)$/;

async function productPath(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/search-suggestions?q=${encodeURIComponent(title.slice(0, 40))}`);
  const { suggestions } = (await response.json()) as { suggestions: { id: number; title: string }[] };
  const match = suggestions.find((s) => s.title === title);
  if (!match) throw new Error(`no seeded product titled ${title}`);
  return `/product/${match.id}`;
}

function deliveryBox(page: Page) {
  const box = page.getByRole("region", { name: "Check delivery" });
  return {
    box,
    pin: box.getByLabel("PIN code"),
    check: box.getByRole("button", { name: "Check delivery" }),
    answer: box.getByRole("status"),
  };
}

async function checkPin(page: Page, pin: string) {
  const { pin: field, check } = deliveryBox(page);
  await field.fill(pin);
  await check.click();
  await expect(page).toHaveURL(new RegExp(`[?&]pin=${encodeURIComponent(pin)}`));
}

test.describe("delivery date by PIN code on the product page", () => {
  let dellPath = "";
  let x1Path = "";
  test.beforeAll(async ({ request }) => {
    dellPath = await productPath(request, DELL);
    x1Path = await productPath(request, X1_CARBON);
  });

  test("gives a date for Bengaluru and Chennai, names the place, and remembers the PIN code", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(dellPath);
    const { box, pin, answer } = deliveryBox(page);
    await expect(box.getByRole("heading", { name: "Check delivery" })).toBeVisible();
    await expect(answer).toBeEmpty();
    if (javaScriptEnabled) {
      // Answered in place once the page has hydrated (its gallery turns zoomable then); a check sent before
      // that is a plain form post, by design (hydration waits until the page has painted, decision 0033).
      await expect(page.locator('.gallery-main[data-zoomable="true"]')).toBeAttached();
      await page.evaluate(() => {
        (window as Window & { stayedHere?: boolean }).stayedHere = true;
      });
    }

    await checkPin(page, "560034");
    await expect(answer.locator(".delivery-date strong")).toHaveText(DELIVERY_DATE);
    await expect(answer).toContainText("to 560034 (Bangalore, Karnataka)");
    await expect(answer).toContainText("Cash on delivery available");
    await expect(pin).toHaveValue("560034");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as Window & { stayedHere?: boolean }).stayedHere)).toBe(true);
    }

    await checkPin(page, "600017");
    await expect(answer.locator(".delivery-date strong")).toHaveText(DELIVERY_DATE);
    await expect(answer).toContainText("to 600017 (Chennai, Tamil Nadu)");
    await expectNoAxeViolations(page);

    // Another product, later: the PIN code is remembered and the date shown without asking.
    await page.goto(x1Path);
    await expect(deliveryBox(page).pin).toHaveValue("600017");
    await expect(deliveryBox(page).answer).toContainText("to 600017 (Chennai, Tamil Nadu)");
  });

  test("refuses the islands it does not serve, and says what is wrong with a malformed PIN code", async ({
    page,
  }) => {
    await page.goto(dellPath);
    const { pin, answer, box } = deliveryBox(page);

    await checkPin(page, "744101");
    await expect(answer).toHaveText("We do not deliver to 744101 yet");
    await checkPin(page, "682555");
    await expect(answer).toHaveText("We do not deliver to 682555 yet");

    await checkPin(page, "56003a");
    const message = box.getByText("Please enter a valid 6-digit PIN code", { exact: true });
    await expect(message).toBeVisible();
    await expect(pin).toHaveValue("56003a");
    await expect(pin).toHaveAttribute("aria-invalid", "true");
    await expect(pin).toHaveAccessibleDescription("Please enter a valid 6-digit PIN code");
    await expect(answer).toBeEmpty();
  });

  test("a checked page is the shopper's own: never cached, and the PIN code kept in a cookie", async ({
    request,
  }) => {
    const checked = await request.get(`${dellPath}?pin=600017`);
    expect(checked.status()).toBe(200);
    expect(checked.headers()["cache-control"]).toBe("private, no-store");
    expect(checked.headers()["x-page-cache"]).toBeUndefined();
    expect(checked.headers()["set-cookie"]).toMatch(/^pin=/);
    expect(await checked.text()).toContain("Delivery by");
    // The cookie comes back with the next page: still the shopper's own.
    const later = await request.get(x1Path);
    expect(later.headers()["cache-control"]).toBe("private, no-store");
    const html = await later.text();
    expect(html).toContain('value="600017"');
    expect(html).toContain("Delivery by");
  });
});

test.describe("delivery at the cart and checkout", () => {
  test("the cart and checkout show the date, and an address the shop cannot serve is refused before paying", async ({
    page,
    request,
  }) => {
    // Two customers' checkouts at most: the sign-up, a cart line and three address tries.
    test.slow();
    const dellId = Number((await productPath(request, DELL)).split("/").pop());
    await signedUp(page);
    await putInCart(page, dellId, 1);

    // The cart offers the same check, and keeps the answer for checkout.
    await page.goto("/cart");
    const cartBox = deliveryBox(page);
    await checkPin(page, "600017");
    await expect(cartBox.answer.locator(".delivery-date strong")).toHaveText(DELIVERY_DATE);
    await expect(cartBox.answer).toContainText("to 600017 (Chennai, Tamil Nadu)");

    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Delivery" });
    await expect(summary).toContainText("to 600017 (Chennai, Tamil Nadu)");
    await expect(summary.locator(".delivery-date strong")).toHaveText(DELIVERY_DATE);

    // Port Blair: refused on the PIN code field, no payment started.
    const form = await fillAddress(page);
    const pin = form.getByLabel("PIN Code");
    await form.getByLabel("City").fill("Port Blair");
    await form.getByLabel("State").selectOption("Andaman and Nicobar Islands");
    await pin.fill("744101");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(form.getByText("We do not deliver to 744101 yet", { exact: true })).toBeVisible();
    await expect(pin).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { name: "PhonePe test simulator" })).toHaveCount(0);
    // What was typed is kept.
    await expect(form.getByLabel("City")).toHaveValue("Port Blair");

    // A Chennai PIN code with Karnataka chosen: the state is questioned.
    await form.getByLabel("City").fill("Chennai");
    await form.getByLabel("State").selectOption("Karnataka");
    await pin.fill("600017");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(
      form.getByText(
        "PIN code 600017 is in Tamil Nadu, not Karnataka. Please check the PIN code or the state.",
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "PhonePe test simulator" })).toHaveCount(0);

    // Put right, the order goes on to PhonePe.
    await form.getByLabel("State").selectOption("Tamil Nadu");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "PhonePe test simulator" })).toBeVisible();
  });
});
