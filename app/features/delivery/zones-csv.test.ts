import { describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import { type ZoneValues, zoneMessages } from "./zones";
import { MAX_IMPORT_PROBLEMS, ZONE_CSV_COLUMNS, zonesFromCsv, zonesToCsv } from "./zones-csv";

const HEADER = ZONE_CSV_COLUMNS.join(",");

const seeded: ZoneValues[] = [
  {
    name: "All of India",
    pinList: "1 2 3 4 5 6 7 8 9",
    delivers: true,
    standardDaysMin: 5,
    standardDaysMax: 7,
    expressDaysMin: 2,
    expressDaysMax: 3,
    cashOnDelivery: true,
  },
  {
    name: "Lakshadweep",
    pinList: "682551-682559",
    delivers: false,
    standardDaysMin: 5,
    standardDaysMax: 7,
    expressDaysMin: null,
    expressDaysMax: null,
    cashOnDelivery: false,
  },
];

describe("zonesToCsv", () => {
  it("writes the header and a row per zone, yes/no and empty express, CRLF", () => {
    expect(zonesToCsv(seeded)).toBe(
      `${HEADER}\r\nAll of India,1 2 3 4 5 6 7 8 9,yes,5,7,2,3,yes\r\nLakshadweep,682551-682559,no,5,7,,,no\r\n`,
    );
  });

  it("defuses what a spreadsheet would run as a formula, and quotes commas and quotes", () => {
    const zone = { ...seeded[1], name: '=HYPERLINK("http://evil.example"),x' } as ZoneValues;
    expect(zonesToCsv([zone]).split("\r\n")[1]).toBe(
      `"'=HYPERLINK(""http://evil.example""),x",682551-682559,no,5,7,,,no`,
    );
  });
});

describe("parseCsv", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF, and a byte-order mark", () => {
    expect(parseCsv('\uFEFFa,"b,c","say ""hi"""\n"two\r\nlines",,x\r\n')).toEqual({
      ok: true,
      records: [
        ["a", "b,c", 'say "hi"'],
        ["two\r\nlines", "", "x"],
      ],
    });
    expect(parseCsv("a,b")).toEqual({ ok: true, records: [["a", "b"]] });
    expect(parseCsv("a,\r\n")).toEqual({ ok: true, records: [["a", ""]] });
    expect(parseCsv('"a"')).toEqual({ ok: true, records: [["a"]] });
  });

  it("says which row a broken quote is on", () => {
    expect(parseCsv('a\n"b,c\nd')).toEqual({ ok: false, row: 2, message: "a quoted cell is not closed" });
    expect(parseCsv('a\nb\n"c"d')).toMatchObject({ ok: false, row: 3 });
  });
});

describe("zonesFromCsv", () => {
  it("reads back what it wrote: the same zones", () => {
    expect(zonesFromCsv(zonesToCsv(seeded))).toEqual({ ok: true, zones: seeded });
    expect(zonesFromCsv(`\uFEFF${zonesToCsv(seeded)}`)).toEqual({ ok: true, zones: seeded });
    // Names a spreadsheet would take for formulas, or that start with an apostrophe, survive the trip.
    const odd = ["-Outer ring", "=Zone", "'Quoted", "''Twice", "'=both", "@home", '"Mysuru", "Mandya"'].map(
      (name) => ({ ...seeded[0], name }) as ZoneValues,
    );
    expect(zonesFromCsv(zonesToCsv(odd))).toEqual({ ok: true, zones: odd });
  });

  it("takes the columns in any order, any case, YES/No, blank rows and a spreadsheet's empty columns", () => {
    const text = [
      "Delivers,NAME,pin_list,standard_days_min,standard_days_max,express_days_min,express_days_max,cash_on_delivery,",
      "YES,Chennai,600 601,2,3,,,No,",
      ",,,,,,,,",
      "",
      "no,Islands,744,5,7,,,no",
    ].join("\n");
    expect(zonesFromCsv(text)).toEqual({
      ok: true,
      zones: [
        {
          name: "Chennai",
          pinList: "600 601",
          delivers: true,
          standardDaysMin: 2,
          standardDaysMax: 3,
          expressDaysMin: null,
          expressDaysMax: null,
          cashOnDelivery: false,
        },
        { ...seeded[1], name: "Islands", pinList: "744" },
      ],
    });
  });

  it("lists every wrong row by its number, with the column and the form's message", () => {
    const text = [
      HEADER,
      "All of India,1 2 3 4 5 6 7 8 9,yes,5,7,2,3,yes",
      "Bad pins,560 56x,yes,5,7,,,yes",
      ",744,maybe,8,3,2,,no",
      "Too many,560,yes,5,7,,,yes,extra",
    ].join("\r\n");
    expect(zonesFromCsv(text)).toEqual({
      ok: false,
      problems: [
        `Row 3: pin_list: ${zoneMessages.pinTermBad("56x")}`,
        `Row 4: name: ${zoneMessages.nameRequired}; standard_days_max: ${zoneMessages.daysOrder("Standard delivery")}; express_days_max: ${zoneMessages.expressHalf}; delivers: ${zoneMessages.yesNo}`,
        "Row 5: more cells than the header has columns",
      ],
    });
  });

  it("refuses a file with a wrong header, no zones, or no zone that delivers", () => {
    const wrongHeader = zonesFromCsv("name,pins,delivers\nx,560,yes\n");
    expect(wrongHeader.ok === false && wrongHeader.problems).toEqual(
      expect.arrayContaining(["Row 1: unknown column “pins”", "Row 1: the column pin_list is missing"]),
    );
    expect(zonesFromCsv("")).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^The file is empty/)],
    });
    expect(zonesFromCsv(`${HEADER}\r\n`)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^The file has no zones/)],
    });
    expect(zonesFromCsv(`${HEADER}\r\nIslands,744,no,5,7,,,no\r\n`)).toEqual({
      ok: false,
      problems: [zoneMessages.noneServed],
    });
    expect(zonesFromCsv(`${HEADER}\r\n"broken,744,no`)).toEqual({
      ok: false,
      problems: ["Row 2: a quoted cell is not closed"],
    });
  });

  it("lists at most 20 problems, then counts the rest", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Zone ${i},abc,yes,5,7,,,yes`);
    const read = zonesFromCsv([HEADER, ...rows].join("\n"));
    if (read.ok) throw new Error("expected problems");
    expect(read.problems).toHaveLength(MAX_IMPORT_PROBLEMS);
    expect(read.problems[0]).toMatch(/^Row 2: pin_list:/);
    expect(read.problems.at(-1)).toBe("… and 11 more rows with problems.");
  });
});
