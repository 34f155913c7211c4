/**
 * An invoice's total in words, as Indian invoices write it: "Rupees Forty Five Thousand One Hundred Only",
 * "Rupees One Crore Twenty Three Lakh … and Fifty Paise Only". The words themselves come from to-words (its
 * en-IN locale, imported alone so the other 134 locales stay out of the bundle); the shop arranges them the way
 * invoices are worded, with "Rupees" first.
 */
import { toWords } from "to-words/en-IN";

const CRORE = 1_00_00_000;

/**
 * A whole number in Indian English words. Past 99 crore, Indian English goes on counting crores ("One Hundred
 * Crore"), where to-words would switch to arab and kharab, which few readers of an invoice know.
 */
function indianWords(whole: number): string {
  if (whole < CRORE) return toWords(whole);
  const crores = Math.floor(whole / CRORE);
  const rest = whole % CRORE;
  return rest === 0 ? `${indianWords(crores)} Crore` : `${indianWords(crores)} Crore ${toWords(rest)}`;
}

/** Integer paise in words: 45_100_00 → "Rupees Forty Five Thousand One Hundred Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = `Rupees ${indianWords(Math.floor(paise / 100))}`;
  const rest = paise % 100;
  if (rest === 0) return `${rupees} Only`;
  return `${rupees} and ${toWords(rest)} ${rest === 1 ? "Paisa" : "Paise"} Only`;
}
