import { describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import { plainRupeeFigures } from "~/lib/money";
import type { TaxAmounts } from "./gst";
import { GST_CSV_COLUMNS, gstSectionCsv } from "./gst-csv";
import type { GstRate } from "./gst-rates";
import {
  amountsByRate,
  buildGstRegister,
  GST_SECTIONS,
  type GstRegister,
  parseRegisterMonth,
  placeOfSupplyText,
  type RegisterInput,
  returnDate,
  shopMonthOf,
} from "./gst-register";
import { buildCreditNote, buildInvoice, type OrderFacts, type Supplier, type TaxDocument } from "./invoice";

const supplier: Supplier = {
  legalName: "Kaveri Computers Private Limited",
  tradeName: "Kaveri Computers",
  gstin: "29AAHCK4591M1ZS",
  address: ["1, MG Road", "Bengaluru, Karnataka 560001"],
  state: "Karnataka",
  stateCode: "29",
};

const THRESHOLD = 1_00_000_00;

const LAPTOP = {
  title: "ThinkPad E14",
  colourName: "Black",
  hsn: "8471",
  rate: 18 as GstRate,
  unitPrice: 45_000_00,
};
const BAG = { title: "Laptop bag", colourName: "Grey", hsn: "4202", rate: 5 as GstRate, unitPrice: 1_050_00 };

let orderId = 0;
let invoiceNumber = 0;
let noteNumber = 0;

type Place = { city: string; state: string; pincode: string };
const BENGALURU: Place = { city: "Bengaluru", state: "Karnataka", pincode: "560003" };
const CHENNAI: Place = { city: "Chennai", state: "Tamil Nadu", pincode: "600017" };
const MUMBAI: Place = { city: "Mumbai", state: "Maharashtra", pincode: "400001" };

function invoice(
  options: {
    place?: Place;
    lines?: { item: typeof LAPTOP | typeof BAG; quantity: number }[];
    shippingFee?: number;
    business?: { gstin: string; name: string };
    issuedOn?: string;
  } = {},
): TaxDocument {
  orderId++;
  invoiceNumber++;
  const place = options.place ?? BENGALURU;
  const order: OrderFacts = {
    id: orderId,
    reference: `KC-${orderId}`,
    paymentMethod: "PhonePe",
    lines: (options.lines ?? [{ item: LAPTOP, quantity: 1 }]).map(({ item, quantity }) => ({
      ...item,
      quantity,
    })),
    shippingFee: options.shippingFee ?? 100_00,
    codFee: 0,
    address: {
      firstname: "Asha",
      lastname: "Rao",
      address: "12, 4th Cross",
      ...place,
      country: "India",
    },
    businessName: options.business?.name ?? null,
    gstin: options.business?.gstin ?? null,
  };
  return buildInvoice(order, supplier, {
    number: `KC/26-27/${String(invoiceNumber).padStart(6, "0")}`,
    issuedOn: options.issuedOn ?? "2026-11-05",
  });
}

function creditNote(of: TaxDocument, amount = of.totals.amount, issuedOn = "2026-11-20"): TaxDocument {
  noteNumber++;
  return buildCreditNote(of, amount, { number: `CN/26-27/${String(noteNumber).padStart(6, "0")}`, issuedOn });
}

function register(documents: TaxDocument[], more: Partial<RegisterInput> = {}): GstRegister {
  return buildGstRegister({ documents, b2clThreshold: THRESHOLD, supplierStateCode: "29", ...more });
}

const amounts = ({ amount, taxable, cgst, sgst, igst }: TaxAmounts): TaxAmounts => ({
  amount,
  taxable,
  cgst,
  sgst,
  igst,
});

function sum(documents: readonly TaxDocument[], kind: TaxDocument["kind"]): TaxAmounts {
  const total = { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const document of documents.filter((d) => d.kind === kind)) {
    total.amount += document.totals.amount;
    total.taxable += document.totals.taxable;
    total.cgst += document.totals.cgst;
    total.sgst += document.totals.sgst;
    total.igst += document.totals.igst;
  }
  return total;
}

function minus(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    amount: a.amount - b.amount,
    taxable: a.taxable - b.taxable,
    cgst: a.cgst - b.cgst,
    sgst: a.sgst - b.sgst,
    igst: a.igst - b.igst,
  };
}

