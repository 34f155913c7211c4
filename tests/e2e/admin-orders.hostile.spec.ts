import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { newCustomer } from "./support/accounts";
import { ensureOwner, owner } from "./support/admin";
import {
  dataOf,
  expectCrossSiteRefused,
  expectDataLogIn,
  expectLogIn,
  mailsTo,
  textOf,
} from "./support/back-office-probes";
import { loaderData } from "./support/hostile";
import { dataUrl } from "./support/single-fetch";
import { expect, test } from "./support/test";

/*
 * Hostile requests at the back office's orders (the `hostile` project: plain requests, no browser): no
 * session, a customer's session, a staff member's refund, unknown and malformed ids, moves the life cycle
 * forbids, stale statuses, refunds above the amount paid, hostile filters, and a form posted from another
 * site. Each probe names its answer; each test works on an order of its own, and after the probes the order,
 * its history and its customer's mail are as they were, while the owner's own move and refund beside them
 * succeed and are seen (so a route refusing everything fails too).
 */

const FORM = "application/x-www-form-urlencoded";
const BAD_IDS = ["0", "-1", "2147483648", "99999999999999999999", "1e3", "abc", "1%00", "%20%201"];
const ROUTE = "routes/admin/orders.$id";
/** A move and a refund the owner could make, were the request allowed. */
const FORMS: Record<string, string>[] = [
  { intent: "move", from: "Ordered", to: "Processed" },
  { intent: "refund", amount: "100" },
];

type OrderData = {
  order: {
    id: number;
    status: string;
    nextStatuses: string[];
    refund: { state: string; amount: number } | null;
    amounts: { paid: number };
    history: unknown[];
  };
};

