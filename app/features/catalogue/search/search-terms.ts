/**
 * How the shop reads product text and shoppers' searches, in one place (decision 0021): both sides are
 * folded the same way, so "16 GB", "16GB" and "16gb" are one word, and a product matches when every word of
 * the search starts a word of the product (or a synonym of it does).
 */

/** Units that a number carries: "16 gb", "16-GB" and "16GB" all read as "16gb". */
const UNITS = [
  "gb",
  "tb",
  "mb",
  "ghz",
  "mhz",
  "hz",
  "mp",
  "w",
  "va",
  "mah",
  "inch",
  "mm",
  "cm",
  "m",
  "kg",
  "k",
  "p",
  "ch",
  "dpi",
  "fps",
];

/** Words a shopper may use for what the catalogue calls something else. Each maps to what it may also match. */
export const SYNONYMS: Record<string, readonly string[]> = {
  notebook: ["laptop"],
  pc: ["desktop"],
  computer: ["desktop", "laptop"],
  cctv: ["camera", "surveillance"],
  camera: ["cctv"],
  surveillance: ["cctv"],
  fingerprint: ["biometric"],
  biometric: ["fingerprint"],
  rent: ["rental"],
  rental: ["rent"],
  channel: ["ch"],
  ch: ["channel"],
};

/** Bounded work for every query: at most this many words, each at most this long. */
export const MAX_QUERY_WORDS = 8;
export const MAX_WORD_LENGTH = 30;

const unitPattern = new RegExp(`(\\d)\\s+(${UNITS.join("|")})(?![\\p{L}\\p{N}])`, "gu");

/**
 * Lower-case text without accents, punctuation or control characters, units joined to their numbers:
 * `Core i5-1335U, 15.6" (16 GB)` → `core i5-1335u 15.6inch 16gb`. Hyphens and slashes inside a word are kept
 * here; documentText and parseQuery decide what to make of them.
 */
export function foldText(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      // Inches written as a mark: 15.6" or 15.6'' or 15.6”.
      .replace(/(\d)\s*(?:"|''|”|″)/g, "$1inch ")
      .replace(/(\d)\s*inch(?:es)?(?![\p{L}\p{N}])/gu, "$1inch")
      // Anything that is not a letter, a digit, a decimal point between digits, a hyphen or a slash is a space.
      .replace(/(?<!\d)\.|\.(?!\d)/g, " ")
      .replace(/[^\p{L}\p{N}./-]+/gu, " ")
      .replace(/(?<![\p{L}\p{N}])[-/]+|[-/]+(?![\p{L}\p{N}])/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      // "16 gb" and "4-ch" are one word; repeated so "16 gb 1 tb" joins both.
      .replace(/(\d)[-/](?=\p{L})/gu, "$1 ")
      .replace(unitPattern, "$1$2")
  );
}

/** A number and its unit apart in product text ("15.6 inch", "16 GB"), to be read as one word before splitting. */
const spacedUnit = new RegExp(`(\\d)\\s+(${UNITS.join("|")}|inch(?:es)?)(?![\\p{L}\\p{N}])`, "giu");

/** "ThinkPad" → ["Think", "Pad"], "iMac" → ["i", "Mac"]: the parts of a word written in camel case. */
function camelParts(word: string): string[] {
  return word.split(/(?<=\p{Ll})(?=\p{Lu})/u);
}

/**
 * A product's searchable text: every word folded, plus the parts of compound words and the compounds of
 * hyphenated ones, so that "ThinkPad" is found by "think pad" and "i5-1335U" by "i51335u" as well as "i5 1335u".
 * A number and its unit are one word, as in a query: "15.6 inch" is "15.6inch".
 */
export function documentText(...fields: (string | readonly string[])[]): string {
  const words = new Set<string>();
  for (const field of fields.flat()) {
    for (const raw of field.replace(spacedUnit, "$1$2").split(/\s+/)) {
      const parts = camelParts(raw);
      for (const text of parts.length > 1 ? [raw, parts.join(" ")] : [raw]) {
        for (const word of foldText(text).split(" ")) {
          if (!word) continue;
          const pieces = word.split(/[-/]+/).filter(Boolean);
          for (const piece of pieces) words.add(piece);
          if (pieces.length > 1) words.add(pieces.join(""));
        }
      }
    }
  }
  return [...words].join(" ");
}

/** "laptops" → "laptop": a plural a shopper types for what the catalogue names in the singular. */
function singular(word: string): string | undefined {
  if (word.length <= 3 || !word.endsWith("s") || /(?:ss|us|is)$/.test(word) || /\d/.test(word))
    return undefined;
  return word.slice(0, -1);
}

/** One word of a search and everything that may stand for it in a product's text. */
export type QueryWord = { word: string; alternatives: string[] };

/**
 * A shopper's search as words to find: folded like product text, hyphens and slashes read as spaces, at most
 * MAX_QUERY_WORDS words (repeats dropped). Each word may also be found as its singular, its synonyms, or
 * joined to the word before or after it ("hik vision" finds "hikvision").
 */
export function parseQuery(query: string): QueryWord[] {
  const words: string[] = [];
  for (const word of foldText(query.slice(0, 200)).split(/[\s/-]+/)) {
    if (word && word.length <= MAX_WORD_LENGTH && !words.includes(word)) words.push(word);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words.map((word, i) => {
    const alternatives = new Set([word]);
    const one = singular(word);
    if (one) alternatives.add(one);
    for (const synonym of [...(SYNONYMS[word] ?? []), ...(one ? (SYNONYMS[one] ?? []) : [])])
      alternatives.add(synonym);
    const before = words[i - 1];
    const after = words[i + 1];
    if (before) alternatives.add(before + word);
    if (after) alternatives.add(word + after);
    return { word, alternatives: [...alternatives] };
  });
}

/** A lexeme in tsquery's text form, taken as it is (quotes doubled, backslashes escaped). */
const lexeme = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * The search as PostgreSQL's tsquery text: each word, as one of its alternatives, must start a lexeme of the
 * product (`:*`), e.g. `('hp':* | 'hplaptop':*) & ('laptop':* | 'hplaptop':*)` (decision 0031).
 */
export function tsqueryFor(words: readonly QueryWord[]): string {
  return words
    .map((word) => `(${word.alternatives.map((alternative) => `${lexeme(alternative)}:*`).join(" | ")})`)
    .join(" & ");
}

/** The typos a word may carry and still be corrected (the rule of Meilisearch and Typesense). */
export function typosAllowed(word: string): number {
  const length = [...word].length;
  if (/^\d+$/.test(word)) return 0;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Edits between two words (insert, delete, replace, or swap two neighbours), or `limit + 1` as soon as it is
 * known to be more than `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The catalogue's word closest to a word that matches nothing, within its typo allowance: fewest edits, then
 * the candidate order given (most similar first), or undefined.
 */
export function correctWord(word: string, candidates: readonly string[]): string | undefined {
  const allowed = typosAllowed(word);
  if (allowed === 0) return undefined;
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === word) return undefined;
    const distance = editDistance(word, candidate, allowed);
    if (distance <= allowed && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}
