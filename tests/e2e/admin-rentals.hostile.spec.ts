import { randomBytes } from "node:crypto";
import { textOf } from "./support/back-office-probes";
import { loaderData, test } from "./support/hostile";
import { createRental } from "./support/rentals";
import { expect } from "./support/test";

/*
 * The back office's rental pipeline and unit register, posted to as an attacker would (decision 0043): moves
 * the table does not have, statuses that are not the booking's, units of another product or already out, ids
 * no row can have, charges above the deposit; each is a 4xx that changes nothing. Customers and visitors reach
 * none of it.
 */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

type Booking = { statusCode: string; units: { assetTag: string }[] };

test("moves, units and ids the pipeline does not have are refused, and nothing changes", async ({ shop }) => {
  test.slow();
  const owner = await shop.owner();
  const tag = randomBytes(3).toString("hex");
  // A rental of this test's own with one unit, so the seed's rentals keep their availability.
  const rentalId = await createRental(owner.context, `Hostile pipeline rental ${tag}`, {
    "rental.rent1": "3000",
    "rental.deposit": "5000",
  });
  const unit = await owner.context.post("/admin/rentals/units", {
    form: { productId: rentalId, serialNumber: `SN-${tag}`, assetTag: `HX-${tag}`, grade: "A" },
    maxRedirects: 0,
  });
  expect(unit.status()).toBe(303);
  // The same serial number again is refused beside its field; a grade or battery no form offers, too.
  for (const [form, field, status, message] of [
    [
      { serialNumber: `SN-${tag}`, assetTag: `HX-${tag}-2`, grade: "A" },
      "serialNumber",
      409,
      "Another unit has this serial number.",
    ],
    [
      { serialNumber: `SN-${tag}-2`, assetTag: `HX-${tag}-2`, grade: "Z" },
      "grade",
      400,
      "Choose grade A, B or C.",
    ],
    [
      { serialNumber: `SN-${tag}-2`, assetTag: `HX-${tag}-2`, grade: "A", batteryHealth: "101" },
      "batteryHealth",
      400,
      "Enter the battery health",
    ],
    [
      { serialNumber: `SN-${tag}-2`, assetTag: `HX-${tag}-2`, grade: "A", productId: "1" },
      "productId",
      409,
      "Choose the rental product",
    ],
  ] as const) {
    const answer = await owner.context.post("/admin/rentals/units", {
      form: { productId: rentalId, ...form },
      maxRedirects: 0,
    });
    expect([answer.status(), await textOf(answer)], field).toEqual([
      status,
      expect.stringContaining(message),
    ]);
  }

  const customer = await shop.customer();
  const page = await loaderData<{ start: { max: string } }>(
    customer.context,
    `/product/${rentalId}/book`,
    "routes/shop/product.$id_.book",
  );
  const booked = await customer.context.post(`/product/${rentalId}/book`, {
    multipart: {
      months: "1",
      units: "1",
      startDate: page.start.max,
      country: "India",
      firstname: "Asha",
      lastname: "Rao",
      address: "12, 4th Cross",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560034",
      customerType: "individual",
      idProofKind: "passport",
      idProof: { name: "p.pdf", mimeType: "application/pdf", buffer: PDF },
      addressProofKind: "utility-bill",
      addressProof: { name: "b.pdf", mimeType: "application/pdf", buffer: PDF },
      terms: "on",
    },
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(303);
  const { bookings } = await loaderData<{ bookings: { id: number }[] }>(
    customer.context,
    "/my-rentals",
    "routes/account/my-rentals",
  );
  const bookingId = bookings[0]?.id;
  const here = `/admin/rentals/${bookingId}`;
  const move = (form: Record<string, string | string[]>) =>
    owner.context.post(here, { form: form as Record<string, string>, maxRedirects: 0 });
  const statusNow = async () =>
    (await loaderData<Booking>(owner.context, here, "routes/admin/rentals.$id")).statusCode;

  const refused: [Record<string, string>, number][] = [
    [{ from: "requested", to: "settled" }, 400],
    [{ from: "requested", to: "approved" }, 400],
    [{ from: "verified", to: "approved" }, 409],
    [{ from: "requested", to: "DROP TABLE" }, 400],
    [{ from: "requested", to: "rejected" }, 400],
    [{ from: "requested", to: "rejected", reason: "x".repeat(501) }, 400],
    [{ from: "requested", to: "cancelled", reason: "bad\u0000reason" }, 400],
  ];
  for (const [form, status] of refused) {
    expect((await move(form)).status(), JSON.stringify(form).slice(0, 80)).toBe(status);
  }
  expect(await statusNow(), "nothing moved").toBe("requested");
  expect((await move({ from: "requested", to: "verified" })).status()).toBe(303);

  // Ids no row can have, a unit that does not exist, none at all: never set aside.
  const approve = (unitIds: string) =>
    owner.context.post(here, {
      data: `from=verified&to=approved&${unitIds}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
  for (const [ids, status] of [
    ["unitIds=0", 400],
    ["unitIds=2147483648", 400],
    ["unitIds=abc", 400],
    ["unitIds=999999", 409],
    ["", 400],
  ] as const) {
    expect((await approve(ids)).status(), ids).toBe(status);
  }
  expect(await statusNow(), "still verified").toBe("verified");

  // Customers and visitors reach none of it: the page and its moves send them to the back office's log-in.
  for (const context of [customer.context, await shop.context()]) {
    const answer = await context.post(here, {
      form: { from: "verified", to: "cancelled", reason: "x" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toMatch(/^\/admin\/login/);
  }
  expect(await statusNow()).toBe("verified");

  // Approved on its unit, the deposit and first month are billed. Cash at the door is not allowed by default.
  const { freeUnits } = await loaderData<{ freeUnits: { id: number }[] }>(
    owner.context,
    here,
    "routes/admin/rentals.$id",
  );
  expect((await approve(`unitIds=${freeUnits[0]?.id}`)).status()).toBe(303);
  const cash = await move({ from: "approved", to: "delivered" });
  expect([cash.status(), await textOf(cash)]).toEqual([
    400,
    expect.stringContaining("not allowed for rentals"),
  ]);
  expect(await statusNow()).toBe("approved");

  // Only its customer may pay a charge: another customer's press, ids no row has, and a visitor get nothing;
  // the customer's own press goes to PhonePe.
  type MyRentals = {
    bookings: { charges: { id: number; payable: boolean }[]; taxDocuments: { id: number }[] }[];
  };
  const mine = () => loaderData<MyRentals>(customer.context, "/my-rentals", "routes/account/my-rentals");
  const chargeId = String((await mine()).bookings[0]?.charges[0]?.id);
  const pay = (context: typeof customer.context, id: string) =>
    context.post("/my-rentals", { form: { intent: "pay", chargeId: id }, maxRedirects: 0 });
  const stranger = await shop.customer();
  const strangers = await pay(stranger.context, chargeId);
  expect([strangers.status(), await textOf(strangers)]).toEqual([
    409,
    expect.stringContaining("This charge cannot be paid now"),
  ]);
  expect((await pay(customer.context, "999999")).status()).toBe(409);
  for (const bad of ["0", "-1", "2147483648", "abc", "1e3", ""]) {
    expect((await pay(customer.context, bad)).status(), bad).toBe(400);
  }
  const visitor = await pay(await shop.context(), chargeId);
  expect([visitor.status(), visitor.headers().location]).toEqual([303, expect.stringMatching(/^\/login/)]);
  // Its customer's own press starts the payment: PhonePe's page (the simulator's) asks for the deposit and the
  // first month, Rs. 5,000 + Rs. 3,000, in paise.
  const own = await pay(customer.context, chargeId);
  expect(own.status(), "the customer's own press").toBe(303);
  const atPhonePe = new URL(own.headers().location ?? "", shop.origin);
  expect(atPhonePe.pathname).toMatch(/^\/phonepe-simulator\/pay\/[\w-]+$/);
  const hosted = await loaderData<{ amount: number; state: string }>(
    customer.context,
    atPhonePe.pathname,
    "routes/phonepe-simulator.pay.$orderId",
  );
  expect(hosted).toMatchObject({ amount: 800_000, state: "PENDING" });

  // Paid at the counter: its invoice is the customer's alone, and it cannot be paid again.
  expect((await move({ from: "approved", to: "paid" })).status()).toBe(303);
  expect((await pay(customer.context, chargeId)).status()).toBe(409);
  const documentId = (await mine()).bookings[0]?.taxDocuments[0]?.id;
  const invoice = `/my-rentals/${bookingId}/tax-documents/${documentId}`;
  expect((await customer.context.get(invoice)).status()).toBe(200);
  expect((await customer.context.get(`${invoice}/pdf`)).headers()["content-type"]).toBe("application/pdf");
  for (const probe of [invoice, `${invoice}/pdf`]) {
    expect((await stranger.context.get(probe, { maxRedirects: 0 })).status(), probe).toBe(404);
  }
  for (const probe of [
    `/my-rentals/${Number(bookingId) + 1}/tax-documents/${documentId}`,
    `/my-rentals/${bookingId}/tax-documents/2147483648`,
    `/my-rentals/${bookingId}/tax-documents/abc`,
  ]) {
    expect((await customer.context.get(probe, { maxRedirects: 0 })).status(), probe).toBe(404);
  }
  // Recording a month paid at the counter is staff's: a customer is sent to the back office's log-in, and the
  // first month (the pipeline's own move) is no such charge.
  const counter = `/admin/rentals/${bookingId}/charges/${chargeId}`;
  const byCustomer = await customer.context.post(counter, { form: {}, maxRedirects: 0 });
  expect([byCustomer.status(), byCustomer.headers().location]).toEqual([
    303,
    expect.stringMatching(/^\/admin\/login/),
  ]);
  expect((await owner.context.post(counter, { form: {}, maxRedirects: 0 })).status()).toBe(404);
});
