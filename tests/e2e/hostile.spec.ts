import { randomBytes } from "node:crypto";
import type { APIRequest, APIRequestContext, APIResponse } from "@playwright/test";
import { newCustomer, type TestCustomer } from "./support/accounts";
import { ensureOwner, owner } from "./support/admin";
import { simulator, webhookAuthorization } from "./support/simulator";
import { test as base, expect } from "./support/test";

/*
 * Hostile input (DESIGN.md, Testing): every action and resource route driven with wrong content types,
 * over-size bodies, over-many fields, control characters, out-of-range ids, arrays where one value belongs,
 * unknown intents, off-site redirect targets, forged webhooks and another customer's ids. Nothing may answer
 * 5xx, send the shopper off the shop, read or change another customer's data, or charge a price that came
 * from the request. Requests only, no browser (the `hostile` project). Each test drives one group of routes
 * from the tables below and lists every failing request in its message.
 */

/* ---------- Payloads ---------- */

/** A form value: text (percent-encoded when sent) or bytes already percent-encoded, which a string cannot hold. */
type Value = string | { raw: string };
type Pairs = [name: string, value: Value][];
type Body = { type: string; data: string | Buffer };
type Probe = { label: string; path: string; method?: string; body?: Body; headers?: Record<string, string> };

const FORM = "application/x-www-form-urlencoded";

/** Text every field must survive. */
const CONTROL: Record<string, Value> = {
  NUL: "before\u0000after",
  "C0, DEL and C1 controls": "a\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f\u0080\u009fz",
  "CR LF": "one\r\ntwo",
  "lone surrogate %ED%A0%80, bad UTF-8 %FF%FE": { raw: "a%ED%A0%80b%FF%FEz" },
  "10 000 characters": "x".repeat(10_000),
};
/** For passwords, which are hashed and never stored: the two that could upset the hashing. */
const CONTROL_SECRET = ["NUL", "lone surrogate %ED%A0%80, bad UTF-8 %FF%FE"];
const BAD_IDS = ["0", "-1", "2147483648", "99999999999999999999", "1e3", "abc", ""];
const UNKNOWN_INTENTS: Pairs[] = [
  [["intent", "drop-table"]],
  [["intent", ""]],
  [["intent", "add-to-cart\u0000"]],
  [
    ["intent", "delete"],
    ["intent", "update"],
  ],
];
/** Prices a form must never set. */
const TAMPERED: Pairs = [
  ["price", "1"],
  ["unitPrice", "1"],
  ["discountedPrice", "1"],
  ["originalPrice", "1"],
  ["subtotal", "1"],
  ["total", "1"],
  ["amount", "100"],
  ["shippingFee", "0"],
  ["codFee", "0"],
];
/** redirectTo values that must never take the shopper off the shop. */
const OFFSITE = [
  "/\t/evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "%2F%2Fevil.example",
  "/%0d%0aSet-Cookie:x=1",
  "/\r\nSet-Cookie:x=1",
  "/é",
];

/** PhonePe's webhook Authorization in simulator mode: SHA-256 of the simulator's username:password. */
const WEBHOOK_AUTH = webhookAuthorization;
/** Rs. 100 shipping, in paise. */
const SHIPPING_PAISE = 10_000;

function percent(value: Value): string {
  return typeof value === "string" ? encodeURIComponent(value) : value.raw;
}

