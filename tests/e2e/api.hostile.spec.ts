import { randomBytes } from "node:crypto";
import net from "node:net";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { apiMessages } from "~/features/api/index.server";
import { productMessages } from "~/features/catalogue";
import { listMessages } from "~/features/lists";
import { paymentMessages } from "~/features/orders";
import { SHIPPING_FEE_PAISE } from "~/lib/limits";
import { fieldMessages } from "~/lib/messages";
import { requestLimits } from "~/lib/request-limits.mjs";
import { apiClientOrigin, foreignOrigin } from "../../playwright.config";
import { answer, call, registered } from "./support/api";
import { enquiriesWith, loaderData, type Shop, test } from "./support/hostile";
import { adminAuthorization } from "./support/simulator";
import { expect } from "./support/test";

/*
 * The JSON API (decision 0045) against hostile clients: bodies of the wrong type, size or shape, text with
 * control characters, ids that are not ids, other customers' cart lines, orders and payments, forged prices,
 * replayed verifications, tokens that are not live API sessions, other websites, and methods a call does not
 * take. Each probe gets an exact 4xx in the API's shape, `{status: "fail", message}`, never a 5xx, and where
 * it matters the test reads back that nothing changed and nothing of another customer's came back.
 *
 * The last group are the probes that first found defects (500s on odd values, ids read by JavaScript's
 * Number, Remix's own 405 on calls that only read), kept now that they are mended.
 */

type Customer = Awaited<ReturnType<typeof registered>>;
type CartLine = { _id: string; quantity: number; price: number; productId: { _id: string; price: number } };
type Order = {
  _id: string;
  totalPrice: number;
  totalPriceAfterDiscount: number;
  shippingInfo: Record<string, unknown>;
  orderItems: { product: { _id: string | null }; quantity: number; price: number }[];
};
type Product = { _id: string; title: string; price: number; quantity: number; color: { _id: string }[] };

const FAIL = "fail";
const WRONG_TYPE = "This call takes a JSON body: send it with Content-Type: application/json.";
const TOO_LARGE = "The JSON body is too large (at most 64 KB).";
const CORS_REFUSED = "This website may not call the shop's API.";
const UNTYPABLE = fieldMessages.untypable;

/** Where the seeded delivery zones offer cash on delivery. */
const CHENNAI = {
  firstname: "Meena",
  lastname: "Sundaram",
  address: "14, Thanikachalam Road, T. Nagar",
  city: "Chennai",
  state: "Tamil Nadu",
  country: "India",
  pincode: "600017",
};

const ADDRESS = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  other: "Flat 3B",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

/** Text no person types: each is refused in every text field (decision 0012). */
const CONTROL: [label: string, value: string][] = [
  ["NUL", "before\u0000after"],
  ["C0, DEL and C1 controls", "a\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f\u0080\u009fz"],
  // JSON.stringify writes a lone surrogate as its escape, \ud800, which JSON.parse reads back as one.
  ["lone surrogate", "a\ud800z"],
];
/** Line breaks, refused in one-line fields only. */
const LINE_BREAKS: [label: string, value: string] = ["CR LF", "one\r\ntwo"];

/* ---------- Sending ---------- */

type Raw = {
  method?: string;
  /** The body's Content-Type; none is sent when undefined. */
  type?: string;
  data?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
};