/** B2B + B2CL + B2CS − CDNR − CDNUR, from the section totals. */
function sectionsNet(result: GstRegister): TaxAmounts {
  const { b2b, b2cl, b2cs, cdnr, cdnur } = result.totals;
  const plus = [b2b, b2cl, b2cs].reduce((a, b) => minus(a, minus({ ...zero }, amounts(b))), { ...zero });
  return minus(minus(plus, amounts(cdnr)), amounts(cdnur));
}
const zero: TaxAmounts = { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };

/** A money column of a section's CSV, summed in paise from its text. */
function csvColumnSum(csv: string, column: string): number {
  const records = parseCsv(csv);
  if (!("records" in records)) throw new Error("not CSV");
  const [header = [], ...rows] = records.records;
  const index = header.indexOf(column);
  expect(index, column).toBeGreaterThanOrEqual(0);
  return rows.reduce((total, row) => {
    const text = row[index] ?? "";
    expect(text).toMatch(/^-?\d+\.\d\d$/);
    const [rupees = "0", paise = "0"] = text.replace("-", "").split(".");
    const value = Number(rupees) * 100 + Number(paise);
    return total + (text.startsWith("-") ? -value : value);
  }, 0);
}

describe("parseRegisterMonth", () => {
  it("takes the month picker's YYYY-MM and gives India's calendar days it spans", () => {
    expect(parseRegisterMonth("2026-11")).toEqual({
      month: "2026-11",
      first: "2026-11-01",
      next: "2026-12-01",
      label: "November 2026",
    });
    expect(parseRegisterMonth("2026-12")).toMatchObject({ first: "2026-12-01", next: "2027-01-01" });
    expect(parseRegisterMonth("2027-01")).toMatchObject({ first: "2027-01-01", next: "2027-02-01" });
  });

  it("refuses anything else", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "2026-13",
      "2026-00",
      "2026-1",
      "26-11",
      "2026-11-01",
      "1999-12",
      " 2026-11",
      "2026/11",
      "٢٠٢٦-١١",
    ]) {
      expect(parseRegisterMonth(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("shopMonthOf", () => {
  it("is India's month, whatever the server's time zone", () => {
    expect(shopMonthOf(new Date("2026-11-30T18:29:59Z"))).toBe("2026-11");
    expect(shopMonthOf(new Date("2026-11-30T18:30:00Z"))).toBe("2026-12");
    expect(shopMonthOf(new Date("2026-12-31T18:30:00Z"))).toBe("2027-01");
  });
});

describe("returnDate and placeOfSupplyText", () => {
  it("write days as DD-MMM-YYYY and places as code-state, as the return's templates do", () => {
    expect(returnDate("2026-11-05")).toBe("05-Nov-2026");
    expect(returnDate("2027-01-31")).toBe("31-Jan-2027");
    expect(placeOfSupplyText("29")).toBe("29-Karnataka");
    expect(placeOfSupplyText("33")).toBe("33-Tamil Nadu");
    expect(() => returnDate("2026-13-01")).toThrow(RangeError);
    expect(() => returnDate("5 Nov")).toThrow(RangeError);
    expect(() => placeOfSupplyText("99")).toThrow(RangeError);
  });
});

describe("amountsByRate", () => {
  it("sums a document's lines per rate, lowest rate first", () => {
    const mixed = invoice({
      lines: [
        { item: LAPTOP, quantity: 1 },
        { item: BAG, quantity: 2 },
      ],
    });
    const rows = amountsByRate(mixed.lines);
    expect(rows.map((row) => row.rate)).toEqual([5, 18]);
    // The delivery charge goes with the laptop, the principal supply, at 18 %.
    expect(rows[1]?.amount).toBe(45_000_00 + 100_00);
    expect(rows[0]?.amount).toBe(2_100_00);
    expect(rows.reduce((total, row) => total + row.taxable, 0)).toBe(mixed.totals.taxable);
  });
});

describe("buildGstRegister: where each invoice goes", () => {
  it("a business buyer's invoice is B2B, one row per rate, with the whole invoice's value on each", () => {
    const document = invoice({
      place: CHENNAI,
      lines: [
        { item: LAPTOP, quantity: 1 },
        { item: BAG, quantity: 1 },
      ],
      business: { gstin: "29ABCDE1234F1ZW", name: "Iyer Traders" },
    });
    const result = register([document]);
    expect(result.b2b).toHaveLength(2);
    expect(result.b2b[0]).toMatchObject({
      gstin: "29ABCDE1234F1ZW",
      receiverName: "Iyer Traders",
      number: document.number,
      issuedOn: "2026-11-05",
      invoiceValue: document.totals.amount,
      placeOfSupply: "33",
      rate: 5,
      cgst: 0,
      sgst: 0,
    });
    expect(result.b2b[1]).toMatchObject({ rate: 18, invoiceValue: document.totals.amount });
    expect(amounts(result.totals.b2b)).toEqual(document.totals);
    expect(result.totals.b2b).toMatchObject({ documents: 1, rows: 2 });
    expect(result.b2cl).toEqual([]);
    expect(result.b2cs).toEqual([]);
    expect(result.documents).toEqual([
      expect.objectContaining({
        number: document.number,
        section: "b2b",
        gstin: "29ABCDE1234F1ZW",
        orderId: document.order.id,
      }),
    ]);
  });

  it("a business in Karnataka is B2B too, with CGST and SGST", () => {
    const document = invoice({ business: { gstin: "29ABCDE1234F1ZW", name: "Rao Systems" } });
    const result = register([document]);
    expect(result.b2b[0]).toMatchObject({ placeOfSupply: "29", igst: 0 });
    expect(result.b2b[0]?.cgst).toBeGreaterThan(0);
  });

  it("an inter-state consumer invoice above the threshold is B2CL; at the threshold or inside the state, B2CS", () => {
    const large = invoice({
      place: CHENNAI,
      lines: [{ item: LAPTOP, quantity: 2 }],
      shippingFee: 10_000_00 + 1,
    });
    expect(large.totals.amount).toBe(THRESHOLD + 1);
    const atThreshold = invoice({
      place: MUMBAI,
      lines: [{ item: LAPTOP, quantity: 2 }],
      shippingFee: 10_000_00,
    });
    expect(atThreshold.totals.amount).toBe(THRESHOLD);
    const largeAtHome = invoice({ place: BENGALURU, lines: [{ item: LAPTOP, quantity: 3 }] });
    const result = register([large, atThreshold, largeAtHome]);
    expect(result.b2cl).toEqual([
      expect.objectContaining({
        number: large.number,
        invoiceValue: THRESHOLD + 1,
        placeOfSupply: "33",
        rate: 18,
      }),
    ]);
    expect(result.b2cs.map((row) => row.placeOfSupply)).toEqual(["27", "29"]);
    expect(result.documents.map((d) => d.section)).toEqual(["b2cl", "b2cs", "b2cs"]);
  });

  it("the threshold is the setting's: a lower one makes a smaller sale B2CL", () => {
    const sale = invoice({ place: CHENNAI });
    expect(register([sale]).b2cl).toHaveLength(0);
    expect(register([sale], { b2clThreshold: 10_000_00 }).b2cl).toHaveLength(1);
  });

  it("the supplier's state decides what is inter-state", () => {
    const sale = invoice({ place: BENGALURU, lines: [{ item: LAPTOP, quantity: 3 }] });
    expect(register([sale], { supplierStateCode: "33" }).b2cl).toHaveLength(1);
  });

  it("B2CS sums consumer sales by place of supply and rate", () => {
    const documents = [
      invoice(),
      invoice({
        lines: [
          { item: LAPTOP, quantity: 1 },
          { item: BAG, quantity: 3 },
        ],
      }),
      invoice({ place: CHENNAI }),
      invoice({ place: CHENNAI, lines: [{ item: BAG, quantity: 1 }] }),
    ];
    const result = register(documents);
    expect(result.b2cs.map((row) => [row.placeOfSupply, row.rate])).toEqual([
      ["29", 5],
      ["29", 18],
      ["33", 5],
      ["33", 18],
    ]);
    const karnataka18 = result.b2cs[1];
    expect(karnataka18?.amount).toBe(2 * (45_000_00 + 100_00));
    expect(karnataka18?.igst).toBe(0);
    expect(result.b2cs[3]?.cgst).toBe(0);
    expect(amounts(result.totals.b2cs)).toEqual(sum(documents, "invoice"));
    expect(result.totals.b2cs).toMatchObject({ documents: 4, rows: 4 });
  });
});

describe("buildGstRegister: credit notes", () => {
  it("a registered buyer's credit note is CDNR, per rate, positive, with its invoice's number and date", () => {
    const sale = invoice({
      place: CHENNAI,
      lines: [
        { item: LAPTOP, quantity: 1 },
        { item: BAG, quantity: 1 },
      ],
      business: { gstin: "29ABCDE1234F1ZW", name: "Iyer Traders" },
      issuedOn: "2026-11-02",
    });
    const note = creditNote(sale, 1_000_00);
    const result = register([note, sale]);
    expect(result.cdnr.map((row) => row.rate)).toEqual([5, 18]);
    expect(result.cdnr[0]).toMatchObject({
      gstin: "29ABCDE1234F1ZW",
      receiverName: "Iyer Traders",
      number: note.number,
      issuedOn: "2026-11-20",
      invoiceNumber: sale.number,
      invoiceDate: "2026-11-02",
      noteValue: 1_000_00,
      placeOfSupply: "33",
    });
    expect(amounts(result.totals.cdnr)).toEqual(note.totals);
    expect(result.totals.cdnr.amount).toBe(1_000_00);
    // The invoice stays in B2B at its full value; the documents list the invoice first.
    expect(amounts(result.totals.b2b)).toEqual(sale.totals);
    expect(result.documents.map((d) => [d.kind, d.section, d.refersTo])).toEqual([
      ["invoice", "b2b", null],
      ["credit-note", "cdnr", sale.number],
    ]);
  });

  it("a consumer's credit note against a B2CL invoice is CDNUR", () => {
    const sale = invoice({ place: CHENNAI, lines: [{ item: LAPTOP, quantity: 3 }] });
    const note = creditNote(sale, 5_000_00);
    const result = register([sale, note]);
    expect(result.cdnur).toEqual([
      expect.objectContaining({
        gstin: null,
        number: note.number,
        invoiceNumber: sale.number,
        noteValue: 5_000_00,
        rate: 18,
      }),
    ]);
    expect(result.b2cs).toEqual([]);
    expect(result.totals.cdnur).toMatchObject({ documents: 1, amount: 5_000_00 });
  });

  it("a note against a B2CL invoice of an earlier month is CDNUR by that invoice's value", () => {
    const sale = invoice({ place: CHENNAI, lines: [{ item: LAPTOP, quantity: 3 }], issuedOn: "2026-10-30" });
    const note = creditNote(sale, 5_000_00);
    const result = register([note], { earlierInvoiceValues: new Map([[sale.number, sale.totals.amount]]) });
    expect(result.cdnur).toHaveLength(1);
    expect(result.b2cl).toHaveLength(0);
    expect(result.net.amount).toBe(-5_000_00);
  });

  it("a consumer's other credit notes make B2CS smaller, in its place of supply and rate", () => {
    const sale = invoice();
    const other = invoice();
    const note = creditNote(sale, 2_000_00);
    const result = register([sale, other, note]);
    expect(result.cdnur).toEqual([]);
    expect(result.cdnr).toEqual([]);
    expect(result.b2cs).toHaveLength(1);
    expect(amounts(result.b2cs[0] ?? { ...zero })).toEqual(
      amounts({ ...minus(sum([sale, other], "invoice"), note.totals) }),
    );
    expect(result.totals.b2cs).toMatchObject({ documents: 3, rows: 1, amount: 2 * 45_100_00 - 2_000_00 });
    expect(result.documents.at(-1)).toMatchObject({ kind: "credit-note", section: "b2cs" });
  });

  it("a B2CS row goes below zero in a month of refunds for earlier sales (an amendment for the accountant)", () => {
    const earlier = invoice({ place: CHENNAI, issuedOn: "2026-10-10" });
    const note = creditNote(earlier);
    const result = register([note], {
      earlierInvoiceValues: new Map([[earlier.number, earlier.totals.amount]]),
    });
    expect(result.b2cs).toEqual([
      expect.objectContaining({ placeOfSupply: "33", rate: 18, amount: -45_100_00 }),
    ]);
    expect(result.b2cs[0]?.igst).toBeLessThan(0);
    const csv = gstSectionCsv(result, "b2cs");
    expect(csv).toContain(",-38220.34,");
    expect(csv).not.toContain("'-");
  });

  it("refuses a note whose invoice's value it was not given, and a note that names no invoice", () => {
    const sale = invoice({ issuedOn: "2026-10-10" });
    expect(() => register([creditNote(sale)])).toThrow(RangeError);
    const orphan = { ...creditNote(sale), refersTo: null };
    expect(() => register([orphan])).toThrow(RangeError);
  });
});

describe("buildGstRegister: the HSN summary", () => {
  it("sums invoices less credit notes by tab, HSN and rate; services have no quantity", () => {
    const business = invoice({
      place: CHENNAI,
      lines: [{ item: LAPTOP, quantity: 2 }],
      business: { gstin: "29ABCDE1234F1ZW", name: "Iyer Traders" },
    });
    const home = invoice({
      lines: [
        { item: LAPTOP, quantity: 1 },
        { item: BAG, quantity: 2 },
      ],
    });
    const returned = invoice({ lines: [{ item: LAPTOP, quantity: 1 }] });
    const full = creditNote(returned);
    const part = creditNote(home, 3_000_00);
    const documents = [business, home, returned, full, part];
    const result = register(documents);
    expect(result.hsn.map((row) => [row.supply, row.hsn, row.rate, row.uqc, row.quantity])).toEqual([
      ["B2B", "8471", 18, "NOS", 2],
      ["B2B", "996812", 18, "NA", 0],
      ["B2C", "4202", 5, "NOS", 2],
      // 1 + 1 sold, 1 back with the full refund; the part refund takes none back.
      ["B2C", "8471", 18, "NOS", 1],
      ["B2C", "996812", 18, "NA", 0],
    ]);
    const laptops = result.hsn[3];
    expect(laptops?.amount).toBe(
      45_000_00 + 45_000_00 - 45_000_00 - (part.lines.find((l) => l.hsn === "8471")?.amount ?? 0),
    );
    expect(amounts(result.totals.hsn)).toEqual(result.net);
    expect(result.totals.hsn).toMatchObject({ documents: 5, rows: 5 });
  });
});

describe("buildGstRegister: the month adds up", () => {
  /** A month with every kind of document, across states, rates and refunds. */
  function busyMonth(): { documents: TaxDocument[]; earlier: Map<string, number> } {
    const earlierLarge = invoice({
      place: MUMBAI,
      lines: [{ item: LAPTOP, quantity: 4 }],
      issuedOn: "2026-10-03",
    });
    const earlierSmall = invoice({ place: BENGALURU, issuedOn: "2026-10-04" });
    const sales = [
      invoice({ issuedOn: "2026-11-01" }),
      invoice({ lines: [{ item: BAG, quantity: 7 }], shippingFee: 49_99, issuedOn: "2026-11-03" }),
      invoice({
        place: CHENNAI,
        business: { gstin: "29ABCDE1234F1ZW", name: "Iyer Traders" },
        issuedOn: "2026-11-04",
      }),
      invoice({
        place: MUMBAI,
        lines: [
          { item: LAPTOP, quantity: 3 },
          { item: BAG, quantity: 1 },
        ],
        issuedOn: "2026-11-07",
      }),
      invoice({
        place: CHENNAI,
        lines: [{ item: BAG, quantity: 1 }],
        shippingFee: 33,
        issuedOn: "2026-11-09",
      }),
      invoice({ place: CHENNAI, lines: [{ item: LAPTOP, quantity: 3 }], issuedOn: "2026-11-30" }),
    ];
    const [first, , business, large, , lastLarge] = sales as [
      TaxDocument,
      TaxDocument,
      TaxDocument,
      TaxDocument,
      TaxDocument,
      TaxDocument,
    ];
    const notes = [
      creditNote(first, 1_234_57, "2026-11-15"),
      creditNote(business, 999_99, "2026-11-16"),
      creditNote(large, 7_777_77, "2026-11-17"),
      creditNote(lastLarge, lastLarge.totals.amount, "2026-11-30"),
      creditNote(earlierLarge, 1_00, "2026-11-02"),
      creditNote(earlierSmall, earlierSmall.totals.amount, "2026-11-02"),
    ];
    return {
      documents: [...notes, ...sales],
      earlier: new Map([
        [earlierLarge.number, earlierLarge.totals.amount],
        [earlierSmall.number, earlierSmall.totals.amount],
      ]),
    };
  }

  it("sections' totals, less the credit notes, are the month's invoices less its credit notes, to the paisa", () => {
    const { documents, earlier } = busyMonth();
    const result = register(documents, { earlierInvoiceValues: earlier });
    const expected = minus(sum(documents, "invoice"), sum(documents, "credit-note"));
    expect(result.net).toEqual(expected);
    expect(sectionsNet(result)).toEqual(expected);
    expect(amounts(result.totals.hsn)).toEqual(expected);
    // Each section's rows add up to its totals.
    for (const section of GST_SECTIONS) {
      const rows: readonly TaxAmounts[] = result[section];
      const total = rows.reduce((a, b) => minus(a, minus({ ...zero }, amounts(b))), { ...zero });
      expect(total, section).toEqual(amounts(result.totals[section]));
    }
    expect(result.documents).toHaveLength(documents.length);
    expect(result.documents.map((d) => d.issuedOn)).toEqual(
      [...result.documents.map((d) => d.issuedOn)].sort(),
    );
    expect(Object.fromEntries(GST_SECTIONS.map((s) => [s, result.totals[s].documents]))).toEqual({
      b2b: 1,
      b2cl: 2,
      // Three invoices, and two notes netted in.
      b2cs: 5,
      cdnr: 1,
      cdnur: 3,
      hsn: 12,
    });
  });

  it("each CSV's money columns add up to the section's totals, to the paisa", () => {
    const { documents, earlier } = busyMonth();
    const result = register(documents, { earlierInvoiceValues: earlier });
    for (const section of GST_SECTIONS) {
      const csv = gstSectionCsv(result, section);
      const totals = result.totals[section];
      expect(csvColumnSum(csv, "Taxable Value"), section).toBe(totals.taxable);
      expect(csvColumnSum(csv, "Integrated Tax Amount"), section).toBe(totals.igst);
      expect(csvColumnSum(csv, "Central Tax Amount"), section).toBe(totals.cgst);
      expect(csvColumnSum(csv, "State/UT Tax Amount"), section).toBe(totals.sgst);
    }
    expect(csvColumnSum(gstSectionCsv(result, "hsn"), "Total Value")).toBe(result.totals.hsn.amount);
  });

  it("an empty month is an empty register: zero totals, CSV files with their headers only", () => {
    const result = register([]);
    for (const section of GST_SECTIONS) {
      expect(result[section]).toEqual([]);
      expect(result.totals[section]).toEqual({ documents: 0, rows: 0, ...zero });
      expect(gstSectionCsv(result, section)).toBe(`${GST_CSV_COLUMNS[section].join(",")}\r\n`);
    }
    expect(result.net).toEqual(zero);
    expect(result.documents).toEqual([]);
  });
});

describe("gstSectionCsv", () => {
  it("writes B2B in the template's columns, then the taxes", () => {
    const sale = invoice({
      place: CHENNAI,
      business: { gstin: "29ABCDE1234F1ZW", name: "Iyer Traders, Chennai" },
      issuedOn: "2026-11-04",
    });
    const csv = gstSectionCsv(register([sale]), "b2b");
    const [header, row, end] = csv.split("\r\n");
    expect(header).toBe(
      "GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply," +
        "Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount," +
        "Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount",
    );
    // 45,100 at 18 %: taxable 38,220.34, IGST 6,879.66.
    expect(row).toBe(
      `29ABCDE1234F1ZW,"Iyer Traders, Chennai",${sale.number},04-Nov-2026,45100.00,33-Tamil Nadu,N,,Regular B2B,,18,38220.34,0.00,6879.66,0.00,0.00`,
    );
    expect(end).toBe("");
  });

  it("writes B2CS as type OE by place of supply and rate", () => {
    // Each line's odd paisa of tax goes to SGST: 3,432.20 + 7.62 CGST, 3,432.21 + 7.63 SGST.
    const csv = gstSectionCsv(register([invoice()]), "b2cs");
    expect(csv.split("\r\n")[1]).toBe("OE,29-Karnataka,,18,38220.34,0.00,,0.00,3439.82,3439.84");
  });

  it("writes B2CL, CDNR, CDNUR and HSN rows with their own columns", () => {
    const large = invoice({ place: CHENNAI, lines: [{ item: LAPTOP, quantity: 3 }], issuedOn: "2026-11-06" });
    const business = invoice({
      place: CHENNAI,
      business: { gstin: "29ABCDE1234F1ZW", name: "Iyer Traders" },
      issuedOn: "2026-11-06",
    });
    const result = register([large, business, creditNote(large, 1_180_00), creditNote(business, 118_00)]);
    expect(gstSectionCsv(result, "b2cl").split("\r\n")[1]).toBe(
      `${large.number},06-Nov-2026,135100.00,33-Tamil Nadu,,18,114491.53,0.00,,20608.47,0.00,0.00`,
    );
    expect(gstSectionCsv(result, "cdnr").split("\r\n")[1]).toBe(
      `29ABCDE1234F1ZW,Iyer Traders,CN/26-27/${String(noteNumber).padStart(6, "0")},20-Nov-2026,C,33-Tamil Nadu,N,Regular B2B,118.00,,18,100.00,0.00,18.00,0.00,0.00,${business.number},06-Nov-2026`,
    );
    expect(gstSectionCsv(result, "cdnur").split("\r\n")[1]).toMatch(
      new RegExp(
        `^B2CL,CN/26-27/\\d{6},20-Nov-2026,C,33-Tamil Nadu,1180.00,,18,1000.00,0.00,180.00,0.00,0.00,${large.number.replaceAll("/", "\\/")},06-Nov-2026$`,
      ),
    );
    const [hsnHeader, hsnFirst] = gstSectionCsv(result, "hsn").split("\r\n");
    expect(hsnHeader).toBe(
      "Supply Type,HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value," +
        "Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
    );
    const laptops = result.hsn[0];
    expect(hsnFirst).toBe(
      `B2B,8471,,NOS,1,${plainRupeeFigures(laptops?.amount ?? 0)},18,${plainRupeeFigures(laptops?.taxable ?? 0)},${plainRupeeFigures(laptops?.igst ?? 0)},0.00,0.00,0.00`,
    );
  });

  it("defuses a buyer's name that a spreadsheet would run as a formula", () => {
    const sale = invoice({ business: { gstin: "29ABCDE1234F1ZW", name: "=HYPERLINK(1)" } });
    expect(gstSectionCsv(register([sale]), "b2b")).toContain(",'=HYPERLINK(1),");
  });
});
