import type { ActionFunctionArgs } from "@remix-run/node";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  cartItems,
  customers,
  enquiries,
  newsletterSubscribers,
  orderItems,
  orders,
  passwordResetTokens,
  paymentAttempts,
  ratings,
  rentalBookings,
  rentalDocuments,
  sessions,
  taxDocuments,
  wishlistItems,
} from "~/db/schema";
import { accountProblems, personalDataMessages } from "~/features/accounts";
import {
  authenticate,
  getSessionCustomer,
  requestPasswordReset,
  startSession,
} from "~/features/accounts/index.server";
import { productPageView, saveReview } from "~/features/catalogue/index.server";
import { createEnquiry, subscribe } from "~/features/content/index.server";
import { shopMonthOf } from "~/features/invoices";
import { monthRegister, renderTaxDocumentPdf, taxDocumentOf } from "~/features/invoices/index.server";
import { addToCart, toggleWishlist } from "~/features/lists/index.server";
import type { OrderStatus } from "~/features/orders";
import { listOrders, moveOrder, orderDetail } from "~/features/orders/index.server";
import type { Config } from "~/lib/config.server";
import { closeMailTransports } from "~/lib/mail.server";
import * as loginRoute from "~/routes/account/login";
import * as profileRoute from "~/routes/account/my-profile";
import * as dataRoute from "~/routes/account/my-profile_.my-data[.]json";
import * as signupRoute from "~/routes/account/signup";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertProduct, type ProductRow, signUpCustomer } from "./support/fixtures";
import { sendVia } from "./support/mail";
import { paidOrder } from "./support/orders";
import { startSmtpServer, type TestSmtpServer } from "./support/smtp";
import { insertStaffMember } from "./support/staff-member";

/*
 * A customer's data on request (the Digital Personal Data Protection Act, 2023): the download on My Profile
 * and the deletion of the account, run through the routes as Remix runs them, against a real database and a
 * real SMTP server on localhost.
 */

const BASE = "https://shop.example.in";

const state = vi.hoisted(() => ({ db: undefined as unknown, smtpUrl: "" }));

vi.mock("~/db/db.server", () => ({ getDb: async () => state.db }));
vi.mock("~/lib/config.server", () => ({
  config: () =>
    ({
      publicUrl: "https://shop.example.in",
      isProduction: false,
      cookieSecure: false,
      sessionSecret: "integration-test-session-secret-0123456789abcdef",
      smtpUrl: state.smtpUrl,
      mailFrom: "Kaveri Computers <no-reply@kavericomputers.in>",
      outboxDir: "/nonexistent/outbox",
    }) as Config,
}));

let database: TestDatabase;
let smtp: TestSmtpServer;
let laptop: ProductRow;
let mouse: ProductRow;
let staffActor: Awaited<ReturnType<typeof insertStaffMember>>["actor"];

beforeAll(async () => {
  database = await openTestDatabase();
  state.db = database.db;
  smtp = await startSmtpServer();
  state.smtpUrl = smtp.smtpUrl;
  laptop = await insertProduct(database.db, { title: "ThinkPad E14 for the data test" });
  mouse = await insertProduct(database.db, {
    title: "Wireless mouse for the data test",
    discountedPrice: 500_00,
  });
  staffActor = (await insertStaffMember(database.db)).actor;
});

afterAll(async () => {
  closeMailTransports();
  await smtp?.close();
  await database?.drop();
});

type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;

