import type { APIRequest, APIRequestContext, APIResponse } from "@playwright/test";
import pg from "pg";
import { baseURL as pgliteShopURL, postgresDatabase } from "../../playwright.config";
import { newCustomer, type TestCustomer } from "./support/accounts";
import { ensureOwner } from "./support/admin";
import { answer, call, registered } from "./support/api";
import { addLaptop, chennaiAddress, chennaiCustomer, ownerPage } from "./support/cash-on-delivery";
import { postgresDatabaseUrl } from "./support/postgres-database";
import { adminAuthorization } from "./support/simulator";
import { dataUrl, routeData } from "./support/single-fetch";
import { expect, test } from "./support/test";

/*
 * Requests at the same moment, against the shop on PostgreSQL (the `races` project; playwright.config.ts starts
 * that shop, and never retries these): there transactions run side by side, so these fail if the row lock or the
 * unique number they rely on is gone. On PGlite one transaction runs at a time and they would pass regardless.
 * Each race runs ROUNDS (ten) times: a race lost one round in three fails the run 98 times in 100, where one
 * round with a retry would let it through eight times in nine.
 *
 * Plain requests: forms posted as the browser posts them without JavaScript, pages' data read as their
 * JavaScript reads it (single fetch), and the API. The moment the requests leave is the test's, not a page's.
 * Ten rounds of sign-ups (scrypt) and PhonePe payments take longer than one test's usual time on a busy machine:
 * the races are marked slow. One test at a time: the invoice numbers are consecutive only while no other test
 * pays in between.
 */
test.describe.configure({ mode: "default" });

const ROUNDS = 10;
/** The shop the races run on: the project's (playwright.config.ts gives it the shop on PostgreSQL). */
const shopOrigin = () => new URL(test.info().project.use.baseURL ?? "").origin;

/** What a customer's own requests carry: the test's client address, and the shop as Origin (forms). */
type Headers = Record<string, string> | undefined;

/** The shoppers' request contexts of the running test, disposed of after it. */
const opened: APIRequestContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.dispose()));
});

/** A shopper: a cookie jar of their own, signed up through the sign-up form. */
async function shopper(
  playwright: { request: APIRequest },
  headers: Headers,
  details: TestCustomer = newCustomer(),
): Promise<APIRequestContext> {
  const origin = shopOrigin();
  const context = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { ...headers, Origin: origin },
  });
  opened.push(context);
  const { firstname, lastname, email, mobile, password } = details;
  const signedUp = await context.post("/signup", {
    form: { firstname, lastname, email, mobile, password },
    maxRedirects: 0,
  });
  expect(signedUp.status(), `sign-up of ${email}`).toBe(303);
  return context;
}

/**
 * The shopper of each round: a new one every `roundsEach` rounds, within the shop's limits per customer (ten
 * PhonePe payments an hour, a few cash orders awaiting delivery). Sign-ups are slow on purpose (scrypt), so
 * not one a round.
 */
function shopperOfRound(
  playwright: { request: APIRequest },
  headers: Headers,
  roundsEach: number,
  details: () => TestCustomer = newCustomer,
) {
  let current: APIRequestContext | undefined;
  return async (round: number): Promise<APIRequestContext> => {
    if (!current || round % roundsEach === 0) current = await shopper(playwright, headers, details());
    return current;
  };
}

/** The product's colours and stock as the API gives them. */
async function productFacts(request: APIRequestContext, productId: number | string) {
  return answer<{ quantity: number; color: { _id: string }[] }>(
    await call(request, `product/${productId}`),
    200,
  );
}

/**
 * Products for sale with stock for every round, by id: each race buys its own (the first for the two Place
 * Orders, the next four for the invoice numbers, the sixth through the API), so the stock it counts is its own.
 */
async function productsForSale(request: APIRequestContext): Promise<number[]> {
  const listed = await answer<{ _id: string; quantity: number; producttype: string }[]>(
    await call(request, "product?sort=createdAt"),
    200,
  );
  const ids = listed
    .filter((product) => product.producttype !== "rental" && product.quantity >= ROUNDS + 2)
    .map((product) => Number(product._id))
    .sort((a, b) => a - b);
  expect(ids.length, "the seed has six products for sale with stock for every round").toBeGreaterThanOrEqual(
    6,
  );
  return ids;
}

/** Add to Cart on the product page, in the product's first colour. */
async function putInCart(shop: APIRequestContext, productId: number, quantity: number) {
  const { color } = await productFacts(shop, productId);
  const added = await shop.post(`/product/${productId}`, {
    form: { intent: "add-to-cart", color: color[0]?._id ?? "", quantity: String(quantity) },
    maxRedirects: 0,
  });
  expect(added.status(), "Add to Cart").toBe(303);
  expect(added.headers().location).toBe(`/product/${productId}`);
}

/** Place Order: the checkout form posted, as a press without JavaScript (or a second tab) sends it. */
function postCheckout(shop: APIRequestContext, form: Record<string, string>) {
  return shop.post("/checkout", { form, maxRedirects: 0 });
}

