import { describe, expect, it } from "vitest";
import {
  correctWord,
  documentText,
  editDistance,
  foldText,
  MAX_QUERY_WORDS,
  parseQuery,
  tsqueryFor,
  typosAllowed,
} from "./search-terms";

const words = (text: string) => text.split(" ");
const alternativesOf = (query: string) => parseQuery(query).map((w) => w.alternatives);

describe("foldText", () => {
  it.each([
    ["HP ProBook", "hp probook"],
    ["Café Déjà Vu", "cafe deja vu"],
    ["16 GB", "16gb"],
    ["16GB", "16gb"],
    ["16 gb 1 TB", "16gb 1tb"],
    ["1 tb", "1tb"],
    ['15.6"', "15.6inch"],
    ["15.6 inch", "15.6inch"],
    ["15.6 Inches", "15.6inch"],
    ["15.6''", "15.6inch"],
    ['Apple iMac 24" M3', "apple imac 24inch m3"],
    ["2.4 MP", "2.4mp"],
    ["144 Hz", "144hz"],
    ["600VA / 360W", "600va 360w"],
    ["4-Ch PoE NVR", "4ch poe nvr"],
    ["8 Channel", "8 channel"],
    ["(8GB/512GB SSD/Win 11)", "8gb/512gb ssd/win 11"],
    ["Core i5-1335U,", "core i5-1335u"],
    ["Wi-Fi 6", "wi-fi 6"],
    ["end. Start", "end start"],
    ["v1.5 - new", "v1.5 new"],
    ["a\u0000b\u001fc", "a b c"],
    ["!!! ??? ...", ""],
    ["  spaced   out  ", "spaced out"],
  ])("%j → %j", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it("keeps letters of every script", () => {
    expect(foldText("ಕಾವೇರಿ Laptop")).toBe(foldText("ಕಾವೇರಿ laptop"));
    expect(foldText("ಕಾವೇರಿ")).not.toBe("");
  });
});

describe("documentText", () => {
  it("splits camel case and keeps the word whole", () => {
    expect(words(documentText("Lenovo ThinkPad T480"))).toEqual(
      expect.arrayContaining(["lenovo", "thinkpad", "think", "pad", "t480"]),
    );
    expect(words(documentText("Apple MacBook Air"))).toEqual(
      expect.arrayContaining(["macbook", "mac", "book"]),
    );
  });

  it("splits hyphens and slashes and joins them too", () => {
    const text = words(documentText("HP ProBook 440 G10 Intel Core i5-1335U (16GB/512GB SSD)"));
    expect(text).toEqual(expect.arrayContaining(["i5", "1335u", "i51335u", "16gb", "512gb", "ssd"]));
    expect(words(documentText("DS-2CE76D0T-ITPFS"))).toEqual(
      expect.arrayContaining(["ds", "2ce76d0t", "itpfs", "ds2ce76d0titpfs"]),
    );
  });

  it("joins a number to its unit across a space, as a query's 16 gb is joined", () => {
    const text = words(documentText("Acer Aspire 15.6 inch FHD Laptop, 16 GB RAM, 1 TB HDD, 2 Mini ports"));
    expect(text).toEqual(expect.arrayContaining(["15.6inch", "16gb", "1tb", "mini"]));
    expect(text).not.toContain("inch");
    expect(words(documentText("Monitor 24 Inches"))).toContain("24inch");
    expect(words(documentText("8 Channel DVR, 20 m IR"))).toEqual(["8", "channel", "dvr", "20m", "ir"]);
  });

  it("reads every field given, lists too, each word once", () => {
    const text = words(documentText("Hikvision 2MP Dome Camera", "Hikvision", "CCTV", "new", ["popular"]));
    expect(text).toEqual(
      expect.arrayContaining(["hikvision", "2mp", "dome", "camera", "cctv", "new", "popular"]),
    );
    expect(text.filter((w) => w === "hikvision")).toHaveLength(1);
  });
});

describe("parseQuery", () => {
  it("splits words, in whatever order, folded like product text", () => {
    expect(parseQuery("HP Laptop").map((w) => w.word)).toEqual(["hp", "laptop"]);
    expect(parseQuery("laptop hp").map((w) => w.word)).toEqual(["laptop", "hp"]);
    expect(parseQuery("16 gb").map((w) => w.word)).toEqual(["16gb"]);
    expect(parseQuery("i5-1335U").map((w) => w.word)).toEqual(["i5", "1335u"]);
    expect(parseQuery("i5 1335u").map((w) => w.word)).toEqual(["i5", "1335u"]);
  });

  it("lets neighbouring words be one word: think pad, hik vision", () => {
    expect(alternativesOf("think pad")).toEqual([
      ["think", "thinkpad"],
      ["pad", "thinkpad"],
    ]);
    expect(alternativesOf("hik vision")[0]).toContain("hikvision");
    expect(alternativesOf("i5-1335u")[0]).toContain("i51335u");
  });

  it("adds the singular and the synonyms", () => {
    expect(alternativesOf("laptops")[0]).toEqual(["laptops", "laptop"]);
    expect(alternativesOf("notebook")[0]).toEqual(["notebook", "laptop"]);
    expect(alternativesOf("pc")[0]).toEqual(["pc", "desktop"]);
    expect(alternativesOf("cctv")[0]).toEqual(["cctv", "camera", "surveillance"]);
    expect(alternativesOf("cameras")[0]).toEqual(["cameras", "camera", "cctv"]);
    expect(alternativesOf("fingerprint")[0]).toEqual(["fingerprint", "biometric"]);
    expect(alternativesOf("rent")[0]).toEqual(["rent", "rental"]);
    expect(alternativesOf("rental")[0]).toEqual(["rental", "rent"]);
  });

  it("leaves words that only look plural alone", () => {
    expect(alternativesOf("glass")[0]).toEqual(["glass"]);
    expect(alternativesOf("bus")[0]).toEqual(["bus"]);
    expect(alternativesOf("plus")[0]).toEqual(["plus"]);
    expect(alternativesOf("20s")[0]).toEqual(["20s"]);
  });

  it("bounds the work: repeats dropped, at most eight words, none over 30 letters, 200 characters read", () => {
    expect(parseQuery("hp hp HP").map((w) => w.word)).toEqual(["hp"]);
    const many = Array.from({ length: 50 }, (_, i) => `w${i}`).join(" ");
    expect(parseQuery(many)).toHaveLength(MAX_QUERY_WORDS);
    expect(parseQuery(`${"x".repeat(31)} dell`).map((w) => w.word)).toEqual(["dell"]);
    expect(parseQuery("a ".repeat(500)).length).toBe(1);
    expect(parseQuery("x".repeat(1_000))).toEqual([]);
  });

  it("finds nothing to search in punctuation or control characters", () => {
    expect(parseQuery("!!! ??? ---")).toEqual([]);
    expect(parseQuery("\u0000\u0001")).toEqual([]);
    expect(parseQuery("")).toEqual([]);
  });
});

describe("tsqueryFor", () => {
  it("asks for every word, each as one of its alternatives, at the start of a lexeme", () => {
    expect(tsqueryFor(parseQuery("hp laptops"))).toBe(
      "('hp':* | 'hplaptops':*) & ('laptops':* | 'laptop':* | 'hplaptops':*)",
    );
    expect(tsqueryFor(parseQuery('15.6" i5-1335U'))).toBe(
      "('15.6inch':* | '15.6inchi5':*) & ('i5':* | '15.6inchi5':* | 'i51335u':*) & ('1335u':* | 'i51335u':*)",
    );
  });

  it("takes a word as plain text, whatever its characters", () => {
    const word = { word: "it's", alternatives: ["it's", "a\\b", "x & !y:*"] };
    expect(tsqueryFor([word])).toBe("('it''s':* | 'a\\\\b':* | 'x & !y:*':*)");
    expect(tsqueryFor([])).toBe("");
  });
});

describe("typos", () => {
  it("allows one typo from 5 letters and two from 9, none in numbers", () => {
    expect(typosAllowed("dell")).toBe(0);
    expect(typosAllowed("lenov")).toBe(1);
    expect(typosAllowed("hikvison")).toBe(1);
    expect(typosAllowed("fingerprnt")).toBe(2);
    expect(typosAllowed("123456789")).toBe(0);
  });

  it("counts edits, a swap of neighbours as one", () => {
    expect(editDistance("lenova", "lenovo")).toBe(1);
    expect(editDistance("thinkpd", "thinkpad")).toBe(1);
    expect(editDistance("hikvison", "hikvision")).toBe(1);
    expect(editDistance("lneovo", "lenovo")).toBe(1);
    expect(editDistance("abc", "abc")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
  });

  it("corrects to the closest catalogue word within the allowance", () => {
    const vocabulary = ["lenovo", "length", "thinkpad", "thinkbook", "hikvision", "dell", "dahua"];
    expect(correctWord("lenova", vocabulary)).toBe("lenovo");
    expect(correctWord("thinkpd", vocabulary)).toBe("thinkpad");
    expect(correctWord("hikvison", vocabulary)).toBe("hikvision");
    expect(correctWord("fingerprnt", ["fingerprint"])).toBe("fingerprint");
  });

  it("does not correct short words, far words, or words the catalogue has", () => {
    expect(correctWord("del", ["dell"])).toBeUndefined();
    expect(correctWord("dela", ["dell"])).toBeUndefined();
    expect(correctWord("xyzzyq", ["lenovo"])).toBeUndefined();
    expect(correctWord("lenovo", ["lenovo", "lenova"])).toBeUndefined();
  });

  it("prefers fewer edits, then the order given", () => {
    expect(correctWord("lenovxy", ["lenxxyy", "lenovoy"])).toBe("lenovoy");
    expect(correctWord("lenovx", ["lenova", "lenovo"])).toBe("lenova");
  });
});
