import { describe, expect, it } from "vitest";
import { taxableValueOf } from "./gst";
import {
  buildCreditNote,
  buildInvoice,
  DELIVERY_SAC,
  DOCUMENT_TITLES,
  shareOut,
  type TaxDocument,
} from "./invoice";
import {
  CREDIT_NOTE_NUMBER,
  INVOICE_NUMBER,
  ORDER_IN_KARNATAKA,
  ORDER_IN_TAMIL_NADU,
  SUPPLIER,
} from "./invoice.test-fixtures";

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Every line's parts add up to its amount, and the totals are the sums of the lines. */
function expectConsistent(document: TaxDocument) {
  for (const line of document.lines) {
    expect(line.taxable + line.cgst + line.sgst + line.igst, line.description).toBe(line.amount);
  }
  for (const key of ["amount", "taxable", "cgst", "sgst", "igst"] as const) {
    expect(document.totals[key], key).toBe(sum(document.lines.map((line) => line[key])));
  }
}

describe("buildInvoice", () => {
  const invoice = buildInvoice(ORDER_IN_KARNATAKA, SUPPLIER, INVOICE_NUMBER);

  it("is an invoice with its number, day, order and supplier", () => {
    expect(invoice.kind).toBe("invoice");
    expect(DOCUMENT_TITLES[invoice.kind]).toBe("Tax Invoice");
    expect(invoice.number).toBe("KC/26-27/000123");
    expect(invoice.issuedOn).toBe("2026-11-25");
    expect(invoice.refersTo).toBeNull();
    expect(invoice.order).toEqual({ id: 123, reference: "KC-7F3A9Q", paymentMethod: "PhonePe" });
    expect(invoice.supplier).toEqual(SUPPLIER);
    expect(invoice.reverseCharge).toBe(false);
  });

  it("splits a delivery inside Karnataka into CGST and SGST, to the paisa of what was paid", () => {
    expect(invoice.intraState).toBe(true);
    expect(invoice.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.quantity, line.rate])).toEqual([
      ["Lenovo ThinkPad E14 Gen 5 (Graphite Black)", "84713010", 1, 18],
      ["Logitech M331 Silent Mouse (Black)", "84716060", 2, 18],
      ["Delivery charge", DELIVERY_SAC, 1, 18],
    ]);
    expect(invoice.lines[0]).toMatchObject({
      amount: 43_500_00,
      taxable: 36_864_41,
      cgst: 3_317_79,
      sgst: 3_317_80,
      igst: 0,
    });
    expect(invoice.lines[1]).toMatchObject({ amount: 1_000_00, taxable: 847_46, cgst: 76_27, sgst: 76_27 });
    expect(invoice.lines[2]).toMatchObject({ amount: 600_00, taxable: 508_47, cgst: 45_76, sgst: 45_77 });
    expect(invoice.totals).toEqual({
      amount: 45_100_00,
      taxable: 38_220_34,
      cgst: 3_439_82,
      sgst: 3_439_84,
      igst: 0,
    });
    expectConsistent(invoice);
  });

  it("charges delivery as SAC 996812 at the principal supply's rate", () => {
    const withCheapStand = buildInvoice(
      {
        ...ORDER_IN_KARNATAKA,
        lines: [
          ...ORDER_IN_KARNATAKA.lines,
          {
            title: "Laptop stand",
            colourName: "Silver",
            hsn: "94032090",
            rate: 5,
            quantity: 1,
            unitPrice: 900_00,
          },
        ],
      },
      SUPPLIER,
      INVOICE_NUMBER,
    );
    const delivery = withCheapStand.lines.at(-1);
    expect(delivery).toMatchObject({
      description: "Delivery charge",
      hsn: "996812",
      rate: 18,
      amount: 600_00,
    });
    expect(delivery?.taxable).toBe(taxableValueOf(600_00, 18));
  });

  it("leaves out a free delivery", () => {
    const free = buildInvoice({ ...ORDER_IN_KARNATAKA, shippingFee: 0 }, SUPPLIER, INVOICE_NUMBER);
    expect(free.lines.map((line) => line.description)).not.toContain("Delivery charge");
    expect(free.totals.amount).toBe(44_500_00);
  });

  it("says the amount in words", () => {
    expect(invoice.amountInWords).toBe("Rupees Forty Five Thousand One Hundred Only");
  });

  it("carries the buyer, with one address for billing and delivery", () => {
    expect(invoice.buyer).toEqual({
      name: "Asha Rao",
      businessName: null,
      gstin: null,
      address: [
        "221, 5th Cross, Jayanagar 4th Block",
        "Near Ganesha Temple",
        "Bengaluru, Karnataka 560011",
        "India",
      ],
      state: "Karnataka",
      stateCode: "29",
    });
  });

  describe("delivered to another state, to a business, cash on delivery", () => {
    const interState = buildInvoice(ORDER_IN_TAMIL_NADU, SUPPLIER, INVOICE_NUMBER);

    it("charges IGST only", () => {
      expect(interState.intraState).toBe(false);
      expect(interState.placeOfSupply).toEqual({ state: "Tamil Nadu", stateCode: "33" });
      for (const line of interState.lines) {
        expect(line.cgst + line.sgst, line.description).toBe(0);
        expect(line.igst, line.description).toBe(line.amount - line.taxable);
      }
      expect(interState.totals.cgst + interState.totals.sgst).toBe(0);
      expect(interState.totals.igst).toBeGreaterThan(0);
      expectConsistent(interState);
    });

    it("carries the business's name and GSTIN", () => {
      expect(interState.buyer).toMatchObject({
        name: "Karthik Subramanian",
        businessName: "Mylai Softech LLP",
        gstin: "33ABCDE5678G1ZH",
        state: "Tamil Nadu",
        stateCode: "33",
      });
      expect(interState.buyer.address).toEqual([
        "18, Dr. Radhakrishnan Salai, Mylapore",
        "Chennai, Tamil Nadu 600004",
        "India",
      ]);
    });

    it("adds the cash-on-delivery fee as a courier service at the principal rate, before delivery", () => {
      expect(interState.lines.map((line) => [line.description, line.hsn, line.rate, line.amount])).toEqual([
        ["Lenovo ThinkPad E14 Gen 5 (Graphite Black)", "84713010", 18, 43_500_00],
        ["Logitech M331 Silent Mouse (Black)", "84716060", 18, 1_000_00],
        ["Cash on delivery fee", DELIVERY_SAC, 18, 50_00],
        ["Delivery charge", DELIVERY_SAC, 18, 600_00],
      ]);
      expect(interState.totals.amount).toBe(45_150_00);
      expect(interState.amountInWords).toBe("Rupees Forty Five Thousand One Hundred Fifty Only");
    });
  });

  it("refuses a delivery address in a state without a GST code", () => {
    expect(() =>
      buildInvoice(
        { ...ORDER_IN_KARNATAKA, address: { ...ORDER_IN_KARNATAKA.address, state: "Atlantis" } },
        SUPPLIER,
        INVOICE_NUMBER,
      ),
    ).toThrow(RangeError);
  });
});

