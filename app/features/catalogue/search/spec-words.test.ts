import { describe, expect, it } from "vitest";
import type { SpecValues } from "../specs/values";
import { documentText, parseQuery } from "./search-terms";
import { ordinal, specWords } from "./spec-words";

/** The words a product of this category with this specification is found by, as the search stores them. */
const wordsOf = (category: string, values: SpecValues) =>
  documentText(specWords(category, values)).split(" ");

/**
 * Whether a search finds these words, as the database's prefix match does (decision 0031): every word of the
 * search, or one of its alternatives, starts one of them.
 */
const finds = (query: string, words: readonly string[]) =>
  parseQuery(query).every((word) =>
    word.alternatives.some((alternative) => words.some((w) => w.startsWith(alternative))),
  );

const laptop = wordsOf("Laptops", {
  cpu: "core-i5",
  cpu_generation: 13,
  ram_gb: 16,
  storage_kind: "ssd",
  storage_gb: 512,
  screen_in: 15.6,
  warranty_months: 24,
});

describe("the words a specification gives", () => {
  it("a number joined to its unit as one word, as a query's '16 gb' is read, with what it measures", () => {
    expect(laptop).toEqual(
      expect.arrayContaining([
        "16gb",
        "ram",
        "512gb",
        "storage",
        "15.6inch",
        "screen",
        "24months",
        "warranty",
      ]),
    );
    expect(laptop).not.toContain("16");
    expect(wordsOf("Laptops", { weight_kg: 1.75 })).toEqual(["weight", "1.75kg"]);
    expect(wordsOf("CCTV", { megapixels: 2.4, ir_range_m: 30 })).toEqual(
      expect.arrayContaining(["2.4mp", "30m", "night", "vision", "ir", "range"]),
    );
  });

  it("a larger unit a shopper may use: 1024 GB is 1tb, 24 months 2years", () => {
    expect(wordsOf("Laptops", { storage_gb: 1024 })).toContain("1tb");
    expect(wordsOf("Laptops", { storage_gb: 2048 })).toContain("2tb");
    expect(wordsOf("Laptops", { storage_gb: 1000 }).some((word) => word.endsWith("tb"))).toBe(false);
    expect(laptop).toContain("2years");
    expect(wordsOf("Laptops", { warranty_months: 6 }).some((word) => word.endsWith("years"))).toBe(false);
  });

  it("a processor's generation as 13th and gen", () => {
    expect(laptop).toEqual(expect.arrayContaining(["13th", "gen", "generation"]));
    expect(["1", "2", "3", "4", "11", "12", "13", "20", "21", "22"].map((n) => ordinal(Number(n)))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "20th",
      "21st",
      "22nd",
    ]);
  });

  it("options give their label's words and their search words", () => {
    expect(laptop).toEqual(expect.arrayContaining(["intel", "core", "i5", "ssd"]));
    expect(wordsOf("CCTV", { cctv_form: "nvr", cctv_tech: "ip-poe", channels: 8 })).toEqual(
      expect.arrayContaining(["nvr", "ip", "poe", "8ch", "8channels", "channels"]),
    );
    expect(wordsOf("Biometric", { bio_methods: ["fingerprint", "card"] })).toEqual(
      expect.arrayContaining(["fingerprint", "rfid", "card"]),
    );
    expect(wordsOf("Laptops", { resolution: "fhd" })).toEqual(
      expect.arrayContaining(["full", "hd", "fhd", "1080p"]),
    );
  });

  it("never a word for what the product is not", () => {
    // A choice's attribute label would say both: "Indoor or outdoor", "Wired or wireless".
    expect(wordsOf("CCTV", { placement: "indoor" })).not.toContain("outdoor");
    expect(wordsOf("Accessories", { connection: "wired" })).not.toContain("wireless");
    // A label that says the product lacks something.
    expect(wordsOf("CCTV", { audio: "no" })).not.toContain("audio");
    expect(wordsOf("CCTV", { audio: "yes" })).toContain("microphone");
    expect(specWords("Laptops", { os: "none" })).toEqual([]);
  });

  it("nothing for what the category does not define", () => {
    expect(specWords("CCTV", { ram_gb: 16 })).toEqual([]);
    expect(specWords("Watch", { ram_gb: 16 })).toEqual([]);
    expect(specWords("Laptops", { cpu: "no-such-option" })).toEqual([]);
    // The earlier shop's "Laptop" is read as Laptops.
    expect(specWords("Laptop", { ram_gb: 16 })).toEqual(["RAM", "16gb"]);
  });
});

describe("searches a specification answers", () => {
  const nvr = wordsOf("CCTV", { cctv_form: "nvr", channels: 8 });
  const fourChannels = wordsOf("CCTV", { cctv_form: "nvr", channels: 4 });
  const dome = (megapixels: number) => wordsOf("CCTV", { cctv_form: "dome", megapixels });

  it.each([
    "16gb",
    "16 gb",
    "16 GB RAM",
    "i5 13th gen",
    "core i5",
    "13th generation",
    "512gb ssd",
    '15.6"',
    "2 year warranty",
    "2 years",
  ])("%s finds the laptop", (query) => {
    expect(finds(query, laptop)).toBe(true);
  });

  it.each(["8gb", "8 gb ram", "i7", "12th gen", "1tb", "14 inch"])("%s does not", (query) => {
    expect(finds(query, laptop)).toBe(false);
  });

  it("8 channel nvr, 8ch and 8 channels find the 8-channel recorder, not the 4-channel one", () => {
    for (const query of ["8 channel nvr", "8ch", "8 channels", "8-channel", "8 ch nvr"]) {
      expect(finds(query, nvr), query).toBe(true);
      expect(finds(query, fourChannels), query).toBe(false);
    }
  });

  it("4mp dome finds a 4 MP dome, not a 2 MP one", () => {
    expect(finds("4mp dome", dome(4))).toBe(true);
    expect(finds("4 MP dome", dome(4))).toBe(true);
    expect(finds("4mp dome", dome(2))).toBe(false);
  });
});