/** A request to /api/`path` with exactly the body and type given (call() always sends JSON). */
function send(request: APIRequestContext, path: string, options: Raw = {}): Promise<APIResponse> {
  const { method = "POST", type, data, token, headers = {} } = options;
  return request.fetch(`/api/${path}`, {
    method,
    headers: {
      Accept: "application/json",
      ...(type === undefined ? {} : { "Content-Type": type }),
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    ...(data === undefined ? {} : { data }),
    maxRedirects: 0,
  });
}

/**
 * Checks a refusal softly (so one run lists every probe that is wrong): its exact status, JSON, in the API's
 * shape, with `message` when given.
 */
async function expectRefusal(label: string, response: APIResponse, status: number, message?: string) {
  const text = await response.text();
  expect.soft(response.status(), `${label}: ${text.slice(0, 300)}`).toBe(status);
  expect
    .soft(response.headers()["content-type"] ?? "", `${label}: the answer is JSON`)
    .toMatch(/^application\/json/);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const said =
    typeof body === "object" && body !== null && "message" in body && typeof body.message === "string"
      ? body.message
      : "(no message)";
  expect.soft(body, `${label}: the API's refusal`).toEqual({ status: FAIL, message: message ?? said });
}

const cartOf = async (request: APIRequestContext, token: string) =>
  answer<CartLine[]>(await call(request, "user/cart", { token }), 200);
const ordersOf = async (request: APIRequestContext, token: string) =>
  (await answer<{ orders: Order[] }>(await call(request, "user/getmyorders", { token }), 200)).orders;
const wishlistOf = async (request: APIRequestContext, token: string) =>
  (
    await answer<{ wishlist: { _id: string }[] }>(await call(request, "user/wishlist", { token }), 200)
  ).wishlist.map((item) => item._id);

/** The dealer's ceiling for cash orders, in rupees (the seeded policy): a cash order's product costs less. */
const CASH_CEILING = 50_000;

/** A product for sale with stock to spare, with its colours; `cashable`: one a cash order may carry. */
async function aProduct(
  request: APIRequestContext,
  { skip = 0, cashable = false }: { skip?: number; cashable?: boolean } = {},
): Promise<Product> {
  const list = await answer<Product[]>(await call(request, "product?sort=title"), 200);
  const forSale = list.filter(
    (product) =>
      !/rent/i.test(product.title) &&
      product.quantity >= 10 &&
      (!cashable || product.price < CASH_CEILING * 0.8),
  );
  const chosen = forSale[skip];
  if (!chosen) throw new Error("the seed has products for sale with stock");
  return answer<Product>(await call(request, `product/${chosen._id}`), 200);
}

/** Puts `quantity` of `product` in the customer's cart and returns the cart line. */
async function addLine(request: APIRequestContext, customer: Customer, product: Product, quantity = 1) {
  await answer(
    await call(request, "user/cart", {
      method: "POST",
      token: customer.token,
      body: { productId: product._id, color: product.color[0]?._id, quantity },
    }),
    201,
  );
  const line = (await cartOf(request, customer.token)).find((each) => each.productId._id === product._id);
  if (!line) throw new Error("the line is in the cart");
  return line;
}

/** Starts PhonePe for the customer's cart: the payment's id and the hosted page. */
async function checkout(request: APIRequestContext, customer: Customer, extra: Record<string, unknown> = {}) {
  return answer<{ paymentUrl: string; merchantTransactionId: string }>(
    await call(request, "user/order/checkout", {
      method: "POST",
      token: customer.token,
      body: { shippingInfo: ADDRESS, ...extra },
    }),
    200,
  );
}

/** Pays on the simulator as its admin endpoint settles a payment (no browser), without a webhook. */
async function pay(request: APIRequestContext, merchantTransactionId: string) {
  const settled = await request.post(`/phonepe-simulator/admin/orders/${merchantTransactionId}`, {
    headers: adminAuthorization,
    data: { state: "COMPLETED", webhook: "none" },
  });
  expect(settled.status(), await settled.text()).toBe(200);
}

/** What the simulator was asked to collect for a payment, in paise. */
async function amountAtPhonePe(request: APIRequestContext, merchantTransactionId: string): Promise<number> {
  const read = await request.get(`/phonepe-simulator/admin/orders/${merchantTransactionId}`, {
    headers: adminAuthorization,
  });
  return answer<{ amount: number }>(read, 200).then((order) => order.amount);
}

type Verified = {
  success: boolean;
  message: string;
  paymentDetails: { orderId: string | null; amount: number | null; state: string };
};

const verify = (request: APIRequestContext, token: string, merchantTransactionId: string) =>
  call(request, "user/order/verify-payment/phonepe", {
    method: "POST",
    token,
    body: { merchantTransactionId, transactionId: "T1" },
  });

/** Verifies a paid payment until its order is made (a check of PhonePe runs at most every few seconds). */
async function verified(request: APIRequestContext, token: string, merchantTransactionId: string) {
  let last: Verified | undefined;
  await expect(async () => {
    last = await answer<Verified>(await verify(request, token, merchantTransactionId), 200);
    expect(last.success, last.message).toBe(true);
  }).toPass({ timeout: 20_000, intervals: [1000, 2000, 3000] });
  if (!last) throw new Error("verified");
  return last;
}

/** A cookie session on the pages for the customer (the shop's log-in form), to read what the pages show. */
async function pageSession(shop: Shop, customer: Customer): Promise<{ context: APIRequestContext }> {
  const context = await shop.context();
  const loggedIn = await context.post("/login", {
    form: { email: customer.email, password: customer.password },
    maxRedirects: 0,
  });
  expect(loggedIn.status(), "the customer's log-in on the page").toBe(303);
  return { context };
}

/** The address the checkout page fills in: the one saved by the last checkout, else the customer's names. */
async function savedAddressLine(page: { context: APIRequestContext }): Promise<unknown> {
  const data = await loaderData<{ address: { address?: string } }>(
    page.context,
    "/checkout",
    "routes/shop/checkout",
  );
  return data.address.address;
}

/** Every POST and PUT call, with what it needs to get as far as reading its body. */
function bodyCalls(token: string): { path: string; method: "POST" | "PUT"; token?: string }[] {
  return [
    { path: "enquiry", method: "POST" },
    { path: "user/register", method: "POST" },
    { path: "user/login", method: "POST" },
    { path: "user/forgot-password-token", method: "POST" },
    { path: "user/reset-password/not-a-real-reset-token", method: "PUT" },
    { path: "product/wishlist", method: "PUT", token },
    { path: "product/Wishlist", method: "PUT", token },
    { path: "product/rating", method: "PUT", token },
    { path: "user/cart", method: "POST", token },
    { path: "user/cart/create-order", method: "POST", token },
    { path: "user/edit-user", method: "PUT", token },
    { path: "user/order/checkout", method: "POST", token },
    { path: "user/order/verify-payment/phonepe", method: "POST", token },
  ];
}

const tag = () => randomBytes(4).toString("hex");

/* ---------- The probes ---------- */

test.describe("the JSON API: hostile bodies", () => {
  test("a body of the wrong type is 415, one over 64 KB 413, one that is not a JSON object 400, and nothing changes", async ({
    request,
  }) => {
    test.slow();
    const customer = await registered(request);
    const boundary = `----kaveri${tag()}`;
    const wrongTypes: [label: string, type: string | undefined, data: string][] = [
      ["form-urlencoded", "application/x-www-form-urlencoded", "email=a%40example.in&prodId=1"],
      ["text/plain", "text/plain", '{"prodId":1}'],
      [
        "multipart",
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="prodId"\r\n\r\n1\r\n--${boundary}--\r\n`,
      ],
      ["multipart without a boundary", "multipart/form-data", "prodId=1"],
      ["JSON's cousin", "application/json-patch+json", "[]"],
      ["no type from the client", undefined, '{"prodId":1}'],
    ];
    const megabyte = JSON.stringify({ comment: "x".repeat(1024 * 1024) });
    const notObjects: [label: string, data: string][] = [
      ["[]", "[]"],
      ['"x"', '"x"'],
      ["null", "null"],
      ["42", "42"],
      ["true", "true"],
      ["broken JSON", '{"email": "a@example.in", '],
      ["a JSON object's text quoted", '"{\\"prodId\\": 1}"'],
      ["two objects", '{"a":1}{"b":2}'],
      ["an empty body", ""],
    ];
    const calls = [...bodyCalls(customer.token), { path: "user/logout", method: "POST" as const }];
    for (const { path, method, token } of calls) {
      for (const [label, type, data] of wrongTypes) {
        // The guards answer before the call runs: with the customer's token or without, it is the same 415.
        const sent = await send(request, path, { method, type, data, token: customer.token });
        await expectRefusal(`${method} ${path} (${label})`, sent, 415, WRONG_TYPE);
      }
      const large = await send(request, path, { method, type: "application/json", data: megabyte, token });
      await expectRefusal(`${method} ${path} (1 MB of JSON)`, large, 413, TOO_LARGE);
    }
    // Log-out reads no body, so only the calls that read one are asked to read these.
    for (const { path, method, token } of bodyCalls(customer.token)) {
      for (const [label, data] of notObjects) {
        const sent = await send(request, path, { method, type: "application/json", data, token });
        await expectRefusal(`${method} ${path} (${label})`, sent, 400, apiMessages.notJson);
      }
    }
    // "application/json" with parameters and in capitals is JSON: the type check reads the media type.
    const typed = await send(request, "product/wishlist", {
      method: "PUT",
      type: "Application/JSON; charset=utf-8",
      data: JSON.stringify({ prodId: "not-a-product" }),
      token: customer.token,
    });
    await expectRefusal("PUT product/wishlist (Application/JSON; charset=utf-8)", typed, 400);

    // Nothing changed: the token still works (log-out refused its bodies), nothing is in the cart, the
    // wishlist or the orders, and the customer still logs in with the e-mail and password they registered.
    expect(await cartOf(request, customer.token)).toEqual([]);
    expect(await wishlistOf(request, customer.token)).toEqual([]);
    expect(await ordersOf(request, customer.token)).toEqual([]);
    await answer(
      await call(request, "user/login", {
        method: "POST",
        body: { email: customer.email, password: customer.password },
      }),
      200,
    );
  });
});

test.describe("the JSON API: deep bodies", () => {
  test("a JSON body nested deeper than a call reads (20 000 levels in 40 KB) is 400, even before log-in", async ({
    request,
  }) => {
    const customer = await registered(request);
    for (const depth of [6, 100, 20_000]) {
      const deep = `{"email":${"[".repeat(depth)}${"]".repeat(depth)}}`;
      expect(Buffer.byteLength(deep)).toBeLessThan(requestLimits.jsonBytes);
      for (const { path, method, token } of bodyCalls(customer.token)) {
        const sent = await send(request, path, { method, type: "application/json", data: deep, token });
        await expectRefusal(`${method} ${path} nested ${depth} deep`, sent, 400, apiMessages.notJson);
      }
    }
    // The checkout's address, an object in an object, is as deep as a call reads: it is still read.
    await addLine(request, customer, await aProduct(request));
    await checkout(request, customer);
  });
});

test.describe("the JSON API: text no person types", () => {
  test("register: NUL and control characters in the names, e-mail and mobile are 400, and no account is made", async ({
    request,
  }) => {
    const email = `hostile.register.${tag()}@example.in`;
    const base = {
      firstname: "Asha",
      lastname: "Rao",
      email,
      mobile: "9845012345",
      password: `kaveri-${tag()}-pass`,
    };
    for (const field of ["firstname", "lastname"] as const) {
      for (const [label, value] of [...CONTROL, LINE_BREAKS]) {
        const sent = await call(request, "user/register", {
          method: "POST",
          body: { ...base, [field]: value },
        });
        await expectRefusal(`register, ${field} with ${label}`, sent, 400, UNTYPABLE);
      }
    }
    for (const [label, value] of CONTROL) {
      const badEmail = await call(request, "user/register", {
        method: "POST",
        body: { ...base, email: email.replace("@", `${value}@`) },
      });
      await expectRefusal(`register, e-mail with ${label}`, badEmail, 400);
      const badMobile = await call(request, "user/register", {
        method: "POST",
        body: { ...base, mobile: `98450${value}12345` },
      });
      await expectRefusal(`register, mobile with ${label}`, badMobile, 400);
    }
    // None of them made the account: the address is free to register once, with clean names.
    await answer(await call(request, "user/register", { method: "POST", body: base }), 201);
  });

  test("enquiry: NUL and control characters in the name and comment are 400, and no enquiry is stored", async ({
    request,
    shop,
  }) => {
    const marker = `hostile-enquiry-${tag()}`;
    const enquiry = (n: number) => ({
      name: "Ravi Kumar",
      email: `${marker}-${n}@example.in`,
      mobile: "9845012345",
      comment: "Do you rent laptops for a week?",
    });
    let n = 0;
    const refusedEmails: string[] = [];
    for (const field of ["name", "comment"] as const) {
      // The comment takes line breaks; the name does not.
      const values = field === "name" ? [...CONTROL, LINE_BREAKS] : CONTROL;
      for (const [label, value] of values) {
        n += 1;
        refusedEmails.push(enquiry(n).email);
        const sent = await call(request, "enquiry", {
          method: "POST",
          body: { ...enquiry(n), [field]: `Hello ${value} there` },
        });
        await expectRefusal(`enquiry, ${field} with ${label}`, sent, 400, UNTYPABLE);
      }
    }
    // A clean enquiry with the same marker is kept, so the back office's list is read where they would be.
    const kept = enquiry(0);
    await answer(await call(request, "enquiry", { method: "POST", body: kept }), 201);
    const staff = await shop.owner();
    expect(await enquiriesWith(staff, marker)).toEqual([kept.email]);
    expect(refusedEmails.length).toBeGreaterThan(0);
  });

  test("rating: NUL and control characters in the comment are 400, and the customer's review is unchanged", async ({
    request,
  }) => {
    const customer = await registered(request);
    const product = await aProduct(request);
    const marker = `hostile-rating-${tag()}`;
    const rate = (comment: string) =>
      call(request, "product/rating", {
        method: "PUT",
        token: customer.token,
        body: { prodId: product._id, star: 4, comment },
      });
    // A customer has one review of a product, which a second replaces: a stored probe would replace this one.
    await answer(await rate(`Fine machine ${marker}`), 200);
    for (const [label, value] of CONTROL) {
      await expectRefusal(`rating comment with ${label}`, await rate(`${marker} ${value}`), 400, UNTYPABLE);
    }
    const detail = await answer<{ ratings: { star: number; comment: string }[] }>(
      await call(request, `product/${product._id}`),
      200,
    );
    expect(detail.ratings.filter((rating) => rating.comment.includes(marker))).toEqual([
      { star: 4, comment: `Fine machine ${marker}` },
    ]);
  });

  test("checkout: NUL and control characters in the address are 400, and no address, payment or order is kept", async ({
    request,
    shop,
  }) => {
    test.slow();
    const customer = await registered(request);
    await addLine(request, customer, await aProduct(request));
    const page = await pageSession(shop, customer);
    expect(await savedAddressLine(page), "no address saved yet").toBeUndefined();

    const probes: [field: string, label: string, value: string, message?: string][] = [];
    for (const field of ["firstname", "lastname", "address", "other", "city"]) {
      for (const [label, value] of [...CONTROL, LINE_BREAKS]) {
        probes.push([field, label, `${value} ${field}`, UNTYPABLE]);
      }
    }
    for (const [label, value] of CONTROL) {
      probes.push(["state", label, `Karna${value}taka`]);
      probes.push(["pincode", label, `560${value}003`]);
    }
    for (const [field, label, value, message] of probes) {
      const sent = await call(request, "user/order/checkout", {
        method: "POST",
        token: customer.token,
        body: { shippingInfo: { ...ADDRESS, [field]: value }, amount: 1 },
      });
      await expectRefusal(`checkout, ${field} with ${label}`, sent, 400, message);
    }
    // Nothing kept: the address is not saved, no order was made, the cart is as it was.
    expect(await savedAddressLine(page), "no address saved by a refused checkout").toBeUndefined();
    expect(await ordersOf(request, customer.token)).toEqual([]);
    expect(await cartOf(request, customer.token)).toHaveLength(1);
    // A clean checkout saves its address: the reading above would have seen one.
    await checkout(request, customer);
    expect(await savedAddressLine(page)).toBe(ADDRESS.address);
  });
});

test.describe("the JSON API: ids that are not ids", () => {
  test("ids out of range or not numbers in paths and bodies are 400 or 404 as each call says, and change nothing", async ({
    request,
  }) => {
    test.slow();
    const customer = await registered(request);
    const { token } = customer;
    const product = await aProduct(request);
    const line = await addLine(request, customer, product, 2);

    // One product: an id that is not a row's is not found.
    for (const id of ["abc", "99999999999999999999", "2147483648", "0", "-1", "1e3", "1.5", "0x10", "%00"]) {
      await expectRefusal(
        `GET product/${id}`,
        await call(request, `product/${id}`),
        404,
        apiMessages.notFound,
      );
      await expectRefusal(`GET blog/${id}`, await call(request, `blog/${id}`), 404, apiMessages.notFound);
    }
    // Deleting a line: the path's id is read strictly; whatever is not one of the customer's lines is 404.
    for (const id of ["-1", "0", "abc", "99999999999999999999", "1e3", "0x1", "999999"]) {
      const sent = await call(request, `user/delete-product-cart/${id}`, { method: "DELETE", token });
      await expectRefusal(`DELETE user/delete-product-cart/${id}`, sent, 404, listMessages.lineGone);
    }
    // A quantity through the DELETE path: both numbers read as the cart page's form (an id, 1 to 10).
    const paths: [path: string, status: number, message: string][] = [
      [`${line._id}/0`, 400, fieldMessages.quantityRange],
      [`${line._id}/11`, 400, fieldMessages.quantityRange],
      [`${line._id}/abc`, 400, fieldMessages.quantityRange],
      [`${line._id}/-1`, 400, fieldMessages.quantityRange],
      [`${line._id}/2.5`, 400, fieldMessages.quantityRange],
      [`${line._id}/99999999999999999999`, 400, fieldMessages.quantityRange],
      ["1/0", 400, fieldMessages.quantityRange],
      ["1/11", 400, fieldMessages.quantityRange],
      ["1/abc", 400, fieldMessages.quantityRange],
      ["abc/1", 400, fieldMessages.noSuchItem],
      ["-1/1", 400, fieldMessages.noSuchItem],
      ["0/1", 400, fieldMessages.noSuchItem],
      ["99999999999999999999/1", 400, fieldMessages.noSuchItem],
      ["2147483648/1", 400, fieldMessages.noSuchItem],
      // Digits only: "1e3" names no line, though JavaScript's Number reads it as 1000.
      ["1e3/1", 400, fieldMessages.noSuchItem],
      ["999999/1", 404, listMessages.lineGone],
    ];
    for (const [path, status, message] of paths) {
      const sent = await call(request, `user/update-product-cart/${path}`, { method: "DELETE", token });
      await expectRefusal(`DELETE user/update-product-cart/${path}`, sent, status, message);
    }
    // Bodies: the wishlist's and the rating's prodId, the cart's productId, color and quantity.
    const wishlist: [label: string, prodId: unknown, status: number, message: string][] = [
      ['"abc"', "abc", 400, fieldMessages.noSuchItem],
      ["-5", -5, 400, fieldMessages.noSuchItem],
      ["0", 0, 400, fieldMessages.noSuchItem],
      ["1.5", 1.5, 400, fieldMessages.noSuchItem],
      ['""', "", 400, fieldMessages.noSuchItem],
      ["null", null, 400, fieldMessages.noSuchItem],
      ["true", true, 400, fieldMessages.noSuchItem],
      ["{}", {}, 400, fieldMessages.noSuchItem],
      ["99999999999999999999", "99999999999999999999", 400, fieldMessages.noSuchItem],
      ["2147483648", 2147483648, 400, fieldMessages.noSuchItem],
      // Digits only: "1e3" names no product, though JavaScript's Number reads it as 1000.
      ['"1e3"', "1e3", 400, fieldMessages.noSuchItem],
      ["999999", 999999, 404, apiMessages.notFound],
    ];
    for (const [label, prodId, status, message] of wishlist) {
      const sent = await call(request, "product/wishlist", { method: "PUT", token, body: { prodId } });
      await expectRefusal(`PUT product/wishlist prodId ${label}`, sent, status, message);
      const rated = await call(request, "product/rating", {
        method: "PUT",
        token,
        body: { prodId, star: 5, comment: "Hostile." },
      });
      await expectRefusal(`PUT product/rating prodId ${label}`, rated, status, message);
    }
    const colour = product.color[0]?._id;
    const cart: [label: string, body: Record<string, unknown>, status: number, message: string][] = [
      ["productId -5", { productId: -5, color: colour, quantity: 1 }, 400, fieldMessages.noSuchItem],
      ['productId "abc"', { productId: "abc", color: colour, quantity: 1 }, 400, fieldMessages.noSuchItem],
      [
        "productId 99999999999999999999",
        { productId: "99999999999999999999", color: colour, quantity: 1 },
        400,
        fieldMessages.noSuchItem,
      ],
      ['productId "1e3"', { productId: "1e3", color: colour, quantity: 1 }, 400, fieldMessages.noSuchItem],
      [
        "quantity 0",
        { productId: product._id, color: colour, quantity: 0 },
        400,
        fieldMessages.quantityRange,
      ],
      [
        "quantity 11",
        { productId: product._id, color: colour, quantity: 11 },
        400,
        fieldMessages.quantityRange,
      ],
      [
        "quantity -1",
        { productId: product._id, color: colour, quantity: -1 },
        400,
        fieldMessages.quantityRange,
      ],
      [
        'quantity "abc"',
        { productId: product._id, color: colour, quantity: "abc" },
        400,
        fieldMessages.quantityRange,
      ],
      [
        "quantity 2.5",
        { productId: product._id, color: colour, quantity: 2.5 },
        400,
        fieldMessages.quantityRange,
      ],
      ["color -1", { productId: product._id, color: -1, quantity: 1 }, 400, productMessages.chooseColour],
      [
        'color "abc"',
        { productId: product._id, color: "abc", quantity: 1 },
        400,
        productMessages.chooseColour,
      ],
    ];
    for (const [label, body, status, message] of cart) {
      const sent = await call(request, "user/cart", { method: "POST", token, body });
      await expectRefusal(`POST user/cart ${label}`, sent, status, message);
    }
    for (const star of [0, 6, -1, 2.5, "abc", null]) {
      const rated = await call(request, "product/rating", {
        method: "PUT",
        token,
        body: { prodId: product._id, star, comment: "Hostile." },
      });
      await expectRefusal(
        `PUT product/rating star ${JSON.stringify(star)}`,
        rated,
        400,
        productMessages.addStar,
      );
    }

    // Verify: a provider other than PhonePe is not found; a payment id missing, not text or too long is 400.
    for (const provider of ["paypal", "phonepe%00", "..%2Fphonepe"]) {
      const sent = await call(request, `user/order/verify-payment/${provider}`, {
        method: "POST",
        token,
        body: { merchantTransactionId: "KC1" },
      });
      await expectRefusal(`POST user/order/verify-payment/${provider}`, sent, 404, apiMessages.notFound);
    }
    for (const [label, body] of [
      ["none", {}],
      ["null", { merchantTransactionId: null }],
      ["a list", { merchantTransactionId: ["KC1"] }],
      ["65 characters", { merchantTransactionId: "K".repeat(65) }],
    ] as const) {
      const sent = await call(request, "user/order/verify-payment/phonepe", { method: "POST", token, body });
      await expectRefusal(
        `verify with merchantTransactionId ${label}`,
        sent,
        400,
        apiMessages.transactionRequired,
      );
    }
    // Text that cannot be a payment id of the shop's is refused before it is looked for.
    const injected = await call(request, "user/order/verify-payment/phonepe", {
      method: "POST",
      token,
      body: { merchantTransactionId: "' OR 1=1 --" },
    });
    await expectRefusal("verify with an SQL fragment", injected, 400, apiMessages.transactionRequired);
    // A payment id nobody has, and one that is a number, are nobody's payment.
    for (const merchantTransactionId of ["KC-nobody", 12345]) {
      const sent = await call(request, "user/order/verify-payment/phonepe", {
        method: "POST",
        token,
        body: { merchantTransactionId },
      });
      await expectRefusal(
        `verify with merchantTransactionId ${JSON.stringify(merchantTransactionId)}`,
        sent,
        402,
        paymentMessages.verificationFailed,
      );
    }

    // Nothing changed: the one line, two of the product, nothing on the wishlist, no review by this customer.
    const after = await cartOf(request, token);
    expect(after.map((each) => [each._id, each.quantity])).toEqual([[line._id, 2]]);
    expect(await wishlistOf(request, token)).toEqual([]);
    const detail = await answer<{ ratings: { comment: string }[] }>(
      await call(request, `product/${product._id}`),
      200,
    );
    expect(detail.ratings.filter((rating) => rating.comment === "Hostile.")).toEqual([]);
  });
});

test.describe("the JSON API: other customers", () => {
  test("customer B cannot delete, update or read A's cart lines, see A's orders, verify A's payment or make its order", async ({
    request,
  }) => {
    test.slow();
    const a = await registered(request, { firstname: "Anitha", lastname: "Acharya" });
    const b = await registered(request, { firstname: "Bhaskar", lastname: "Menon" });
    const product = await aProduct(request);
    const lineOfA = await addLine(request, a, product, 2);
    const lineOfB = await addLine(request, b, await aProduct(request, { skip: 1 }), 1);
    /** A's lines as A made them: the product's stock, which other tests' shoppers change, left out. */
    const linesOfA = async () =>
      (await cartOf(request, a.token)).map(({ productId, ...line }) => ({
        ...line,
        productId: { ...productId, quantity: undefined },
      }));
    const cartOfA = await linesOfA();

    /** Nothing of A's in an answer to B: A's names and e-mail, and once paid, A's address and payment. */
    const secretsOfA = (extra: string[] = []) => [a.email, a.firstname, a.lastname, ...extra];
    const expectNothingOfA = async (label: string, response: APIResponse, extra: string[] = []) => {
      const text = await response.text();
      for (const secret of secretsOfA(extra))
        expect.soft(text, `${label} tells B ${secret}`).not.toContain(secret);
    };

    const deleted = await call(request, `user/delete-product-cart/${lineOfA._id}`, {
      method: "DELETE",
      token: b.token,
    });
    await expectRefusal("B deletes A's line", deleted, 404, listMessages.lineGone);
    for (const quantity of [1, 5, 10]) {
      const updated = await call(request, `user/update-product-cart/${lineOfA._id}/${quantity}`, {
        method: "DELETE",
        token: b.token,
      });
      await expectRefusal(`B sets A's line to ${quantity}`, updated, 404, listMessages.lineGone);
    }
    const cartOfB = await call(request, "user/cart", { token: b.token });
    expect((await answer<CartLine[]>(cartOfB, 200)).map((line) => line._id)).toEqual([lineOfB._id]);
    await expectNothingOfA("B's cart", cartOfB);
    // B emptying B's cart leaves A's alone.
    await answer(await call(request, "user/empty-cart", { method: "DELETE", token: b.token }), 200);
    expect(await linesOfA(), "A's cart is unchanged").toEqual(cartOfA);

    // A pays; B tries A's payment before and after A's order is made.
    const started = await checkout(request, a);
    const id = started.merchantTransactionId;
    const beforePaying = await verify(request, b.token, id);
    await expectNothingOfA("B verifies A's unpaid payment", beforePaying);
    await expectRefusal(
      "B verifies A's unpaid payment",
      beforePaying,
      402,
      paymentMessages.verificationFailed,
    );
    await pay(request, id);
    const paidNotVerified = await verify(request, b.token, id);
    await expectNothingOfA("B verifies A's paid payment", paidNotVerified);
    await expectRefusal(
      "B verifies A's paid payment",
      paidNotVerified,
      402,
      paymentMessages.verificationFailed,
    );
    const made = await call(request, "user/cart/create-order", {
      method: "POST",
      token: b.token,
      body: { paymentInfo: { merchantTransactionId: id } },
    });
    await expectRefusal("B makes A's order", made, 409, apiMessages.orderNeedsPayment);

    const ordered = await verified(request, a.token, id);
    const orderId = ordered.paymentDetails.orderId ?? "";
    expect(orderId).not.toBe("");
    const secretsAfter = [id, ADDRESS.address];
    const afterOrder = await verify(request, b.token, id);
    await expectNothingOfA("B verifies A's ordered payment", afterOrder, secretsAfter);
    await expectRefusal(
      "B verifies A's ordered payment",
      afterOrder,
      402,
      paymentMessages.verificationFailed,
    );
    const madeAfter = await call(request, "user/cart/create-order", {
      method: "POST",
      token: b.token,
      body: { paymentInfo: { merchantTransactionId: id } },
    });
    await expectNothingOfA("B makes A's order once it exists", madeAfter, secretsAfter);
    await expectRefusal("B makes A's order once it exists", madeAfter, 409, apiMessages.orderNeedsPayment);
    const ordersOfB = await call(request, "user/getmyorders", { token: b.token });
    expect(await answer(ordersOfB, 200)).toEqual({ orders: [] });
    await expectNothingOfA("B's orders", ordersOfB, secretsAfter);

    // A's order is A's alone, once.
    expect((await ordersOf(request, a.token)).map((order) => order._id)).toEqual([orderId]);
  });
});

test.describe("the JSON API: the server decides prices and payments", () => {
  test("a forged price in the cart and forged totals at checkout: the cart and PhonePe get the shop's", async ({
    request,
  }) => {
    test.slow();
    const customer = await registered(request);
    const product = await aProduct(request);
    await answer(
      await call(request, "user/cart", {
        method: "POST",
        token: customer.token,
        body: {
          productId: product._id,
          color: product.color[0]?._id,
          quantity: 2,
          price: 1,
          unitPrice: 1,
          discountedPrice: 1,
          originalPrice: 1,
          total: 1,
        },
      }),
      201,
    );
    const [line] = await cartOf(request, customer.token);
    expect(line?.price).toBe(product.price);
    expect(line?.productId.price).toBe(product.price);
    expect(line?.quantity).toBe(2);

    const started = await checkout(request, customer, {
      amount: 1,
      totalPrice: 1,
      totalPriceAfterDiscount: 1,
      shippingFee: 0,
      orderItems: [{ product: product._id, quantity: 2, price: 1 }],
    });
    // Two at the shop's price and standard delivery, in paise.
    const expected = Math.round(product.price * 100) * 2 + SHIPPING_FEE_PAISE;
    expect(await amountAtPhonePe(request, started.merchantTransactionId)).toBe(expected);
    await pay(request, started.merchantTransactionId);
    const ordered = await verified(request, customer.token, started.merchantTransactionId);
    expect(ordered.paymentDetails.amount).toBe(expected / 100);
    const [order] = await ordersOf(request, customer.token);
    expect(order?.totalPriceAfterDiscount).toBe(expected / 100);
    expect(order?.orderItems).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ _id: product._id }),
        quantity: 2,
        price: product.price,
      }),
    ]);
  });

  test("a replayed verify answers the same order, and there is one order", async ({ request }) => {
    test.slow();
    const customer = await registered(request);
    await addLine(request, customer, await aProduct(request));
    const { merchantTransactionId: id } = await checkout(request, customer);
    await pay(request, id);
    const first = await verified(request, customer.token, id);
    const orderId = first.paymentDetails.orderId;
    expect(orderId).toMatch(/^\d+$/);
    // Again, and twice at once.
    const again = await answer<Verified>(await verify(request, customer.token, id), 200);
    const together = await Promise.all([
      verify(request, customer.token, id),
      verify(request, customer.token, id),
    ]);
    for (const replayed of [
      again,
      ...(await Promise.all(together.map((each) => answer<Verified>(each, 200)))),
    ]) {
      expect(replayed.success).toBe(true);
      expect(replayed.paymentDetails.orderId).toBe(orderId);
      expect(replayed.paymentDetails.amount).toBe(first.paymentDetails.amount);
    }
    // create-order with the payment's id answers the same order; it makes none.
    const made = await answer<{ order: { _id: string } }>(
      await call(request, "user/cart/create-order", {
        method: "POST",
        token: customer.token,
        body: { paymentInfo: { merchantTransactionId: id }, orderItems: [], totalPrice: 1 },
      }),
      200,
    );
    expect(made.order._id).toBe(orderId);
    expect((await ordersOf(request, customer.token)).map((order) => order._id)).toEqual([orderId]);
  });
});