describe("buildCreditNote", () => {
  const invoice = buildInvoice(ORDER_IN_KARNATAKA, SUPPLIER, INVOICE_NUMBER);

  it("reverses the whole invoice for a full refund: the same lines and totals", () => {
    const note = buildCreditNote(invoice, 45_100_00, CREDIT_NOTE_NUMBER);
    expect(note.kind).toBe("credit-note");
    expect(DOCUMENT_TITLES[note.kind]).toBe("Credit Note");
    expect(note.number).toBe("CN/26-27/000007");
    expect(note.issuedOn).toBe("2026-12-02");
    expect(note.refersTo).toEqual({ number: "KC/26-27/000123", issuedOn: "2026-11-25" });
    expect(note.lines).toEqual(invoice.lines);
    expect(note.totals).toEqual(invoice.totals);
    expect(note.amountInWords).toBe(invoice.amountInWords);
    expect(note.buyer).toEqual(invoice.buyer);
    expect(note.supplier).toEqual(invoice.supplier);
    expect(note.order).toEqual(invoice.order);
    expect(note.placeOfSupply).toEqual(invoice.placeOfSupply);
  });

  it("shares a part refund over the lines in proportion, each part taxed at its line's rate", () => {
    const note = buildCreditNote(invoice, 1_000_00, CREDIT_NOTE_NUMBER);
    expect(note.refersTo).toEqual({ number: "KC/26-27/000123", issuedOn: "2026-11-25" });
    expect(note.totals.amount).toBe(1_000_00);
    // 1,000 × 43,500 / 45,100 = 964.52…, × 1,000 / 45,100 = 22.17…, × 600 / 45,100 = 13.30… (the largest
    // remainder takes the paisa left over).
    expect(note.lines.map((line) => line.amount)).toEqual([964_52, 22_17, 13_31]);
    expect(note.lines.map((line) => line.description)).toEqual([
      "Part refund: Lenovo ThinkPad E14 Gen 5 (Graphite Black)",
      "Part refund: Logitech M331 Silent Mouse (Black)",
      "Part refund: Delivery charge",
    ]);
    expect(note.lines.map((line) => line.hsn)).toEqual(invoice.lines.map((line) => line.hsn));
    for (const [index, line] of note.lines.entries()) {
      expect(line.quantity).toBe(1);
      expect(line.rate).toBe(invoice.lines[index]?.rate);
      expect(line.taxable).toBe(taxableValueOf(line.amount, line.rate));
      expect(line.igst).toBe(0);
      expect(Math.abs(line.cgst - line.sgst)).toBeLessThanOrEqual(1);
    }
    expect(note.intraState).toBe(true);
    expect(note.amountInWords).toBe("Rupees One Thousand Only");
    expectConsistent(note);
  });

  it("reverses IGST against an inter-state invoice", () => {
    const interState = buildInvoice(ORDER_IN_TAMIL_NADU, SUPPLIER, INVOICE_NUMBER);
    const note = buildCreditNote(interState, 5_000_00, CREDIT_NOTE_NUMBER);
    expect(note.intraState).toBe(false);
    expect(note.totals.amount).toBe(5_000_00);
    expect(note.totals.cgst + note.totals.sgst).toBe(0);
    expect(note.totals.igst).toBe(note.totals.amount - note.totals.taxable);
    expectConsistent(note);
  });

  it("leaves out a line whose share is nothing", () => {
    const note = buildCreditNote(invoice, 1, CREDIT_NOTE_NUMBER);
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({
      description: "Part refund: Lenovo ThinkPad E14 Gen 5 (Graphite Black)",
    });
    expect(note.totals.amount).toBe(1);
    expect(note.amountInWords).toBe("Rupees Zero and One Paisa Only");
  });

  it("refuses more than the invoice, nothing, or what is not whole paise", () => {
    expect(() => buildCreditNote(invoice, 45_100_01, CREDIT_NOTE_NUMBER)).toThrow(RangeError);
    expect(() => buildCreditNote(invoice, 0, CREDIT_NOTE_NUMBER)).toThrow(RangeError);
    expect(() => buildCreditNote(invoice, -1_00, CREDIT_NOTE_NUMBER)).toThrow(RangeError);
    expect(() => buildCreditNote(invoice, 10.5, CREDIT_NOTE_NUMBER)).toThrow(RangeError);
  });
});