function bytes(value: Value): Buffer {
  if (typeof value === "string") return Buffer.from(value);
  const out: number[] = [];
  for (let i = 0; i < value.raw.length; i++) {
    if (value.raw[i] === "%") {
      out.push(Number.parseInt(value.raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(value.raw.charCodeAt(i));
  }
  return Buffer.from(out);
}

function form(pairs: Pairs): Body {
  return {
    type: FORM,
    data: pairs.map(([name, value]) => `${encodeURIComponent(name)}=${percent(value)}`).join("&"),
  };
}

function multipart(pairs: Pairs, asFiles = false): Body {
  const boundary = `----kaveri${randomBytes(8).toString("hex")}`;
  const parts = pairs.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${asFiles ? `; filename="${name}.txt"\r\nContent-Type: text/plain` : ""}\r\n\r\n`,
      ),
      bytes(value),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    data: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

/** A form body written out by hand, for repeated names: `intent=delete&lineId=1&lineId=2`. */
const urlencoded = (data: string): Body => ({ type: FORM, data });
const json = (value: unknown): Body => ({ type: "application/json", data: JSON.stringify(value) });

const MARK = "\u2063VALUE\u2063";
/** JSON with `value` where the template has MARK: text escaped as JSON does, raw bytes spliced in unescaped. */
function jsonWith(template: unknown, value: Value): Body {
  const [before = "", after = ""] = JSON.stringify(template).split(MARK);
  const middle = typeof value === "string" ? Buffer.from(JSON.stringify(value).slice(1, -1)) : bytes(value);
  return { type: "application/json", data: Buffer.concat([Buffer.from(before), middle, Buffer.from(after)]) };
}

/** CONTROL as JSON string values, plus a lone surrogate written as JSON's own escape. */
const CONTROL_JSON: [string, Value][] = [
  ...Object.entries(CONTROL),
  ["escaped lone surrogate \\ud800", "a\ud800z"],
];

/* ---------- Route tables ---------- */

type ActionRoute = {
  path: string;
  /** A submission the route accepts; called for every probe, so e-mail addresses can be fresh. */
  valid: () => Record<string, string>;
  /** Free-text fields: each gets every CONTROL value. */
  text?: string[];
  /** Ids, quantities, stars: each gets every BAD_IDS value. */
  numbers?: string[];
  /** The route reads `intent`: unknown ones are sent too. */
  intents?: boolean;
  /** Passwords: hashed, never stored, so only CONTROL_SECRET. */
  secrets?: string[];
  /**
   * Every accepted probe costs the server a password hash (scrypt, about a third of a second of CPU), so
   * the probes that tell nothing new about this route (another method, extra price fields) are left out.
   */
  hashes?: boolean;
};

const email = () => newCustomer().email;
const person = () => {
  const { firstname, lastname, mobile } = newCustomer();
  return { firstname, lastname, email: email(), mobile };
};
const address = () => ({
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  other: "Flat 3B",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
});

/** Probes of one action route that do not depend on its fields' values: content types, sizes, methods. */
function bodyProbes(route: ActionRoute): Probe[] {
  const pairs = (changes: Record<string, Value> = {}): Pairs =>
    Object.entries({ ...route.valid(), ...changes });
  const post = (label: string, body: Body, method = "POST"): Probe => ({
    label,
    path: route.path,
    method,
    body,
  });
  const fields = Object.keys(route.valid());
  const first = route.text?.[0] ?? fields[0] ?? "filler";
  const many = (name: (i: number) => string): Pairs =>
    Array.from({ length: 5_000 }, (_, i) => [name(i), "1"]);
  return [
    post("valid form", form(pairs())),
    post("text/plain", { type: "text/plain;charset=UTF-8", data: form(pairs()).data }),
    post("application/json", json({ ...route.valid(), price: 1 })),
    post("multipart/form-data without boundary", { type: "multipart/form-data", data: form(pairs()).data }),
    post("malformed multipart", {
      type: "multipart/form-data; boundary=kaveri",
      data: `--kaveri\r\nContent-Disposition: form-data; name="${first}"\r\n\r\nno closing boundary`,
    }),
    post("multipart with every field a file", multipart(pairs(), true)),
    post("multipart with NUL in every field", multipart(fields.map((name) => [name, "a\u0000b"]))),
    post("unknown content type", { type: "application/x-kaveri", data: "\u0000\u0001\u0002" }),
    post("empty form", form([])),
    post(`1.1 MB ${first}`, form(pairs({ [first]: "x".repeat(1_100_000) }))),
    post(`1.1 MB ${first}, multipart`, multipart(pairs({ [first]: "x".repeat(1_100_000) }))),
    post("5 000 fields", form([...pairs(), ...many((i) => `f${i}`)])),
    post(`5 000 × ${first}`, form([...pairs(), ...many(() => first)])),
    ...(route.hashes
      ? []
      : [
          post("valid form with tampered prices", form([...pairs(), ...TAMPERED])),
          post("DELETE", form(pairs()), "DELETE"),
        ]),
  ];
}

/** Probes of one action route's fields: control characters, bad ids, arrays, unknown intents. */
function fieldProbes(route: ActionRoute): Probe[] {
  const pairs = (changes: Record<string, Value> = {}): Pairs =>
    Object.entries({ ...route.valid(), ...changes });
  const post = (label: string, body: Body): Probe => ({ label, path: route.path, body });
  const probes: Probe[] = [];
  const controls = (fields: string[] = [], names = Object.keys(CONTROL)) => {
    for (const field of fields) {
      for (const name of names)
        probes.push(post(`${field}: ${name}`, form(pairs({ [field]: CONTROL[name] ?? "" }))));
    }
  };
  controls(route.text);
  controls(route.secrets, CONTROL_SECRET);
  for (const field of route.numbers ?? []) {
    for (const id of BAD_IDS)
      probes.push(post(`${field}=${JSON.stringify(id)}`, form(pairs({ [field]: id }))));
  }
  for (const field of Object.keys(route.valid()))
    probes.push(post(`${field} twice`, form([...pairs(), [field, "2"]])));
  for (const intent of route.intents ? UNKNOWN_INTENTS : []) {
    const rest = pairs().filter(([name]) => name !== "intent");
    probes.push(post(`intent ${JSON.stringify(intent.map(([, v]) => v))}`, form([...intent, ...rest])));
  }
  return probes;
}

const actionProbes = (route: ActionRoute) => [...bodyProbes(route), ...fieldProbes(route)];

/** GET probes of one query parameter (or path segment, with `{}` in the path). */
function getProbes(path: string, param: string | null, kind: "text" | "number" | "both" = "both"): Probe[] {
  const control = Object.entries(CONTROL).filter(([name]) => kind !== "number" || name === "NUL");
  const values: [string, string][] = [
    ...control.map(([name, value]): [string, string] => [name, percent(value)]),
    ...(kind === "text" ? [] : BAD_IDS).map((id): [string, string] => [
      JSON.stringify(id),
      encodeURIComponent(id),
    ]),
  ];
  const at = (value: string) =>
    param === null ? path.replace("{}", value) : `${path}${path.includes("?") ? "&" : "?"}${param}=${value}`;
  const probes = values.map(
    ([label, value]): Probe => ({ label: `${param ?? "path"} ${label}`, path: at(value) }),
  );
  if (param !== null) probes.push({ label: `${param} twice`, path: `${at("1")}&${param}=2` });
  return probes;
}

/** POSTs to routes that only answer GET. */
function postToLoaderOnly(path: string): Probe[] {
  return [
    { label: "form POST to a GET-only route", path, body: form([["q", "x"]]) },
    { label: "text/plain POST to a GET-only route", path, body: { type: "text/plain", data: "x" } },
  ];
}

/* ---------- Driving the shop ---------- */

type Customer = TestCustomer & { context: APIRequestContext };

function randomAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/**
 * The shop as seen through requests: fresh anonymous contexts, signed-up customers (each in a context of its
 * own, keeping the session cookie), and a driver that sends probes and collects what went wrong.
 */
class Shop {
  private readonly contexts: APIRequestContext[] = [];

  constructor(
    private readonly api: APIRequest,
    readonly origin: string,
    private readonly headers: Record<string, string>,
  ) {}

  /** A context of its own (no cookies yet), disposed of at the end of the test unless `disposable`. */
  async context(disposable = false): Promise<APIRequestContext> {
    const context = await this.api.newContext({
      baseURL: this.origin,
      extraHTTPHeaders: { ...this.headers, Origin: this.origin },
    });
    if (!disposable) this.contexts.push(context);
    return context;
  }

  /** Signs up a fresh customer through the form post; the context keeps the session cookie. */
  async customer(): Promise<Customer> {
    const customer = newCustomer();
    const context = await this.context();
    const { firstname, lastname, email, mobile, password } = customer;
    const response = await context.post("/signup", {
      form: { firstname, lastname, email, mobile, password },
      maxRedirects: 0,
    });
    expect(response.status(), `sign-up of ${email}`).toBe(303);
    return { ...customer, context };
  }

  /** The back office's owner, logged in through the log-in form; the context keeps the staff cookie. */
  async owner(): Promise<{ context: APIRequestContext }> {
    const context = await this.context();
    await ensureOwner(context);
    const response = await context.post("/admin/login", {
      form: { email: owner.email, password: owner.password },
      maxRedirects: 0,
    });
    expect(response.status(), "the owner's log-in").toBe(303);
    return { context };
  }

  /**
   * Sends every probe (a few at a time) and returns one line per failure: any 5xx, a Location off the shop,
   * a Set-Cookie smuggled in through a header, or no answer at all. "visitor" sends each probe from a
   * fresh context, so a probe that signs someone in cannot change what the next one sees.
   */
  async drive(probes: Probe[], as: { context: APIRequestContext } | "visitor"): Promise<string[]> {
    const failures: string[] = [];
    const queue = [...probes];
    const worker = async () => {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const context = as === "visitor" ? await this.context(true) : as.context;
        const what = `${show(probe)}${as === "visitor" ? "" : " (signed in)"}`;
        try {
          const response = await this.send(context, probe);
          for (const problem of this.problems(response)) failures.push(`${problem}: ${what}`);
        } catch (error) {
          failures.push(`no answer (${String(error).split("\n")[0]}): ${what}`);
        } finally {
          if (as === "visitor") await context.dispose();
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    return failures.sort();
  }

  send(context: APIRequestContext, probe: Probe): Promise<APIResponse> {
    return context.fetch(probe.path, {
      method: probe.method ?? (probe.body ? "POST" : "GET"),
      headers: {
        Origin: this.origin,
        // A client address per request, so per-address limits (sign-ups, enquiries) never hide an answer.
        "X-Forwarded-For": randomAddress(),
        ...(probe.body ? { "Content-Type": probe.body.type } : {}),
        ...probe.headers,
      },
      data: probe.body?.data,
      maxRedirects: 0,
      timeout: 20_000,
    });
  }

  problems(response: APIResponse): string[] {
    const found: string[] = [];
    if (response.status() >= 500) found.push(String(response.status()));
    const location = response.headers().location;
    if (location !== undefined && this.resolve(location) !== this.origin) {
      found.push(`Location ${JSON.stringify(location)} leaves the shop (${this.resolve(location)})`);
    }
    const smuggled = response
      .headersArray()
      .some(({ name, value }) => name.toLowerCase() === "set-cookie" && value.startsWith("x="));
    if (smuggled) found.push("Set-Cookie injected through a header");
    return found;
  }

  resolve(location: string): string {
    try {
      return new URL(location, this.origin).origin;
    } catch {
      return "an unparseable URL";
    }
  }

  async dispose() {
    await Promise.all(this.contexts.map((context) => context.dispose()));
  }
}

function show(probe: Probe): string {
  const path = probe.path.length > 90 ? `${probe.path.slice(0, 90)}…` : probe.path;
  const type = probe.body ? ` (${probe.body.type.split(";")[0]})` : "";
  return `${probe.method ?? (probe.body ? "POST" : "GET")} ${path}${type} [${probe.label}]`;
}

function expectNoFailures(failures: string[], probes: number) {
  expect(
    failures.length,
    `${failures.length} of ${probes} hostile requests failed:\n${failures.join("\n")}`,
  ).toBe(0);
}

const test = base.extend<{ shop: Shop }>({
  shop: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const shop = new Shop(playwright.request, new URL(baseURL ?? "").origin, extraHTTPHeaders ?? {});
    await use(shop);
    await shop.dispose();
  },
});

/* ---------- What the loaders say (Remix's JSON data requests) ---------- */

type CartData = {
  lines: { id: number; productId: number; quantity: number; unitPrice: number }[];
  subtotal: number;
};
type OrdersData = { orders: { id: number; totalPriceAfterDiscount: number }[] };
type CheckoutData =
  | { pending: true; merchantOrderId: string }
  | {
      pending: false;
      subtotal: number;
      options: { shipping: { choice: string; fee: number }[] };
      paymentError: string | null;
    };
type HostedPage = { orderId: string; merchantOrderId: string; amount: number; state: string };

async function loaderData<T>(context: APIRequestContext, path: string, routeId: string): Promise<T> {
  const url = `${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}`;
  const response = await context.get(url, { maxRedirects: 0 });
  expect(response.status(), `GET ${url}`).toBe(200);
  return (await response.json()) as T;
}

const cartOf = (c: Customer) => loaderData<CartData>(c.context, "/cart", "routes/cart");
const ordersOf = (c: Customer) => loaderData<OrdersData>(c.context, "/my-orders", "routes/my-orders");

async function snapshot(c: Customer) {
  const [cart, orders, wishlist, profile] = await Promise.all([
    cartOf(c),
    ordersOf(c),
    loaderData<{ products: { id: number }[] }>(c.context, "/wishlist", "routes/wishlist"),
    loaderData<{ profile: Record<string, string> }>(c.context, "/my-profile", "routes/my-profile"),
  ]);
  return {
    cart: cart.lines.map(({ id, productId, quantity, unitPrice }) => ({
      id,
      productId,
      quantity,
      unitPrice,
    })),
    orders: orders.orders.map(({ id, totalPriceAfterDiscount }) => ({ id, totalPriceAfterDiscount })),
    wishlist: wishlist.products.map((p) => p.id),
    profile: profile.profile,
  };
}

type ProductData = { product: { discountedPrice: number; colours: { id: number }[] } };
const productOf = (c: Customer, id: number) =>
  loaderData<ProductData>(c.context, `/product/${id}`, "routes/product.$id");

/** Adds the product in its first colour, as the product page's form does. */
async function addToCart(c: Customer, productId: number, quantity: number, extra: Pairs = []) {
  const colour = String((await productOf(c, productId)).product.colours[0]?.id);
  const response = await c.context.post(`/product/${productId}`, {
    headers: { "Content-Type": FORM },
    data: form([["intent", "add-to-cart"], ["color", colour], ["quantity", String(quantity)], ...extra]).data,
    maxRedirects: 0,
  });
  expect(response.status(), `add product ${productId} to the cart`).toBe(303);
}

/** Place Order: the payment page the shop sends the customer to, as the simulator shows it. */
async function placeOrder(c: Customer, extra: Pairs = []): Promise<HostedPage> {
  const response = await c.context.post("/checkout", {
    headers: { "Content-Type": FORM },
    data: form([...Object.entries(address()), ...extra]).data,
    maxRedirects: 0,
  });
  expect(response.status(), "Place Order").toBe(303);
  const orderId = new URL(response.headers().location ?? "", "http://shop.invalid").pathname.split("/").pop();
  return loaderData<HostedPage>(
    c.context,
    `/phonepe-simulator/pay/${orderId}`,
    "routes/phonepe-simulator.pay.$orderId",
  );
}

/** Pays on the simulator and comes back to the shop, as the browser would: the order is created. */
async function pay(c: Customer, page: HostedPage) {
  const chosen = await c.context.post(`/phonepe-simulator/pay/${page.orderId}`, {
    form: { outcome: "success", webhook: "none" },
    maxRedirects: 0,
  });
  expect(chosen.status(), "Success on the simulator").toBe(303);
  const back = await c.context.get(chosen.headers().location ?? "", { maxRedirects: 0 });
  expect(back.headers().location, "back from PhonePe").toBe("/my-orders");
}

function webhook(payload: Record<string, unknown>, event = "checkout.order.completed"): Body {
  return json({ event, payload });
}

/* ---------- The tests ---------- */

test.describe("hostile input", () => {
  // Each test takes 1-10 s on an idle machine; password hashing on a busy one can take several times that,
  // and a timeout would hide the list of failing requests.
  test.describe.configure({ timeout: 60_000 });

  test("account forms: log-in, sign-up, forgot and reset password", async ({ shop }) => {
    // redirectTo of log-in and sign-up: see "redirectTo never leaves the shop".
    const routes: ActionRoute[] = [
      {
        path: "/login",
        valid: () => ({ email: email(), password: "kaveri-password" }),
        text: ["email"],
        secrets: ["password"],
        hashes: true,
      },
      {
        path: "/signup",
        valid: () => ({ ...person(), password: "kaveri-password" }),
        text: ["firstname", "lastname", "email", "mobile"],
        secrets: ["password"],
        hashes: true,
      },
      { path: "/forgot-password", valid: () => ({ email: email() }), text: ["email"] },
      {
        path: `/reset-password/${randomBytes(16).toString("hex")}`,
        valid: () => ({ password: "a-new-password" }),
        secrets: ["password"],
      },
    ];
    const probes = routes.flatMap(actionProbes);
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);
  });

  test("contact, newsletter and compare", async ({ shop }) => {
    const routes: ActionRoute[] = [
      {
        path: "/contact",
        valid: () => ({ name: "Lakshmi", email: email(), mobile: "9845012345", comment: "Need a quote" }),
        text: ["name", "email", "mobile", "comment"],
      },
      {
        path: "/newsletter",
        valid: () => ({ email: email(), redirectTo: "/" }),
        text: ["email", "redirectTo"],
      },
      {
        path: "/compare-product",
        valid: () => ({ intent: "add", productId: "2", redirectTo: "/compare-product" }),
        text: ["redirectTo"],
        numbers: ["productId"],
        intents: true,
      },
    ];
    const probes = routes.flatMap(actionProbes);
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);
  });

  test("product pages: add to cart, review, wishlist, from a visitor and a customer", async ({ shop }) => {
    const routes: ActionRoute[] = [
      {
        path: "/product/2",
        valid: () => ({ intent: "add-to-cart", color: "1", quantity: "1" }),
        numbers: ["color", "quantity"],
        intents: true,
      },
      {
        path: "/product/3",
        valid: () => ({ intent: "review", star: "4", comment: "Works well" }),
        text: ["comment"],
        numbers: ["star"],
      },
      {
        path: "/wishlist",
        valid: () => ({ intent: "add", productId: "4", redirectTo: "/wishlist" }),
        text: ["redirectTo"],
        numbers: ["productId"],
        intents: true,
      },
    ];
    const ids = BAD_IDS.map(
      (id): Probe => ({
        label: `product id ${JSON.stringify(id)}`,
        path: `/product/${encodeURIComponent(id)}`,
        body: urlencoded("intent=add-to-cart&color=1&quantity=1"),
      }),
    );
    // A visitor's post is read, then sent to log in: its fields are never looked at.
    const visitor = [...routes.flatMap(bodyProbes), ...ids];
    const probes = [...routes.flatMap(actionProbes), ...ids];
    const customer = await shop.customer();
    const failures = [...(await shop.drive(visitor, "visitor")), ...(await shop.drive(probes, customer))];
    expectNoFailures(failures, visitor.length + probes.length);
  });

  test("cart, checkout and profile of a signed-in customer", async ({ shop }) => {
    const customer = await shop.customer();
    await addToCart(customer, 2, 1);
    const [line] = (await cartOf(customer)).lines;
    const lineId = String(line?.id);
    const routes: ActionRoute[] = [
      {
        path: "/cart",
        valid: () => ({ intent: "update", lineId, quantity: "2" }),
        numbers: ["lineId", "quantity"],
        intents: true,
      },
      // A line that does not exist, so the customer's own line outlives the probes.
      { path: "/cart", valid: () => ({ intent: "delete", lineId: "999999" }), numbers: ["lineId"] },
      { path: "/checkout", valid: address, text: Object.keys(address()) },
      { path: "/my-profile", valid: person, text: ["firstname", "lastname", "email", "mobile"] },
    ];
    const probes = routes.flatMap(actionProbes);
    // A visitor's post is sent to log in before it is read.
    const visitor = routes.flatMap(bodyProbes);
    const failures = [...(await shop.drive(probes, customer)), ...(await shop.drive(visitor, "visitor"))];
    expectNoFailures(failures, probes.length + visitor.length);
  });

  test("back office: log-in, set-up and invitation links, staff changes, log-out", async ({ shop }) => {
    const routes: ActionRoute[] = [
      {
        path: "/admin/login",
        valid: () => ({ email: email(), password: "not-the-password" }),
        text: ["email"],
        secrets: ["password"],
      },
      {
        path: "/admin/setup/not-a-real-token",
        valid: () => ({ name: "Ravi", email: email(), password: "a-new-password-2026" }),
        text: ["name", "email"],
        secrets: ["password"],
      },
      {
        path: "/admin/invite/not-a-real-token",
        valid: () => ({ password: "a-new-password-2026" }),
        secrets: ["password"],
      },
      // Without a staff session every change is sent to the back office's log-in before it is read.
      {
        path: "/admin/staff",
        valid: () => ({ intent: "disable", id: "1" }),
        numbers: ["id"],
        intents: true,
      },
      { path: "/admin/logout", valid: () => ({}) },
    ];
    const probes = routes.flatMap(actionProbes);
    const customer = await shop.customer();
    const failures = [...(await shop.drive(probes, "visitor")), ...(await shop.drive(probes, customer))];
    expectNoFailures(failures, probes.length * 2);
  });

  test("back office as its owner: staff changes, and the audit trail's filters", async ({ shop }) => {
    const signedIn = await shop.owner();
    // The owner is the first account (id 1): changing it to what it is, or disabling it, changes nothing.
    const routes: ActionRoute[] = [
      {
        path: "/admin/staff",
        valid: () => ({ intent: "role", id: "1", role: "owner" }),
        text: ["role"],
        numbers: ["id"],
        intents: true,
      },
      { path: "/admin/staff", valid: () => ({ intent: "disable", id: "1" }), numbers: ["id"] },
      { path: "/admin/staff", valid: () => ({ intent: "password-link", id: "999999" }), numbers: ["id"] },
      {
        path: "/admin/staff",
        valid: () => ({ intent: "invite", name: "Probe Member", email: email(), role: "staff" }),
        text: ["name", "email", "role"],
      },
    ];
    const probes = [
      ...routes.flatMap(actionProbes),
      ...(["area", "member", "subject", "before"] as const).flatMap((param) =>
        getProbes("/admin/audit", param, param === "member" || param === "before" ? "both" : "text"),
      ),
    ];
    expectNoFailures(await shop.drive(probes, signedIn), probes.length);
    const stillOwner = await signedIn.context.get("/admin/staff", { maxRedirects: 0 });
    expect(stillOwner.status(), "the owner is still signed in and still an owner").toBe(200);
  });

  test("log-out", async ({ shop }) => {
    const probes = actionProbes({ path: "/logout", valid: () => ({}) });
    const failures = await shop.drive(probes, "visitor");
    // Each signed-in probe ends the session, so each gets a customer of its own.
    const signedIn = probes.filter(({ label }) => ["text/plain", "malformed multipart"].includes(label));
    for (const probe of signedIn) failures.push(...(await shop.drive([probe], await shop.customer())));
    expectNoFailures(failures, probes.length + signedIn.length);
  });

  test("PhonePe webhook: bad and missing Authorization, bad bodies, unknown orders", async ({ shop }) => {
    const path = "/api/phonepe/webhook";
    const signed = { Authorization: WEBHOOK_AUTH };
    const unknown = { merchantOrderId: `KC${Date.now()}UNKNOWN`, state: "COMPLETED", amount: 100 };
    // A payment waiting at PhonePe, for the probes that are about the body rather than the order.
    const customer = await shop.customer();
    await addToCart(customer, 2, 1);
    const { merchantOrderId, orderId } = await placeOrder(customer);
    const known = { merchantOrderId, orderId, state: "COMPLETED", amount: 100 };
    const probes: Probe[] = [
      ...["0".repeat(64), "Bearer abc", `SHA256 ${"z".repeat(64)}`, "x".repeat(10_000)].map(
        (auth): Probe => ({
          label: `Authorization ${JSON.stringify(auth.slice(0, 20))}`,
          path,
          body: webhook(unknown),
          headers: { Authorization: auth },
        }),
      ),
      { label: "no Authorization", path, body: webhook(unknown) },
      ...(
        [
          ["text/plain", { type: "text/plain", data: JSON.stringify({ event: "x", payload: known }) }],
          ["a form", urlencoded(`merchantOrderId=${merchantOrderId}`)],
          ["multipart without boundary", { type: "multipart/form-data", data: "x" }],
          ["JSON that is not JSON", { type: "application/json", data: '{"event":' }],
          ["JSON null", json(null)],
          ["a JSON array", json([unknown])],
          ["a JSON string", json("checkout.order.completed")],
          [
            "JSON nested 100 000 deep",
            { type: "application/json", data: `${"[".repeat(100_000)}${"]".repeat(100_000)}` },
          ],
          ["1.1 MB of JSON", webhook({ ...known, padding: "x".repeat(1_100_000) })],
          ["an unknown order", webhook(unknown)],
          ["an unknown order, failed", webhook({ ...unknown, state: "FAILED" }, "checkout.order.failed")],
          ["an unknown event", webhook(known, "checkout.order.exploded")],
          ["`type` instead of `event`", json({ type: "CHECKOUT_ORDER_COMPLETED", payload: known })],
          ["a refund without its id", webhook({ state: "COMPLETED" }, "pg.refund.completed")],
          [
            "a refund of an unknown order",
            webhook({ merchantRefundId: "R1", state: "COMPLETED" }, "pg.refund.completed"),
          ],
          ["an unknown state", webhook({ ...known, state: "EXPLODED" })],
          ...CONTROL_JSON.map(([name, value]): [string, Body] => [
            `merchantOrderId: ${name}`,
            jsonWith(
              { event: "checkout.order.completed", payload: { ...unknown, merchantOrderId: MARK } },
              value,
            ),
          ]),
          ...[0, -1, 2147483648, 1e300, "100", null, [100]].map((amount): [string, Body] => [
            `amount ${JSON.stringify(amount)}`,
            webhook({ ...known, amount }),
          ]),
          ...[123, ["KC1", "KC2"], null, {}, ""].map((id): [string, Body] => [
            `merchantOrderId ${JSON.stringify(id)}`,
            webhook({ ...unknown, merchantOrderId: id }),
          ]),
        ] as [string, Body][]
      ).map(([label, body]): Probe => ({ label, path, body, headers: signed })),
      { label: "GET", path, headers: signed },
    ];
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);
  });

  test("PhonePe simulator routes (test-only) with bad bodies and ids", async ({ shop }) => {
    const tokenAnswer = await (await shop.context()).post("/phonepe-simulator/v1/oauth/token", {
      form: {
        client_id: simulator.clientId,
        client_version: "1",
        client_secret: simulator.clientSecret,
        grant_type: "client_credentials",
      },
    });
    expect(tokenAnswer.status()).toBe(200);
    const { access_token } = (await tokenAnswer.json()) as { access_token: string };
    const bearer = { Authorization: `O-Bearer ${access_token}` };
    const payment = (
      merchantOrderId: unknown,
      amount: unknown,
      redirectUrl: unknown = `${shop.origin}/`,
    ) => ({
      merchantOrderId,
      amount,
      paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl } },
    });
    const bodies: [string, Body][] = [
      ["text/plain", { type: "text/plain", data: "x" }],
      ["multipart without boundary", { type: "multipart/form-data", data: "x" }],
      ["JSON that is not JSON", { type: "application/json", data: "{" }],
      ["a JSON array", json([])],
      ["1.1 MB of JSON", json({ padding: "x".repeat(1_100_000) })],
    ];
    const probes: Probe[] = [
      ...[
        "/phonepe-simulator/v1/oauth/token",
        "/phonepe-simulator/checkout/v2/pay",
        "/phonepe-simulator/payments/v2/refund",
        "/phonepe-simulator/admin/orders/UNKNOWN",
        "/phonepe-simulator/pay/UNKNOWN",
      ].flatMap((path) => bodies.map(([label, body]): Probe => ({ label, path, body, headers: bearer }))),
      ...Object.entries(CONTROL).map(
        ([name, value]): Probe => ({
          label: `token form: ${name}`,
          path: "/phonepe-simulator/v1/oauth/token",
          body: form([
            ["client_id", value],
            ["client_secret", value],
            ["grant_type", "client_credentials"],
          ]),
        }),
      ),
      ...[
        ...CONTROL_JSON.map(([name, value]): [string, Body] => [
          `merchantOrderId: ${name}`,
          jsonWith(payment(MARK, 100), value),
        ]),
        ...[0, -1, 2147483648, 1e300, "100", [100]].map((amount): [string, Body] => [
          `amount ${JSON.stringify(amount)}`,
          json(payment(`E2E${randomBytes(6).toString("hex")}`, amount)),
        ]),
      ].map(
        ([label, body]): Probe => ({
          label,
          path: "/phonepe-simulator/checkout/v2/pay",
          body,
          headers: bearer,
        }),
      ),
      ...[
        ...getProbes("/phonepe-simulator/pay/{}", null),
        ...getProbes("/phonepe-simulator/admin/orders/{}", null),
        ...getProbes("/phonepe-simulator/checkout/v2/order/{}/status", null),
      ].map((probe): Probe => ({ ...probe, headers: bearer })),
      ...["success", "", "explode"].map(
        (outcome): Probe => ({
          label: `hosted page outcome ${JSON.stringify(outcome)} for an unknown order`,
          path: "/phonepe-simulator/pay/UNKNOWN",
          body: urlencoded(`outcome=${outcome}&settleAfter=99999999999999999999`),
        }),
      ),
    ];
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);
  });

  test("store filters, search suggestions, sitemap and other pages with hostile query strings", async ({
    shop,
  }) => {
    const probes: Probe[] = [
      ...["q", "brand", "category", "color", "sort", "tag"].flatMap((param) =>
        getProbes("/product", param, "text"),
      ),
      ...["page", "price", "minPrice", "maxPrice", "grid"].flatMap((param) =>
        getProbes("/product", param, "number"),
      ),
      ...getProbes("/product?q=dell&sort=price&page=2", "brand", "text"),
      ...getProbes("/search-suggestions", "q", "text"),
      ...getProbes("/sitemap.xml", "part"),
      ...getProbes("/product/{}", null),
      ...getProbes("/product/2", "image"),
      ...getProbes("/blog/{}", null),
      ...getProbes("/reset-password/{}", null),
      ...getProbes("/login", "redirectTo", "text"),
      ...getProbes("/signup", "redirectTo", "text"),
      ...getProbes("/compare-product", "productId"),
      ...[
        "/",
        "/product",
        "/search-suggestions",
        "/sitemap.xml",
        "/robots.txt",
        "/healthz",
        "/blogs",
        "/blog/1",
      ]
        .concat(["/about", "/my-orders", "/no-such-page"])
        .flatMap(postToLoaderOnly),
    ];
    const customer = await shop.customer();
    const signedIn: Probe[] = [
      ...getProbes("/checkout", "merchantTransactionId", "text"),
      ...getProbes("/checkout", "merchantOrderId", "text"),
      ...getProbes("/my-profile", "edit", "text"),
      ...getProbes("/cart", "lineId"),
      ...getProbes("/my-orders", "id"),
      ...getProbes("/wishlist", "productId"),
    ];
    await addToCart(customer, 2, 1);
    const failures = [...(await shop.drive(probes, "visitor")), ...(await shop.drive(signedIn, customer))];
    expectNoFailures(failures, probes.length + signedIn.length);
  });

  test("unknown methods get 405 and addresses with broken percent-encoding 400, never a 5xx", async ({
    shop,
  }) => {
    const context = await shop.context();
    for (const path of ["/", "/product", "/healthz", "/favicon.svg", "/cart"]) {
      const answer = await context.fetch(path, { method: "TRACE", maxRedirects: 0 });
      expect(answer.status(), `TRACE ${path}`).toBe(405);
      expect(answer.headers().allow, `TRACE ${path}`).toContain("POST");
    }
    for (const path of ["/reset-password/abc%ff", "/product/1%ff", "/x%E0%A4", "/admin/invite/%c0%af"]) {
      const answer = await context.get(path, { maxRedirects: 0 });
      expect(answer.status(), `GET ${path}`).toBe(400);
    }
  });

  test("hostile cookies: session, toast and compare list", async ({ shop }) => {
    const b64 = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));
    const cookies = [
      "__session=garbage",
      "__session=%ZZ%00",
      `__session=${"a".repeat(4_000)}`,
      `__session=${b64("someone-else")}.forged-signature`,
      "toast=garbage",
      `toast=${b64({ __flash_toast__: { message: "<script>", type: "explode" } })}.forged`,
      `compare=${b64("99999999999.-1.abc.0.2147483648.2")}`,
      `compare=${b64([1, 2, 3])}`,
      `compare=${b64({ ids: [1] })}`,
      "compare=not-base64!",
      `compare=${b64("1.".repeat(5_000))}`,
    ];
    const pages = ["/", "/compare-product", "/product/2", "/cart", "/wishlist", "/my-orders"];
    const probes: Probe[] = cookies.flatMap((cookie) => [
      ...pages.map((path): Probe => ({ label: cookie.slice(0, 40), path, headers: { Cookie: cookie } })),
      {
        label: cookie.slice(0, 40),
        path: "/compare-product",
        body: urlencoded("intent=add&productId=2"),
        headers: { Cookie: cookie },
      },
      { label: cookie.slice(0, 40), path: "/logout", body: form([]), headers: { Cookie: cookie } },
    ]);
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);
  });

  test("redirectTo never leaves the shop", async ({ shop }) => {
    // Signed in for the wishlist; its e-mail and password for the log-ins (each from a fresh context).
    const customer = await shop.customer();
    const known = customer;
    const forms = (): Record<string, Record<string, string>> => ({
      "/newsletter": { email: email() },
      "/compare-product": { intent: "add", productId: "2" },
      "/wishlist": { intent: "add", productId: "2" },
      "/login": { email: known.email, password: known.password },
      "/signup": { ...person(), password: "kaveri-password" },
    });
    const probes = (redirectTo: string) =>
      Object.entries(forms()).map(
        ([path, fields]): Probe => ({
          label: `redirectTo ${JSON.stringify(redirectTo)}`,
          path,
          body: form([...Object.entries(fields), ["redirectTo", redirectTo]]),
        }),
      );
    // With a path on the shop the same posts do go there, so the probes below reach the redirect.
    for (const probe of probes("/my-orders?from=test")) {
      const context = probe.path === "/wishlist" ? customer.context : await shop.context();
      const response = await shop.send(context, probe);
      expect(response.headers().location, show(probe)).toBe("/my-orders?from=test");
    }
    const visitorProbes = OFFSITE.flatMap(probes);
    const customerProbes = OFFSITE.flatMap(probes).filter((probe) => probe.path === "/wishlist");
    const failures = [
      ...(await shop.drive(visitorProbes, "visitor")),
      ...(await shop.drive(customerProbes, customer)),
    ];
    expectNoFailures(failures, visitorProbes.length + customerProbes.length);
  });

  test("another customer's ids: B can neither read nor change A's cart, wishlist, orders or payments", async ({
    shop,
  }) => {
    const a = await shop.customer();
    await addToCart(a, 4, 1);
    const paid = await placeOrder(a);
    await pay(a, paid);
    await addToCart(a, 2, 2);
    const wished = await a.context.post("/wishlist", {
      form: { intent: "add", productId: "5" },
      maxRedirects: 0,
    });
    expect(wished.status(), "A wishes for product 5").toBe(303);
    const pending = await placeOrder(a);
    const before = await snapshot(a);
    expect(before.orders).toHaveLength(1);
    expect(before.cart).toHaveLength(1);
    expect(before.wishlist).toEqual([5]);
    const aLine = String(before.cart[0]?.id);

    const b = await shop.customer();
    await addToCart(b, 3, 1);
    await pay(b, await placeOrder(b));
    const bOrders = (await snapshot(b)).orders;
    await addToCart(b, 3, 1);
    const bLine = String((await cartOf(b)).lines[0]?.id);
    const writes: [string, Body, string?][] = [
      ["delete A's line", urlencoded(`intent=delete&lineId=${aLine}`)],
      ["update A's line", urlencoded(`intent=update&lineId=${aLine}&quantity=5`)],
      ["update A's line, then B's", urlencoded(`intent=update&lineId=${aLine}&lineId=${bLine}&quantity=3`)],
      ["delete A's line, then B's", urlencoded(`intent=delete&lineId=${aLine}&lineId=${bLine}`)],
      [
        "delete A's line, multipart",
        multipart([
          ["intent", "delete"],
          ["lineId", aLine],
        ]),
      ],
      ["delete A's line with DELETE", urlencoded(`intent=delete&lineId=${aLine}`), "DELETE"],
    ];
    const probes: Probe[] = [
      ...writes.map(([label, body, method]): Probe => ({ label, path: "/cart", body, method })),
      {
        label: "delete A's line as a fetcher",
        path: "/cart?_data=routes%2Fcart",
        body: urlencoded(`intent=delete&lineId=${aLine}`),
      },
      {
        label: "take A's e-mail",
        path: "/my-profile",
        body: form(Object.entries({ firstname: "B", lastname: "B", email: a.email, mobile: "9845012345" })),
      },
    ];
    const wrongWrites: string[] = [];
    for (const probe of probes) {
      const response = await shop.send(b.context, probe);
      const status = response.status();
      if (status < 400 || status >= 500) wrongWrites.push(`${status} (expected 4xx): ${show(probe)}`);
    }
    // B's own wishlist, with the product A wished for: B's business only.
    await shop.send(b.context, {
      label: "",
      path: "/wishlist",
      body: urlencoded("intent=remove&productId=5"),
    });

    const leaks: string[] = [];
    for (const id of [paid.merchantOrderId, pending.merchantOrderId]) {
      for (const param of ["merchantTransactionId", "merchantOrderId"]) {
        const path = `/checkout?${param}=${id}`;
        const response = await b.context.get(path, { maxRedirects: 0 });
        const text = await response.text();
        if (
          response.status() >= 300 ||
          text.includes(a.email) ||
          !text.includes("Payment verification failed.")
        ) {
          leaks.push(`${response.status()} GET ${path} as B: A's payment was not refused`);
        }
      }
    }
    const bNow = await snapshot(b);
    if (JSON.stringify(bNow.orders) !== JSON.stringify(bOrders)) {
      leaks.push(
        `B's My Orders shows ${JSON.stringify(bNow.orders)}, B's own are ${JSON.stringify(bOrders)}`,
      );
    }
    if (bNow.cart.some((line) => String(line.id) === aLine)) leaks.push("B's cart shows A's line");
    if (bNow.wishlist.includes(5)) leaks.push("B's wishlist shows A's product");
    if (bNow.profile.email === a.email) leaks.push("B's profile took A's e-mail");

    const after = await snapshot(a);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      leaks.push(`A's data changed: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
    }
    expect(
      [...wrongWrites, ...leaks],
      `B's attempts on A's ids:\n${[...wrongWrites, ...leaks].join("\n")}`,
    ).toEqual([]);
    // A's own pending payment is still A's and still pending.
    const own = await loaderData<CheckoutData>(
      a.context,
      `/checkout?merchantTransactionId=${pending.merchantOrderId}`,
      "routes/checkout",
    );
    expect(own.pending).toBe(true);
  });

  test("tampered prices and amounts: the cart, PhonePe and the order charge the database price", async ({
    shop,
  }) => {
    const c = await shop.customer();
    const { product } = await productOf(c, 2);
    const price = product.discountedPrice;
    await addToCart(c, 2, 1, TAMPERED);
    const colour = String(product.colours[0]?.id);
    const body = multipart([["intent", "add-to-cart"], ["color", colour], ["quantity", "1"], ...TAMPERED]);
    const added = await c.context.post("/product/2", {
      headers: { "Content-Type": body.type },
      data: body.data,
      maxRedirects: 0,
    });
    expect(added.status(), "multipart add to cart with prices").toBe(303);
    const [line] = (await cartOf(c)).lines;
    const updated = await c.context.post("/cart", {
      headers: { "Content-Type": FORM },
      data: form([["intent", "update"], ["lineId", String(line?.id)], ["quantity", "3"], ...TAMPERED]).data,
      maxRedirects: 0,
    });
    expect(updated.status(), "cart update with prices").toBe(303);
    const cart = await cartOf(c);
    expect(cart.lines.map((l) => [l.productId, l.quantity, l.unitPrice])).toEqual([[2, 3, price]]);
    expect(cart.subtotal).toBe(3 * price);

    const checkout = await loaderData<CheckoutData>(c.context, "/checkout", "routes/checkout");
    expect(checkout.pending === false && [checkout.subtotal, checkout.options.shipping[0]?.fee]).toEqual([
      3 * price,
      SHIPPING_PAISE,
    ]);
    // The shipping choice is a name, never a fee: anything else is refused on its field.
    const freeShipping = await c.context.post("/checkout", {
      headers: { "Content-Type": FORM },
      data: form([...Object.entries(address()), ["shipping", "0"]]).data,
      maxRedirects: 0,
    });
    expect(freeShipping.status(), "shipping=0").toBe(400);
    expect(await freeShipping.text()).toContain("Choose Standard or Express delivery");
    const charged = await placeOrder(c, TAMPERED);
    expect(charged.amount, "the amount PhonePe is asked for").toBe(3 * price + SHIPPING_PAISE);

    // Forged webhooks (the webhook secret leaked): the outcome is asked of PhonePe, which still says pending.
    for (const amount of [100, charged.amount]) {
      const response = await shop.send(c.context, {
        label: `forged completed webhook, amount ${amount}`,
        path: "/api/phonepe/webhook",
        body: webhook({
          merchantOrderId: charged.merchantOrderId,
          orderId: charged.orderId,
          state: "COMPLETED",
          amount,
        }),
        headers: { Authorization: WEBHOOK_AUTH },
      });
      expect(response.status(), `forged webhook, amount ${amount}`).toBeLessThan(500);
    }
    expect((await ordersOf(c)).orders, "orders after forged webhooks").toEqual([]);

    await pay(c, charged);
    const { orders } = await ordersOf(c);
    expect(orders.map((order) => order.totalPriceAfterDiscount)).toEqual([3 * price + SHIPPING_PAISE]);
  });
  test("limits are answered with their own status and message, and a webhook for an unknown order with 200", async ({
    shop,
  }) => {
    const c = await shop.customer();
    const send = (label: string, body: Body, path = "/contact", headers: Record<string, string> = {}) =>
      shop.send(c.context, { label, path, body, headers });

    const tooLarge = await send("70 KB form", urlencoded(`comment=${"x".repeat(70 * 1024)}`));
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.text()).toContain("The form is too large (at most 64 KB)");
    const manyFields = Array.from({ length: 500 }, (_, n) => `f${n}=1`).join("&");
    const fields = await send("500 fields", urlencoded(manyFields));
    expect(fields.status()).toBe(413);
    expect(await fields.text()).toContain("The form has too many fields");
    for (const type of ["text/plain", "application/json", "multipart/form-data"]) {
      const wrongType = await send(`type ${type}`, { type, data: "name=a" });
      expect(wrongType.status(), type).toBe(415);
    }

    // A rejected form echoes back only the schema's fields, not what else was posted.
    const echoed = await send(
      "unknown field",
      form([
        ["name", "Asha"],
        ["email", "not-an-email"],
        ["mobile", "9876543210"],
        ["comment", "Hello"],
        ["smuggled", "MARKER-NOT-ECHOED"],
      ]),
    );
    expect(echoed.status()).toBe(400);
    expect(await echoed.text()).not.toContain("MARKER-NOT-ECHOED");

    // Signed-in answers, pages and their data alike, are never stored by a cache.
    for (const path of ["/cart", "/my-profile?_data=routes%2Fmy-profile", "/"]) {
      const answer = await c.context.get(path, { maxRedirects: 0 });
      expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    }

    const unknown = await shop.send(c.context, {
      label: "webhook for an order the shop never started",
      path: "/api/phonepe/webhook",
      body: webhook({
        merchantOrderId: "KC_NEVER_STARTED",
        orderId: "OMO-unknown",
        state: "COMPLETED",
        amount: 100,
      }),
      headers: { Authorization: WEBHOOK_AUTH },
    });
    expect(unknown.status()).toBe(200);
  });
});
