import { randomBytes } from "node:crypto";
import { newCustomer } from "./support/accounts";
import {
  type ActionRoute,
  type Answer,
  actionProbes,
  asVisitor,
  BAD_IDS,
  type Body,
  bodyProbes,
  CONTROL,
  CONTROL_JSON,
  CONTROL_SECRET,
  type Customer,
  enquiriesWith,
  expectMailOnlyTo,
  expectNoFailures,
  FORM,
  form,
  type GetGroup,
  getProbes,
  inPhases,
  JSON_ONLY,
  json,
  jsonWith,
  loaderData,
  MARK,
  mailTo,
  markers,
  methodNotAllowed,
  multipart,
  NO_BOUNDARY,
  NOT_ACCEPTED,
  NOT_WELL_FORMED,
  OK,
  type Pairs,
  type Probe,
  REPEATED,
  SERVER_REFUSALS,
  type Shop,
  type Staff,
  same,
  sentBy,
  show,
  staffList,
  subscribersWith,
  TAMPERED,
  test,
  UNKNOWN_FORM,
  urlencoded,
} from "./support/hostile";
import { waitForMail } from "./support/mail";
import { simulator, webhookAuthorization } from "./support/simulator";
import { dataUrl } from "./support/single-fetch";
import { expect } from "./support/test";

/*
 * Hostile input (docs/testing.md): every action and resource route driven with wrong content types,
 * over-size bodies, over-many fields, control characters, out-of-range ids, arrays where one value belongs,
 * unknown intents, off-site redirect targets, forged webhooks and another customer's ids. Every request names
 * the answer it must get: its status and, where they are the behaviour, where it sends the shopper, the
 * message the page shows and the toast it leaves. Each group of routes has a control, its valid form or page,
 * which must succeed, and after the probes the shop must show that it kept nothing a refused request sent
 * (no row, no mail) while it did keep what the control sent. Requests only, no browser (the `hostile`
 * project). Each test drives one group of routes from the tables below and lists every request whose answer
 * differs from its expectation.
 *
 * The machinery (payloads, probes built from a
 * route's table, the driver, the readers of what the shop kept) is in ./support/hostile.ts.
 */

/* ---------- Payloads and fresh details ---------- */

/** redirectTo values that must never take the shopper off the shop, and the path each is kept as (null: none). */
const OFFSITE: [redirectTo: string, kept: string | null][] = [
  ["/\t/evil.example", null],
  ["//evil.example", null],
  ["/\\evil.example", null],
  ["https://evil.example", null],
  ["%2F%2Fevil.example", null],
  // A path on the shop, its escapes left as they came: harmless.
  ["/%0d%0aSet-Cookie:x=1", "/%0d%0aSet-Cookie:x=1"],
  ["/\r\nSet-Cookie:x=1", null],
  // A Location header holds no letters beyond Latin-1: the path comes out percent-encoded.
  ["/é", "/%C3%A9"],
];

/** PhonePe's webhook Authorization in simulator mode: SHA-256 of the simulator's username:password. */
const WEBHOOK_AUTH = webhookAuthorization;
/** Rs. 100 shipping, in paise. */
const SHIPPING_PAISE = 10_000;

const email = () => newCustomer().email;
/** A fresh e-mail address that names its test, so the back office's lists can be searched for it. */
const tagged = (tag: string) => `hostile.${tag}.${randomBytes(5).toString("hex")}@example.in`;
const randomTag = () => randomBytes(4).toString("hex");
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
      address: Record<string, string | undefined>;
    };
type HostedPage = { orderId: string; merchantOrderId: string; amount: number; state: string };

const cartOf = (c: Customer) => loaderData<CartData>(c.context, "/cart", "routes/shop/cart");
const ordersOf = (c: Customer) => loaderData<OrdersData>(c.context, "/my-orders", "routes/account/my-orders");
const profileOf = async (c: Customer) =>
  (
    await loaderData<{ profile: Record<string, string> }>(
      c.context,
      "/my-profile",
      "routes/account/my-profile",
    )
  ).profile;