const bengaluruAddress = {
  country: "India",
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  other: "Flat 3B",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560003",
};
/** The checkout form of a shopper in Bengaluru paying with PhonePe. */
const bengaluru = { ...bengaluruAddress, shipping: "standard", payment: "phonepe" };

/** Success pressed on PhonePe's (the simulator's) page: where it sends the shopper back to. */
async function pressSuccess(shop: APIRequestContext, paymentPage: string): Promise<string> {
  const pressed = await shop.post(new URL(paymentPage, shopOrigin()).pathname, {
    form: { outcome: "success", webhook: "now" },
    maxRedirects: 0,
  });
  expect(pressed.status(), "PhonePe's page").toBe(303);
  return pressed.headers().location ?? "";
}

/** Back from PhonePe on the shop's checkout page: the payment is checked, and the shopper sent to My Orders. */
async function comeBack(shop: APIRequestContext, returnUrl: string): Promise<APIResponse> {
  const url = new URL(returnUrl);
  return shop.get(`${url.pathname}${url.search}`, { maxRedirects: 0 });
}

/** The ids of the shopper's orders, as My Orders lists them. */
async function myOrderIds(shop: APIRequestContext): Promise<number[]> {
  const listed = await shop.get(dataUrl("/my-orders", "routes/account/my-orders"));
  const { orders } = await routeData<{ orders: { id: number }[] }>(listed, "routes/account/my-orders");
  return orders.map((order) => order.id);
}

test("the races' shop runs on PostgreSQL: a customer it signs up is a row in its database", async ({
  playwright,
  extraHTTPHeaders,
}) => {
  // One customer signs up on the races' shop; one on the suite's main shop (on PGlite), the control: only the
  // first may be in the database the launcher created on the PostgreSQL server (postgres-shop.ts).
  const [onRacesShop, onMainShop] = [newCustomer(), newCustomer()];
  await shopper(playwright, extraHTTPHeaders, onRacesShop);
  const other = await playwright.request.newContext({
    baseURL: pgliteShopURL,
    extraHTTPHeaders: { ...extraHTTPHeaders, Origin: new URL(pgliteShopURL).origin },
  });
  const made = await other.post("/signup", {
    form: onMainShop,
    maxRedirects: 0,
  });
  expect(made.status(), "sign-up on the main shop").toBe(303);
  await other.dispose();

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
  playwright,
  request,
  extraHTTPHeaders,
}) => {
  test.slow();
  const [productId = 0] = await productsForSale(request);
  const shopperFor = shopperOfRound(playwright, extraHTTPHeaders, 5);
  for (let round = 0; round < ROUNDS; round++) {
    const shop = await shopperFor(round);
    const before = (await myOrderIds(shop)).length;
    await putInCart(shop, productId, 1);
    const answers = await Promise.all([postCheckout(shop, bengaluru), postCheckout(shop, bengaluru)]);
    expect(
      answers.map((sent) => sent.status()),
      `round ${round}`,
    ).toEqual([303, 303]);
    const [first, second] = answers.map((sent) => sent.headers().location ?? "");
    expect(first, `round ${round}: PhonePe's payment page`).toMatch(/\/phonepe-simulator\/pay\/\w+/);
    expect(second, `round ${round}: the second press is sent to the same payment`).toBe(first);

    const back = await comeBack(shop, await pressSuccess(shop, first ?? ""));
    expect(back.headers().location, `round ${round}`).toBe("/my-orders");
    expect(await myOrderIds(shop), `round ${round}: one order more`).toHaveLength(before + 1);
  }
});

test("two cash-on-delivery Place Orders at the same moment make one order and take its stock once", async ({
  browser,
  request,
  playwright,
  extraHTTPHeaders,
}) => {
  test.slow();
  await ensureOwner(request);
  const dealer = await ownerPage(browser, extraHTTPHeaders);
  // Three a round, and two left at the end.
  const laptop = await addLaptop(dealer, { offer: 12_500, stock: ROUNDS * 3 + 2 });
  await dealer.context().close();

  // Cash on delivery allows a customer only a few orders awaiting delivery.
  const shopperFor = shopperOfRound(playwright, extraHTTPHeaders, 3, chennaiCustomer);
  for (let round = 0; round < ROUNDS; round++) {
    const shop = await shopperFor(round);
    const before = (await myOrderIds(shop)).length;
    await putInCart(shop, laptop.id, 3);
    // The second waits for the first (the customer's row lock) and is answered with the same redirect.
    const answers = await Promise.all([
      postCheckout(shop, chennaiAddress("cod")),
      postCheckout(shop, chennaiAddress("cod")),
    ]);
    expect(
      answers.map((sent) => [sent.status(), sent.headers().location]),
      `round ${round}`,
    ).toEqual([
      [303, "/my-orders"],
      [303, "/my-orders"],
    ]);
    expect(await myOrderIds(shop), `round ${round}: one order more`).toHaveLength(before + 1);
    expect((await productFacts(request, laptop.id)).quantity, `round ${round}: three taken`).toBe(
      (ROUNDS - round) * 3 - 1,
    );
  }
});