describe("shareOut", () => {
  it("shares in proportion, in whole paise that add up exactly", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1_000_00, [43_500_00, 1_000_00, 600_00])).toEqual([964_52, 22_17, 13_31]);
    expect(shareOut(10, [3, 0, 7])).toEqual([3, 0, 7]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    for (const amount of [1, 7, 99, 12_345, 4_510_000]) {
      expect(sum(shareOut(amount, [13, 29, 1, 57]))).toBe(amount);
    }
  });

  it("gives the paise left over to the largest remainders", () => {
    // Exact shares 1.4, 2.6, 1.0 (remainders .4, .6, 0): the one paisa left goes to the second.
    expect(shareOut(5, [7, 13, 5])).toEqual([1, 3, 1]);
  });

  it("gives a paisa to the earliest of equal remainders", () => {
    expect(shareOut(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(shareOut(1, [2, 1, 1])).toEqual([1, 0, 0]);
    expect(shareOut(1, [1, 1, 2])).toEqual([0, 0, 1]);
    expect(shareOut(1, [1, 1])).toEqual([1, 0]);
  });

  it("refuses to share over nothing", () => {
    expect(() => shareOut(100, [0, 0])).toThrow(RangeError);
    expect(() => shareOut(100, [])).toThrow(RangeError);
  });
});
