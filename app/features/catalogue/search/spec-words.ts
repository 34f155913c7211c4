import { type NumberSpec, type SpecUnit, specsOfCategory } from "../specs/definitions";
import type { SpecValues } from "../specs/values";

/*
 * The words a product's specification adds to its search text (decision 0042, section 4), written so that the
 * search's folding (search-terms.ts) reads them as the shopper's query is read: "16 gb" in a query is "16gb",
 * so a memory of 16 GB is the word "16gb".
 */

/**
 * What a number is joined to, per unit: one word each, as foldText joins a number to its unit ("16gb",
 * "15.6inch", "4mp", "8ch"). A search word matches the start of a product's word, so "8channels" also serves
 * "8 channel" (a query's neighbours are also read joined) and "12months" serves "12 month".
 */
const JOINED: Record<Exclude<SpecUnit, "generation">, readonly string[]> = {
  GB: ["gb"],
  inch: ["inch"],
  kg: ["kg"],
  months: ["months"],
  m: ["m"],
  MP: ["mp"],
  channels: ["ch", "channels"],
  users: ["users"],
  W: ["w", "watt"],
  mm: ["mm"],
  MTs: ["mts", "mhz"],
  cores: ["cores", "core"],
  slots: ["slots"],
  ports: ["ports"],
  modules: ["modules"],
};

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: how a processor's generation is written. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * A number's words: joined to its unit, and to the larger unit a shopper may use for it (1024 GB is "1tb",
 * 24 months "2years"); a generation as "13th" and "gen"; and the attribute's label, which names what the
 * number measures ("RAM", "Warranty").
 */
function numberWords(spec: NumberSpec, n: number): string[] {
  const words = [spec.label];
  if (spec.unit === "generation") return [...words, ordinal(n), "gen"];
  for (const unit of JOINED[spec.unit]) words.push(`${n}${unit}`);
  if (spec.unit === "GB" && n >= 1024 && n % 1024 === 0) words.push(`${n / 1024}tb`);
  if (spec.unit === "months" && n >= 12 && n % 12 === 0) words.push(`${n / 12}years`);
  return words;
}

/**
 * A label that says the product lacks something ("No audio", an operating system "None") gives no words:
 * "audio" must not find a camera without it.
 */
const lacking = (label: string) => /^(?:no|none)\b/i.test(label);

/**
 * The texts a product's specification adds to its search text: for a number, its words (numberWords); for a
 * choice, each chosen option's label and search words ("Intel Core i5" and "i5"). A choice's attribute label
 * is left out: "Indoor or outdoor" or "Wired or wireless" would find what the product is not. Attributes the
 * category does not define give nothing. Texts, not yet folded: documentText folds them with the title's.
 */
export function specWords(category: string, values: SpecValues): string[] {
  const texts: string[] = [];
  for (const spec of specsOfCategory(category)) {
    const value = values[spec.code];
    if (value === undefined) continue;
    if (spec.kind === "number") {
      if (typeof value === "number" && Number.isFinite(value)) texts.push(...numberWords(spec, value));
      continue;
    }
    const codes = typeof value === "string" ? [value] : typeof value === "number" ? [] : value;
    for (const code of codes) {
      const option = spec.options.find((candidate) => candidate.code === code);
      if (!option) continue;
      if (!lacking(option.label)) texts.push(option.label);
      texts.push(...(option.words ?? []));
    }
  }
  return texts;
}