test.describe("hostile requests at the back office's orders", () => {
  test.describe.configure({ timeout: 90_000 });

  let origin = "";
  const contexts: APIRequestContext[] = [];

  /** A context of its own (its own cookies), from this test's client address, with the shop as Origin. */
  async function client(
    playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
    headers: Record<string, string>,
  ) {
    const context = await playwright.request.newContext({
      baseURL: origin,
      extraHTTPHeaders: { ...headers, Origin: origin },
    });
    contexts.push(context);
    return context;
  }

  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.dispose()));
  });

  /** A customer who signed up and paid for one product through the simulator: the order's id, their e-mail. */
  async function paidOrder(customer: APIRequestContext): Promise<{ id: number; email: string }> {
    const who = newCustomer();
    const { firstname, lastname, email, mobile, password } = who;
    expect(
      (
        await customer.post("/signup", {
          form: { firstname, lastname, email, mobile, password },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(303);
    const product = await loaderData<{ product: { colours: { id: number }[] } }>(
      customer,
      "/product/9",
      "routes/shop/product.$id",
    );
    const added = await customer.post("/product/9", {
      form: { intent: "add-to-cart", color: String(product.product.colours[0]?.id), quantity: "1" },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    const placed = await customer.post("/checkout", {
      form: {
        firstname: "Asha",
        lastname: "Rao",
        address: "12, 4th Cross, Malleshwaram",
        city: "Bengaluru",
        state: "Karnataka",
        country: "India",
        pincode: "560003",
      },
      maxRedirects: 0,
    });
    expect(placed.status()).toBe(303);
    const hosted = new URL(placed.headers().location ?? "", origin).pathname;
    const chosen = await customer.post(hosted, {
      form: { outcome: "success", webhook: "none" },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(303);
    const back = await customer.get(chosen.headers().location ?? "", { maxRedirects: 0 });
    expect(back.headers().location).toBe("/my-orders");
    const mine = await loaderData<{ orders: { id: number }[] }>(
      customer,
      "/my-orders",
      "routes/account/my-orders",
    );
    const id = mine.orders[0]?.id;
    if (!id) throw new Error("no order");
    return { id, email };
  }

  async function logIn(context: APIRequestContext, who: { email: string; password: string }) {
    const answer = await context.post("/admin/login", {
      form: { email: who.email, password: who.password },
      maxRedirects: 0,
    });
    expect(answer.status(), `log-in of ${who.email}`).toBe(303);
  }

  async function orderData(context: APIRequestContext, id: number): Promise<OrderData["order"]> {
    return (await dataOf<OrderData>(context, `/admin/orders/${id}`, ROUTE)).order;
  }

  /** The subjects of the status mails the order's customer has had, in the order they came. */
  async function statusMails(email: string, id: number): Promise<string[]> {
    return (await mailsTo(email))
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith(`Your Kaveri Computers order #${id} is `));
  }

  /** Waits until the customer's status mails are exactly `subjects`: one more (from a probe) never matches. */
  async function expectStatusMails(email: string, id: number, statuses: string[]) {
    await expect
      .poll(() => statusMails(email, id), { timeout: 10_000 })
      .toEqual(statuses.map((status) => `Your Kaveri Computers order #${id} is ${status}`));
  }

  /** The owner's own request went through, back to the order's page. */
  function expectBackToOrder(answer: APIResponse, id: number, what: string) {
    expect(answer.status(), what).toBe(303);
    expect(answer.headers().location, what).toBe(`/admin/orders/${id}`);
  }

  const post = (context: APIRequestContext, path: string, form: Record<string, string>, headers = {}) =>
    context.post(path, { form, headers, maxRedirects: 0 });

  test("no session, a customer's session and a staff member's refund get nothing", async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
    request,
  }) => {
    origin = new URL(baseURL ?? "").origin;
    const headers = extraHTTPHeaders ?? {};
    await ensureOwner(request);
    const customer = await client(playwright, headers);
    const { id: orderId, email } = await paidOrder(customer);
    const visitor = await client(playwright, headers);
    const ownerContext = await client(playwright, headers);
    await logIn(ownerContext, owner);
    const before = await orderData(ownerContext, orderId);
    const pages = [
      "/admin/orders",
      `/admin/orders/${orderId}`,
      "/admin/refunds",
      `/admin/orders?q=${orderId}`,
    ];

    for (const [name, who] of [
      ["visitor", visitor],
      ["customer", customer],
    ] as const) {
      for (const path of pages) {
        const answer = await who.get(path, { maxRedirects: 0 });
        expectLogIn(answer, path, `${name} GET ${path}`);
        expect(await answer.text(), `${name} GET ${path}`).not.toContain(email);
      }
      const path = `/admin/orders/${orderId}`;
      const data = await who.get(dataUrl(path, ROUTE), { maxRedirects: 0 });
      await expectDataLogIn(data, path, `${name}: the order's data`);
      expect(await data.text()).not.toContain("merchantOrderId");
      for (const form of FORMS) {
        expectLogIn(await post(who, path, form), path, `${name} POST ${JSON.stringify(form)}`);
      }
    }

    // A staff member, invited by the owner (the link is on the staff page), may move orders but not refund.
    const invited = await post(ownerContext, "/admin/staff", {
      intent: "invite",
      name: "Kiran Das",
      email: `kiran.${randomBytes(4).toString("hex")}@kaveri.test`,
      role: "staff",
    });
    expect(invited.status()).toBe(200);
    const token = /\/admin\/invite\/([\w-]+)/.exec(await invited.text())?.[1];
    expect(token).toBeDefined();
    const member = await client(playwright, headers);
    const joined = await post(member, `/admin/invite/${token}`, { password: "kiran-packs-boxes-2026" });
    expect(joined.status()).toBe(303);
    expect(joined.headers().location).toBe("/admin");
    const refused = await post(member, `/admin/orders/${orderId}`, { intent: "refund", amount: "100" });
    expect(refused.status()).toBe(403);
    expect(await textOf(refused)).toContain("Only an owner can do that");
    // Also when the rest of the form is nonsense: the role is checked first.
    const nonsense = await post(member, `/admin/orders/${orderId}`, {
      intent: "refund",
      amount: "x".repeat(5000),
    });
    expect(nonsense.status()).toBe(403);
    expect(await textOf(nonsense)).toContain("Only an owner can do that");
    // Nothing of theirs was written: the order, its history and refund as they were.
    expect((await orderData(member, orderId)).refund).toBeNull();
    expect(await orderData(ownerContext, orderId)).toEqual(before);

    // The owner's own requests: the pages, and the same move and refund, go through and are seen.
    for (const path of pages) {
      expect((await ownerContext.get(path, { maxRedirects: 0 })).status(), `owner GET ${path}`).toBe(200);
    }
    expect(JSON.stringify(before)).toContain("merchantOrderId");
    for (const form of FORMS) {
      expectBackToOrder(
        await post(ownerContext, `/admin/orders/${orderId}`, form),
        orderId,
        JSON.stringify(form),
      );
    }
    const after = await orderData(ownerContext, orderId);
    expect(after.status).toBe("Processed");
    expect(after.refund).toMatchObject({ amount: 10_000 });
    expect(after.history.length).toBeGreaterThan(before.history.length);
    // Besides the order's confirmation, the only status mail is the owner's move: none came from the refused
    // requests.
    await expectStatusMails(email, orderId, ["confirmed", "Processed"]);
  });

  test("unknown and malformed ids, forbidden moves, stale statuses, refunds above the amount, hostile filters", async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
    request,
  }) => {
    origin = new URL(baseURL ?? "").origin;
    const headers = extraHTTPHeaders ?? {};
    await ensureOwner(request);
    const { id: orderId, email } = await paidOrder(await client(playwright, headers));
    const staff = await client(playwright, headers);
    await logIn(staff, owner);

    const notFound = "That order could not be found";
    for (const id of [...BAD_IDS, "999999999", "2000000000"]) {
      const page = await staff.get(`/admin/orders/${id}`, { maxRedirects: 0 });
      expect(page.status(), `GET /admin/orders/${id}`).toBe(404);
      expect(await textOf(page), `GET /admin/orders/${id}`).toContain(notFound);
      const moved = await post(staff, `/admin/orders/${id}`, {
        intent: "move",
        from: "Ordered",
        to: "Processed",
      });
      expect(moved.status(), `POST /admin/orders/${id}`).toBe(404);
      expect(await textOf(moved), `POST /admin/orders/${id}`).toContain(notFound);
    }
    // The order's own id: its page opens.
    expect((await staff.get(`/admin/orders/${orderId}`, { maxRedirects: 0 })).status()).toBe(200);

    // An address that is not UTF-8 is refused before the shop reads it.
    expect((await staff.get("/admin/orders/%E0%A4", { maxRedirects: 0 })).status()).toBe(400);

    const path = `/admin/orders/${orderId}`;
    const before = await orderData(staff, orderId);
    const expectRefused = async (form: Record<string, string>, status: number, message: string) => {
      const answer = await post(staff, path, form);
      expect(answer.status(), JSON.stringify(form).slice(0, 120)).toBe(status);
      expect(await textOf(answer)).toContain(message);
    };
    // Moves the life cycle forbids, named outright.
    await expectRefused(
      { intent: "move", from: "Ordered", to: "Delivered" },
      409,
      "An order that is Ordered cannot be moved to Delivered.",
    );
    await expectRefused(
      { intent: "move", from: "Ordered", to: "Refunded" },
      409,
      "An order that is Ordered cannot be moved to Refunded.",
    );
    await expectRefused(
      { intent: "move", from: "Ordered", to: "Ordered" },
      409,
      "An order that is Ordered cannot be moved to Ordered.",
    );
    // A status the shop does not know, a courier with a move that is not shipping, bad tracking numbers.
    await expectRefused({ intent: "move", from: "Ordered", to: "Lost" }, 400, "Choose the new status");
    await expectRefused(
      { intent: "move", from: "Ordered\u0000", to: "Processed" },
      400,
      "Choose the new status",
    );
    // The page has no tracking field for a move other than Shipped, so only the answer's data says why.
    const tracked = await post(staff, path, {
      intent: "move",
      from: "Ordered",
      to: "Processed",
      trackingNumber: "BD123456",
    });
    expect(tracked.status()).toBe(400);
    expect(await tracked.text()).toContain("A courier and tracking number go with Shipped only");
    // Unknown forms.
    for (const intent of ["delete", "", "move\u0000"]) {
      const answer = await post(staff, path, { intent, from: "Ordered", to: "Processed" });
      expect(answer.status(), `intent ${JSON.stringify(intent)}`).toBe(400);
      expect(await textOf(answer)).toContain("That request could not be handled.");
    }
    // None of them moved the order, or mailed its customer.
    expect(await orderData(staff, orderId)).toEqual(before);

    // A stale status: someone else moved the order (the owner's own move, which goes through).
    expectBackToOrder(
      await post(staff, path, { intent: "move", from: "Ordered", to: "Processed" }),
      orderId,
      "move",
    );
    await expectStatusMails(email, orderId, ["confirmed", "Processed"]);
    await expectRefused(
      { intent: "move", from: "Ordered", to: "Cancelled" },
      409,
      "Someone else changed this order meanwhile: it is now Processed.",
    );
    await expectRefused(
      { intent: "move", from: "Processed", to: "Shipped", trackingNumber: "BD 12<script>" },
      400,
      "Tracking number must be 4 to 40 letters, digits or hyphens",
    );
    const processed = await orderData(staff, orderId);
    expect(processed.status).toBe("Processed");

    // Refunds above the amount paid, nothing, or not a number: refused, and no refund is claimed.
    const paidRupees = String(processed.amounts.paid / 100);
    await expectRefused(
      { intent: "refund", amount: `${processed.amounts.paid / 100 + 1}` },
      400,
      "The refund cannot be more than the",
    );
    await expectRefused({ intent: "refund", amount: "0" }, 400, "The refund must be more than Rs. 0");
    for (const [amount, message] of [
      ["-100", "Enter the amount in rupees, like 1500 or 1500.50"],
      ["1e9", "Enter the amount in rupees, like 1500 or 1500.50"],
      ["NaN", "Enter the amount in rupees, like 1500 or 1500.50"],
      ["100.001", "Enter the amount in rupees, like 1500 or 1500.50"],
      ["9".repeat(20), "Enter the amount in rupees, like 1500 or 1500.50"],
      ["", "Enter the amount to refund, in rupees"],
    ] as const) {
      await expectRefused({ intent: "refund", amount }, 400, message);
    }
    expect(await orderData(staff, orderId)).toEqual(processed);
    // The whole amount is allowed, once.
    expectBackToOrder(await post(staff, path, { intent: "refund", amount: paidRupees }), orderId, "refund");
    await expectRefused({ intent: "refund", amount: "1" }, 409, "already had its refund");
    const refunded = await orderData(staff, orderId);
    expect(refunded).toMatchObject({
      status: "Refunded",
      refund: { amount: processed.amounts.paid },
      nextStatuses: [],
    });
    await expectStatusMails(email, orderId, ["confirmed", "Processed", "Refunded"]);

    // Filters from the URL: control characters, impossible dates, huge pages, repeated names. Anything the
    // list cannot use is dropped, with a redirect to the address of what is left.
    for (const [query, location] of [
      ["q=%00", "/admin/orders"],
      ["q=a%ED%A0%80b", null],
      [`q=${"x".repeat(10_000)}`, "/admin/orders"],
      ["status=%00&from=2026-02-30&to=9999-99-99", "/admin/orders"],
      ["from=0000-01-01&to=2026-11-23", "/admin/orders?to=2026-11-23"],
      ["page=99999999999999999999", "/admin/orders"],
      ["page=-1", "/admin/orders"],
      ["status=Ordered&status=Shipped", "/admin/orders?status=Ordered"],
      ["q=%25&q=_", "/admin/orders?q=%25"],
      [`q=${orderId}`, null],
    ] as const) {
      const answer = await staff.get(`/admin/orders?${query}`, { maxRedirects: 0 });
      const what = `GET /admin/orders?${query.slice(0, 60)}`;
      expect(answer.status(), what).toBe(location === null ? 200 : 302);
      expect(answer.headers().location, what).toBe(location ?? undefined);
    }
    for (const query of ["page=0", "page=abc", "page=99999999999", "page=1"]) {
      expect((await staff.get(`/admin/refunds?${query}`, { maxRedirects: 0 })).status(), query).toBe(200);
    }
  });

  test("a form posted from another site is refused before anything is read", async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
    request,
  }) => {
    origin = new URL(baseURL ?? "").origin;
    const headers = extraHTTPHeaders ?? {};
    await ensureOwner(request);
    const { id: orderId, email } = await paidOrder(await client(playwright, headers));
    const ownerContext = await client(playwright, headers);
    await logIn(ownerContext, owner);
    const before = await orderData(ownerContext, orderId);
    for (const form of FORMS) {
      for (const value of ["https://evil.example", "null"]) {
        const answer = await ownerContext.post(`/admin/orders/${orderId}`, {
          headers: { Origin: value, "Content-Type": FORM },
          data: new URLSearchParams(form).toString(),
          maxRedirects: 0,
        });
        await expectCrossSiteRefused(answer, `${JSON.stringify(form)} from ${value}`);
      }
    }
    expect(await orderData(ownerContext, orderId)).toEqual(before);

    // The same forms from the shop's own page go through: moved, refunded, and the customer told of the move.
    for (const form of FORMS) {
      const answer = await ownerContext.post(`/admin/orders/${orderId}`, {
        headers: { "Content-Type": FORM },
        data: new URLSearchParams(form).toString(),
        maxRedirects: 0,
      });
      expectBackToOrder(answer, orderId, JSON.stringify(form));
    }
    expect(await orderData(ownerContext, orderId)).toMatchObject({
      status: "Processed",
      refund: { amount: 10_000 },
    });
    await expectStatusMails(email, orderId, ["confirmed", "Processed"]);
  });
});
