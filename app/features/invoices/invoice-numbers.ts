/**
 * The numbers of tax invoices and credit notes (issue 17). GST wants each a consecutive serial number of at most
 * 16 characters (letters, digits, "-" and "/"), unique within a financial year (CGST Rules, rule 46(b)); the
 * shop writes PREFIX/YY-YY/NNNNNN, "KC/26-27/000123", and starts each series again at 1 every April. Pure: the
 * sequence comes from the database.
 */

import { shopClock } from "~/features/delivery";
import { documentNumberMessages } from "./messages";

/** India's financial year, 1 April to 31 March: the year it starts in, and its label on documents ("26-27"). */
export type FinancialYear = { start: number; label: string };

export function financialYearStarting(start: number): FinancialYear {
  const twoDigits = (year: number) => String(year % 100).padStart(2, "0");
  return { start, label: `${twoDigits(start)}-${twoDigits(start + 1)}` };
}

/** The financial year of an instant, reckoned in India's time zone whatever the server's. */
export function financialYearOf(date: Date): FinancialYear {
  const { day } = shopClock(date);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return financialYearStarting(month >= 4 ? year : year - 1);
}

/** GST's limit on a document number. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/** The sequence is written with at least this many digits (000123), so numbers sort and line up. */
export const SEQUENCE_DIGITS = 6;

/**
 * The longest prefix that leaves room for "/26-27/" and six digits within 16 characters: 16 − 7 − 6 = 3.
 * A shorter prefix leaves room for more digits: "KC" numbers up to 9,999,999 a year (maxSequenceFor).
 */
export const MAX_PREFIX_LENGTH =
  MAX_DOCUMENT_NUMBER_LENGTH -
  "/".length -
  financialYearStarting(2026).label.length -
  "/".length -
  SEQUENCE_DIGITS;

/** The seeded defaults, different so that an invoice and a credit note never share a number. */
export const DEFAULT_DOCUMENT_PREFIXES = { invoice: "KC", creditNote: "CN" } as const;

/**
 * What is wrong with a prefix set in the back office; undefined when it will do. Capital letters and digits
 * only: "/" separates the parts of the number, and GST reads numbers without regard to case, so "kc" and "KC"
 * would be the same series.
 */
export function documentPrefixProblem(prefix: string): string | undefined {
  if (prefix === "") return documentNumberMessages.prefixRequired;
  if (prefix.length > MAX_PREFIX_LENGTH || !/^[A-Z0-9]+$/.test(prefix)) {
    return documentNumberMessages.prefixShape(MAX_PREFIX_LENGTH);
  }
  return undefined;
}

/** Both prefixes: each must do, and they must differ. */
export function documentPrefixesProblem(prefixes: {
  invoice: string;
  creditNote: string;
}): string | undefined {
  return (
    documentPrefixProblem(prefixes.invoice) ??
    documentPrefixProblem(prefixes.creditNote) ??
    (prefixes.invoice === prefixes.creditNote ? documentNumberMessages.prefixesSame : undefined)
  );
}

/**
 * The highest sequence whose number still fits 16 characters: past six digits the sequence grows into the
 * room a short prefix leaves (999,999 for a 3-character prefix, 9,999,999 for "KC"). The module that issues
 * numbers must stop there rather than write a number GST refuses.
 */
export function maxSequenceFor(prefix: string): number {
  const room = MAX_DOCUMENT_NUMBER_LENGTH - `${prefix}/00-00/`.length;
  return 10 ** room - 1;
}

/** "KC/26-27/000123". Throws a RangeError for a prefix or sequence that cannot make a number GST accepts. */
export function formatDocumentNumber(prefix: string, year: FinancialYear, sequence: number): string {
  if (documentPrefixProblem(prefix) !== undefined) throw new RangeError(`Not a document prefix: ${prefix}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > maxSequenceFor(prefix)) {
    throw new RangeError(`No ${prefix} number can be sequence ${sequence}`);
  }
  return `${prefix}/${year.label}/${String(sequence).padStart(SEQUENCE_DIGITS, "0")}`;
}