test("customers paying at the same moment get consecutive tax invoice numbers, none twice", async ({
  playwright,
  request,
  extraHTTPHeaders,
}) => {
  test.slow();
  const bought = (await productsForSale(request)).slice(1, 5);
  // Four shoppers, each a new one every five rounds (ten PhonePe payments an hour each).
  const shopperFor = bought.map(() => shopperOfRound(playwright, extraHTTPHeaders, 5));
  for (let round = 0; round < ROUNDS; round++) {
    const shops = await Promise.all(shopperFor.map((next) => next(round)));
    // Each puts their laptop in the cart and is sent to PhonePe's payment page…
    const pages = await Promise.all(
      shops.map(async (shop, n) => {
        await putInCart(shop, bought[n] ?? 0, 1);
        const placed = await postCheckout(shop, bengaluru);
        expect(placed.status(), `round ${round}: Place Order`).toBe(303);
        return placed.headers().location ?? "";
      }),
    );
    // …where all four press Success together, and come back to the shop together.
    const returns = await Promise.all(shops.map((shop, n) => pressSuccess(shop, pages[n] ?? "")));
    const backs = await Promise.all(shops.map((shop, n) => comeBack(shop, returns[n] ?? "")));
    expect(
      backs.map((back) => back.headers().location),
      `round ${round}`,
    ).toEqual(Array(4).fill("/my-orders"));

    const numbers: string[] = [];
    for (const shop of shops) {
      // My Orders lists the newest first.
      const [orderId] = await myOrderIds(shop);
      const route = "routes/account/my-orders_.$id.documents.$kind";
      const invoice = await shop.get(dataUrl(`/my-orders/${orderId}/documents/invoice`, route));
      const { document } = await routeData<{ document: { number: string } }>(invoice, route);
      expect(document.number, `round ${round}: the invoice of order ${orderId}`).toMatch(
        /^KC\/\d\d-\d\d\/\d{6}$/,
      );
      numbers.push(document.number);
    }
    const serials = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    const first = serials[0] ?? 0;
    expect(serials, `round ${round}: invoice numbers ${numbers.join(", ")}`).toEqual([
      first,
      first + 1,
      first + 2,
      first + 3,
    ]);
  }
});

type Verified = {
  success: boolean;
  message: string;
  paymentDetails: { orderId?: string | null; state: string };
};

test("the API's verify-payment called twice at once makes one order of the payment", async ({ request }) => {
  test.slow();
  const productId = (await productsForSale(request))[5] ?? 0;
  const { color } = await productFacts(request, productId);
  let token = "";
  for (let round = 0; round < ROUNDS; round++) {
    // A new customer every five rounds: a customer may start ten PhonePe payments an hour.
    if (round % 5 === 0) token = (await registered(request)).token;
    const stockBefore = (await productFacts(request, productId)).quantity;
    await answer(
      await call(request, "user/cart", {
        method: "POST",
        token,
        body: { productId: String(productId), color: color[0]?._id, quantity: 1 },
      }),
      201,
    );
    const started = await answer<{ merchantTransactionId: string }>(
      await call(request, "user/order/checkout", {
        method: "POST",
        token,
        body: { shippingInfo: bengaluruAddress },
      }),
      200,
    );
    const id = started.merchantTransactionId;
    // Paid at PhonePe, its webhook not sent: the client's two calls are what make the order.
    const paid = await request.post(`/phonepe-simulator/admin/orders/${id}`, {
      headers: adminAuthorization,
      data: { state: "COMPLETED", webhook: "none" },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    const verify = () =>
      call(request, "user/order/verify-payment/phonepe", {
        method: "POST",
        token,
        body: { merchantTransactionId: id },
      });
    const both = await Promise.all([verify(), verify()]);
    const said = await Promise.all(both.map((sent) => answer<Verified>(sent, 200)));
    const label = `round ${round}: ${JSON.stringify(said)}`;
    const ordered = said.filter((one) => one.success);
    expect(ordered.length, label).toBeGreaterThanOrEqual(1);
    // A call that did not make or find the order says it is still being confirmed, never that it failed.
    for (const one of said.filter((one) => !one.success)) {
      expect(one.paymentDetails.state, label).toBe("PENDING");
    }
    const orderIds = new Set(ordered.map((one) => one.paymentDetails.orderId));
    expect(orderIds.size, label).toBe(1);

    const { orders } = await answer<{ orders: { _id: string }[] }>(
      await call(request, "user/getmyorders", { token }),
      200,
    );
    // One order for the payment, and one for each earlier round of this customer.
    expect(
      orders.filter((order) => orderIds.has(order._id)),
      label,
    ).toHaveLength(1);
    expect(orders, label).toHaveLength((round % 5) + 1);
    expect((await productFacts(request, productId)).quantity, label).toBe(stockBefore - 1);
  }
});
