import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { products, shopSettings, taxDocuments } from "~/db/schema";
import { issueInvoice, taxDocumentOf } from "~/features/invoices/index.server";
import { addToCart } from "~/features/lists/index.server";
import {
  collectCash,
  customerOrders,
  moveOrder,
  orderDetail,
  placeCashOrder,
  refundOrder,
  sendOrderPaidMail,
} from "~/features/orders/index.server";
import { changeShopRules } from "~/features/settings/index.server";
import type { MailMessage } from "~/lib/mail.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct, type ProductRow, STANDARD_SHIPPING } from "./support/fixtures";
import { refundFollowedToItsEnd, paidOrder as sharedPaidOrder } from "./support/orders";
import { type PhonePeSimulator, startPhonePeSimulator } from "./support/phonepe-simulator";
import { insertStaffMember } from "./support/staff-member";

/*
 * Tax invoices are issued with the order's payment (online) or its cash (at the door), credit notes with a
 * refund; each is numbered in its series without gaps and kept as printed. The refunded order is paid on the
 * bundled PhonePe simulator (./support/phonepe-simulator.ts), which takes the refund and completes it.
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

let database: TestDatabase;
let sim: PhonePeSimulator;
let laptop: ProductRow;
let actor: { id: number | null; name: string };

const bengaluru = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};
const chennai = { ...bengaluru, city: "Chennai", state: "Tamil Nadu", pincode: "600017" };

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startPhonePeSimulator(database.db);
  laptop = await insertProduct(database.db, {
    discountedPrice: 45_000_00,
    quantity: 200,
    hsn: "8471",
    gstRate: 18,
  });
  actor = (await insertStaffMember(database.db, { role: "owner" })).actor;
});

afterAll(async () => {
  await sim?.close();
  await database?.drop();
});

/** A customer who paid online for one laptop sent to `address`. */
const paidOrder = (address = bengaluru, business: { gstin: string; name: string } | null = null) =>
  sharedPaidOrder(database.db, laptop, address, { business });

/** A cash-on-delivery order of one laptop to Bengaluru by the customer: its id. */
async function cashOrder(customerId: number): Promise<number> {
  await addToCart(database.db, customerId, { productId: laptop.id, colourId: laptop.colourId, quantity: 1 });
  const placed = await placeCashOrder(database.db, customerId, bengaluru, STANDARD_SHIPPING, 0);
  if (placed.kind !== "ordered") throw new Error("no cash order");
  return placed.orderId;
}

/** The cash order processed and its cash (the laptop and standard shipping) collected at the door. */
async function cashCollected(orderId: number): Promise<void> {
  await moveOrder(database.db, actor, { orderId, from: "Ordered", to: "Processed" });
  await collectCash(database.db, actor, { orderId, from: "Processed", amount: 45_100_00 });
}