/** Runs an action or loader the way Remix would: a thrown Response (a redirect) is the answer. */
async function run(handler: Handler, request: Request): Promise<Response> {
  try {
    return await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function get(path: string, cookie?: string): Request {
  return new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

type Refusal = {
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  toast: { type: string; message: string } | null;
};

const address = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

/** Two mice in the customer's cart (after their orders: placing one empties the cart). */
async function fillCart(customerId: number) {
  await addToCart(database.db, customerId, { productId: mouse.id, colourId: mouse.colourId, quantity: 2 });
}

/** A signed-up customer, signed in on two devices, with a wishlist, a review, an enquiry and the newsletter. */
async function busyCustomer(firstname: string) {
  const { values, customer } = await signUpCustomer(database.db, { firstname, lastname: "Shetty" });
  const cookieOf = async () => (await startSession(database.db, customer.id)).split(";")[0] ?? "";
  const cookie = await cookieOf();
  const otherDevice = await cookieOf();
  await toggleWishlist(database.db, customer.id, laptop.id);
  await saveReview(database.db, customer.id, laptop.id, {
    star: 4,
    comment: `${firstname} likes the keyboard.`,
  });
  // The contact form keeps the address as typed, in capitals here.
  await createEnquiry(database.db, {
    name: `${firstname} Shetty`,
    email: values.email.toUpperCase(),
    mobile: "9845011111",
    comment: `${firstname} asks about a rental laptop for her office.`,
  });
  await subscribe(database.db, values.email);
  return { values, customer, cookie, otherDevice };
}

/** An order paid online by the customer, moved through the back office to `status`. */
async function orderAt(customerId: number, status: OrderStatus): Promise<number> {
  const { orderId } = await paidOrder(database.db, laptop, address, { customerId });
  const path: OrderStatus[] = ["Ordered", "Processed", "Delivered"];
  for (let i = 1; i <= path.indexOf(status); i++) {
    const from = path[i - 1] ?? "Ordered";
    const to = path[i] ?? "Delivered";
    expect(await moveOrder(database.db, staffActor, { orderId, from, to })).toMatchObject({ ok: true });
  }
  return orderId;
}

async function customerRow(id: number) {
  const [row] = await database.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

const countOf = async <T>(rows: Promise<T[]>) => (await rows).length;

/** The legal record of the customer's orders, every row as stored. */
async function orderRecord(customerId: number) {
  const orderRows = await database.db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.id));
  const ids = orderRows.map((row) => row.id);
  return {
    orders: orderRows,
    items: await database.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
    payments: await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.customerId, customerId))
      .orderBy(asc(paymentAttempts.id)),
    documents: await database.db
      .select()
      .from(taxDocuments)
      .where(inArray(taxDocuments.orderId, ids))
      .orderBy(asc(taxDocuments.id)),
  };
}

