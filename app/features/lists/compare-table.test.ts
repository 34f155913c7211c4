import { describe, expect, it } from "vitest";
import { type ComparedProduct, compareTable, NO_VALUE, onlyDifferencesAsked } from "./compare-table";

const laptop = (overrides: Partial<ComparedProduct>): ComparedProduct => ({
  category: "Laptops",
  productType: "new",
  discountedPrice: 5_399_000,
  originalPrice: 6_899_000,
  brand: "Dell",
  totalRating: 4,
  quantity: 12,
  colours: [{ name: "Black" }, { name: "Silver" }],
  specs: {
    cpu: "core-i5",
    cpu_generation: 12,
    ram_gb: 8,
    storage_kind: "ssd",
    storage_gb: 512,
    screen_in: 15.6,
  },
  ...overrides,
});

const rows = (table: ReturnType<typeof compareTable>) =>
  table.sections.flatMap((section) => section.rows.map((row) => [row.label, row.values, row.differs]));

describe("the diff parameter", () => {
  it("is on only for diff=1; anything else is off", () => {
    for (const [query, on] of [
      ["diff=1", true],
      ["", false],
      ["diff=0", false],
      ["diff=yes", false],
      ["diff=", false],
      ["diff=1%00", false],
      ["diff=%E0%A4", false],
      ["DIFF=1", false],
    ] as const) {
      expect(onlyDifferencesAsked(new URLSearchParams(query)), query).toBe(on);
    }
  });
});

describe("the comparison table", () => {
  const hp = laptop({
    brand: "HP",
    discountedPrice: 6_249_000,
    colours: [{ name: "Silver" }, { name: "Black" }],
    specs: {
      cpu: "core-i5",
      cpu_generation: 12,
      ram_gb: 16,
      storage_kind: "ssd",
      storage_gb: 512,
      screen_in: 15.6,
    },
  });
  const dell = laptop({ specs: { ...laptop({}).specs, weight_kg: 1.65 } });

  it("gives the facts, then each specification group under its heading, and marks rows that differ", () => {
    const table = compareTable([hp, dell], false);
    expect(table.onlyDifferences).toBe(false);
    expect(table.canFilter).toBe(true);
    expect(table.sections.map((section) => section.heading)).toEqual([
      null,
      "Processor and memory",
      "Storage",
      "Display",
      "Software and build",
    ]);
    expect(rows(table)).toEqual([
      ["Price", ["Rs. 62,490", "Rs. 53,990"], true],
      ["MRP", ["Rs. 68,990", "Rs. 68,990"], false],
      ["Brand", ["HP", "Dell"], true],
      ["Type", ["New", "New"], false],
      ["Category", ["Laptops", "Laptops"], false],
      ["Rating", ["Rated 4 out of 5", "Rated 4 out of 5"], false],
      ["Availability", ["In Stock (12)", "In Stock (12)"], false],
      // The same colours in another order are no difference.
      ["Colours", ["Black, Silver", "Black, Silver"], false],
      ["Processor", ["Intel Core i5", "Intel Core i5"], false],
      ["Processor generation", ["12th gen", "12th gen"], false],
      ["RAM", ["16 GB", "8 GB"], true],
      ["Storage type", ["SSD", "SSD"], false],
      ["Storage", ["512 GB", "512 GB"], false],
      ["Screen size", ["15.6 inch", "15.6 inch"], false],
      ["Weight", [NO_VALUE, "1.65 kg"], true],
    ]);
  });

  it("with only differences, keeps the rows that differ and drops groups left empty", () => {
    const table = compareTable([hp, dell], true);
    expect(table.onlyDifferences).toBe(true);
    expect(table.sections.map((section) => section.heading)).toEqual([
      null,
      "Processor and memory",
      "Software and build",
    ]);
    expect(rows(table).map(([label]) => label)).toEqual(["Price", "Brand", "RAM", "Weight"]);
  });

  it("has nothing left when the products are the same in every row", () => {
    expect(compareTable([dell, { ...dell }], true).sections).toEqual([]);
  });

  it("does not filter one product, which has nothing to differ from", () => {
    const table = compareTable([hp], true);
    expect(table).toMatchObject({ onlyDifferences: false, canFilter: false });
    expect(rows(table).every(([, , differs]) => differs === false)).toBe(true);
    expect(rows(table).map(([label]) => label)).toContain("RAM");
  });

  it("compares products of different categories on what they have, a dash where one has none", () => {
    const camera = laptop({ category: "CCTV", specs: { megapixels: 4, cctv_form: "dome" } });
    const table = compareTable([hp, camera], true);
    const ram = table.sections.flatMap((section) => section.rows).find((row) => row.key === "ram_gb");
    expect(ram).toMatchObject({ values: ["16 GB", NO_VALUE], differs: true });
    expect(table.sections.map((section) => section.heading)).toContain("Camera");
  });
});