async function snapshot(c: Customer) {
  const [cart, orders, wishlist, profile] = await Promise.all([
    cartOf(c),
    ordersOf(c),
    loaderData<{ products: { id: number }[] }>(c.context, "/wishlist", "routes/shop/wishlist"),
    profileOf(c),
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
    profile,
  };
}

/** The address the checkout offers: the one Place Order kept, or the account's name and nothing else. */
async function checkoutAddressOf(c: Customer): Promise<Record<string, string | undefined>> {
  const checkout = await loaderData<CheckoutData>(c.context, "/checkout", "routes/shop/checkout");
  if (checkout.pending) throw new Error("a payment is pending");
  const { firstname, lastname, address, other, city, state, country, pincode } = checkout.address;
  return { firstname, lastname, address, other, city, state, country, pincode };
}

type ProductData = { product: { discountedPrice: number; colours: { id: number }[] } };
const productOf = (c: Customer, id: number) =>
  loaderData<ProductData>(c.context, `/product/${id}`, "routes/shop/product.$id");

/** The reviews of a product whose text holds `tag` (reviews name nobody). */
async function reviewsWith(c: Customer, productId: number, tag: string) {
  const { reviews } = await loaderData<{ reviews: { items: { star: number; comment: string }[] } }>(
    c.context,
    `/product/${productId}`,
    "routes/shop/product.$id",
  );
  return reviews.items.filter((r) => r.comment.includes(tag)).map(({ star, comment }) => ({ star, comment }));
}

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

/** Pays on the simulator's page without going back to the shop: PhonePe knows, the shop does not yet. */
async function payAtPhonePe(c: Customer, page: HostedPage): Promise<string> {
  const chosen = await c.context.post(`/phonepe-simulator/pay/${page.orderId}`, {
    form: { outcome: "success", webhook: "none" },
    maxRedirects: 0,
  });
  expect(chosen.status(), "Success on the simulator").toBe(303);
  return chosen.headers().location ?? "";
}

/** Pays on the simulator and comes back to the shop, as the browser would: the order is created. */
async function pay(c: Customer, page: HostedPage) {
  const back = await c.context.get(await payAtPhonePe(c, page), { maxRedirects: 0 });
  expect(back.headers().location, "back from PhonePe").toBe("/my-orders");
}

function webhook(payload: Record<string, unknown>, event = "checkout.order.completed"): Body {
  return json({ event, payload });
}

/** Invites a staff member as `staff` (an owner) and returns the member and the invitation's link. */
async function invite(shop: Shop, staff: Staff, address: string): Promise<{ id: number; link: string }> {
  const answer = await shop.expectAnswer(staff.context, {
    label: "invite a staff member",
    path: "/admin/staff",
    body: form([
      ["intent", "invite"],
      ["name", "Ravi Probe"],
      ["email", address],
      ["role", "staff"],
    ]),
    expect: { status: 200, text: `Invitation sent to ${address}` },
  });
  const link = /\/admin\/invite\/[\w-]+/.exec(await answer.text())?.[0];
  expect(link, "the invitation's link on the page").toBeDefined();
  const member = (await staffList(staff)).find((m) => m.email === address);
  expect(member, "the invited member in the staff list").toBeDefined();
  return { id: member?.id ?? 0, link: link ?? "" };
}

/* ---------- The tests ---------- */

const signIn = (path: string): Answer => ({
  status: 303,
  location: `/login?redirectTo=${encodeURIComponent(path)}`,
});
const BAD_CREDENTIALS: Answer = { status: 401, text: "Invalid email or password" };
const UNKNOWN_RESET_LINK: Answer = {
  status: 410,
  text: "This password reset link is not valid. Please ask for a new one.",
};
const PAGE_NOT_FOUND: Answer = { status: 404, text: "Page Not Found" };
const STAFF_SIGN_IN: Answer = { status: 303, location: "/admin/login?redirectTo=%2Fadmin%2Fstaff" };

test.describe("hostile input", () => {
  // Each test takes 1-10 s on an idle machine; password hashing on a busy one can take several times that,
  // and a timeout would hide the list of failing requests.
  test.describe.configure({ timeout: 60_000 });

  test("account forms: log-in, sign-up, forgot and reset password; only the accepted sign-ups make accounts", async ({
    shop,
  }) => {
    // redirectTo of log-in and sign-up: see "redirectTo never leaves the shop".
    const known = await shop.customer();
    const tag = randomTag();
    const forgot: ActionRoute = {
      path: "/forgot-password",
      // No account has this address: the answer is the same as for one that has, and no mail goes out.
      valid: () => ({ email: tagged(tag) }),
      accepted: { status: 303, location: "/login", toast: "Forgot Password Email Sent Successfully!" },
      refused: { status: 400 },
      text: { email: "format" },
    };
    const routes: ActionRoute[] = [
      {
        path: "/login",
        valid: () => ({ email: known.email, password: known.password }),
        accepted: { status: 303, location: "/", toast: "User Logged In Successfully" },
        refused: { status: 400 },
        text: { email: "format" },
        secrets: ["password"],
        hashes: true,
        // Any text is a password, just not this account's.
        answers: Object.fromEntries(CONTROL_SECRET.map((name) => [`password: ${name}`, BAD_CREDENTIALS])),
      },
      {
        path: "/signup",
        valid: () => ({ ...person(), email: tagged(tag), password: "kaveri-password" }),
        accepted: { status: 303, location: "/", toast: "User Created Successfully" },
        refused: { status: 400 },
        text: { firstname: "line", lastname: "line", email: "format", mobile: "format" },
        secrets: ["password"],
        hashes: true,
        marker: "email",
      },
      forgot,
      {
        path: `/reset-password/${randomBytes(16).toString("hex")}`,
        // A link the shop never sent: once the form is good, the link is refused. The mailed link is the control.
        valid: () => ({ password: "a-new-password" }),
        accepted: UNKNOWN_RESET_LINK,
        refused: { status: 400 },
        secrets: ["password"],
      },
    ];
    const probes = routes.flatMap(actionProbes);
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);

    // Which sign-ups made an account: a reset link is mailed only to an address that has one. The addresses
    // of the refused sign-ups are asked for first.
    const signups = markers(probes.filter((probe) => probe.path === "/signup"));
    const forgotten = (addresses: string[]) =>
      addresses.map(
        (address): Probe => ({
          label: `forgot password of ${address}`,
          path: "/forgot-password",
          body: form([["email", address]]),
          expect: forgot.accepted,
        }),
      );
    const asked = [...(await shop.drive(forgotten(signups.refused), "visitor"))];
    asked.push(...(await shop.drive(forgotten(signups.kept), "visitor")));
    expectNoFailures(asked, signups.refused.length + signups.kept.length);
    await expectMailOnlyTo(signups.kept, signups.refused);

    // The reset form's and page's control: the link mailed to the valid sign-up's address.
    const valid =
      probes.find((probe) => probe.path === "/signup" && probe.label === "valid form")?.marker ?? "";
    const mail = await waitForMail((m) => m.to.includes(valid));
    const link = /\/reset-password\/[\w-]+/.exec(mail.text)?.[0] ?? "";
    const pages = getProbes({
      path: "/reset-password/{}",
      param: null,
      control: [link, { status: 200, text: "Reset Password" }],
      answer: (label) =>
        label === '""' ? PAGE_NOT_FOUND : label.startsWith("lone") ? NOT_WELL_FORMED : UNKNOWN_RESET_LINK,
    });
    expectNoFailures(await shop.drive(pages, "visitor"), pages.length);
    const asker = await shop.context();
    await shop.expectAnswer(asker, {
      label: "the mailed reset link",
      path: link,
      body: form([["password", "a-new-password-2026"]]),
      expect: { status: 303, location: "/login", toast: "Password change Successfully!" },
    });
    await shop.expectAnswer(asker, {
      label: "the mailed reset link, used",
      path: link,
      expect: {
        status: 410,
        text: "This password reset link has already been used. Please ask for a new one.",
      },
    });
  });

  test("contact, newsletter and compare: exact answers, and only the accepted enquiries and subscriptions kept", async ({
    shop,
  }) => {
    const tag = randomTag();
    const routes: ActionRoute[] = [
      {
        path: "/contact",
        valid: () => ({ name: "Lakshmi", email: tagged(tag), mobile: "9845012345", comment: "Need a quote" }),
        accepted: { status: 303, location: "/contact", toast: "Contact Form Submitted Successfully" },
        refused: { status: 400 },
        text: { name: "line", email: "format", mobile: "format", comment: "lines" },
        marker: "email",
      },
      {
        path: "/newsletter",
        valid: () => ({ email: tagged(tag), redirectTo: "/" }),
        accepted: { status: 303, location: "/", toast: "Subscribed to our newsletter. Thank you!" },
        // The footer's box is on every page: a refusal goes back there, its message in a toast.
        refused: { status: 303, location: "/", toast: "Email Should be valid" },
        text: { email: "format", redirectTo: "target" },
        marker: "email",
        answers: {
          "empty form": { status: 303, location: "/", toast: "Email is Required" },
          // A file where the address goes is an address that is not valid, in the shop's words.
          "multipart with every field a file": { status: 303, location: "/", toast: "Email Should be valid" },
        },
      },
      {
        path: "/compare-product",
        valid: () => ({ intent: "add", productId: "2", redirectTo: "/compare-product" }),
        accepted: { status: 303, location: "/compare-product", toast: "Product added to compare" },
        refused: { status: 303, location: "/compare-product", toast: "That product could not be found." },
        text: { redirectTo: "target" },
        numbers: ["productId"],
        intents: UNKNOWN_FORM,
      },
    ];
    const probes = routes.flatMap(actionProbes);
    const staff = await shop.owner();
    const [refused = [], ...accepted] = inPhases(probes);
    const failures = await shop.drive(refused, "visitor");
    // Soft: the list of wrong answers, below, says which request it was.
    const enquiries = await enquiriesWith(staff, tag);
    expect.soft(enquiries, `enquiries kept from:\n${sentBy(probes, enquiries)}`).toEqual([]);
    const subscribers = await subscribersWith(staff, tag);
    expect.soft(subscribers, `subscribers kept from:\n${sentBy(probes, subscribers.list)}`).toEqual({
      list: [],
      csv: [],
    });
    for (const phase of accepted) failures.push(...(await shop.drive(phase, "visitor")));
    expectNoFailures(failures, probes.length);
    const kept = (path: string) => markers(probes.filter((probe) => probe.path === path)).kept;
    expect(kept("/contact").length, "accepted enquiries").toBeGreaterThan(0);
    expect(await enquiriesWith(staff, tag), "enquiries after all the requests").toEqual(kept("/contact"));
    expect(await subscribersWith(staff, tag), "subscribers after all the requests").toEqual({
      list: kept("/newsletter"),
      csv: kept("/newsletter"),
    });
  });

  test("product pages: add to cart, review, wishlist, from a visitor and a customer; only accepted forms kept", async ({
    shop,
  }) => {
    const tag = randomTag();
    const review = `Works well (${tag})`;
    const routes: ActionRoute[] = [
      {
        path: "/product/2",
        valid: () => ({ intent: "add-to-cart", color: "1", quantity: "1" }),
        accepted: { status: 303, location: "/product/2", toast: "Product Added To Cart" },
        refused: { status: 400 },
        numbers: ["color", "quantity"],
        intents: UNKNOWN_FORM,
        visitor: { signIn: signIn("/product/2"), readsFormFirst: true },
      },
      {
        path: "/product/3",
        valid: () => ({ intent: "review", star: "4", comment: review }),
        accepted: { status: 303, location: "/product/3#reviews", toast: "Rating Added Successfully" },
        refused: { status: 400 },
        text: { comment: "lines" },
        numbers: ["star"],
        // A review's log-in comes back to the reviews.
        visitor: {
          signIn: { status: 303, location: /^\/login\?redirectTo=%2Fproduct%2F3(%23reviews)?$/ },
          readsFormFirst: true,
        },
      },
      {
        path: "/wishlist",
        valid: () => ({ intent: "add", productId: "4", redirectTo: "/wishlist" }),
        accepted: { status: 303, location: "/wishlist" },
        refused: { status: 303, location: "/wishlist", toast: "That product could not be found." },
        text: { redirectTo: "target" },
        numbers: ["productId"],
        intents: { status: 400 },
        visitor: { signIn: signIn("/wishlist"), readsFormFirst: true },
      },
    ];
    const ids = BAD_IDS.map(
      (id): Probe => ({
        label: `product id ${JSON.stringify(id)}`,
        path: `/product/${encodeURIComponent(id)}`,
        body: urlencoded("intent=add-to-cart&color=1&quantity=1"),
        // /product/ is the store, which takes no posts.
        expect: id === "" ? { status: 405 } : { status: 404, text: "Product not found" },
      }),
    );
    const visitor = [...routes.flatMap((route) => asVisitor(route, bodyProbes(route))), ...ids];
    const probes = [...routes.flatMap(actionProbes), ...ids];
    const customer = await shop.customer();
    const kept = async () => ({
      cart: (await cartOf(customer)).lines.map(({ productId, quantity }) => ({ productId, quantity })),
      wishlist: (await snapshot(customer)).wishlist,
      reviews: await reviewsWith(customer, 3, tag),
    });
    const [refused = [], ...accepted] = inPhases(probes);
    const failures = [...(await shop.drive(visitor, "visitor")), ...(await shop.drive(refused, customer))];
    // Soft: the list of wrong answers, below, says which request it was.
    expect.soft(await kept(), "the customer's cart, wishlist and review after the refused requests").toEqual({
      cart: [],
      wishlist: [],
      reviews: [],
    });
    for (const phase of accepted) failures.push(...(await shop.drive(phase, customer)));
    expectNoFailures(failures, visitor.length + probes.length);
    expect(await kept(), "what the valid forms kept, last").toEqual({
      cart: [{ productId: 2, quantity: 1 }],
      wishlist: [4],
      reviews: [{ star: 4, comment: review }],
    });
  });

  test("cart, checkout and profile of a signed-in customer: exact answers, and only accepted forms kept", async ({
    shop,
  }) => {
    const customer = await shop.customer();
    await addToCart(customer, 2, 1);
    const [line] = (await cartOf(customer)).lines;
    const lineId = String(line?.id);
    const noLine: Answer = { status: 404, text: "Something Went Wrong!" };
    const profile = {
      firstname: "Asha",
      lastname: "Probe",
      email: customer.email,
      mobile: (await profileOf(customer)).mobile ?? "",
    };
    const routes: ActionRoute[] = [
      {
        path: "/cart",
        valid: () => ({ intent: "update", lineId, quantity: "2" }),
        accepted: { status: 303, location: "/cart", toast: "Product Updated Successfully!" },
        refused: { status: 400 },
        numbers: ["lineId", "quantity"],
        intents: { status: 400, text: "Something Went Wrong!" },
        visitor: { signIn: signIn("/cart"), readsFormFirst: false },
      },
      // A line that does not exist, so the customer's own line outlives the probes: every probe is refused,
      // and the deletion of the real line, after them, is the control.
      {
        path: "/cart",
        valid: () => ({ intent: "delete", lineId: "999999" }),
        accepted: noLine,
        refused: { status: 400, text: "Something Went Wrong!" },
        numbers: ["lineId"],
        visitor: { signIn: signIn("/cart"), readsFormFirst: false },
        // A line id that is no id at all is a line that is not there.
        answers: Object.fromEntries(BAD_IDS.map((id) => [`lineId=${JSON.stringify(id)}`, noLine])),
      },
      {
        path: "/checkout",
        valid: address,
        // To PhonePe's payment page: the simulator's, on the shop's own address.
        accepted: { status: 303, location: new RegExp(`^${shop.origin}/phonepe-simulator/pay/`) },
        refused: { status: 400 },
        text: {
          firstname: "line",
          lastname: "line",
          address: "line",
          other: "line",
          city: "line",
          state: "format",
          country: "format",
          pincode: "format",
        },
        visitor: { signIn: signIn("/checkout"), readsFormFirst: false },
      },
      {
        path: "/my-profile",
        valid: () => profile,
        accepted: { status: 303, location: "/my-profile", toast: "Profile Updated Successfully!" },
        refused: { status: 400 },
        text: { firstname: "line", lastname: "line", email: "format", mobile: "format" },
        visitor: { signIn: signIn("/my-profile"), readsFormFirst: false },
      },
    ];
    const probes = routes.flatMap(actionProbes);
    const visitor = routes.flatMap((route) => asVisitor(route, bodyProbes(route)));
    const kept = async () => {
      const { profile: p, cart, orders } = await snapshot(customer);
      return {
        cart: cart.map(({ id, quantity }) => ({ id, quantity })),
        address: await checkoutAddressOf(customer),
        profile: { firstname: p.firstname, lastname: p.lastname, email: p.email, mobile: p.mobile },
        orders,
      };
    };
    const before = await kept();
    expect(before.profile).not.toEqual(profile);
    const [refused = [], ...accepted] = inPhases(probes);
    const failures = [...(await shop.drive(visitor, "visitor")), ...(await shop.drive(refused, customer))];
    // Soft: the list of wrong answers, below, says which request it was.
    expect
      .soft(await kept(), "the customer's cart, address and profile after the refused requests")
      .toEqual(before);
    for (const phase of accepted) failures.push(...(await shop.drive(phase, customer)));
    expectNoFailures(failures, visitor.length + probes.length);
    // A Place Order starts a payment and places no order.
    expect(await kept(), "what the valid forms kept, last").toEqual({
      cart: [{ id: line?.id, quantity: 2 }],
      address: address(),
      profile,
      orders: [],
    });

    await shop.expectAnswer(customer.context, {
      label: "delete the customer's own line",
      path: "/cart",
      body: form([
        ["intent", "delete"],
        ["lineId", lineId],
      ]),
      expect: { status: 303, location: "/cart", toast: "Product Deleted From Cart Successfully!" },
    });
    expect((await cartOf(customer)).lines, "the cart after the deletion").toEqual([]);
  });

  test("back office: log-in, set-up and invitation links, staff changes, log-out, without a staff session", async ({
    shop,
  }) => {
    const routes: ActionRoute[] = [
      {
        path: "/admin/login",
        // No staff member has this address: refused as a wrong password is. The owner's log-in is the control.
        valid: () => ({ email: email(), password: "not-the-password" }),
        accepted: BAD_CREDENTIALS,
        refused: { status: 400 },
        text: { email: "format" },
        secrets: ["password"],
        hashes: true,
      },
      {
        path: "/admin/setup/not-a-real-token",
        // The owner exists, so no set-up link works any more; one never printed is refused once the form is good.
        valid: () => ({ name: "Ravi", email: email(), password: "a-new-password-2026" }),
        accepted: {
          status: 410,
          text: "This set-up link is not valid. Restart the shop to print a new one.",
        },
        refused: { status: 400 },
        text: { name: "line", email: "format" },
        secrets: ["password"],
        hashes: true,
      },
      {
        path: "/admin/invite/not-a-real-token",
        // A link no owner sent: refused once the form is good. A real invitation, below, is the control.
        valid: () => ({ password: "a-new-password-2026" }),
        accepted: { status: 410, text: "This invitation is not valid. Ask an owner to invite you again." },
        refused: { status: 400 },
        secrets: ["password"],
        hashes: true,
      },
    ];
    // Without a staff session every change is sent to the back office's log-in before it is read; the log-out
    // reads no form at all.
    const staffChanges: ActionRoute = {
      path: "/admin/staff",
      valid: () => ({ intent: "disable", id: "1" }),
      accepted: { status: 409, text: "You cannot disable your own account" },
      refused: { status: 400 },
      numbers: ["id"],
      intents: UNKNOWN_FORM,
      visitor: { signIn: STAFF_SIGN_IN, readsFormFirst: false },
    };
    const loggedOut: Answer = {
      status: 303,
      location: "/admin/login",
      toast: "You are logged out of the back office",
    };
    const logOut: ActionRoute = {
      path: "/admin/logout",
      valid: () => ({}),
      accepted: loggedOut,
      refused: loggedOut,
      answers: {
        "malformed multipart": "accepted",
        "5 000 fields": "accepted",
        "5 000 × filler": "accepted",
      },
    };
    const staff = await shop.owner();
    const ownerBefore = (await staffList(staff)).find((member) => member.id === 1);
    expect(ownerBefore, "the owner is member 1").toMatchObject({ role: "owner", disabled: false });

    const sessionless = [
      ...routes.flatMap(actionProbes),
      ...asVisitor(staffChanges, actionProbes(staffChanges)),
      ...actionProbes(logOut),
    ];
    // A shop customer's session is no staff session: the staff and log-out forms once more, signed in.
    const customer = await shop.customer();
    const signedIn = [...asVisitor(staffChanges, actionProbes(staffChanges)), ...actionProbes(logOut)];
    const failures = [
      ...(await shop.drive(sessionless, "visitor")),
      ...(await shop.drive(signedIn, customer)),
    ];
    expectNoFailures(failures, sessionless.length + signedIn.length);
    expect(
      (await staffList(staff)).find((member) => member.id === 1),
      "the owner after the requests",
    ).toEqual(ownerBefore);

    // The invitation form's control: a real invitation, taken up.
    const { link } = await invite(shop, staff, tagged(randomTag()));
    await shop.expectAnswer(await shop.context(), {
      label: "the invitation's link",
      path: link,
      body: form([["password", "a-new-password-2026"]]),
      expect: { status: 303, location: "/admin", toast: "Password set. Welcome to the back office" },
    });
  });

  test("back office as its owner: staff changes, and the audit trail's filters; only accepted invitations kept", async ({
    shop,
  }) => {
    const staff = await shop.owner();
    const tag = randomTag();
    // A member for the password links: invited (the invitation form's own control), never signed in.
    const member = tagged(tag);
    const { id } = await invite(shop, staff, member);
    const routes: ActionRoute[] = [
      // The owner is member 1: changed to what it is, nothing changes.
      {
        path: "/admin/staff",
        valid: () => ({ intent: "role", id: "1", role: "owner" }),
        accepted: { status: 303, location: "/admin/staff", toast: "Role changed" },
        refused: { status: 400 },
        text: { role: "format" },
        numbers: ["id"],
        intents: UNKNOWN_FORM,
      },
      // An owner cannot disable their own account: each form that gets that far is told so.
      {
        path: "/admin/staff",
        valid: () => ({ intent: "disable", id: "1" }),
        accepted: { status: 409, text: "You cannot disable your own account" },
        refused: { status: 400 },
        numbers: ["id"],
      },
      {
        path: "/admin/staff",
        valid: () => ({ intent: "password-link", id: String(id) }),
        accepted: { status: 200, text: `New password link sent to ${member}` },
        refused: { status: 400 },
        numbers: ["id"],
      },
      {
        path: "/admin/staff",
        valid: () => ({ intent: "invite", name: "Probe Member", email: tagged(tag), role: "staff" }),
        accepted: { status: 200, text: "Invitation sent to" },
        refused: { status: 400 },
        text: { name: "line", email: "format", role: "format" },
        marker: "email",
      },
    ];
    const probes = routes.flatMap(actionProbes);
    const audit = (["area", "member", "subject", "before"] as const).flatMap((param) =>
      getProbes({
        path: "/admin/audit",
        param,
        kind: param === "member" || param === "before" ? "both" : "text",
        control: [
          `/admin/audit?${param}=${param === "member" ? "1" : param === "area" ? "staff" : "Ravi"}`,
          { status: 200, text: "Audit trail" },
        ],
        answer: same({ status: 200, text: "Audit trail" }),
      }),
    );
    const ours = async () =>
      (await staffList(staff))
        .filter((m) => m.email.includes(tag))
        .map((m) => m.email)
        .sort();
    const mailsToMember = async () => (await mailTo(member)).length;
    await waitForMail((mail) => mail.to.includes(member));

    const [refused = [], ...accepted] = inPhases(probes);
    const failures = [...(await shop.drive(refused, staff)), ...(await shop.drive(audit, staff))];
    const members = await ours();
    expect.soft(members, `members kept from:\n${sentBy(probes, members)}`).toEqual([member]);
    for (const phase of accepted) failures.push(...(await shop.drive(phase, staff)));
    expectNoFailures(failures, probes.length + audit.length);

    const invited = markers(probes);
    expect(await ours(), "this test's members after all the requests").toEqual(
      [member, ...invited.kept].sort(),
    );
    await expectMailOnlyTo(invited.kept, invited.refused);
    // One invitation, and a new link for each password-link form accepted.
    const links = probes.filter(
      (probe) => probe.accepted && probe.expect.text?.startsWith("New password link"),
    );
    await expect.poll(mailsToMember, { message: "mails to the member" }).toBe(1 + links.length);
    const owner = (await staffList(staff)).find((m) => m.id === 1);
    expect(owner, "the owner is still an active owner").toMatchObject({ role: "owner", disabled: false });
  });

  test("log-out: any form logs out, the server's refusals leave the session", async ({ shop }) => {
    const route: ActionRoute = {
      path: "/logout",
      valid: () => ({}),
      accepted: { status: 303, location: "/" },
      // The log-out reads no form: whatever reaches it logs out.
      refused: { status: 303, location: "/" },
      answers: {
        "malformed multipart": "accepted",
        "5 000 fields": "accepted",
        "5 000 × filler": "accepted",
      },
    };
    const probes = actionProbes(route);
    const failures = await shop.drive(probes, "visitor");
    // Each signed-in probe may end the session, so each gets a customer of its own; the cart says which did.
    const signedIn = probes.filter(({ label }) => ["text/plain", "malformed multipart"].includes(label));
    for (const probe of signedIn) {
      const customer = await shop.customer();
      failures.push(...(await shop.drive([probe], customer)));
      const cart = await customer.context.get("/cart", { maxRedirects: 0 });
      const stillIn = SERVER_REFUSALS.includes(probe.expect);
      expect(cart.status(), `the cart after ${show(probe)}`).toBe(stillIn ? 200 : 303);
    }
    expectNoFailures(failures, probes.length + signedIn.length);
  });

  test("PhonePe webhook: bad and missing Authorization, bad bodies, unknown orders; only PhonePe's word makes an order", async ({
    shop,
  }) => {
    const path = "/api/phonepe/webhook";
    const signed = { Authorization: WEBHOOK_AUTH };
    const unknown = { merchantOrderId: `KC${Date.now()}UNKNOWN`, state: "COMPLETED", amount: 100 };
    // A payment waiting at PhonePe, for the probes that are about the body rather than the order.
    const customer = await shop.customer();
    await addToCart(customer, 2, 1);
    const page = await placeOrder(customer);
    const { merchantOrderId, orderId } = page;
    const known = { merchantOrderId, orderId, state: "COMPLETED", amount: 100 };
    const unauthorized: Answer = { status: 401, text: "Unauthorized" };
    const notWebhook: Answer = { status: 400, text: "not a PhonePe webhook body (no payload)" };
    const noOrderId: Answer = {
      status: 400,
      text: "an order webhook with neither merchantOrderId nor orderId",
    };
    const unknownOrder: Answer = { status: 200, text: '"result":"unknown-order"' };
    // Taken, and its outcome asked of PhonePe, which says the payment is still pending.
    const asked: Answer = { status: 200, text: '"success":true' };
    const tooLarge: Answer = { status: 413, text: "The JSON body is too large (at most 64 KB)." };
    const signedBodies: [string, Body, Answer][] = [
      ["text/plain", { type: "text/plain", data: JSON.stringify({ event: "x", payload: known }) }, JSON_ONLY],
      ["a form", urlencoded(`merchantOrderId=${merchantOrderId}`), JSON_ONLY],
      ["multipart without boundary", { type: "multipart/form-data", data: "x" }, JSON_ONLY],
      ["JSON that is not JSON", { type: "application/json", data: '{"event":' }, notWebhook],
      ["JSON null", json(null), notWebhook],
      ["a JSON array", json([unknown]), notWebhook],
      ["a JSON string", json("checkout.order.completed"), notWebhook],
      // Deep, and within the 64 KB a JSON body may have.
      [
        "JSON nested 30 000 deep",
        { type: "application/json", data: `${"[".repeat(30_000)}${"]".repeat(30_000)}` },
        notWebhook,
      ],
      ["1.1 MB of JSON", webhook({ ...known, padding: "x".repeat(1_100_000) }), tooLarge],
      ["an unknown order", webhook(unknown), unknownOrder],
      [
        "an unknown order, failed",
        webhook({ ...unknown, state: "FAILED" }, "checkout.order.failed"),
        unknownOrder,
      ],
      // Events the shop does not handle are acknowledged, so PhonePe stops sending them.
      ["an unknown event", webhook(known, "checkout.order.exploded"), asked],
      ["`type` instead of `event`", json({ type: "CHECKOUT_ORDER_COMPLETED", payload: known }), asked],
      [
        "a refund without its id",
        webhook({ state: "COMPLETED" }, "pg.refund.completed"),
        { status: 400, text: "a refund webhook without merchantRefundId" },
      ],
      [
        "a refund of an unknown order",
        webhook({ merchantRefundId: "R1", state: "COMPLETED" }, "pg.refund.completed"),
        { status: 200, text: '"result":"unknown-refund"' },
      ],
      ["an unknown state", webhook({ ...known, state: "EXPLODED" }), asked],
      ...CONTROL_JSON.map(([name, value]): [string, Body, Answer] => [
        `merchantOrderId: ${name}`,
        jsonWith(
          { event: "checkout.order.completed", payload: { ...unknown, merchantOrderId: MARK } },
          value,
        ),
        unknownOrder,
      ]),
      // The amount is PhonePe's to say when asked, not the webhook's: any number is taken, anything else is no body.
      ...[0, -1, 2147483648, 1e300, null].map((amount): [string, Body, Answer] => [
        `amount ${JSON.stringify(amount)}`,
        webhook({ ...known, amount }),
        asked,
      ]),
      ...["100", [100]].map((amount): [string, Body, Answer] => [
        `amount ${JSON.stringify(amount)}`,
        webhook({ ...known, amount }),
        notWebhook,
      ]),
      ...[123, ["KC1", "KC2"], {}].map((id): [string, Body, Answer] => [
        `merchantOrderId ${JSON.stringify(id)}`,
        webhook({ ...unknown, merchantOrderId: id }),
        notWebhook,
      ]),
      ...[null, ""].map((id): [string, Body, Answer] => [
        `merchantOrderId ${JSON.stringify(id)}`,
        webhook({ ...unknown, merchantOrderId: id }),
        noOrderId,
      ]),
    ];
    const probes: Probe[] = [
      ...["0".repeat(64), "Bearer abc", `SHA256 ${"z".repeat(64)}`, "x".repeat(10_000)].map(
        (auth): Probe => ({
          label: `Authorization ${JSON.stringify(auth.slice(0, 20))}`,
          path,
          body: webhook(known),
          headers: { Authorization: auth },
          expect: unauthorized,
        }),
      ),
      { label: "no Authorization", path, body: webhook(known), expect: unauthorized },
      ...signedBodies.map(([label, body, expect]): Probe => ({ label, path, body, headers: signed, expect })),
      { label: "GET", path, headers: signed, expect: { status: 405, text: "Method not allowed" } },
    ];
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);

    // A webhook is handled after its answer: the shop asks PhonePe about every pending payment. Another
    // customer's payment, made at PhonePe and announced after the probes, is the positive the negative waits for.
    const paidWebhook = (page: HostedPage): Probe => ({
      label: "the webhook of a paid order",
      path,
      body: webhook({
        merchantOrderId: page.merchantOrderId,
        orderId: page.orderId,
        state: "COMPLETED",
        amount: page.amount,
      }),
      headers: signed,
      expect: { status: 200, text: '"success":true' },
    });
    const ordered = (c: Customer) => async () => (await ordersOf(c)).orders.length;
    const other = await shop.customer();
    await addToCart(other, 3, 1);
    const otherPage = await placeOrder(other);
    await payAtPhonePe(other, otherPage);
    await shop.expectAnswer(await shop.context(), paidWebhook(otherPage));
    await expect.poll(ordered(other), { message: "the other customer's order, the positive" }).toBe(1);
    expect(await ordered(customer)(), "orders after the forged webhooks").toBe(0);

    // The control: paid at PhonePe, the signed webhook for the order makes it.
    await payAtPhonePe(customer, page);
    await shop.expectAnswer(await shop.context(), paidWebhook(page));
    await expect.poll(ordered(customer), { message: "orders after the genuine webhook" }).toBe(1);
  });

  test("PhonePe simulator routes (test-only) with bad bodies and ids", async ({ shop }) => {
    const client = await shop.context();
    const tokenAnswer = await shop.expectAnswer(client, {
      label: "a token, the control",
      path: "/phonepe-simulator/v1/oauth/token",
      body: form([
        ["client_id", simulator.clientId],
        ["client_version", "1"],
        ["client_secret", simulator.clientSecret],
        ["grant_type", "client_credentials"],
      ]),
      expect: { status: 200, text: "access_token" },
    });
    const { access_token } = (await tokenAnswer.json()) as { access_token: string };
    const bearer = { Authorization: `O-Bearer ${access_token}` };
    const admin = { Authorization: `Bearer ${simulator.adminSecret}` };
    const payment = (
      merchantOrderId: unknown,
      amount: unknown,
      redirectUrl: unknown = `${shop.origin}/`,
    ) => ({
      merchantOrderId,
      amount,
      paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl } },
    });
    // The controls: a payment started, then its status, its page and its simulator record.
    const started = `E2E${randomBytes(6).toString("hex")}`;
    const startedAnswer = await shop.expectAnswer(client, {
      label: "a payment, the control",
      path: "/phonepe-simulator/checkout/v2/pay",
      body: json(payment(started, 100)),
      headers: bearer,
      expect: { status: 200, text: "redirectUrl" },
    });
    const hosted = new URL(((await startedAnswer.json()) as { redirectUrl: string }).redirectUrl).pathname;
    const badRequest = (message: string): Answer => ({ status: 400, text: message });
    const notJson: [string, Body][] = [
      ["text/plain", { type: "text/plain", data: "x" }],
      ["multipart without boundary", { type: "multipart/form-data", data: "x" }],
      ["JSON that is not JSON", { type: "application/json", data: "{" }],
      ["a JSON array", json([])],
      ["1.1 MB of JSON", json({ padding: "x".repeat(1_100_000) })],
    ];
    // What each API answers those bodies: the server refuses the first two and the last, the API the others.
    const bodyAnswers: Record<string, [Answer, Answer]> = {
      "/phonepe-simulator/v1/oauth/token": [
        badRequest("grant_type must be client_credentials"),
        badRequest("grant_type must be client_credentials"),
      ],
      "/phonepe-simulator/checkout/v2/pay": [
        badRequest("Expected object, received string"),
        badRequest("Expected object, received array"),
      ],
      "/phonepe-simulator/payments/v2/refund": [
        badRequest("Expected object, received string"),
        badRequest("Expected object, received array"),
      ],
      // The hosted page's form reads neither.
      "/phonepe-simulator/pay/UNKNOWN": [{ status: 400 }, { status: 400 }],
    };
    const perBody = (path: string, label: string): Answer => {
      const [notJsonAnswer, arrayAnswer] = bodyAnswers[path] ?? [{ status: 0 }, { status: 0 }];
      if (label === "text/plain") return NOT_ACCEPTED;
      if (label === "multipart without boundary") return NO_BOUNDARY;
      if (label === "1.1 MB of JSON")
        return { status: 413, text: "The request's body is too large (at most 64 KB)." };
      return label === "a JSON array" ? arrayAnswer : notJsonAnswer;
    };
    const simulatorNotFound: Answer = { status: 404, text: "No such PhonePe API" };
    const probes: Probe[] = [
      ...Object.keys(bodyAnswers).flatMap((path) =>
        notJson.map(
          ([label, body]): Probe => ({ label, path, body, headers: bearer, expect: perBody(path, label) }),
        ),
      ),
      ...notJson.map(
        ([label, body]): Probe => ({
          label,
          path: "/phonepe-simulator/admin/orders/UNKNOWN",
          body,
          headers: admin,
          expect:
            label === "a JSON array" ? { status: 400 } : perBody("/phonepe-simulator/checkout/v2/pay", label),
        }),
      ),
      ...Object.entries(CONTROL).map(
        ([name, value]): Probe => ({
          label: `token form: ${name}`,
          path: "/phonepe-simulator/v1/oauth/token",
          body: form([
            ["client_id", value],
            ["client_secret", value],
            ["grant_type", "client_credentials"],
          ]),
          expect: { status: 401, text: "Client authentication failed" },
        }),
      ),
      ...[
        ...CONTROL_JSON.map(([name, value]): [string, Body, Answer] => [
          `merchantOrderId: ${name}`,
          jsonWith(payment(MARK, 100), value),
          name === "10 000 characters"
            ? badRequest("merchantOrderId must be at most 63 characters")
            : badRequest("merchantOrderId may hold only letters, digits, _ and -"),
        ]),
        ...[
          [0, "amount must be at least 100 paise"],
          [-1, "amount must be at least 100 paise"],
          [2147483648, "amount is too large"],
          [1e300, "amount is too large"],
          ["100", "amount must be a number of paise"],
          [[100], "amount must be a number of paise"],
        ].map(([amount, message]): [string, Body, Answer] => [
          `amount ${JSON.stringify(amount)}`,
          json(payment(`E2E${randomBytes(6).toString("hex")}`, amount)),
          badRequest(String(message)),
        ]),
      ].map(
        ([label, body, expect]): Probe => ({
          label,
          path: "/phonepe-simulator/checkout/v2/pay",
          body,
          headers: bearer,
          expect,
        }),
      ),
      ...getProbes({
        path: "/phonepe-simulator/pay/{}",
        param: null,
        control: [hosted, { status: 200 }],
        answer: (label) =>
          label === '""' ? simulatorNotFound : label.startsWith("lone") ? NOT_WELL_FORMED : { status: 404 },
      }),
      ...getProbes({
        path: "/phonepe-simulator/admin/orders/{}",
        param: null,
        control: [`/phonepe-simulator/admin/orders/${started}`, { status: 200, text: started }],
        headers: admin,
        answer: (label) =>
          label === '""'
            ? simulatorNotFound
            : label.startsWith("lone")
              ? NOT_WELL_FORMED
              : // A line break in the path matches no API: the shop's own 404 page.
                label === "CR LF"
                ? PAGE_NOT_FOUND
                : { status: 404, text: "ORDER_NOT_FOUND" },
      }),
      ...getProbes({
        path: "/phonepe-simulator/checkout/v2/order/{}/status",
        param: null,
        control: [`/phonepe-simulator/checkout/v2/order/${started}/status`, { status: 200, text: started }],
        headers: bearer,
        answer: (label) =>
          label === '""'
            ? simulatorNotFound
            : label.startsWith("lone")
              ? NOT_WELL_FORMED
              : label === "CR LF"
                ? PAGE_NOT_FOUND
                : { status: 404, text: "No order with this merchantOrderId" },
      }),
      ...["success", "", "explode"].map(
        (outcome): Probe => ({
          label: `hosted page outcome ${JSON.stringify(outcome)} for an unknown order`,
          path: "/phonepe-simulator/pay/UNKNOWN",
          body: urlencoded(`outcome=${outcome}&settleAfter=99999999999999999999`),
          expect: { status: 400 },
        }),
      ),
    ];
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);
  });

  test("store filters, search suggestions, sitemap and other pages with hostile query strings", async ({
    shop,
  }) => {
    // The store's filters redirect to their clean address (decision 0012): a value it cannot use is dropped,
    // a search's control characters become spaces, a repeated filter keeps its first value.
    const kept: Record<string, Record<string, string>> = {
      q: {
        "C0, DEL and C1 controls": "a+z",
        NUL: "before+after",
        "CR LF": "one+two",
        "10 000 characters": "x".repeat(100),
        twice: "1",
      },
      brand: { "CR LF": "one+two", twice: "1" },
      category: { "CR LF": "one+two", twice: "1" },
      minPrice: { twice: "1" },
      maxPrice: { twice: "1" },
    };
    const store =
      (param: string) =>
      (label: string): Answer => {
        // The query reads as its clean form (bytes that are not UTF-8 as U+FFFD): nothing to redirect.
        if (label.startsWith("lone") && ["q", "brand", "category"].includes(param)) return OK;
        // A price of nothing is a price.
        if (label === '"0"' && ["minPrice", "maxPrice"].includes(param)) return OK;
        const value = kept[param]?.[label];
        return { status: 302, location: value === undefined ? "/product" : `/product?${param}=${value}` };
      };
    const dell: Answer = { status: 200, text: "Dell" };
    // Each filter's control is a good value of it; the store has no `color` or `price` filter, so theirs is
    // the store itself.
    const good: Record<string, string> = {
      q: "q=dell",
      brand: "brand=Dell",
      category: "category=Laptops",
      color: "",
      sort: "sort=price",
      tag: "tag=popular",
      page: "page=2",
      price: "",
      minPrice: "minPrice=1000",
      maxPrice: "maxPrice=50000",
      grid: "grid=3",
    };
    const groups: GetGroup[] = Object.entries(good).map(
      ([param, query]): GetGroup => ({
        path: "/product",
        param,
        kind: ["page", "price", "minPrice", "maxPrice", "grid"].includes(param) ? "number" : "text",
        control: [query ? `/product?${query}` : "/product", { status: 200, text: "Our Store" }],
        answer: store(param),
      }),
    );
    groups.push(
      {
        path: "/product?q=dell&sort=price&page=2",
        param: "brand",
        kind: "text",
        control: ["/product?q=dell&brand=Dell&sort=price", dell],
        answer: (label) =>
          label.startsWith("lone")
            ? {
                status: 302,
                location:
                  "/product?q=dell&brand=a%EF%BF%BD%EF%BF%BD%EF%BF%BDb%EF%BF%BD%EF%BF%BDz&sort=price&page=2",
              }
            : {
                status: 302,
                location:
                  label === "twice"
                    ? "/product?q=dell&brand=1&sort=price&page=2"
                    : label === "CR LF"
                      ? "/product?q=dell&brand=one+two&sort=price&page=2"
                      : "/product?q=dell&sort=price&page=2",
              },
      },
      {
        path: "/search-suggestions",
        param: "q",
        kind: "text",
        control: ["/search-suggestions?q=dell", dell],
        answer: same(OK),
      },
      {
        path: "/sitemap.xml",
        param: "part",
        control: ["/sitemap.xml?part=1", { status: 200, text: "<urlset" }],
        answer: (label) => (label === "twice" ? OK : { status: 404, text: "No such sitemap part" }),
      },
      {
        path: "/product/{}",
        param: null,
        control: ["/product/2", dell],
        // /product/ is the store.
        answer: (label) =>
          label === '""'
            ? { status: 200, text: "Our Store" }
            : label.startsWith("lone")
              ? NOT_WELL_FORMED
              : { status: 404, text: "Product not found" },
      },
      { path: "/product/2", param: "image", control: ["/product/2?image=1", dell], answer: same(dell) },
      {
        path: "/blog/{}",
        param: null,
        control: ["/blog/1", OK],
        answer: (label) => (label.startsWith("lone") ? NOT_WELL_FORMED : PAGE_NOT_FOUND),
      },
      ...["/login", "/signup"].map(
        (path): GetGroup => ({
          path,
          param: "redirectTo",
          kind: "text",
          control: [`${path}?redirectTo=%2Fcart`, OK],
          answer: same(OK),
        }),
      ),
      {
        path: "/compare-product",
        param: "productId",
        control: ["/compare-product?productId=2", { status: 200, text: "Compare Products" }],
        answer: same({ status: 200, text: "Compare Products" }),
      },
    );
    // Pages that take no posts: 405 for a form, 415 for a body no route takes; each page itself is the control.
    const pages: [string, Answer][] = [
      ["/", OK],
      ["/product", OK],
      ["/search-suggestions", OK],
      ["/sitemap.xml", OK],
      ["/robots.txt", OK],
      ["/healthz", OK],
      ["/blogs", OK],
      ["/blog/1", OK],
      ["/about", OK],
      ["/my-orders", signIn("/my-orders")],
      ["/no-such-page", PAGE_NOT_FOUND],
    ];
    // A page or a resource route without an action says what it takes; an address no page claims is a 404.
    const postAnswer = (path: string): Answer =>
      path === "/no-such-page" ? PAGE_NOT_FOUND : methodNotAllowed("POST", "GET, HEAD");
    const probes: Probe[] = [
      ...groups.flatMap(getProbes),
      ...pages.flatMap(([path, answer]): Probe[] => [
        { label: "the page itself", path, expect: answer },
        { label: "form POST to a GET-only route", path, body: form([["q", "x"]]), expect: postAnswer(path) },
        {
          label: "text/plain POST to a GET-only route",
          path,
          body: { type: "text/plain", data: "x" },
          expect: NOT_ACCEPTED,
        },
      ]),
    ];
    const customer = await shop.customer();
    const signedIn: Probe[] = [
      ...["merchantTransactionId", "merchantOrderId"].flatMap((param) =>
        getProbes({
          path: "/checkout",
          param,
          kind: "text",
          control: ["/checkout", { status: 200, text: "Checkout" }],
          // An id the shop never started is a payment that failed to verify.
          answer: same({ status: 200, text: "Payment verification failed." }),
        }),
      ),
      ...getProbes({
        path: "/my-profile",
        param: "edit",
        kind: "text",
        control: ["/my-profile?edit=1", { status: 200, text: customer.email }],
        answer: same({ status: 200, text: customer.email }),
      }),
      ...[
        ["/cart", "lineId", "Cart"],
        ["/my-orders", "id", "My Orders"],
        ["/wishlist", "productId", "Wishlist"],
      ].flatMap(([path = "", param = "", title = ""]) =>
        getProbes({
          path,
          param,
          control: [path, { status: 200, text: title }],
          answer: same({ status: 200, text: title }),
        }),
      ),
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
    // What a visitor gets: no cookie here signs anyone in.
    const pages: [string, Answer][] = [
      ["/", OK],
      ["/compare-product", { status: 200, text: "Compare Products" }],
      ["/product/2", OK],
      ["/cart", signIn("/cart")],
      ["/wishlist", signIn("/wishlist")],
      ["/my-orders", signIn("/my-orders")],
    ];
    const probes: Probe[] = cookies.flatMap((cookie) => [
      ...pages.map(
        ([path, expect]): Probe => ({
          label: cookie.slice(0, 40),
          path,
          headers: { Cookie: cookie },
          expect,
        }),
      ),
      {
        label: cookie.slice(0, 40),
        path: "/compare-product",
        body: urlencoded("intent=add&productId=2"),
        headers: { Cookie: cookie },
        expect: { status: 303, location: "/compare-product" },
      },
      {
        label: cookie.slice(0, 40),
        path: "/logout",
        body: form([]),
        headers: { Cookie: cookie },
        expect: { status: 303, location: "/" },
      },
    ]);
    expectNoFailures(await shop.drive(probes, "visitor"), probes.length);
    // The control: a real session's cookie does sign in.
    const customer = await shop.customer();
    const cart = await customer.context.get("/cart", { maxRedirects: 0 });
    expect(cart.status(), "the cart with a real session").toBe(200);
  });

  test("redirectTo never leaves the shop", async ({ shop }) => {
    // Signed in for the wishlist; its e-mail and password for the log-ins (each from a fresh context).
    const customer = await shop.customer();
    const known = customer;
    // Each form's own fallback, where it sends the shopper when redirectTo is not a path on the shop.
    const forms = (): Record<string, [fields: Record<string, string>, fallback: string]> => ({
      "/newsletter": [{ email: email() }, "/"],
      "/compare-product": [{ intent: "add", productId: "2" }, "/compare-product"],
      "/wishlist": [{ intent: "add", productId: "2" }, "/wishlist"],
      "/login": [{ email: known.email, password: known.password }, "/"],
      "/signup": [{ ...person(), password: "kaveri-password" }, "/"],
    });
    const probes = (redirectTo: string, kept: string | null, visitor: boolean) =>
      Object.entries(forms()).map(([path, [fields, fallback]]): Probe => {
        const to = kept ?? fallback;
        return {
          label: `redirectTo ${JSON.stringify(redirectTo)}`,
          path,
          body: form([...Object.entries(fields), ["redirectTo", redirectTo]]),
          // A visitor's wishlist post goes to log in first, then where it would have gone.
          expect: { status: 303, location: path === "/wishlist" && visitor ? signIn(to).location : to },
        };
      });
    // With a path on the shop the same posts do go there, so the probes below reach the redirect.
    for (const probe of probes("/my-orders?from=test", "/my-orders?from=test", false)) {
      const context = probe.path === "/wishlist" ? customer.context : await shop.context();
      await shop.expectAnswer(context, probe);
    }
    const visitorProbes = OFFSITE.flatMap(([to, kept]) => probes(to, kept, true));
    const customerProbes = OFFSITE.flatMap(([to, kept]) => probes(to, kept, false)).filter(
      (probe) => probe.path === "/wishlist",
    );
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
    const noLine: Answer = { status: 404, text: "Something Went Wrong!" };
    const writes: [string, Body, Answer, string?][] = [
      ["delete A's line", urlencoded(`intent=delete&lineId=${aLine}`), noLine],
      ["update A's line", urlencoded(`intent=update&lineId=${aLine}&quantity=5`), noLine],
      [
        "update A's line, then B's",
        urlencoded(`intent=update&lineId=${aLine}&lineId=${bLine}&quantity=3`),
        REPEATED("lineId"),
      ],
      // Two line ids are no line id: the form is refused whole, before any line is looked up.
      [
        "delete A's line, then B's",
        urlencoded(`intent=delete&lineId=${aLine}&lineId=${bLine}`),
        REPEATED("lineId"),
      ],
      [
        "delete A's line, multipart",
        multipart([
          ["intent", "delete"],
          ["lineId", aLine],
        ]),
        noLine,
      ],
      // Another method is refused before the cart's action runs (A's line is not even looked up).
      [
        "delete A's line with DELETE",
        urlencoded(`intent=delete&lineId=${aLine}`),
        methodNotAllowed("DELETE"),
        "DELETE",
      ],
    ];
    const probes: Probe[] = [
      ...writes.map(
        ([label, body, expect, method]): Probe => ({ label, path: "/cart", body, method, expect }),
      ),
      {
        label: "delete A's line as a fetcher",
        path: dataUrl("/cart"),
        body: urlencoded(`intent=delete&lineId=${aLine}`),
        // The fetcher's answer is its data (a turbo-stream naming the line), not the page.
        expect: { status: 404, text: '"lineId"' },
      },
      {
        label: "take A's e-mail",
        path: "/my-profile",
        body: form(Object.entries({ firstname: "B", lastname: "B", email: a.email, mobile: "9845012345" })),
        expect: {
          status: 400,
          text: "Please enter your current password to change your email or mobile number",
        },
      },
      {
        label: "take A's e-mail, with B's password",
        path: "/my-profile",
        body: form(
          Object.entries({
            firstname: "B",
            lastname: "B",
            email: a.email,
            mobile: "9845012345",
            currentPassword: b.password,
          }),
        ),
        expect: { status: 409, text: "This email is already used by another account" },
      },
    ];
    const wrongWrites: string[] = [];
    for (const probe of probes) {
      const response = await shop.send(b.context, probe);
      const problems = await shop.problems(response, probe.expect);
      if (problems.length > 0) wrongWrites.push(`${show(probe)}: ${problems.join("; ")}`);
    }
    // B's own wishlist, with the product A wished for: B's business only.
    await shop.expectAnswer(b.context, {
      label: "B takes product 5 off B's wishlist",
      path: "/wishlist",
      body: urlencoded("intent=remove&productId=5"),
      expect: { status: 303, location: "/wishlist" },
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
      "routes/shop/checkout",
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

    const checkout = await loaderData<CheckoutData>(c.context, "/checkout", "routes/shop/checkout");
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
      await shop.expectAnswer(c.context, {
        label: `forged completed webhook, amount ${amount}`,
        path: "/api/phonepe/webhook",
        body: webhook({
          merchantOrderId: charged.merchantOrderId,
          orderId: charged.orderId,
          state: "COMPLETED",
          amount,
        }),
        headers: { Authorization: WEBHOOK_AUTH },
        // Taken, and its outcome asked of PhonePe, which says the payment is still pending.
        expect: { status: 200, text: '"success":true' },
      });
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
    for (const path of ["/cart", dataUrl("/my-profile", "routes/account/my-profile"), "/"]) {
      const answer = await c.context.get(path, { maxRedirects: 0 });
      expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    }

    await shop.expectAnswer(c.context, {
      label: "webhook for an order the shop never started",
      path: "/api/phonepe/webhook",
      body: webhook({
        merchantOrderId: "KC_NEVER_STARTED",
        orderId: "OMO-unknown",
        state: "COMPLETED",
        amount: 100,
      }),
      headers: { Authorization: WEBHOOK_AUTH },
      expect: { status: 200, text: '"result":"unknown-order"' },
    });
  });
});
