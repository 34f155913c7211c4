import { describe, expect, it } from "vitest";
import { specsOfCategory } from "./definitions";
import {
  compareSpecTable,
  formatSpecNumber,
  formatSpecValue,
  ordinal,
  specProperties,
  specTable,
} from "./format";

const spec = (code: string) => {
  const found = [
    ...specsOfCategory("Laptops"),
    ...specsOfCategory("Biometric"),
    ...specsOfCategory("CCTV"),
  ].find((candidate) => candidate.code === code);
  if (!found) throw new Error(`no attribute ${code}`);
  return found;
};

const PAVILION = {
  cpu: "core-i5",
  cpu_generation: 12,
  ram_gb: 16,
  ram_type: "ddr4",
  storage_kind: "ssd",
  storage_gb: 512,
  screen_in: 15.6,
  resolution: "fhd",
  os: "windows-11-home",
  weight_kg: 1.75,
  warranty_months: 12,
};

describe("ordinals", () => {
  it("say 1st, 2nd, 3rd, then th, with 11th to 13th in every hundred", () => {
    const cases: [number, string][] = [
      [1, "1st"],
      [2, "2nd"],
      [3, "3rd"],
      [4, "4th"],
      [10, "10th"],
      [11, "11th"],
      [12, "12th"],
      [13, "13th"],
      [14, "14th"],
      [21, "21st"],
      [22, "22nd"],
      [23, "23rd"],
      [101, "101st"],
      [111, "111th"],
      [112, "112th"],
    ];
    for (const [n, text] of cases) expect(ordinal(n)).toBe(text);
  });
});

describe("specification values", () => {
  it("write numbers with their unit, Indian grouping, and one of a counted unit as singular", () => {
    expect(formatSpecValue(spec("ram_gb"), 16)).toBe("16 GB");
    expect(formatSpecValue(spec("screen_in"), 15.6)).toBe("15.6 inch");
    expect(formatSpecValue(spec("weight_kg"), 1.75)).toBe("1.75 kg");
    expect(formatSpecValue(spec("weight_kg"), 1.7)).toBe("1.7 kg");
    expect(formatSpecValue(spec("warranty_months"), 12)).toBe("12 months");
    expect(formatSpecValue(spec("warranty_months"), 1)).toBe("1 month");
    expect(formatSpecValue(spec("megapixels"), 2.4)).toBe("2.4 MP");
    expect(formatSpecValue(spec("ir_range_m"), 30)).toBe("30 m");
    expect(formatSpecValue(spec("channels"), 8)).toBe("8 channels");
    expect(formatSpecValue(spec("user_capacity"), 100_000)).toBe("1,00,000 users");
    expect(formatSpecNumber("GB", 1024)).toBe("1,024 GB");
  });

  it("write a processor generation as an ordinal", () => {
    expect(formatSpecValue(spec("cpu_generation"), 12)).toBe("12th gen");
    expect(formatSpecValue(spec("cpu_generation"), 1)).toBe("1st gen");
    expect(formatSpecValue(spec("cpu_generation"), 2)).toBe("2nd gen");
    expect(formatSpecValue(spec("cpu_generation"), 3)).toBe("3rd gen");
    expect(formatSpecValue(spec("cpu_generation"), 11)).toBe("11th gen");
    expect(formatSpecValue(spec("cpu_generation"), 13)).toBe("13th gen");
  });

  it("write options by their labels, several joined in the definitions' order", () => {
    expect(formatSpecValue(spec("cpu"), "core-i5")).toBe("Intel Core i5");
    expect(formatSpecValue(spec("storage_kind"), "ssd")).toBe("SSD");
    expect(formatSpecValue(spec("bio_methods"), ["face"])).toBe("Face");
    // The database gives a list's options in code order; the shopper reads them as the definitions list them.
    expect(formatSpecValue(spec("bio_methods"), ["card", "face", "fingerprint"])).toBe(
      "Fingerprint, Face, RFID card",
    );
  });
});

