import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "~/features/audit/index.server";
import { GST_SECTIONS, type GstSection, gstRegisterMessages, shopMonthOf } from "~/features/invoices";
import { monthRegister, taxDocumentOf } from "~/features/invoices/index.server";
import { refundOrder } from "~/features/orders/index.server";
import { startStaffSession } from "~/features/staff/index.server";
import { parseCsv } from "~/lib/csv";
import { formatRupeeFigures } from "~/lib/money";
import * as pageRoute from "~/routes/admin/gst/loader.server";
import * as csvRoute from "~/routes/admin/gst[.]csv";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertProduct, type ProductRow } from "./support/fixtures";
import { refundFollowedToItsEnd, paidOrder as sharedPaidOrder } from "./support/orders";
import { type PhonePeSimulator, startPhonePeSimulator } from "./support/phonepe-simulator";
import { insertStaffMember } from "./support/staff-member";

/*
 * The accountant's month: orders paid and refunded this month land in GSTR-1's tables (B2B, B2CL, B2CS, CDNR,
 * CDNUR, HSN), the page's totals are the CSV files' sums to the paisa, and only owners see either. The orders
 * are paid on the bundled PhonePe simulator (./support/phonepe-simulator.ts), and their refunds are asked of it
 * and completed there before the month is read.
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

const BASE = "https://shop.example.in";

let database: TestDatabase;
let sim: PhonePeSimulator;
let laptop: ProductRow;
let actor: Actor;
let ownerCookie: string;
let staffCookie: string;

const bengaluru = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};
const chennai = { ...bengaluru, firstname: "Kavya", city: "Chennai", state: "Tamil Nadu", pincode: "600017" };
const mumbai = { ...bengaluru, firstname: "Rohan", city: "Mumbai", state: "Maharashtra", pincode: "400001" };
const GSTIN = "29ABCDE1234F1ZW";

/** The PhonePe order of each of the shop's orders, to follow its refund. */
const merchantOrderIds = new Map<number, string>();

async function paidOrder(
  address: typeof bengaluru,
  quantity: number,
  business: { gstin: string; name: string } | null = null,
): Promise<number> {
  const paid = await sharedPaidOrder(database.db, laptop, address, { quantity, business, paidAt: sim });
  merchantOrderIds.set(paid.orderId, paid.merchantOrderId);
  return paid.orderId;
}

/** An owner's part refund, taken by PhonePe: its PhonePe order, to follow the refund to its end. */
async function partRefund(orderId: number, amount: number): Promise<string> {
  const refunded = await refundOrder(database.db, sim.client, actor, { orderId, amount });
  if (!refunded.ok || refunded.state !== "PENDING") {
    throw new Error(`PhonePe did not take the refund: ${JSON.stringify(refunded)}`);
  }
  return merchantOrderIds.get(orderId) ?? "";
}

type Handler = (args: LoaderFunctionArgs) => Promise<Response> | Response;

