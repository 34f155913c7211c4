import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { newCustomer } from "./support/accounts";
import { ensureOwner, owner } from "./support/admin";
import { expect, test } from "./support/test";

/*
 * Hostile requests at the back office's orders (the `hostile` project: plain requests, no browser): no
 * session, a customer's session, a staff member's refund, unknown and malformed ids, moves the life cycle
 * forbids, stale statuses, refunds above the amount paid, hostile filters, and a form posted from another
 * site. Nothing may answer 5xx, show an order to the wrong person, or change one it should not.
 */

const FORM = "application/x-www-form-urlencoded";
const BAD_IDS = ["0", "-1", "2147483648", "99999999999999999999", "1e3", "abc", "1%00", "%20%201"];
const ROUTE = "routes/admin.orders.$id";
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

  /** A customer who signed up and paid for one product through the simulator: the order's id. */
  async function paidOrder(customer: APIRequestContext): Promise<number> {
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
    const product = (await (await customer.get("/product/9?_data=routes%2Fproduct.%24id")).json()) as {
      product: { colours: { id: number }[] };
    };
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
    const mine = (await (await customer.get("/my-orders?_data=routes%2Fmy-orders")).json()) as {
      orders: { id: number }[];
    };
    const id = mine.orders[0]?.id;
    if (!id) throw new Error("no order");
    return id;
  }

  async function logIn(context: APIRequestContext, who: { email: string; password: string }) {
    const answer = await context.post("/admin/login", {
      form: { email: who.email, password: who.password },
      maxRedirects: 0,
    });
    expect(answer.status(), `log-in of ${who.email}`).toBe(303);
  }

  async function orderData(context: APIRequestContext, id: number): Promise<OrderData["order"]> {
    const answer = await context.get(`/admin/orders/${id}?_data=${encodeURIComponent(ROUTE)}`);
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as OrderData).order;
  }

  const post = (context: APIRequestContext, path: string, form: Record<string, string>, headers = {}) =>
    context.post(path, { form, headers, maxRedirects: 0 });

  const text = async (answer: APIResponse) => (await answer.text()).replace(/<[^>]+>/g, " ");

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
    const orderId = await paidOrder(customer);
    const visitor = await client(playwright, headers);
    const ownerContext = await client(playwright, headers);
    await logIn(ownerContext, owner);
    const before = await orderData(ownerContext, orderId);

    for (const who of [visitor, customer]) {
      for (const path of [
        "/admin/orders",
        `/admin/orders/${orderId}`,
        "/admin/refunds",
        `/admin/orders?q=${orderId}`,
      ]) {
        const answer = await who.get(path, { maxRedirects: 0 });
        expect(answer.status(), `GET ${path}`).toBe(303);
        expect(answer.headers().location).toMatch(/^\/admin\/login/);
      }
      const data = await who.get(`/admin/orders/${orderId}?_data=${encodeURIComponent(ROUTE)}`, {
        maxRedirects: 0,
      });
      expect(data.status()).toBeLessThan(500);
      expect(await data.text()).not.toContain("merchantOrderId");
      for (const form of FORMS) {
        const answer = await post(who, `/admin/orders/${orderId}`, form);
        expect(answer.status()).toBe(303);
        expect(answer.headers().location).toMatch(/^\/admin\/login/);
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
    expect(
      (await post(member, `/admin/invite/${token}`, { password: "kiran-packs-boxes-2026" })).status(),
    ).toBe(303);
    const refused = await post(member, `/admin/orders/${orderId}`, { intent: "refund", amount: "100" });
    expect(refused.status()).toBe(403);
    expect(await text(refused)).toContain("Only an owner can do that");
    // Also when the rest of the form is nonsense: the role is checked first.
    expect(
      (
        await post(member, `/admin/orders/${orderId}`, { intent: "refund", amount: "x".repeat(5000) })
      ).status(),
    ).toBe(403);
    expect((await orderData(member, orderId)).refund).toBeNull();
    expect(await orderData(ownerContext, orderId)).toEqual(before);
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
    const orderId = await paidOrder(await client(playwright, headers));
    const staff = await client(playwright, headers);
    await logIn(staff, owner);

    for (const id of [...BAD_IDS, "999999999", "2000000000"]) {
      const page = await staff.get(`/admin/orders/${id}`, { maxRedirects: 0 });
      expect(page.status(), `GET /admin/orders/${id}`).toBe(404);
      const moved = await post(staff, `/admin/orders/${id}`, {
        intent: "move",
        from: "Ordered",
        to: "Processed",
      });
      expect(moved.status(), `POST /admin/orders/${id}`).toBe(404);
    }

    // An address that is not UTF-8 is refused before the shop reads it.
    expect((await staff.get("/admin/orders/%E0%A4", { maxRedirects: 0 })).status()).toBe(400);

    const path = `/admin/orders/${orderId}`;
    const expectRefused = async (form: Record<string, string>, status: number, message: string) => {
      const answer = await post(staff, path, form);
      expect(answer.status(), JSON.stringify(form).slice(0, 120)).toBe(status);
      expect(await text(answer)).toContain(message);
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
      "cannot be moved to Refunded",
    );
    await expectRefused(
      { intent: "move", from: "Ordered", to: "Ordered" },
      409,
      "cannot be moved to Ordered",
    );
    // A status the shop does not know, a courier with a move that is not shipping, bad tracking numbers.
    await expectRefused({ intent: "move", from: "Ordered", to: "Lost" }, 400, "Choose the new status");
    await expectRefused(
      { intent: "move", from: "Ordered\u0000", to: "Processed" },
      400,
      "Choose the new status",
    );
    await expectRefused(
      { intent: "move", from: "Ordered", to: "Processed", trackingNumber: "BD123456" },
      400,
      "A courier and tracking number go with Shipped only",
    );
    // Unknown forms.
    for (const intent of ["delete", "", "move\u0000"]) {
      expect((await post(staff, path, { intent, from: "Ordered", to: "Processed" })).status()).toBe(400);
    }
    // A stale status: someone else moved the order.
    expect((await post(staff, path, { intent: "move", from: "Ordered", to: "Processed" })).status()).toBe(
      303,
    );
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
    expect((await orderData(staff, orderId)).status).toBe("Processed");

    // Refunds above the amount paid, nothing, or not a number: refused, and no refund is claimed.
    const { amounts } = await orderData(staff, orderId);
    const paidRupees = String(amounts.paid / 100);
    await expectRefused(
      { intent: "refund", amount: `${amounts.paid / 100 + 1}` },
      400,
      "The refund cannot be more than the",
    );
    await expectRefused({ intent: "refund", amount: "0" }, 400, "The refund must be more than Rs. 0");
    for (const amount of ["-100", "1e9", "NaN", "100.001", "9".repeat(20), ""]) {
      const answer = await post(staff, path, { intent: "refund", amount });
      expect(answer.status(), `amount ${JSON.stringify(amount)}`).toBe(400);
    }
    expect((await orderData(staff, orderId)).refund).toBeNull();
    // The whole amount is allowed, once.
    expect((await post(staff, path, { intent: "refund", amount: paidRupees })).status()).toBe(303);
    await expectRefused({ intent: "refund", amount: "1" }, 409, "already had its refund");
    const refunded = await orderData(staff, orderId);
    expect(refunded).toMatchObject({
      status: "Refunded",
      refund: { amount: amounts.paid },
      nextStatuses: [],
    });

    // Filters from the URL: control characters, impossible dates, huge pages, repeated names.
    for (const query of [
      "q=%00",
      "q=a%ED%A0%80b",
      `q=${"x".repeat(10_000)}`,
      "status=%00&from=2026-02-30&to=9999-99-99",
      "from=0000-01-01&to=2026-11-23",
      "page=99999999999999999999",
      "page=-1",
      "status=Ordered&status=Shipped",
      "q=%25&q=_",
    ]) {
      const answer = await staff.get(`/admin/orders?${query}`, { maxRedirects: 0 });
      expect([200, 302], `GET /admin/orders?${query.slice(0, 60)}`).toContain(answer.status());
    }
    for (const query of ["page=0", "page=abc", "page=99999999999"]) {
      expect((await staff.get(`/admin/refunds?${query}`)).status()).toBe(200);
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
    const orderId = await paidOrder(await client(playwright, headers));
    const ownerContext = await client(playwright, headers);
    await logIn(ownerContext, owner);
    const before = await orderData(ownerContext, orderId);
    for (const form of FORMS) {
      for (const [name, value] of [
        ["Origin", "https://evil.example"],
        ["Origin", "null"],
      ]) {
        const answer = await ownerContext.post(`/admin/orders/${orderId}`, {
          headers: { [name as string]: value as string, "Content-Type": FORM },
          data: new URLSearchParams(form).toString(),
          maxRedirects: 0,
        });
        expect(answer.status(), `${name}: ${value}`).toBe(403);
        expect(await answer.text()).toContain("Refused: this form was sent from another website.");
      }
    }
    expect(await orderData(ownerContext, orderId)).toEqual(before);
  });
});
