import { describe, expect, it } from "vitest";
import { INDIAN_STATES } from "~/lib/indian-states";
import {
  GST_STATE_CODES,
  gstinCheckDigit,
  gstinProblem,
  type InvoiceLineInput,
  normaliseGstin,
  principalSupplyRate,
  splitTax,
  stateCodeOf,
  stateOfCode,
  type TaxedLine,
  taxableValueOf,
} from "./gst";
import { GST_RATES, type GstRate, isGstRate } from "./gst-rates";
import { gstMessages } from "./messages";

const KARNATAKA = "29";
const TAMIL_NADU = "33";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

describe("GST rates", () => {
  it("are the slabs in force since 22 September 2025", () => {
    expect(GST_RATES).toEqual([0, 5, 18, 40]);
    expect(isGstRate(18)).toBe(true);
    expect(isGstRate(12)).toBe(false);
    expect(isGstRate(28)).toBe(false);
  });
});

describe("GST state codes", () => {
  it("give every state and union territory of the address form a code, and back", () => {
    for (const state of INDIAN_STATES) {
      const code = stateCodeOf(state);
      expect(code, state).toMatch(/^\d\d$/);
      expect(stateOfCode(code ?? "")).toBe(state);
    }
  });

  it("are the published codes", () => {
    expect(stateCodeOf("Karnataka")).toBe("29");
    expect(stateCodeOf("Tamil Nadu")).toBe("33");
    expect(stateCodeOf("Kerala")).toBe("32");
    expect(stateCodeOf("Delhi")).toBe("07");
    expect(stateCodeOf("Maharashtra")).toBe("27");
    expect(stateCodeOf("Telangana")).toBe("36");
    expect(stateCodeOf("Andhra Pradesh")).toBe("37");
    expect(stateCodeOf("Dadra and Nagar Haveli and Daman and Diu")).toBe("26");
    expect(stateCodeOf("Ladakh")).toBe("38");
    expect(stateCodeOf("Jammu and Kashmir")).toBe("01");
    expect(stateCodeOf("Andaman and Nicobar Islands")).toBe("35");
    expect(stateCodeOf("Lakshadweep")).toBe("31");
    expect(stateCodeOf("Puducherry")).toBe("34");
    expect(stateOfCode("97")).toBe("Other Territory");
  });

  it("hold one code per name, and only states of the address form besides Other Territory", () => {
    const names = Object.values(GST_STATE_CODES);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => !(INDIAN_STATES as readonly string[]).includes(name))).toEqual([
      "Other Territory",
    ]);
  });

  it("know no retired, foreign or made-up code", () => {
    for (const code of ["00", "25", "28", "39", "96", "98", "99", "9", "029", "", "toString", "__proto__"]) {
      expect(stateOfCode(code), code).toBeUndefined();
    }
    expect(stateCodeOf("Bangalore")).toBeUndefined();
    expect(stateCodeOf("karnataka")).toBeUndefined();
    expect(stateCodeOf("Other Territory")).toBe("97");
  });
});

/**
 * A second, independent reading of the check digit: the Luhn mod N algorithm as usually written, validating
 * all 15 characters from the right (the check digit weighs 1, the next 2, …) and accepting when the sum is a
 * multiple of 36.
 */
function luhnMod36Valid(text: string): boolean {
  let sum = 0;
  let double = false;
  for (const character of [...text].reverse()) {
    const value = Number.parseInt(character, 36);
    if (Number.isNaN(value)) return false;
    const addend = double ? value * 2 : value;
    sum += addend >= 36 ? addend - 35 : addend;
    double = !double;
  }
  return sum % 36 === 0;
}

describe("normaliseGstin", () => {
  it("trims, removes inner spaces and upper-cases", () => {
    expect(normaliseGstin("  29abcde1234f1zw ")).toBe("29ABCDE1234F1ZW");
    expect(normaliseGstin("29 ABCDE 1234 F 1ZW")).toBe("29ABCDE1234F1ZW");
    expect(normaliseGstin("29ABCDE\u00a01234F1ZW\t")).toBe("29ABCDE1234F1ZW");
    expect(normaliseGstin("29ABCDE1234F1ZW")).toBe("29ABCDE1234F1ZW");
  });
});