async function pdfText(orderId: number): Promise<string> {
  const invoice = await taxDocumentOf(database.db, orderId, "invoice");
  if (!invoice) throw new Error(`order #${orderId} has no invoice`);
  const { extractText, getDocumentProxy } = await import("unpdf");
  const document = await getDocumentProxy(new Uint8Array(await renderTaxDocumentPdf(invoice)));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** A rental request of the customer's, with one document kept. */
async function rentalOf(customerId: number, firstname: string): Promise<number> {
  const [booking] = await database.db
    .insert(rentalBookings)
    .values({
      customerId,
      title: `${firstname}'s rented laptop`,
      months: 3,
      units: 1,
      monthlyRent: 2_499_00,
      deposit: 10_000_00,
      startDate: "2027-02-01",
      address,
      termsVersion: "2026-11-28",
    })
    .returning({ id: rentalBookings.id });
  const id = booking?.id ?? 0;
  await database.db.insert(rentalDocuments).values({
    bookingId: id,
    purpose: "id_proof",
    kind: "passport",
    mediaType: "application/pdf",
    size: 4,
    content: new TextEncoder().encode("%PDF"),
  });
  return id;
}

describe(`my data: the download (${databaseKind})`, () => {
  it("holds the signed-in customer's profile, orders, reviews, lists, enquiries and newsletter, and nobody else's", async () => {
    const asha = await busyCustomer("Asha");
    const ravi = await busyCustomer("Ravi");
    const ashaOrder = await orderAt(asha.customer.id, "Delivered");
    const raviOrder = await orderAt(ravi.customer.id, "Delivered");
    await fillCart(asha.customer.id);
    await fillCart(ravi.customer.id);
    const ashaRental = await rentalOf(asha.customer.id, "Asha");
    await rentalOf(ravi.customer.id, "Ravi");

    const response = await run(dataRoute.loader as Handler, get("/my-profile/my-data.json", asha.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="kaveri-computers-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text) as {
      profile: Record<string, unknown>;
      orders: {
        id: number;
        status: string;
        paymentMethod: string;
        shippingAddress: unknown;
        items: { title: string }[];
        taxDocuments: { kind: string }[];
      }[];
      reviews: { product: string; stars: number; comment: string }[];
      wishlist: { product: string }[];
      cart: { product: string; quantity: number }[];
      enquiries: { comment: string; email: string }[];
      newsletter: { subscribed: boolean };
      rentals: { reference: string; status: string; documentsKept: { document: string; kind: string }[] }[];
    };
    expect(data.profile).toMatchObject({
      firstname: "Asha",
      lastname: "Shetty",
      email: asha.values.email,
      mobile: asha.values.mobile,
    });
    expect(data.orders.map((order) => order.id)).toEqual([ashaOrder]);
    expect(data.orders[0]).toMatchObject({
      status: "Delivered",
      paymentMethod: "PhonePe",
      shippingAddress: address,
      items: [{ title: laptop.title }],
      taxDocuments: [{ kind: "invoice" }],
    });
    expect(data.reviews).toEqual([
      expect.objectContaining({ product: laptop.title, stars: 4, comment: "Asha likes the keyboard." }),
    ]);
    expect(data.wishlist).toEqual([expect.objectContaining({ product: laptop.title })]);
    expect(data.cart).toEqual([expect.objectContaining({ product: mouse.title, quantity: 2 })]);
    expect(data.enquiries).toEqual([
      expect.objectContaining({ comment: "Asha asks about a rental laptop for her office." }),
    ]);
    expect(data.newsletter.subscribed).toBe(true);
    // Her rental, and which identity document is kept (never its bytes).
    expect(data.rentals).toEqual([
      expect.objectContaining({
        reference: `RENT-${String(ashaRental).padStart(6, "0")}`,
        status: "Requested",
        documentsKept: [{ document: "ID proof", kind: "passport", bytes: 4 }],
      }),
    ]);

    // Nothing of Ravi's, and no secret of Asha's.
    expect(text).not.toContain(ravi.values.email);
    expect(text).not.toContain("Ravi");
    expect(text).not.toContain(`"id": ${raviOrder}`);
    expect(text).not.toMatch(/scrypt|passwordHash|password|idHash|providerDetails|paymentInfo/i);
    expect(text).not.toContain(asha.cookie.split("=")[1] ?? "no cookie");
  });

  it("sends a visitor to log in, and gives nothing", async () => {
    const response = await run(dataRoute.loader as Handler, get("/my-profile/my-data.json"));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      `/login?${new URLSearchParams({ redirectTo: "/my-profile" })}`,
    );
  });
});

describe(`my profile: deleting the account (${databaseKind})`, () => {
  it("refuses a wrong password on its field with 401, keeps no password in the form, and changes nothing", async () => {
    const asha = await busyCustomer("Asha");
    const before = await customerRow(asha.customer.id);
    const response = await run(
      profileRoute.action as Handler,
      post("/my-profile", { intent: "delete-account", currentPassword: "not my password" }, asha.cookie),
    );
    expect(response.status).toBe(401);
    const body = (await response.json()) as Refusal;
    expect(body.result.error).toEqual({ currentPassword: [accountProblems.currentPasswordWrong] });
    expect(body.result.initialValue).toEqual({ intent: "delete-account" });
    expect(await customerRow(asha.customer.id)).toEqual(before);
    expect(await getSessionCustomer(database.db, get("/", asha.cookie))).toMatchObject({
      id: asha.customer.id,
    });

    const empty = await run(
      profileRoute.action as Handler,
      post("/my-profile", { intent: "delete-account", currentPassword: "" }, asha.cookie),
    );
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Refusal).result.error).toEqual({
      currentPassword: [personalDataMessages.passwordRequired],
    });
    expect(await customerRow(asha.customer.id)).toEqual(before);

    // The control: the same form with her password deletes the account.
    const right = await run(
      profileRoute.action as Handler,
      post("/my-profile", { intent: "delete-account", currentPassword: asha.values.password }, asha.cookie),
    );
    expect(right.status).toBe(303);
    expect(right.headers.get("Location")).toBe("/");
    expect(await customerRow(asha.customer.id)).toMatchObject({
      email: `deleted-${asha.customer.id}@invalid`,
      deletedAt: expect.any(Date),
    });
  });

  it("refuses while an order is open, naming it, and changes nothing", async () => {
    const asha = await busyCustomer("Asha");
    const delivered = await orderAt(asha.customer.id, "Delivered");
    const open = await orderAt(asha.customer.id, "Processed");
    await fillCart(asha.customer.id);
    const before = {
      customer: await customerRow(asha.customer.id),
      record: await orderRecord(asha.customer.id),
      sessions: await countOf(
        database.db.select().from(sessions).where(eq(sessions.customerId, asha.customer.id)),
      ),
      cart: await countOf(
        database.db.select().from(cartItems).where(eq(cartItems.customerId, asha.customer.id)),
      ),
      newsletter: await countOf(
        database.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, asha.values.email)),
      ),
    };
    const response = await run(
      profileRoute.action as Handler,
      post("/my-profile", { intent: "delete-account", currentPassword: asha.values.password }, asha.cookie),
    );
    expect(response.status).toBe(409);
    const body = (await response.json()) as Refusal;
    expect(body.result.error).toEqual({
      "": [personalDataMessages.stillOpen([personalDataMessages.openOrder(open, "Processed")])],
    });
    expect(body.result.error?.[""]?.[0]).toContain(`order #${open} (Processed)`);
    expect(body.result.error?.[""]?.[0]).not.toContain(`#${delivered}`);
    expect({
      customer: await customerRow(asha.customer.id),
      record: await orderRecord(asha.customer.id),
      sessions: await countOf(
        database.db.select().from(sessions).where(eq(sessions.customerId, asha.customer.id)),
      ),
      cart: await countOf(
        database.db.select().from(cartItems).where(eq(cartItems.customerId, asha.customer.id)),
      ),
      newsletter: await countOf(
        database.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, asha.values.email)),
      ),
    }).toEqual(before);
    expect(before.sessions).toBe(2);
  });

  it("erases the account: signed out everywhere, no log-in, the address free for a new account, the legal record untouched", async () => {
    const asha = await busyCustomer("Asha");
    const id = asha.customer.id;
    const orderId = await orderAt(id, "Delivered");
    await fillCart(id);
    await requestPasswordReset(database.db, asha.values.email, { baseUrl: BASE, send: sendVia(smtp) });
    const month = shopMonthOf(new Date());
    const before = {
      record: await orderRecord(id),
      register: await monthRegister(database.db, month),
      pdf: await pdfText(orderId),
    };
    expect(before.pdf).toContain("Asha");

    const response = await run(
      profileRoute.action as Handler,
      post("/my-profile", { intent: "delete-account", currentPassword: asha.values.password }, asha.cookie),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Max-Age=0/);

    // The row stays, anonymised.
    const row = await customerRow(id);
    expect(row).toMatchObject({
      firstname: "Deleted",
      lastname: "customer",
      email: `deleted-${id}@invalid`,
      mobile: "0000000000",
      savedAddress: null,
      businessGstin: null,
      businessName: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).not.toMatch(/^scrypt\$/);

    // Signed out everywhere; every reset link gone; a session that survived would sign nobody in.
    expect(await countOf(database.db.select().from(sessions).where(eq(sessions.customerId, id)))).toBe(0);
    expect(
      await countOf(
        database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.customerId, id)),
      ),
    ).toBe(0);
    for (const cookie of [asha.cookie, asha.otherDevice]) {
      expect(await getSessionCustomer(database.db, get("/", cookie))).toBeNull();
    }
    const stale = (await startSession(database.db, id)).split(";")[0] ?? "";
    expect(await getSessionCustomer(database.db, get("/", stale))).toBeNull();
    await database.db.delete(sessions).where(eq(sessions.customerId, id));

    // Lists and newsletter gone; the enquiry anonymised; the review kept.
    expect(await countOf(database.db.select().from(cartItems).where(eq(cartItems.customerId, id)))).toBe(0);
    expect(
      await countOf(database.db.select().from(wishlistItems).where(eq(wishlistItems.customerId, id))),
    ).toBe(0);
    expect(
      await countOf(
        database.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, asha.values.email)),
      ),
    ).toBe(0);
    const enquiryRows = await database.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.email, `deleted-${id}@invalid`));
    expect(enquiryRows).toEqual([
      expect.objectContaining({ name: personalDataMessages.deletedCustomer, mobile: "0000000000" }),
    ]);
    expect(JSON.stringify(enquiryRows)).not.toMatch(/Asha|rental laptop/);
    expect(await countOf(database.db.select().from(ratings).where(eq(ratings.customerId, id)))).toBe(1);

    // Orders, items, payments and tax documents exactly as they were; the month's register and the PDF too.
    expect(await orderRecord(id)).toEqual(before.record);
    expect(await monthRegister(database.db, month)).toEqual(before.register);
    expect(await pdfText(orderId)).toBe(before.pdf);

    // No log-in with the old address and password, through the form or otherwise.
    expect(await authenticate(database.db, asha.values.email, asha.values.password)).toBeNull();
    const login = await run(
      loginRoute.action as Handler,
      post("/login", { email: asha.values.email, password: asha.values.password }),
    );
    expect(login.status).toBe(401);
    expect(((await login.json()) as Refusal).result.error).toEqual({ "": [accountProblems.badCredentials] });

    // The address signs up afresh, as a new customer.
    const signup = await run(
      signupRoute.action as Handler,
      post("/signup", { ...asha.values, mobile: "9845012345" }),
    );
    expect(signup.status).toBe(303);
    const [fresh] = await database.db.select().from(customers).where(eq(customers.email, asha.values.email));
    expect(fresh?.id).toBeGreaterThan(id);
    expect(fresh?.deletedAt).toBeNull();

    // The back office names a deleted customer; the order keeps the shipping name it printed.
    const list = await listOrders(database.db, { q: String(orderId), page: 1 });
    expect(list.rows).toEqual([
      expect.objectContaining({ id: orderId, customer: personalDataMessages.deletedCustomer, email: null }),
    ]);
    expect(await listOrders(database.db, { q: asha.values.email, page: 1 })).toMatchObject({ total: 0 });
    const detail = await orderDetail(database.db, orderId);
    expect(detail?.customer).toEqual({
      name: personalDataMessages.deletedCustomer,
      email: null,
      mobile: null,
      erased: true,
    });
    expect(detail?.shippingAddress).toEqual(address);

    // The review stays, under the neutral label.
    const page = await productPageView(database.db, laptop.id, { publicUrl: BASE, imageParam: null });
    const review = page?.reviews.items.find((item) => item.comment === "Asha likes the keyboard.");
    expect(review?.author).toBe(personalDataMessages.formerCustomer);
    expect(page?.reviews.items.filter((item) => item.author === "Customer").length).toBeGreaterThan(0);

    // The audit trail says what happened, without the customer's details.
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `customer ${id}`));
    expect(entry).toMatchObject({
      action: "customer.erase",
      staffId: null,
      staffName: "Customer (self-service)",
    });
    expect(JSON.stringify(entry)).not.toMatch(
      new RegExp(`Asha|Shetty|${asha.values.email}|${asha.values.mobile}`, "i"),
    );

    // The old address is told what was erased and what is kept.
    const mail = await smtp.waitForMessage(
      (received) => received.to.includes(asha.values.email) && received.subject.includes("deleted"),
    );
    expect(mail.subject).toBe("Your Kaveri Computers account is deleted");
    expect(mail.text).toContain("72 months");
    expect(mail.text).toContain("tax invoices");
  });
});