async function run(handler: Handler, path: string, cookie: string | null = ownerCookie): Promise<Response> {
  const request = new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type PageTotals = {
  section: string;
  documents: number;
  taxable: string;
  igst: string;
  cgst: string;
  sgst: string;
};
type PageData = {
  problem: string | null;
  register: {
    empty: boolean;
    emptyText: string;
    sections: PageTotals[];
    net: { taxable: string; amount: string };
    documents: { number: string; section: string; href: string; gstin: string | null; amount: string }[];
  } | null;
};

/** A money column of a CSV file, summed in paise from its text. */
function columnSum(records: string[][], column: string): number {
  const [header = [], ...rows] = records;
  const index = header.indexOf(column);
  if (index < 0) throw new Error(`no column ${column}`);
  return rows.reduce((total, row) => {
    const text = row[index] ?? "";
    const [rupees = "0", paise = "0"] = text.replace("-", "").split(".");
    const value = Number(rupees) * 100 + Number(paise);
    return total + (text.startsWith("-") ? -value : value);
  }, 0);
}

async function csvOf(section: GstSection, month: string): Promise<string[][]> {
  const response = await run(csvRoute.loader as Handler, `/admin/gst.csv?month=${month}&section=${section}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Disposition")).toBe(
    `attachment; filename="gstr1-${month}-${section}.csv"`,
  );
  const parsed = parseCsv(await response.text());
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.records;
}

const month = shopMonthOf(new Date());
const orders = { home: 0, business: 0, large: 0, mumbai: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startPhonePeSimulator(database.db);
  laptop = await insertProduct(database.db, {
    discountedPrice: 45_000_00,
    quantity: 200,
    hsn: "8471",
    gstRate: 18,
  });
  const owner = await insertStaffMember(database.db, { role: "owner", name: "Lakshmi Iyer" });
  actor = owner.actor;
  ownerCookie = (await startStaffSession(database.db, owner.id)).split(";")[0] ?? "";
  const member = await insertStaffMember(database.db, { role: "staff" });
  staffCookie = (await startStaffSession(database.db, member.id)).split(";")[0] ?? "";
});

// The month's orders and refunds, in a hook of their own: opening the database can take most of one hook's
// time on a busy machine, and these wait for PhonePe to complete the refunds.
beforeAll(async () => {
  orders.home = await paidOrder(bengaluru, 1);
  orders.business = await paidOrder(chennai, 1, { gstin: GSTIN, name: "Iyer Traders" });
  orders.large = await paidOrder(mumbai, 3);
  orders.mumbai = await paidOrder(mumbai, 1);
  const refunded = [
    await partRefund(orders.home, 2_000_00),
    await partRefund(orders.business, 1_180_00),
    await partRefund(orders.large, 11_800_00),
  ];
  // The month is read once PhonePe has completed all three and the shop has read that back from it.
  for (const merchantOrderId of refunded) {
    const state = await refundFollowedToItsEnd(database.db, sim, merchantOrderId);
    if (state !== "COMPLETED") throw new Error(`refund of ${merchantOrderId} ended ${state}`);
  }
});

afterAll(async () => {
  await sim?.close();
  await database?.drop();
});

describe(`the GST register (${databaseKind})`, () => {
  it("puts each document of the month in its table", async () => {
    const register = await monthRegister(database.db, month);
    const invoice = async (orderId: number) => (await taxDocumentOf(database.db, orderId, "invoice"))?.number;
    const note = async (orderId: number) =>
      (await taxDocumentOf(database.db, orderId, "credit-note"))?.number;

    // The business in Chennai: B2B with its GSTIN, place of supply Tamil Nadu, IGST.
    expect(register.b2b).toEqual([
      expect.objectContaining({
        gstin: GSTIN,
        receiverName: "Iyer Traders",
        number: await invoice(orders.business),
        invoiceValue: 45_100_00,
        placeOfSupply: "33",
        rate: 18,
        taxable: 38_220_34,
        igst: 6_879_66,
        cgst: 0,
      }),
    ]);
    // Three laptops to Mumbai: Rs 1,35,100, above the Rs 1,00,000 threshold.
    expect(register.b2cl).toEqual([
      expect.objectContaining({
        number: await invoice(orders.large),
        invoiceValue: 1_35_100_00,
        placeOfSupply: "27",
      }),
    ]);
    // Bengaluru net of its part refund; the small Mumbai sale on its own.
    const homeNote = await taxDocumentOf(database.db, orders.home, "credit-note");
    expect(register.b2cs.map((row) => [row.placeOfSupply, row.rate, row.amount])).toEqual([
      ["27", 18, 45_100_00],
      ["29", 18, 45_100_00 - 2_000_00],
    ]);
    expect(register.b2cs[1]?.taxable).toBe(38_220_34 - (homeNote?.totals.taxable ?? 0));
    expect(register.b2cs[1]?.igst).toBe(0);
    expect(register.cdnr).toEqual([
      expect.objectContaining({
        gstin: GSTIN,
        number: await note(orders.business),
        invoiceNumber: await invoice(orders.business),
        noteValue: 1_180_00,
        taxable: 1_000_00,
        igst: 180_00,
      }),
    ]);
    expect(register.cdnur).toEqual([
      expect.objectContaining({
        gstin: null,
        number: await note(orders.large),
        invoiceNumber: await invoice(orders.large),
        noteValue: 11_800_00,
        taxable: 10_000_00,
      }),
    ]);
    // HSN: laptops and delivery, in the B2B and B2C tabs; part refunds take no laptops back.
    expect(register.hsn.map((row) => [row.supply, row.hsn, row.uqc, row.quantity])).toEqual([
      ["B2B", "8471", "NOS", 1],
      ["B2B", "996812", "NA", 0],
      ["B2C", "8471", "NOS", 5],
      ["B2C", "996812", "NA", 0],
    ]);
    expect(register.documents.map((d) => d.section).sort()).toEqual(
      ["b2b", "b2cl", "b2cs", "b2cs", "b2cs", "cdnr", "cdnur"].sort(),
    );
  });

  it("adds up to the month's invoices less its credit notes, to the paisa, in every view", async () => {
    const register = await monthRegister(database.db, month);
    const paid = 45_100_00 + 45_100_00 + 1_35_100_00 + 45_100_00;
    const refunded = 2_000_00 + 1_180_00 + 11_800_00;
    expect(register.net.amount).toBe(paid - refunded);
    const { b2b, b2cl, b2cs, cdnr, cdnur, hsn } = register.totals;
    for (const key of ["amount", "taxable", "igst", "cgst", "sgst"] as const) {
      expect(b2b[key] + b2cl[key] + b2cs[key] - cdnr[key] - cdnur[key], key).toBe(register.net[key]);
      expect(hsn[key], key).toBe(register.net[key]);
    }
  });

  it("shows the owner totals that are the CSV files' sums, and lists the documents with their orders", async () => {
    const response = await run(pageRoute.loader as Handler, `/admin/gst?month=${month}`);
    expect(response.status).toBe(200);
    const data = (await response.json()) as PageData;
    expect(data.register?.empty).toBe(false);
    for (const section of GST_SECTIONS) {
      const records = await csvOf(section, month);
      const shown = data.register?.sections.find((row) => row.section === section);
      expect(shown?.taxable, section).toBe(formatRupeeFigures(columnSum(records, "Taxable Value")));
      expect(shown?.igst, section).toBe(formatRupeeFigures(columnSum(records, "Integrated Tax Amount")));
      expect(shown?.cgst, section).toBe(formatRupeeFigures(columnSum(records, "Central Tax Amount")));
      expect(shown?.sgst, section).toBe(formatRupeeFigures(columnSum(records, "State/UT Tax Amount")));
    }
    const b2b = await csvOf("b2b", month);
    expect(b2b[1]?.slice(0, 7)).toEqual([
      GSTIN,
      "Iyer Traders",
      (await taxDocumentOf(database.db, orders.business, "invoice"))?.number,
      expect.stringMatching(/^\d\d-[A-Z][a-z]{2}-\d{4}$/),
      "45100.00",
      "33-Tamil Nadu",
      "N",
    ]);
    expect((await csvOf("b2cs", month))[2]?.slice(0, 5)).toEqual([
      "OE",
      "29-Karnataka",
      "",
      "18",
      expect.any(String),
    ]);
    expect(data.register?.documents).toHaveLength(7);
    expect(data.register?.documents).toContainEqual(
      expect.objectContaining({
        href: `/admin/orders/${orders.business}`,
        gstin: GSTIN,
        section: "B2B",
        amount: "45,100.00",
      }),
    );
  });

  it("says so for a month with nothing, and its files have headers only", async () => {
    const response = await run(pageRoute.loader as Handler, "/admin/gst?month=2020-01");
    expect(response.status).toBe(200);
    const data = (await response.json()) as PageData;
    expect(data.register).toMatchObject({
      empty: true,
      emptyText: gstRegisterMessages.empty("January 2020"),
      documents: [],
    });
    expect(await csvOf("hsn", "2020-01")).toHaveLength(1);
  });

  it("answers a month or a table that is not one with 400 and a message, never 500", async () => {
    for (const bad of ["2026-13", "november", "2026-11-01", "%00", "9999999-01"]) {
      const page = await run(pageRoute.loader as Handler, `/admin/gst?month=${bad}`);
      expect(page.status, bad).toBe(400);
      expect(((await page.json()) as PageData).problem).toBe(gstRegisterMessages.badMonth);
      const csv = await run(csvRoute.loader as Handler, `/admin/gst.csv?month=${bad}&section=b2b`);
      expect(csv.status, bad).toBe(400);
      expect(await csv.text()).toBe(gstRegisterMessages.badMonth);
    }
    for (const bad of ["", "B2B", "docs", "b2b,hsn"]) {
      const csv = await run(csvRoute.loader as Handler, `/admin/gst.csv?month=${month}&section=${bad}`);
      expect(csv.status, bad).toBe(400);
      expect(await csv.text()).toBe(gstRegisterMessages.badSection);
    }
    expect((await run(csvRoute.loader as Handler, `/admin/gst.csv?section=b2b`)).status).toBe(400);
  });

  it("defaults to this month in India", async () => {
    const data = (await (await run(pageRoute.loader as Handler, "/admin/gst")).json()) as PageData & {
      asked: string;
    };
    expect(data.asked).toBe(month);
    expect(data.register?.documents).toHaveLength(7);
  });

  it("refuses staff who are not owners (403) and sends a visitor to the log-in page", async () => {
    for (const handler of [pageRoute.loader, csvRoute.loader]) {
      const path = `/admin/gst.csv?month=${month}&section=b2b`;
      const staff = await run(handler as Handler, path, staffCookie);
      expect(staff.status).toBe(403);
      expect(await staff.text()).not.toContain(GSTIN);
      const visitor = await run(handler as Handler, path, null);
      expect(visitor.status).toBe(303);
      expect(visitor.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
  });
});
