import { describe, expect, it } from "vitest";
import {
  DEFAULT_DOCUMENT_PREFIXES,
  documentPrefixesProblem,
  documentPrefixProblem,
  financialYearOf,
  financialYearStarting,
  formatDocumentNumber,
  MAX_DOCUMENT_NUMBER_LENGTH,
  MAX_PREFIX_LENGTH,
  maxSequenceFor,
} from "./invoice-numbers";
import { documentNumberMessages } from "./messages";

const FY_25_26 = { start: 2025, label: "25-26" };
const FY_26_27 = { start: 2026, label: "26-27" };

describe("financialYearOf", () => {
  it("turns on 1 April at midnight in India", () => {
    expect(financialYearOf(new Date("2026-03-31T23:59:59+05:30"))).toEqual(FY_25_26);
    expect(financialYearOf(new Date("2026-04-01T00:00:00+05:30"))).toEqual(FY_26_27);
  });

  it("reckons in India's time zone, not UTC: the year turns at 18:30 UTC on 31 March", () => {
    expect(financialYearOf(new Date("2026-03-31T18:29:59.999Z"))).toEqual(FY_25_26);
    expect(financialYearOf(new Date("2026-03-31T18:30:00Z"))).toEqual(FY_26_27);
    // Still 1 April in UTC a while after the year has turned in India.
    expect(financialYearOf(new Date("2026-04-01T00:00:00Z"))).toEqual(FY_26_27);
  });

  it("holds from April to the next March", () => {
    expect(financialYearOf(new Date("2026-12-31T23:59:59+05:30"))).toEqual(FY_26_27);
    expect(financialYearOf(new Date("2027-01-01T00:00:00+05:30"))).toEqual(FY_26_27);
    expect(financialYearOf(new Date("2027-03-31T23:59:59+05:30"))).toEqual(FY_26_27);
    expect(financialYearOf(new Date("2027-04-01T00:00:00+05:30"))).toEqual({ start: 2027, label: "27-28" });
    // The new calendar year in India, still 31 December in UTC.
    expect(financialYearOf(new Date("2026-12-31T18:30:00Z"))).toEqual(FY_26_27);
  });

  it("labels a year across a century with two digits each", () => {
    expect(financialYearStarting(2099)).toEqual({ start: 2099, label: "99-00" });
    expect(financialYearStarting(2009)).toEqual({ start: 2009, label: "09-10" });
  });
});

describe("formatDocumentNumber", () => {
  it("writes PREFIX/YY-YY/six digits", () => {
    expect(formatDocumentNumber("KC", FY_26_27, 123)).toBe("KC/26-27/000123");
    expect(formatDocumentNumber("CN", FY_25_26, 1)).toBe("CN/25-26/000001");
    expect(formatDocumentNumber("KCB", FY_26_27, 999_999)).toBe("KCB/26-27/999999");
  });

  it("grows past six digits while the number fits 16 characters", () => {
    expect(formatDocumentNumber("KC", FY_26_27, 1_000_000)).toBe("KC/26-27/1000000");
    expect(formatDocumentNumber("KC", FY_26_27, 9_999_999)).toBe("KC/26-27/9999999");
    expect(formatDocumentNumber("K", FY_26_27, 99_999_999)).toBe("K/26-27/99999999");
    expect(() => formatDocumentNumber("KC", FY_26_27, 10_000_000)).toThrow(RangeError);
    expect(() => formatDocumentNumber("KCB", FY_26_27, 1_000_000)).toThrow(RangeError);
  });

  it("never writes more than 16 characters of letters, digits, / and -", () => {
    for (const prefix of ["K", "KC", "KCB", "9", "C2"]) {
      for (const sequence of [1, 999_999, maxSequenceFor(prefix)]) {
        const number = formatDocumentNumber(prefix, FY_26_27, sequence);
        expect(number.length).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
        expect(number).toMatch(/^[A-Z0-9/-]+$/);
      }
      expect(formatDocumentNumber(prefix, FY_26_27, maxSequenceFor(prefix))).toHaveLength(
        MAX_DOCUMENT_NUMBER_LENGTH,
      );
    }
  });

  it("refuses a bad prefix or sequence", () => {
    expect(() => formatDocumentNumber("KCCN", FY_26_27, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber("kc", FY_26_27, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber("", FY_26_27, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber("KC", FY_26_27, 0)).toThrow(RangeError);
    expect(() => formatDocumentNumber("KC", FY_26_27, 1.5)).toThrow(RangeError);
    expect(() => formatDocumentNumber("KC", FY_26_27, -1)).toThrow(RangeError);
  });
});

describe("document prefixes", () => {
  it("leave room for the year and six digits: at most 3 characters", () => {
    expect(MAX_PREFIX_LENGTH).toBe(16 - "/26-27/".length - 6);
    expect(MAX_PREFIX_LENGTH).toBe(3);
    expect(maxSequenceFor("KCB")).toBe(999_999);
    expect(maxSequenceFor("KC")).toBe(9_999_999);
    expect(maxSequenceFor("K")).toBe(99_999_999);
  });

  it("take 1 to 3 capital letters or digits", () => {
    for (const prefix of ["K", "KC", "KCB", "CN", "K26", "123"])
      expect(documentPrefixProblem(prefix), prefix).toBeUndefined();
    expect(documentPrefixProblem("")).toBe("Prefix is Required");
    const shape =
      "The prefix must be 1 to 3 capital letters or digits, such as KC, so that every number fits GST's 16 characters";
    for (const prefix of ["KCCN", "kc", "K/C", "K-C", "K C", "KÇ", "INV1"])
      expect(documentPrefixProblem(prefix), prefix).toBe(shape);
  });

  it("default to KC and CN, which fit and differ", () => {
    expect(documentPrefixesProblem(DEFAULT_DOCUMENT_PREFIXES)).toBeUndefined();
    expect(formatDocumentNumber(DEFAULT_DOCUMENT_PREFIXES.invoice, FY_26_27, 123)).toBe("KC/26-27/000123");
    expect(formatDocumentNumber(DEFAULT_DOCUMENT_PREFIXES.creditNote, FY_26_27, 7)).toBe("CN/26-27/000007");
  });

  it("must differ between invoices and credit notes", () => {
    expect(documentPrefixesProblem({ invoice: "KC", creditNote: "KC" })).toBe(
      documentNumberMessages.prefixesSame,
    );
    expect(documentPrefixesProblem({ invoice: "KCCN", creditNote: "CN" })).toBe(
      documentNumberMessages.prefixShape(3),
    );
    expect(documentPrefixesProblem({ invoice: "KC", creditNote: "" })).toBe(
      documentNumberMessages.prefixRequired,
    );
  });
});
