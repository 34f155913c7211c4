import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { baseURL as pgliteShopURL, postgresDatabase } from "../../playwright.config";
import { newCustomer, signUp } from "./support/accounts";
import { ensureOwner } from "./support/admin";
import {
  addLaptop,
  chennaiAddress,
  chennaiCustomer,
  expectStockShown,
  myOrderIds,
  ownerPage,
} from "./support/cash-on-delivery";
import { addToCart, fillAddress, placeOrder } from "./support/checkout";
import { postgresDatabaseUrl } from "./support/postgres-database";
import { expect, test } from "./support/test";

/*
 * Requests at the same moment, against the shop on PostgreSQL (the `races` project; playwright.config.ts
 * starts that shop): there transactions run side by side, so these fail if the row lock or the unique number
 * they rely on is gone. On PGlite one transaction runs at a time and they would pass regardless.
 *
 * One test at a time: the invoice numbers are consecutive only while no other test pays in between.
 */
test.describe.configure({ mode: "default" });

/** Posts the checkout form from outside the page, as a second tab or a second press without JavaScript does. */
function postCheckout(page: Page, form: Record<string, string>) {
  return page.request.post("/checkout", {
    form,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
}

/** A browser context with a client address of its own: sign-ups are limited per address. */
async function shopperPage(browser: Browser): Promise<Page> {
  const [a, b, c] = randomBytes(3);
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `10.${a}.${b}.${c}` } });
  return context.newPage();
}

test("the races' shop runs on PostgreSQL: a customer it signs up is a row in its database", async ({
  playwright,
  extraHTTPHeaders,
}) => {
  // One customer signs up on the races' shop; one on the suite's main shop (on PGlite), the control: only the
  // first may be in the database the launcher created on the PostgreSQL server (postgres-shop.ts).
  const [onRacesShop, onMainShop] = [newCustomer(), newCustomer()];
  for (const [shopUrl, customer] of [
    [test.info().project.use.baseURL ?? "", onRacesShop],
    [pgliteShopURL, onMainShop],
  ] as const) {
    const origin = new URL(shopUrl).origin;
    const shop = await playwright.request.newContext({
      baseURL: origin,
      extraHTTPHeaders: { ...extraHTTPHeaders, Origin: origin },
    });
    const made = await shop.post("/signup", { form: customer, maxRedirects: 0 });
    expect(made.status(), `sign-up on ${origin}`).toBe(303);
    await shop.dispose();
  }

  const database = new pg.Client({ connectionString: postgresDatabaseUrl(postgresDatabase) });
  await database.connect();
  try {
    const found = await database.query<{ email: string }>(
      "SELECT email FROM customers WHERE email = ANY($1) ORDER BY email",
      [[onRacesShop.email, onMainShop.email]],
    );
    expect(found.rows).toEqual([{ email: onRacesShop.email }]);
    const server = await database.query<{ version: string }>("SELECT version()");
    expect(server.rows[0]?.version).toMatch(/^PostgreSQL \d+/);
  } finally {
    await database.end();
  }
});

test("two Place Orders at the same moment open one PhonePe payment, and paying it makes one order", async ({
  page,
}) => {
  await signUp(page);
  await addToCart(page, 4, 1);
  await page.goto("/checkout");
  const form = {
    country: "India",
    firstname: "Asha",
    lastname: "Rao",
    address: "12, 4th Cross, Malleshwaram",
    other: "",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560003",
    shipping: "standard",
    payment: "phonepe",
  };
  const answers = await Promise.all([postCheckout(page, form), postCheckout(page, form)]);
  expect(answers.map((answer) => answer.status())).toEqual([303, 303]);
  const [first, second] = answers.map((answer) => answer.headers().location ?? "");
  expect(first, "PhonePe's payment page").toMatch(/\/phonepe-simulator\/pay\/\w+/);
  expect(second, "the second press is sent to the same payment").toBe(first);

  await page.goto(first ?? "");
  await page.getByRole("button", { name: "Success" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  expect(await myOrderIds(page)).toHaveLength(1);
});

test("two cash-on-delivery Place Orders at the same moment make one order and take its stock once", async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  await ensureOwner(page.request);
  const dealer = await ownerPage(browser, extraHTTPHeaders);
  const laptop = await addLaptop(dealer, { offer: 12_500, stock: 5 });
  await signUp(page, chennaiCustomer());
  await addToCart(page, laptop.id, 3);
  await page.goto("/checkout");

  // The second waits for the first (the cart's row lock) and is answered with the same redirect.
  const answers = await Promise.all([
    postCheckout(page, chennaiAddress("cod")),
    postCheckout(page, chennaiAddress("cod")),
  ]);
  expect(answers.map((answer) => [answer.status(), answer.headers().location])).toEqual([
    [303, "/my-orders"],
    [303, "/my-orders"],
  ]);
  expect(await myOrderIds(page)).toHaveLength(1);
  await expectStockShown(page, laptop.id, "Only 2 left");
  await dealer.context().close();
});

test("customers paying at the same moment get consecutive tax invoice numbers, none twice", async ({
  browser,
}) => {
  test.slow();
  // Four shoppers, each on PhonePe's payment page (one after another), press Success together.
  const shoppers: Page[] = [];
  for (let n = 0; n < 4; n++) {
    const page = await shopperPage(browser);
    await signUp(page);
    await addToCart(page, 2, 1);
    await page.goto("/checkout");
    await fillAddress(page);
    await placeOrder(page);
    shoppers.push(page);
  }
  await Promise.all(shoppers.map((page) => page.getByRole("button", { name: "Success" }).click()));

  const numbers: string[] = [];
  for (const page of shoppers) {
    await expect(page).toHaveURL(/\/my-orders$/);
    const [orderId] = await myOrderIds(page);
    await page.goto(`/my-orders/${orderId}/documents/invoice`);
    const number = /\bKC\/\d\d-\d\d\/\d{6}\b/.exec(await page.title());
    expect(number, `the invoice of order ${orderId} has a number`).not.toBeNull();
    numbers.push(number?.[0] ?? "");
    await page.context().close();
  }
  const serials = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
  const first = serials[0] ?? 0;
  expect(serials, `invoice numbers ${numbers.join(", ")}`).toEqual([first, first + 1, first + 2, first + 3]);
});
