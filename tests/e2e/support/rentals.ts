import { deflateSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./test";

/* A rental booking's form as a customer fills it (tests/e2e/rentals.spec.ts and the back office's pipeline). */

/** A real PNG of `width` × `height` grey pixels: what a phone's scan of an ID card comes down to. */
export function png(width = 8, height = 5): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.from([0, ...Array(width).fill(200)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/**
 * Fills the booking form on its page for a Bengaluru address with a masked Aadhaar (PNG) and a bill (PDF),
 * first sending it without the terms agreed and the bill (each refused beside its field), then agrees and
 * sends it. Without JavaScript the refused form came back from the server, which never keeps files.
 */
export async function fillBooking(page: Page, firstname: string): Promise<void> {
  const booking = page.locator("#booking-form");
  await booking.getByLabel("First Name").fill(firstname);
  await booking.getByLabel("Last Name").fill("Rao");
  await booking.getByLabel("Address", { exact: true }).fill("12, 4th Cross, Koramangala");
  await booking.getByLabel("City").fill("Bengaluru");
  await booking.getByLabel("State").selectOption("Karnataka");
  await booking.getByLabel("PIN Code").fill("560034");
  await booking.getByLabel("ID proof", { exact: true }).selectOption("masked-aadhaar");
  await booking
    .getByLabel("ID proof file")
    .setInputFiles({ name: "aadhaar.png", mimeType: "image/png", buffer: png() });
  await booking.getByLabel("Address proof", { exact: true }).selectOption("utility-bill");
  // Without the terms agreed, nothing is sent: the form says why beside the box.
  await booking.getByRole("button", { name: "Send rental request" }).click();
  await expect(page.getByText("Agree to the rental terms to send the request.")).toBeVisible();
  await expect(page.getByText("Attach your address proof.")).toBeVisible();
  await booking
    .getByLabel("Address proof file")
    .setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: PDF });
  if (!(await booking.getByLabel("ID proof file").inputValue())) {
    // Without JavaScript the form came back from the server, which never keeps files: attach again.
    await expect(page.getByText("attached files are not kept")).toBeVisible();
    await booking
      .getByLabel("ID proof file")
      .setInputFiles({ name: "aadhaar.png", mimeType: "image/png", buffer: png() });
  }
  await booking.getByLabel(/^I agree to the rental terms/).check();
  await booking.getByRole("button", { name: "Send rental request" }).click();
}

/**
 * A rental of the test's own, created by the owner's post of the new-product form: its plans (`rental.rent1`,
 * `rental.rent3`, … in rupees) and deposit. Returns its id. Tests rent their own product, so the seed's rentals
 * keep their availability for the others.
 */
export async function createRental(
  owner: APIRequestContext,
  title: string,
  offer: Record<string, string>,
  stock = "0",
): Promise<string> {
  const created = await owner.post("/admin/products/new", {
    multipart: {
      title,
      description: "<p>A laptop the dealer rents out.</p>",
      brand: "Dell",
      category: "Laptops",
      productType: "rental",
      colours: "1",
      stock,
      rentalFields: "1",
      ...offer,
    },
    maxRedirects: 0,
  });
  expect(created.status(), "the owner creates the rental").toBe(303);
  return (created.headers().location ?? "").replace("/admin/products/", "");
}
