import type { APIRequestContext } from "@playwright/test";
import { announceOnly, cookieOf } from "./support/announce-only";
import { textOf } from "./support/back-office-probes";
import { loaderData, test } from "./support/hostile";
import { expect } from "./support/test";

/*
 * A rental booking's hostile posts (decision 0043): documents that are not what they claim, too large, or too
 * many bytes; numbers and dates no form sends; products that are not rentals; other people's bookings and
 * documents. Each is a 4xx with its message beside its field, and nothing is stored.
 */

const DELL = "Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const MB = 1024 * 1024;

type Field = string | { name: string; mimeType: string; buffer: Buffer };

/** The Dell rental's id, as the store's search finds it. */
async function dellId(context: APIRequestContext): Promise<string> {
  const answer = await context.get(`/product?q=${encodeURIComponent(DELL)}&exact=1`);
  const id = /href="\/product\/(\d+)"/.exec(await answer.text())?.[1];
  expect(id, "the Dell rental is listed").toBeTruthy();
  return id ?? "";
}

/** A booking form that would be accepted (at a start day the server accepts), with `changes` over it. */
async function bookingForm(
  context: APIRequestContext,
  id: string,
  changes: Record<string, Field | null> = {},
) {
  const page = await loaderData<{ start: { max: string } }>(
    context,
    `/product/${id}/book`,
    "routes/shop/product.$id_.book",
  );
  const fields: Record<string, Field | null> = {
    months: "3",
    units: "1",
    startDate: page.start.max,
    country: "India",
    firstname: "Asha",
    lastname: "Rao",
    address: "12, 4th Cross, Koramangala",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560034",
    customerType: "individual",
    idProofKind: "passport",
    idProof: { name: "passport.pdf", mimeType: "application/pdf", buffer: PDF },
    addressProofKind: "utility-bill",
    addressProof: { name: "bill.pdf", mimeType: "application/pdf", buffer: PDF },
    terms: "on",
    ...changes,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as Record<
    string,
    Field
  >;
}

type MyRentals = { bookings: { id: number; reference: string; status: string }[] };
const bookingsOf = async (context: APIRequestContext) =>
  (await loaderData<MyRentals>(context, "/my-rentals", "routes/account/my-rentals")).bookings;

test.describe("rental bookings: hostile posts", () => {
  test("bad documents, numbers and dates are 400 beside their field; odd bodies are 4xx; only the form unchanged is stored", async ({
    shop,
  }) => {
    test.slow();
    const customer = await shop.customer();
    const id = await dellId(customer.context);
    const post = async (changes: Record<string, Field | null>, path = `/product/${id}/book`) =>
      customer.context.post(path, {
        multipart: await bookingForm(customer.context, id, changes),
        maxRedirects: 0,
      });

    const refused: [changes: Record<string, Field | null>, field: string, message: string][] = [
      [
        {
          idProof: {
            name: "id.png",
            mimeType: "image/png",
            buffer: Buffer.from("<html><script>alert(1)</script>"),
          },
        },
        "idProof",
        "Attach a PDF, JPEG or PNG file.",
      ],
      [
        {
          idProof: { name: "id.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 cut short") },
        },
        "idProof",
        "This file could not be read.",
      ],
      [
        {
          addressProof: {
            name: "big.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.alloc(5 * MB + 1, 0x25),
          },
        },
        "addressProof",
        "This file is larger than 5 MB.",
      ],
      [{ addressProof: null }, "addressProof", "Attach your address proof."],
      [
        { purchaseOrder: { name: "po.pdf", mimeType: "application/pdf", buffer: PDF } },
        "purchaseOrder",
        "A purchase order goes with a business booking only.",
      ],
      [{ customerType: "business", gstin: "29ABCDE1234F1ZX", businessName: "Asha Labs" }, "gstin", "GSTIN"],
      [{ customerType: "business" }, "businessName", "Enter the business's legal name."],
      [{ idProofKind: "aadhaar" }, "idProofKind", "Choose which ID proof you are giving."],
      [{ units: "-1" }, "units", "Enter how many units you need, from 1 to 20."],
      [{ units: "1e3" }, "units", "Enter how many units you need, from 1 to 20."],
      [{ units: "2.5" }, "units", "Enter how many units you need, from 1 to 20."],
      [{ months: "7" }, "months", "Choose a tenure."],
      [{ months: "24" }, "months", "This tenure is not offered for this product: choose one of its plans."],
      [{ startDate: "2027-02-30" }, "startDate", "Choose the day the rental starts."],
      [{ startDate: "2020-01-01" }, "startDate", "The earliest start we can deliver to 560034 is"],
      [{ startDate: "2099-01-01" }, "startDate", "Choose a start on or before"],
      [
        { pincode: "744101", state: "Andaman and Nicobar Islands" },
        "pincode",
        "We do not deliver rentals to 744101",
      ],
      [{ terms: "yes" }, "terms", "Agree to the rental terms to send the request."],
      [{ firstname: "Asha\u0000" }, "firstname", "Please remove the invisible or unsupported characters"],
    ];
    for (const [changes, field, message] of refused) {
      const what = JSON.stringify(changes).slice(0, 90);
      const answer = await post(changes);
      expect(answer.status(), what).toBe(400);
      const html = await answer.text();
      expect(html, what).toContain(`id="booking-form-${field}-error"`);
      expect(await textOf(answer), what).toContain(message);
      // The files are never sent back into the page.
      expect(html, what).not.toContain("%PDF");
    }

    // 17 MB announced: over the route's limit, refused on its headers before a byte of the body is read.
    const huge = await announceOnly(
      shop.origin,
      `/product/${id}/book`,
      17 * MB,
      await cookieOf(customer.context),
    );
    expect(huge.status).toBe(413);
    expect(huge.text).toContain("The documents are too large (at most 5 MB each).");
    const json = await customer.context.post(`/product/${id}/book`, {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ months: 3, units: 1 }),
      maxRedirects: 0,
    });
    expect(json.status()).toBe(415);
    // Not a rental, not a product, not an id.
    const bought = await customer.context.post("/product/1/book", {
      multipart: await bookingForm(customer.context, id),
      maxRedirects: 0,
    });
    // A product that cannot be booked sends the customer back to its page, with the reason as a toast.
    expect([bought.status(), bought.headers().location]).toEqual([303, "/product/1"]);
    for (const bad of ["2147483648", "99999999999999999999", "-1", "abc"]) {
      const answer = await customer.context.post(`/product/${bad}/book`, {
        multipart: await bookingForm(customer.context, id),
        maxRedirects: 0,
      });
      expect(answer.status(), bad).toBe(404);
    }
    expect(await bookingsOf(customer.context), "nothing refused was stored").toEqual([]);
    // A visitor is sent to log in, and nothing is read.
    const visitor = await shop.context();
    const anonymous = await visitor.post(`/product/${id}/book`, {
      multipart: await bookingForm(customer.context, id),
      maxRedirects: 0,
    });
    expect([anonymous.status(), anonymous.headers().location]).toEqual([
      303,
      `/login?redirectTo=%2Fproduct%2F${id}%2Fbook`,
    ]);

    // The control: the same form without a change is accepted, and is the customer's one booking. Withdrawn
    // again, so the rental's availability is left as it was.
    const accepted = await post({});
    expect([accepted.status(), accepted.headers().location]).toEqual([303, "/my-rentals"]);
    const [booked, ...more] = await bookingsOf(customer.context);
    expect([booked?.status, more]).toEqual(["Requested", []]);
    const withdrawn = await customer.context.post("/my-rentals", {
      form: { intent: "withdraw", bookingId: String(booked?.id) },
      maxRedirects: 0,
    });
    expect(withdrawn.status()).toBe(303);
  });

  test("another customer can neither withdraw a booking nor open its documents; staff's document ids are checked", async ({
    shop,
  }) => {
    const [asha, ravi] = [await shop.customer(), await shop.customer()];
    const id = await dellId(asha.context);
    const booked = await asha.context.post(`/product/${id}/book`, {
      multipart: await bookingForm(asha.context, id),
      maxRedirects: 0,
    });
    expect([booked.status(), booked.headers().location]).toEqual([303, "/my-rentals"]);
    const [booking] = await bookingsOf(asha.context);
    expect(booking?.status).toBe("Requested");
    const bookingId = String(booking?.id);

    const withdraw = await ravi.context.post("/my-rentals", {
      form: { intent: "withdraw", bookingId },
      maxRedirects: 0,
    });
    expect(withdraw.status()).toBe(409);
    for (const bad of ["0", "-1", "2147483648", "1e3", "abc", ""]) {
      const answer = await asha.context.post("/my-rentals", {
        form: { intent: "withdraw", bookingId: bad },
        maxRedirects: 0,
      });
      expect(answer.status(), bad).toBe(400);
    }
    expect((await bookingsOf(asha.context))[0]?.status, "still requested").toBe("Requested");

    const staff = await shop.owner();
    const page = await staff.context.get(`/admin/rentals/${bookingId}`);
    const documents = [...(await page.text()).matchAll(/href="(\/admin\/rentals\/\d+\/documents\/(\d+))"/g)];
    expect(documents.length).toBe(2);
    const [link, documentId] = [documents[0]?.[1] ?? "", documents[0]?.[2] ?? ""];
    expect((await staff.context.get(link)).status()).toBe(200);
    for (const context of [asha.context, ravi.context, await shop.context()]) {
      expect((await context.get(link, { maxRedirects: 0 })).status()).toBe(404);
    }
    // A document asked for under another booking's id, or ids no row can have, are 404 for staff too.
    const probes = [
      `/admin/rentals/${Number(bookingId) + 1}/documents/${documentId}`,
      `/admin/rentals/${bookingId}/documents/2147483648`,
      `/admin/rentals/${bookingId}/documents/abc`,
      `/admin/rentals/-1/documents/${documentId}`,
      `/admin/rentals/${bookingId}/documents/${documentId}%00`,
    ];
    for (const probe of probes) {
      expect((await staff.context.get(probe, { maxRedirects: 0 })).status(), probe).toBe(404);
    }
  });
});