describe("the product page's table", () => {
  it("groups a laptop's values in the groups' order, each row under its label", () => {
    expect(specTable("Laptops", "new", PAVILION)).toEqual([
      {
        group: "Processor and memory",
        rows: [
          { code: "cpu", label: "Processor", value: "Intel Core i5" },
          { code: "cpu_generation", label: "Processor generation", value: "12th gen" },
          { code: "ram_gb", label: "RAM", value: "16 GB" },
          { code: "ram_type", label: "RAM type", value: "DDR4" },
        ],
      },
      {
        group: "Storage",
        rows: [
          { code: "storage_kind", label: "Storage type", value: "SSD" },
          { code: "storage_gb", label: "Storage", value: "512 GB" },
        ],
      },
      {
        group: "Display",
        rows: [
          { code: "screen_in", label: "Screen size", value: "15.6 inch" },
          { code: "resolution", label: "Resolution", value: "Full HD (1920 × 1080)" },
        ],
      },
      {
        group: "Software and build",
        rows: [
          { code: "os", label: "Operating system", value: "Windows 11 Home" },
          { code: "weight_kg", label: "Weight", value: "1.75 kg" },
          { code: "warranty_months", label: "Warranty", value: "12 months" },
        ],
      },
    ]);
  });

  it("is empty for a product with no specification or a category without definitions", () => {
    expect(specTable("Laptops", "new", {})).toEqual([]);
    expect(specTable("Watch", "new", { ram_gb: 16 })).toEqual([]);
  });

  it("shows a refurbished grade only on a refurbished product, and reads the old shop's Laptop as Laptops", () => {
    const values = { ram_gb: 8, grade: "a" };
    expect(specTable("Laptops", "refurbished", values).map((group) => group.group)).toEqual([
      "Processor and memory",
      "Condition",
    ]);
    expect(specTable("Laptops", "new", values).map((group) => group.group)).toEqual(["Processor and memory"]);
    expect(specTable("Laptop", "new", values)[0]?.rows).toEqual([
      { code: "ram_gb", label: "RAM", value: "8 GB" },
    ]);
  });
});

describe("compare's rows", () => {
  it("list every attribute one product has, in the definitions' order, with null where another has none", () => {
    const table = compareSpecTable([
      { category: "Laptops", productType: "new", specs: { cpu: "core-i5", ram_gb: 16, screen_in: 15.6 } },
      { category: "Desktops", productType: "new", specs: { ram_gb: 8, storage_gb: 1000, cpu: "ryzen-5" } },
    ]);
    expect(table).toEqual([
      {
        group: "Processor and memory",
        rows: [
          { code: "cpu", label: "Processor", values: ["Intel Core i5", "AMD Ryzen 5"] },
          { code: "ram_gb", label: "RAM", values: ["16 GB", "8 GB"] },
        ],
      },
      { group: "Storage", rows: [{ code: "storage_gb", label: "Storage", values: [null, "1,000 GB"] }] },
      { group: "Display", rows: [{ code: "screen_in", label: "Screen size", values: ["15.6 inch", null] }] },
    ]);
  });

  it("compare products of different categories on what each has", () => {
    const table = compareSpecTable([
      { category: "Laptops", productType: "new", specs: { ram_gb: 8 } },
      { category: "CCTV", productType: "new", specs: { megapixels: 4, cctv_form: "dome" } },
      { category: "Watch", productType: "new", specs: {} },
    ]);
    expect(table.map((group) => group.group)).toEqual(["Processor and memory", "Camera"]);
    expect(table[1]?.rows).toEqual([
      { code: "cctv_form", label: "Form", values: [null, "Dome", null] },
      { code: "megapixels", label: "Resolution", values: [null, "4 MP", null] },
    ]);
    expect(compareSpecTable([])).toEqual([]);
  });
});

describe("JSON-LD properties", () => {
  it("give numbers as numbers with a UN/CEFACT code or their unit's text, and options as labels", () => {
    const properties = specProperties("Laptops", "new", {
      cpu: "core-i5",
      cpu_generation: 12,
      ram_gb: 16,
      screen_in: 15.6,
      weight_kg: 1.75,
      warranty_months: 12,
    });
    expect(properties).toEqual([
      { "@type": "PropertyValue", name: "Processor", value: "Intel Core i5" },
      { "@type": "PropertyValue", name: "Processor generation", value: 12 },
      { "@type": "PropertyValue", name: "RAM", value: 16, unitCode: "E34" },
      { "@type": "PropertyValue", name: "Screen size", value: 15.6, unitCode: "INH" },
      { "@type": "PropertyValue", name: "Weight", value: 1.75, unitCode: "KGM" },
      { "@type": "PropertyValue", name: "Warranty", value: 12, unitCode: "MON" },
    ]);
    expect(specProperties("CCTV", "new", { megapixels: 4, channels: 8, ir_range_m: 30 })).toEqual([
      { "@type": "PropertyValue", name: "Resolution", value: 4, unitText: "MP" },
      { "@type": "PropertyValue", name: "Night vision (IR) range", value: 30, unitCode: "MTR" },
      { "@type": "PropertyValue", name: "Channels", value: 8, unitText: "channels" },
    ]);
    expect(specProperties("Biometric", "new", { bio_methods: ["face", "fingerprint"] })).toEqual([
      { "@type": "PropertyValue", name: "Identifies by", value: "Fingerprint, Face" },
    ]);
  });
});