describe("gstinProblem", () => {
  const valid = "29ABCDE1234F1ZW";

  it("accepts a valid GSTIN", () => {
    expect(gstinProblem(valid)).toBeUndefined();
  });

  it("agrees with published GSTINs", () => {
    // GSTN's sample GSTIN, as in python-stdnum's stdnum/in_/gstin.py, which also rejects the last one.
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeUndefined();
    expect(gstinCheckDigit("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("29AAGCB7383J1Z4")).toBeUndefined();
    expect(gstinProblem("27AAPFU0939F1ZO")).toBe(gstMessages.gstinCheckDigit);
  });

  it("agrees with a second implementation of the checksum", () => {
    for (const gstin of [valid, "27AAPFU0939F1ZV", "29AAGCB7383J1Z4"])
      expect(luhnMod36Valid(gstin)).toBe(true);
    expect(luhnMod36Valid("29ABCDE1234F1ZX")).toBe(false);
    // Every check digit the two agree on, over many first-14s from a seeded generator.
    const random = seededRandom(17);
    for (let round = 0; round < 500; round++) {
      const first14 = Array.from({ length: 14 }, () => ALPHABET.charAt(Math.floor(random() * 36))).join("");
      const check = gstinCheckDigit(first14);
      expect(check).toBeDefined();
      for (const candidate of ALPHABET) {
        expect(luhnMod36Valid(first14 + candidate), first14 + candidate).toBe(candidate === check);
      }
    }
  });

  it("refuses a wrong check digit", () => {
    expect(gstinProblem("29ABCDE1234F1ZX")).toBe(gstMessages.gstinCheckDigit);
  });

  it("refuses every change of a single character", () => {
    let reachedTheCheckDigit = 0;
    for (let position = 0; position < 15; position++) {
      for (const character of ALPHABET) {
        if (character === valid.charAt(position)) continue;
        const changed = valid.slice(0, position) + character + valid.slice(position + 1);
        const problem = gstinProblem(changed);
        expect(problem, changed).toBeDefined();
        if (problem === gstMessages.gstinCheckDigit) reachedTheCheckDigit++;
      }
    }
    // The changes that keep the shape are caught by the checksum alone: the check digit's 35, the 6 PAN
    // letters' 25 other letters each, the 4 PAN digits' 9 other digits each, the entity number's 34, and the 9
    // changes of 29 that are state codes too (09, 19, 20–24, 26, 27).
    expect(reachedTheCheckDigit).toBe(35 + 6 * 25 + 4 * 9 + 34 + 9);
  });

  it("takes lower-case or spaced input once normalised", () => {
    expect(gstinProblem(normaliseGstin(" 29abcde1234f1zw "))).toBeUndefined();
    expect(gstinProblem(normaliseGstin("29 ABCDE 1234 F1ZW"))).toBeUndefined();
    // It checks what it is given, the text that would be stored.
    expect(gstinProblem("29abcde1234f1zw")).toBe(gstMessages.gstinPan);
  });

  it("says first what is wrong first", () => {
    expect(gstinProblem("29ABCDE1234F1Z")).toBe(gstMessages.gstinLength);
    expect(gstinProblem("29ABCDE1234F1ZWW")).toBe(gstMessages.gstinLength);
    expect(gstinProblem("")).toBe(gstMessages.gstinLength);
    expect(gstinProblem(withCheckDigit("00ABCDE1234F1Z"))).toBe(gstMessages.gstinState("00"));
    expect(gstinProblem(withCheckDigit("39ABCDE1234F1Z"))).toBe(gstMessages.gstinState("39"));
    expect(gstinProblem(withCheckDigit("28ABCDE1234F1Z"))).toBe(gstMessages.gstinState("28"));
    expect(gstinProblem(withCheckDigit("AAABCDE1234F1Z"))).toBe(gstMessages.gstinState("AA"));
    expect(gstinProblem(withCheckDigit("29ABCD11234F1Z"))).toBe(gstMessages.gstinPan);
    expect(gstinProblem(withCheckDigit("29ABCDE123451Z"))).toBe(gstMessages.gstinPan);
    expect(gstinProblem(withCheckDigit("29ABCDE123AF1Z"))).toBe(gstMessages.gstinPan);
    expect(gstinProblem(withCheckDigit("29ABCDE1234F0Z"))).toBe(gstMessages.gstinEntity);
    expect(gstinProblem("29ABCDE1234F-ZW")).toBe(gstMessages.gstinEntity);
    expect(gstinProblem(withCheckDigit("29ABCDE1234F1Y"))).toBe(gstMessages.gstinZ);
    expect(gstinProblem("29ABCDE1234F1ZW".replace("Z", "D"))).toBe(gstMessages.gstinZ);
    expect(gstinProblem("29ABCDE1234F1Z-")).toBe(gstMessages.gstinCheckDigit);
  });

  it("takes every state code, Other Territory's too, and any entity number", () => {
    for (const code of Object.keys(GST_STATE_CODES)) {
      expect(gstinProblem(withCheckDigit(`${code}ABCDE1234F1Z`)), code).toBeUndefined();
    }
    for (const entity of ALPHABET.slice(1)) {
      expect(gstinProblem(withCheckDigit(`29ABCDE1234F${entity}Z`)), entity).toBeUndefined();
    }
  });

  it("spells out the state-code message", () => {
    expect(gstMessages.gstinState("39")).toBe(
      "A GSTIN starts with the two-digit code of its state, such as 29 for Karnataka; 39 is not a state code",
    );
  });
});

describe("gstinCheckDigit", () => {
  it("takes only 14 characters of 0-9 and A-Z", () => {
    expect(gstinCheckDigit("29ABCDE1234F1Z")).toBe("W");
    expect(gstinCheckDigit("29ABCDE1234F1")).toBeUndefined();
    expect(gstinCheckDigit("29ABCDE1234F1ZW")).toBeUndefined();
    expect(gstinCheckDigit("29abcde1234f1z")).toBeUndefined();
    expect(gstinCheckDigit("29ABCDE1234F-Z")).toBeUndefined();
  });
});

function withCheckDigit(first14: string): string {
  return first14 + (gstinCheckDigit(first14) ?? "?");
}

/** Mulberry32: a small seeded generator, so the property tests are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const laptop: InvoiceLineInput = {
  description: "Lenovo ThinkPad E14",
  hsn: "8471",
  quantity: 1,
  unitPrice: 45_100_00,
  rate: 18,
};

function line(unitPrice: number, rate: GstRate, quantity = 1): InvoiceLineInput {
  return { description: `Item at ${rate} %`, hsn: "8471", quantity, unitPrice, rate };
}

function taxesOf(taxed: { taxable: number; cgst: number; sgst: number; igst: number }) {
  return { taxable: taxed.taxable, cgst: taxed.cgst, sgst: taxed.sgst, igst: taxed.igst };
}

function splitOne(item: InvoiceLineInput, placeOfSupplyStateCode: string): TaxedLine {
  const { lines } = splitTax({ lines: [item], supplierStateCode: KARNATAKA, placeOfSupplyStateCode });
  const [taxed] = lines;
  if (taxed === undefined) throw new Error("no line");
  return taxed;
}

/** The taxable value is the nearest paisa to amount × 100 / (100 + rate): within half a paisa, in integers. */
function isNearestPaisa(taxable: number, amount: number, rate: number): boolean {
  return 2 * Math.abs(taxable * (100 + rate) - amount * 100) <= 100 + rate;
}

describe("splitTax", () => {
  it("splits a sale inside Karnataka into CGST and SGST", () => {
    const split = splitTax({
      lines: [laptop],
      supplierStateCode: KARNATAKA,
      placeOfSupplyStateCode: KARNATAKA,
    });
    expect(split.intraState).toBe(true);
    // 45,100 × 100 / 118 = 38,220.338…
    expect(split.lines).toEqual([
      { ...laptop, amount: 45_100_00, taxable: 38_220_34, cgst: 3_439_83, sgst: 3_439_83, igst: 0 },
    ]);
    expect(split.totals).toEqual({
      amount: 45_100_00,
      taxable: 38_220_34,
      cgst: 3_439_83,
      sgst: 3_439_83,
      igst: 0,
    });
  });

  it("charges IGST on a sale to another state", () => {
    const split = splitTax({
      lines: [laptop],
      supplierStateCode: KARNATAKA,
      placeOfSupplyStateCode: TAMIL_NADU,
    });
    expect(split.intraState).toBe(false);
    expect(taxesOf(split.totals)).toEqual({ taxable: 38_220_34, cgst: 0, sgst: 0, igst: 6_879_66 });
  });

  it("works at every rate", () => {
    // Prices chosen so the taxable value is Rs. 100 exactly.
    expect(taxesOf(splitOne(line(100_00, 0), KARNATAKA))).toEqual({
      taxable: 100_00,
      cgst: 0,
      sgst: 0,
      igst: 0,
    });
    expect(taxesOf(splitOne(line(105_00, 5), KARNATAKA))).toEqual({
      taxable: 100_00,
      cgst: 250,
      sgst: 250,
      igst: 0,
    });
    expect(taxesOf(splitOne(line(118_00, 18), KARNATAKA))).toEqual({
      taxable: 100_00,
      cgst: 9_00,
      sgst: 9_00,
      igst: 0,
    });
    expect(taxesOf(splitOne(line(140_00, 40), KARNATAKA))).toEqual({
      taxable: 100_00,
      cgst: 20_00,
      sgst: 20_00,
      igst: 0,
    });
    expect(taxesOf(splitOne(line(140_00, 40), TAMIL_NADU))).toEqual({
      taxable: 100_00,
      cgst: 0,
      sgst: 0,
      igst: 40_00,
    });
    // And with rounding: Rs. 100 at 5 % is 95.238… + 4.76.
    expect(taxesOf(splitOne(line(100_00, 5), KARNATAKA))).toEqual({
      taxable: 95_24,
      cgst: 2_38,
      sgst: 2_38,
      igst: 0,
    });
  });

  it("charges no tax at 0 %, inside the state or not", () => {
    for (const place of [KARNATAKA, TAMIL_NADU]) {
      expect(taxesOf(splitOne(line(12_345_67, 0), place))).toEqual({
        taxable: 12_345_67,
        cgst: 0,
        sgst: 0,
        igst: 0,
      });
    }
  });

  it("rounds the taxable value to the nearest paisa, and gives SGST the odd paisa", () => {
    // Rs. 1.00 at 18 %: 84.745… paise → 85; the tax 15 paise is CGST 7 + SGST 8.
    expect(taxesOf(splitOne(line(1_00, 18), KARNATAKA))).toEqual({ taxable: 85, cgst: 7, sgst: 8, igst: 0 });
    expect(taxesOf(splitOne(line(1_00, 18), TAMIL_NADU))).toEqual({
      taxable: 85,
      cgst: 0,
      sgst: 0,
      igst: 15,
    });
    // Rs. 100 at 18 %: 84.7457… → 84.75, tax 15.25 → 7.62 + 7.63.
    expect(taxesOf(splitOne(line(100_00, 18), KARNATAKA))).toEqual({
      taxable: 84_75,
      cgst: 7_62,
      sgst: 7_63,
      igst: 0,
    });
    // Rs. 45,000 at 18 %: 38,135.593… → 38,135.59, tax 6,864.41 → 3,432.20 + 3,432.21.
    expect(taxesOf(splitOne(line(45_000_00, 18), KARNATAKA))).toEqual({
      taxable: 38_135_59,
      cgst: 3_432_20,
      sgst: 3_432_21,
      igst: 0,
    });
    // Too little to tax: one or two paise are all taxable value.
    expect(taxesOf(splitOne(line(1, 18), KARNATAKA))).toEqual({ taxable: 1, cgst: 0, sgst: 0, igst: 0 });
    expect(taxesOf(splitOne(line(2, 40), KARNATAKA))).toEqual({ taxable: 1, cgst: 0, sgst: 1, igst: 0 });
    expect(taxesOf(splitOne(line(0, 18), KARNATAKA))).toEqual({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
  });

  it("splits the line total, not each unit", () => {
    // 3 × Rs. 1.00 at 18 %: 300 × 100 / 118 = 254.24 → 254 paise; per unit it would have been 3 × 85 = 255.
    const taxed = splitOne(line(1_00, 18, 3), KARNATAKA);
    expect(taxed).toMatchObject({
      quantity: 3,
      unitPrice: 1_00,
      amount: 3_00,
      taxable: 2_54,
      cgst: 23,
      sgst: 23,
    });
    const twoLaptops = splitOne({ ...laptop, quantity: 2 }, TAMIL_NADU);
    expect(twoLaptops).toMatchObject({ amount: 90_200_00, taxable: 76_440_68, igst: 13_759_32 });
  });

  it("keeps what it was given about each line", () => {
    const taxed = splitOne(laptop, KARNATAKA);
    expect(taxed.description).toBe("Lenovo ThinkPad E14");
    expect(taxed.hsn).toBe("8471");
    expect(taxed.rate).toBe(18);
  });

  it("adds the shipping as a line of its own at the principal supply's rate, and totals every line", () => {
    const cable: InvoiceLineInput = {
      description: "HDMI cable",
      hsn: "8544",
      quantity: 2,
      unitPrice: 299_00,
      rate: 5,
    };
    const split = splitTax({
      lines: [laptop, cable],
      shipping: { description: "Delivery", hsn: "9965", amount: 100_00 },
      supplierStateCode: KARNATAKA,
      placeOfSupplyStateCode: KARNATAKA,
    });
    expect(split.lines.map((taxed) => [taxed.description, taxed.rate, taxed.amount])).toEqual([
      ["Lenovo ThinkPad E14", 18, 45_100_00],
      ["HDMI cable", 5, 598_00],
      ["Delivery", 18, 100_00],
    ]);
    expect(split.lines[2]).toEqual({
      description: "Delivery",
      hsn: "9965",
      quantity: 1,
      unitPrice: 100_00,
      rate: 18,
      amount: 100_00,
      taxable: 84_75,
      cgst: 7_62,
      sgst: 7_63,
      igst: 0,
    });
    // 38,220.34 + 569.52 + 84.75 taxable; CGST 3,439.83 + 14.24 + 7.62; SGST 3,439.83 + 14.24 + 7.63.
    expect(split.totals).toEqual({
      amount: 45_798_00,
      taxable: 38_874_61,
      cgst: 3_461_69,
      sgst: 3_461_70,
      igst: 0,
    });
  });

  it("leaves out a shipping charge of zero", () => {
    const split = splitTax({
      lines: [laptop],
      shipping: { description: "Delivery", hsn: "9965", amount: 0 },
      supplierStateCode: KARNATAKA,
      placeOfSupplyStateCode: TAMIL_NADU,
    });
    expect(split.lines).toHaveLength(1);
  });

  it("adds up line by line and in total, to the paisa, for any amount (seeded random orders)", () => {
    const random = seededRandom(2026);
    for (let order = 0; order < 2_000; order++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        line(
          Math.floor(random() * 5_00_000_00), // up to Rs. 5 lakh a unit
          GST_RATES[Math.floor(random() * GST_RATES.length)] ?? 18,
          1 + Math.floor(random() * 5),
        ),
      );
      const shipping =
        random() < 0.5
          ? { description: "Delivery", hsn: "9965", amount: Math.floor(random() * 500_00) }
          : undefined;
      const intraState = random() < 0.5;
      const split = splitTax({
        lines,
        shipping,
        supplierStateCode: KARNATAKA,
        placeOfSupplyStateCode: intraState ? KARNATAKA : TAMIL_NADU,
      });

      const sum = { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
      for (const taxed of split.lines) {
        expect(taxed.amount).toBe(taxed.unitPrice * taxed.quantity);
        expect(taxed.taxable + taxed.cgst + taxed.sgst + taxed.igst).toBe(taxed.amount);
        expect(isNearestPaisa(taxed.taxable, taxed.amount, taxed.rate), JSON.stringify(taxed)).toBe(true);
        if (intraState) {
          expect(taxed.igst).toBe(0);
          expect(taxed.sgst - taxed.cgst).toBeGreaterThanOrEqual(0);
          expect(taxed.sgst - taxed.cgst).toBeLessThanOrEqual(1);
        } else {
          expect([taxed.cgst, taxed.sgst]).toEqual([0, 0]);
        }
        if (taxed.rate === 0) expect(taxed.taxable).toBe(taxed.amount);
        sum.amount += taxed.amount;
        sum.taxable += taxed.taxable;
        sum.cgst += taxed.cgst;
        sum.sgst += taxed.sgst;
        sum.igst += taxed.igst;
      }
      expect(split.totals).toEqual(sum);
      expect(split.totals.taxable + split.totals.cgst + split.totals.sgst + split.totals.igst).toBe(
        split.totals.amount,
      );
      const goods = lines.reduce((total, item) => total + item.unitPrice * item.quantity, 0);
      expect(split.totals.amount).toBe(goods + (shipping?.amount ?? 0));
    }
  });

  it("rounds every amount up to Rs. 100 to the nearest paisa, at every rate", () => {
    for (const rate of GST_RATES) {
      for (let amount = 0; amount <= 100_00; amount++) {
        const taxable = taxableValueOf(amount, rate);
        expect(isNearestPaisa(taxable, amount, rate), `${amount} at ${rate} %`).toBe(true);
        // Not the other neighbour either: the nearest is unique (no ties at these rates).
        expect(isNearestPaisa(taxable + 1, amount, rate) || isNearestPaisa(taxable - 1, amount, rate)).toBe(
          false,
        );
      }
    }
  });

  it("refuses input no order can hold", () => {
    const split = (lines: InvoiceLineInput[], place = KARNATAKA, supplier = KARNATAKA) =>
      splitTax({ lines, supplierStateCode: supplier, placeOfSupplyStateCode: place });
    expect(() => split([laptop], "39")).toThrow(RangeError);
    expect(() => split([laptop], KARNATAKA, "Karnataka")).toThrow(RangeError);
    expect(() => split([{ ...laptop, quantity: 0 }])).toThrow(RangeError);
    expect(() => split([{ ...laptop, quantity: 1.5 }])).toThrow(RangeError);
    expect(() => split([{ ...laptop, unitPrice: -1 }])).toThrow(RangeError);
    expect(() => split([{ ...laptop, unitPrice: 10.5 }])).toThrow(RangeError);
    expect(() => split([{ ...laptop, rate: 12 as GstRate }])).toThrow(RangeError);
    expect(() => split([{ ...laptop, unitPrice: Number.MAX_SAFE_INTEGER }])).toThrow(RangeError);
    expect(() =>
      splitTax({
        lines: [],
        shipping: { description: "Delivery", hsn: "9965", amount: 100_00 },
        supplierStateCode: KARNATAKA,
        placeOfSupplyStateCode: KARNATAKA,
      }),
    ).toThrow(RangeError);
    expect(split([])).toEqual({
      lines: [],
      totals: { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 },
      intraState: true,
    });
  });
});

describe("principalSupplyRate", () => {
  it("is the rate of the line of the highest value", () => {
    expect(principalSupplyRate([line(45_000_00, 18), line(2_000_00, 5)])).toBe(18);
    expect(principalSupplyRate([line(2_000_00, 18), line(45_000_00, 5)])).toBe(5);
  });

  it("weighs the line total, not the unit price", () => {
    expect(principalSupplyRate([line(1_000_00, 18), line(400_00, 5, 3)])).toBe(5);
  });

  it("takes the higher rate of lines of equal value", () => {
    expect(principalSupplyRate([line(1_000_00, 5), line(1_000_00, 18)])).toBe(18);
    expect(principalSupplyRate([line(1_000_00, 40), line(1_000_00, 18)])).toBe(40);
  });

  it("has none without lines", () => {
    expect(principalSupplyRate([])).toBeUndefined();
  });

  it("sets the shipping line's rate", () => {
    const split = splitTax({
      lines: [line(500_00, 18), line(30_000_00, 5)],
      shipping: { description: "Delivery", hsn: "9965", amount: 105_00 },
      supplierStateCode: KARNATAKA,
      placeOfSupplyStateCode: TAMIL_NADU,
    });
    expect(split.lines.at(-1)).toMatchObject({
      description: "Delivery",
      rate: 5,
      taxable: 100_00,
      igst: 5_00,
    });
  });
});