describe(`tax invoices (${databaseKind})`, () => {
  it("a paid order in Karnataka gets one invoice with CGST and SGST that adds up to what was paid", async () => {
    const { orderId, customerId } = await paidOrder();
    const invoice = await taxDocumentOf(database.db, orderId, "invoice", customerId);
    expect(invoice).toMatchObject({
      kind: "invoice",
      supplier: { gstin: "29AAHCK4591M1ZS", state: "Karnataka", stateCode: "29" },
      buyer: { name: "Asha Rao", gstin: null, stateCode: "29" },
      placeOfSupply: { state: "Karnataka", stateCode: "29" },
      intraState: true,
      totals: { amount: 45_100_00, igst: 0 },
    });
    expect(invoice?.number).toMatch(/^KC\/\d\d-\d\d\/\d{6}$/);
    expect(invoice?.lines.map((line) => line.hsn)).toEqual(["8471", "996812"]);
    const totals = invoice?.totals;
    expect((totals?.taxable ?? 0) + (totals?.cgst ?? 0) + (totals?.sgst ?? 0)).toBe(45_100_00);
    expect(totals?.cgst).toBeGreaterThan(0);
    // Issuing again gives the same invoice, never a second one.
    const again = await database.db.transaction((tx) => issueInvoice(tx, orderId));
    expect(again.number).toBe(invoice?.number);
    expect(
      await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)),
    ).toHaveLength(1);
  });

  it("is another customer's 404: nobody else reads it", async () => {
    const { orderId } = await paidOrder();
    const stranger = await insertCustomer(database.db);
    expect(await taxDocumentOf(database.db, orderId, "invoice", stranger.id)).toBeUndefined();
  });

  it("a business in Chennai gets IGST and its GSTIN on the invoice", async () => {
    const { orderId } = await paidOrder(chennai, { gstin: "29ABCDE1234F1ZW", name: "Iyer Traders" });
    const invoice = await taxDocumentOf(database.db, orderId, "invoice");
    expect(invoice).toMatchObject({
      intraState: false,
      buyer: { gstin: "29ABCDE1234F1ZW", businessName: "Iyer Traders" },
      placeOfSupply: { state: "Tamil Nadu", stateCode: "33" },
      totals: { amount: 45_100_00, cgst: 0, sgst: 0 },
    });
    const [row] = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    expect(row).toMatchObject({ buyerGstin: "29ABCDE1234F1ZW", placeOfSupply: "33" });
  });

  it("never changes when the product, its price or the shop's settings change afterwards", async () => {
    const { orderId } = await paidOrder();
    const before = await taxDocumentOf(database.db, orderId, "invoice");
    await database.db
      .update(products)
      .set({ title: "Renamed", discountedPrice: 1_00, originalPrice: 2_00, hsn: "8443", gstRate: 5 })
      .where(eq(products.id, laptop.id));
    await changeShopRules(database.db, null, (tx) =>
      tx.update(shopSettings).set({ legalName: "Someone Else Pvt Ltd" }).where(eq(shopSettings.id, 1)),
    );
    try {
      expect(await taxDocumentOf(database.db, orderId, "invoice")).toEqual(before);
    } finally {
      await database.db
        .update(products)
        .set({
          title: laptop.title,
          discountedPrice: laptop.discountedPrice,
          originalPrice: laptop.originalPrice,
          hsn: "8471",
          gstRate: 18,
        })
        .where(eq(products.id, laptop.id));
      await changeShopRules(database.db, null, (tx) =>
        tx
          .update(shopSettings)
          .set({ legalName: "Kaveri Computers Private Limited" })
          .where(eq(shopSettings.id, 1)),
      );
    }
  });

  raceTest("numbers orders paid at once consecutively, without duplicates or gaps", async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    const numbers = await Promise.all(
      orders.map(async ({ orderId }) => (await taxDocumentOf(database.db, orderId, "invoice"))?.number ?? ""),
    );
    const sequences = numbers.map((number) => Number(number.split("/")[2])).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(6);
    expect((sequences.at(-1) ?? 0) - (sequences[0] ?? 0)).toBe(5);
  });

  it("a cash order is invoiced when its cash is collected, not before", async () => {
    const orderId = await cashOrder((await insertCustomer(database.db)).id);
    expect(await taxDocumentOf(database.db, orderId, "invoice")).toBeUndefined();
    await cashCollected(orderId);
    expect(await taxDocumentOf(database.db, orderId, "invoice")).toMatchObject({
      order: { paymentMethod: "Cash on delivery" },
      totals: { amount: 45_100_00 },
    });
  });

  it("a part refund gets one credit note against the invoice, with the same split, kept when PhonePe completes it", async () => {
    const { orderId, merchantOrderId } = await sharedPaidOrder(database.db, laptop, chennai, { paidAt: sim });
    const invoice = await taxDocumentOf(database.db, orderId, "invoice");
    const refunded = await refundOrder(database.db, sim.client, actor, { orderId, amount: 1_000_00 });
    expect(refunded).toEqual({ ok: true, state: "PENDING", notice: null });
    const note = await taxDocumentOf(database.db, orderId, "credit-note");
    expect(note).toMatchObject({
      kind: "credit-note",
      refersTo: { number: invoice?.number },
      intraState: false,
      totals: { amount: 1_000_00, cgst: 0, sgst: 0 },
    });
    expect(note?.number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    expect((note?.totals.taxable ?? 0) + (note?.totals.igst ?? 0)).toBe(1_000_00);
    // PhonePe completes the refund; the shop reads that back from it, and the credit note stays as issued.
    expect(await refundFollowedToItsEnd(database.db, sim, merchantOrderId)).toBe("COMPLETED");
    expect(await sim.admin.order(merchantOrderId)).toMatchObject({ refundedAmount: 1_000_00 });
    expect((await orderDetail(database.db, orderId))?.refund).toMatchObject({
      state: "COMPLETED",
      amount: 1_000_00,
    });
    expect(await taxDocumentOf(database.db, orderId, "credit-note")).toEqual(note);
    expect(
      await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)),
    ).toHaveLength(2);
  });

  it("My Orders shows each order its own documents: the collected one's invoice, none for cash not yet collected", async () => {
    const customer = await insertCustomer(database.db);
    const invoiced = await cashOrder(customer.id);
    await cashCollected(invoiced);
    const waiting = await cashOrder(customer.id);
    const listed = await customerOrders(database.db, customer.id);
    const documentsOf = (orderId: number) => listed.find((order) => order.id === orderId)?.documents;
    expect(documentsOf(invoiced)).toEqual({ invoice: true, creditNote: false });
    expect(documentsOf(waiting)).toEqual({ invoice: false, creditNote: false });
  });

  it("goes with the payment-confirmed mail as a PDF, once the order is made", async () => {
    const { orderId } = await paidOrder();
    const invoice = await taxDocumentOf(database.db, orderId, "invoice");
    const sent: MailMessage[] = [];
    // The mail signs with the hotline the owner set in the back office, not the one the shop came with.
    await changeShopRules(database.db, null, (tx) =>
      tx.update(shopSettings).set({ hotline: "+91 80 2222 3333" }).where(eq(shopSettings.id, 1)),
    );
    try {
      const ok = await sendOrderPaidMail(database.db, orderId, "https://shop.test", async (message) => {
        sent.push(message);
      });
      expect(ok).toBe(true);
    } finally {
      await changeShopRules(database.db, null, (tx) =>
        tx.update(shopSettings).set({ hotline: "+91 80 4125 6789" }).where(eq(shopSettings.id, 1)),
      );
    }
    expect(sent[0]?.text).toContain("+91 80 2222 3333");
    expect(sent[0]?.subject).toBe(`Your Kaveri Computers order #${orderId} is confirmed`);
    expect(sent[0]?.text).toContain(`Your tax invoice ${invoice?.number} is attached`);
    const attachment = sent[0]?.attachments?.[0];
    expect(attachment?.filename).toBe(`Tax-invoice-${invoice?.number.replace(/\//g, "-")}.pdf`);
    expect(attachment?.contentType).toBe("application/pdf");
    expect(attachment?.content.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