test.describe("the JSON API: tokens", () => {
  test("no token, an empty or made-up one, a logged-out one or the page's cookie is 401; the token is no page session", async ({
    request,
    shop,
    baseURL,
  }) => {
    test.slow();
    const customer = await registered(request);
    const product = await aProduct(request);
    // A second token, logged out.
    const second = await answer<{ token: string }>(
      await call(request, "user/login", {
        method: "POST",
        body: { email: customer.email, password: customer.password },
      }),
      200,
    );
    await answer(await call(request, "user/logout", { method: "POST", token: second.token }), 200);
    // The page's session cookie, from the log-in form.
    const page = await pageSession(shop, customer);
    const cookie = (await page.context.storageState()).cookies.find((each) => each.name === "__session");
    expect(cookie?.value ?? "").not.toBe("");
    const cookieValue = cookie?.value ?? "";

    const authorizations: [label: string, header: string | undefined][] = [
      ["no Authorization", undefined],
      ["an empty Bearer", "Bearer "],
      ["Bearer null", "Bearer null"],
      ["Bearer undefined", "Bearer undefined"],
      ["a random 43-character token", `Bearer ${randomBytes(32).toString("base64url")}`],
      ["a token with %00 in it", `Bearer ${customer.token.slice(0, 40)}%00`],
      ["the token with a character more", `Bearer ${customer.token}A`],
      ["the token cut short", `Bearer ${customer.token.slice(0, 42)}`],
      ["the token as Basic", `Basic ${customer.token}`],
      ["the token with no scheme", customer.token],
      ["the logged-out token", `Bearer ${second.token}`],
      ["the page's cookie", `Bearer ${cookieValue}`],
      ["the page's cookie decoded", `Bearer ${decodeURIComponent(cookieValue)}`],
    ];
    const calls: { path: string; method: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown }[] = [
      { path: "user/cart", method: "GET" },
      { path: "user/getmyorders", method: "GET" },
      { path: "user/wishlist", method: "GET" },
      {
        path: "user/cart",
        method: "POST",
        body: { productId: product._id, color: product.color[0]?._id, quantity: 1 },
      },
      { path: "product/wishlist", method: "PUT", body: { prodId: product._id } },
      { path: "user/empty-cart", method: "DELETE" },
      { path: "user/logout", method: "POST" },
      { path: "user/order/checkout", method: "POST", body: { shippingInfo: ADDRESS } },
    ];
    for (const [label, header] of authorizations) {
      for (const { path, method, body } of calls) {
        const sent = await call(request, path, {
          method,
          body,
          headers: header === undefined ? {} : { Authorization: header },
        });
        await expectRefusal(`${method} ${path} with ${label}`, sent, 401, apiMessages.unauthorised);
      }
    }
    // None of them added to the cart or the wishlist, and the customer's own token still works.
    expect(await cartOf(request, customer.token)).toEqual([]);
    expect(await wishlistOf(request, customer.token)).toEqual([]);

    // A NUL in the header never reaches the shop: Node's HTTP parser answers 400 and closes the connection.
    const port = new URL(baseURL ?? "").port;
    const nul = await rawHttp(
      Number(port),
      `GET /api/user/cart HTTP/1.1\r\nHost: localhost:${port}\r\nAuthorization: Bearer ${customer.token.slice(0, 20)}\u0000${customer.token.slice(21)}\r\nConnection: close\r\n\r\n`,
    );
    expect(nul.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");

    // The bearer token as the page's cookie signs nobody in on the pages.
    const visitor = await shop.context();
    for (const path of ["/my-orders", "/cart", "/checkout", "/my-profile"]) {
      const asCookie = await visitor.get(path, {
        headers: { Cookie: `__session=${customer.token}` },
        maxRedirects: 0,
      });
      expect.soft(asCookie.status(), `${path} with the token as the cookie`).toBe(303);
      expect
        .soft(asCookie.headers().location ?? "", `${path} with the token as the cookie`)
        .toMatch(/^\/login\b/);
    }
  });
});

/** Sends bytes Playwright's client will not (a NUL in a header) and returns what the server answered. */
function rawHttp(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(text));
    let received = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer in 10 s")));
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

test.describe("the JSON API: other websites", () => {
  test("another origin is refused with 403 on GET, POST and OPTIONS, and changes nothing; the listed one gets CORS", async ({
    request,
  }) => {
    const customer = await registered(request);
    const product = await aProduct(request);
    await addLine(request, customer, product);
    const fresh = {
      firstname: "Eve",
      lastname: "Evil",
      email: `cors.${tag()}@example.in`,
      mobile: "9845012345",
      password: `kaveri-${tag()}-pass`,
    };

    // Other sites, and near misses of the listed origin: another scheme, port or host around its name.
    const near = new URL(apiClientOrigin);
    const origins = [
      "https://evil.example",
      foreignOrigin,
      `https://${near.host}`,
      `http://${near.hostname}:${Number(near.port) + 1}`,
      `http://${near.hostname}.evil.example:${near.port}`,
      "null",
      "not an origin",
    ];
    for (const origin of origins) {
      const headers = { Origin: origin };
      const probes: [label: string, response: APIResponse][] = [
        ["GET product", await call(request, "product", { headers })],
        ["GET user/cart", await call(request, "user/cart", { token: customer.token, headers })],
        [
          "POST user/register",
          await call(request, "user/register", { method: "POST", body: fresh, headers }),
        ],
        [
          "POST user/login",
          await call(request, "user/login", {
            method: "POST",
            body: { email: customer.email, password: customer.password },
            headers,
          }),
        ],
        [
          "DELETE user/empty-cart",
          await call(request, "user/empty-cart", { method: "DELETE", token: customer.token, headers }),
        ],
        [
          "OPTIONS user/cart",
          await send(request, "user/cart", {
            method: "OPTIONS",
            headers: {
              ...headers,
              "Access-Control-Request-Method": "POST",
              "Access-Control-Request-Headers": "authorization, content-type",
            },
          }),
        ],
      ];
      for (const [label, response] of probes) {
        await expectRefusal(`${label} from ${origin}`, response, 403, CORS_REFUSED);
        expect
          .soft(response.headers()["access-control-allow-origin"], `${label} from ${origin}`)
          .toBeUndefined();
        expect
          .soft(response.headers()["access-control-allow-credentials"], `${label} from ${origin}`)
          .toBeUndefined();
      }
    }
    // Nothing changed: the cart still has its line, and the e-mail the refused sign-ups sent is free.
    expect(await cartOf(request, customer.token)).toHaveLength(1);
    await answer(await call(request, "user/register", { method: "POST", body: fresh }), 201);

    // The listed origin: its preflight is answered, its calls are allowed to it, never with credentials.
    const preflight = await send(request, "user/cart", {
      method: "OPTIONS",
      headers: {
        Origin: apiClientOrigin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(preflight.status()).toBe(204);
    const allowed = preflight.headers();
    expect(allowed["access-control-allow-origin"]).toBe(apiClientOrigin);
    expect(allowed["access-control-allow-methods"]).toBe("GET, POST, PUT, DELETE");
    expect(allowed["access-control-allow-headers"]).toBe("Authorization, Content-Type, Accept");
    expect(allowed.vary ?? "").toMatch(/\bOrigin\b/);
    expect(allowed["access-control-allow-credentials"]).toBeUndefined();
    const listed = await call(request, "user/cart", {
      token: customer.token,
      headers: { Origin: apiClientOrigin },
    });
    expect(listed.status()).toBe(200);
    expect(listed.headers()["access-control-allow-origin"]).toBe(apiClientOrigin);
    expect(listed.headers()["access-control-allow-credentials"]).toBeUndefined();
  });
});

test.describe("the JSON API: methods", () => {
  /** Each call that changes something and the one method it takes (user/cart is also read with GET). */
  const ONE_METHOD: [path: string, allow: string][] = [
    ["enquiry", "POST"],
    ["user/register", "POST"],
    ["user/login", "POST"],
    ["user/logout", "POST"],
    ["user/forgot-password-token", "POST"],
    ["user/reset-password/not-a-real-reset-token", "PUT"],
    ["product/wishlist", "PUT"],
    ["product/rating", "PUT"],
    ["user/edit-user", "PUT"],
    ["user/cart/create-order", "POST"],
    ["user/order/checkout", "POST"],
    ["user/order/verify-payment/phonepe", "POST"],
    ["user/delete-product-cart/1", "DELETE"],
    ["user/update-product-cart/1/1", "DELETE"],
    ["user/empty-cart", "DELETE"],
  ];
  const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

  test("a method a call does not take is 405 with Allow, and does nothing", async ({ request }) => {
    const customer = await registered(request);
    await addLine(request, customer, await aProduct(request));
    for (const [path, allow] of ONE_METHOD) {
      for (const method of METHODS.filter((each) => each !== allow)) {
        const sent = await send(request, path, { method, token: customer.token });
        await expectRefusal(`${method} ${path}`, sent, 405, apiMessages.methodNotAllowed);
        expect.soft(sent.headers().allow, `${method} ${path}: Allow`).toBe(allow);
      }
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const sent = await send(request, "user/cart", { method, token: customer.token });
      await expectRefusal(`${method} user/cart`, sent, 405, apiMessages.methodNotAllowed);
      expect.soft(sent.headers().allow, `${method} user/cart: Allow`).toBe("GET, POST");
    }
    // A call that only reads: a write to it is 405 too.
    for (const path of ["product", "product/1", "blog", "blog/1", "user/wishlist", "user/getmyorders"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const sent = await send(request, path, { method, token: customer.token });
        expect.soft(sent.status(), `${method} ${path}`).toBe(405);
      }
    }
    // Nothing happened: the token is live, the cart has its line, no order was made.
    expect(await cartOf(request, customer.token)).toHaveLength(1);
    expect(await ordersOf(request, customer.token)).toEqual([]);
  });
});

test.describe("the JSON API: values no form sends, and writes to calls that only read", () => {
  test("an object whose toString is not a function, where an id, star or quantity goes, is a 400; the value itself is taken", async ({
    request,
  }) => {
    const customer = await registered(request);
    const { token } = customer;
    const product = await aProduct(request);
    const colour = product.color[0]?._id;
    const trap = { toString: 5 };
    // A comment of this test's own: the product's reviews are everybody's.
    const comment = `Fine, ${tag()}.`;
    // Each probe, the field it traps, and the value the rightful call sends there instead.
    const probes: [
      label: string,
      path: string,
      method: "PUT" | "POST",
      body: Record<string, unknown>,
      field: string,
      rightful: unknown,
    ][] = [
      ["wishlist prodId", "product/wishlist", "PUT", {}, "prodId", product._id],
      ["rating prodId", "product/rating", "PUT", { star: 4, comment }, "prodId", product._id],
      ["rating star", "product/rating", "PUT", { prodId: product._id, comment }, "star", 4],
      ["cart productId", "user/cart", "POST", { color: colour, quantity: 1 }, "productId", product._id],
      ["cart color", "user/cart", "POST", { productId: product._id, quantity: 1 }, "color", colour],
      ["cart quantity", "user/cart", "POST", { productId: product._id, color: colour }, "quantity", 3],
    ];
    const reviewsWith = async (text: string) =>
      (
        await answer<{ ratings: { comment: string }[] }>(await call(request, `product/${product._id}`), 200)
      ).ratings.filter((rating) => rating.comment === text);

    for (const [label, path, method, body, field] of probes) {
      const sent = await call(request, path, { method, token, body: { ...body, [field]: trap } });
      await expectRefusal(label, sent, 400);
    }
    // Nothing was taken: no wishlist, no review, no cart line.
    expect(await wishlistOf(request, token)).toEqual([]);
    expect(await reviewsWith(comment)).toEqual([]);
    expect(await cartOf(request, token)).toEqual([]);

    // The control: each call with the value itself in the trapped field is taken.
    for (const [label, path, method, body, field, rightful] of probes) {
      const sent = await call(request, path, { method, token, body: { ...body, [field]: rightful } });
      expect
        .soft(sent.status(), `${label}, rightful: ${await sent.text()}`)
        .toBe(method === "POST" ? 201 : 200);
    }
    expect(await wishlistOf(request, token)).toEqual([product._id]);
    expect(await reviewsWith(comment)).toHaveLength(1);
    // One line: adding a product again sets its quantity, the last call's 3.
    const [line, ...others] = await cartOf(request, token);
    expect(others).toEqual([]);
    expect(line?.productId._id).toBe(product._id);
    expect(line?.quantity).toBe(3);
  });

  test("a NUL in create-order's merchantTransactionId is a 400 that never reaches the database: no order is made; the call without it orders", async ({
    request,
  }) => {
    const customer = await registered(request);
    const { token } = customer;
    await addLine(request, customer, await aProduct(request, { cashable: true }));
    // A cash-on-delivery order to Chennai, where the seeded zones offer cash: the order this call writes.
    const cashOrder = (paymentInfo: Record<string, string>) =>
      call(request, "user/cart/create-order", {
        method: "POST",
        token,
        body: { paymentInfo, shippingInfo: CHENNAI },
      });
    const made = await cashOrder({ method: "cod", merchantTransactionId: "KC\u0000x" });
    await expectRefusal(
      "create-order with a NUL in merchantTransactionId",
      made,
      400,
      apiMessages.transactionRequired,
    );
    const inTheAddress = await call(request, "user/cart/create-order", {
      method: "POST",
      token,
      body: { paymentInfo: { method: "cod" }, shippingInfo: { ...CHENNAI, address: "14, T.\u0000 Nagar" } },
    });
    await expectRefusal("create-order with a NUL in the address", inTheAddress, 400, UNTYPABLE);
    // Nothing was written: no order, and the cart an order empties still has its line.
    expect(await ordersOf(request, token)).toEqual([]);
    expect(await cartOf(request, token)).toHaveLength(1);

    // The control: the same order without the NUL is written, and the cart emptied.
    const ordered = await answer<{ order: { _id: string } }>(await cashOrder({ method: "cod" }), 201);
    expect((await ordersOf(request, token)).map((order) => order._id)).toEqual([ordered.order._id]);
    expect(await cartOf(request, token)).toEqual([]);
  });

  test("ids in bodies are digits only: a product's id in hex, binary, an exponent or an array names no product; in digits, it does", async ({
    request,
  }) => {
    const customer = await registered(request);
    const product = await aProduct(request);
    const id = Number(product._id);
    // Each names the product to JavaScript's Number(): read that way, the call would take it.
    for (const prodId of [`0x${id.toString(16)}`, ` 0b${id.toString(2)} `, `${id}e0`, [id]]) {
      const sent = await call(request, "product/wishlist", {
        method: "PUT",
        token: customer.token,
        body: { prodId },
      });
      await expectRefusal(
        `PUT product/wishlist prodId ${JSON.stringify(prodId)}`,
        sent,
        400,
        fieldMessages.noSuchItem,
      );
    }
    expect(await wishlistOf(request, customer.token)).toEqual([]);
    // The control: the same id in digits, as a number and as text, is the product.
    await answer(
      await call(request, "product/wishlist", { method: "PUT", token: customer.token, body: { prodId: id } }),
      200,
    );
    expect(await wishlistOf(request, customer.token)).toEqual([product._id]);
    await answer(
      await call(request, "product/wishlist", {
        method: "PUT",
        token: customer.token,
        body: { prodId: product._id },
      }),
      200,
    );
    expect(await wishlistOf(request, customer.token)).toEqual([]);
  });

  test("a write to a call that only reads is 405 in the API's shape, with Allow: GET", async ({
    request,
  }) => {
    for (const path of ["product", "product/1", "blog", "user/getmyorders"]) {
      const sent = await send(request, path, { method: "POST", type: "application/json", data: "{}" });
      await expectRefusal(`POST ${path}`, sent, 405, apiMessages.methodNotAllowed);
      expect.soft(sent.headers().allow, `POST ${path}: Allow`).toBe("GET");
    }
  });
});
