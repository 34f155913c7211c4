import { describe, expect, it } from "vitest";
import { seedProducts } from "~/db/seed-data";
import { seedSpecs } from "~/db/seed-specs";
import type { SpecValues } from "~/features/catalogue";
import { specProblems } from "~/features/catalogue";

/** The attributes every product of a category must have for the store's main facets to find it. */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  Laptops: ["cpu", "ram_gb", "storage_kind", "storage_gb"],
  Desktops: ["cpu", "ram_gb", "storage_kind", "storage_gb"],
  CCTV: ["cctv_tech", "cctv_form"],
  Biometric: ["bio_methods"],
  Accessories: ["accessory_kind"],
};

/** A surveillance hard disk sold under CCTV: no camera or recorder attribute describes it. */
const NOT_A_CAMERA = new Set(["Seagate SkyHawk 2TB Surveillance Hard Drive for DVR / NVR (ST2000VX017)"]);

function specOf(title: string): SpecValues {
  const spec = seedSpecs[title];
  if (!spec) throw new Error(`No specification for "${title}"`);
  return spec;
}

const computers = seedProducts.filter((p) => p.category === "Laptops" || p.category === "Desktops");

describe("seedSpecs", () => {
  it("has an entry for every seed product and none for a title that is not one", () => {
    const titles = seedProducts.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(Object.keys(seedSpecs), title).toContain(title);
    for (const title of Object.keys(seedSpecs)) expect(titles, title).toContain(title);
  });

  it("holds only values the definitions accept for the product's category and type", () => {
    for (const product of seedProducts) {
      const problems = specProblems(product.category, product.productType, specOf(product.title));
      expect(problems, product.title).toEqual([]);
    }
  });

  it("gives every product the attributes its category's facets need", () => {
    for (const product of seedProducts) {
      if (NOT_A_CAMERA.has(product.title)) continue;
      const spec = specOf(product.title);
      for (const code of REQUIRED[product.category] ?? []) {
        expect(spec[code], `${product.title}: ${code}`).toBeDefined();
      }
    }
  });

  it("grades every refurbished product A, as the refurbished promise says", () => {
    for (const product of seedProducts.filter((p) => p.productType === "refurbished")) {
      expect(specOf(product.title).grade, product.title).toBe("a");
    }
  });
});

describe("seedSpecs agrees with the titles' words", () => {
  it("has the RAM a computer's title names", () => {
    // "16GB RAM", "16GB DDR5", "8GB Unified Memory" or "(16GB/512GB SSD/…)".
    const ram = /\b(\d+)\s?GB(?: RAM| Unified Memory| DDR\d)|\((\d+)GB\//;
    let checked = 0;
    for (const product of computers) {
      const match = ram.exec(product.title);
      if (!match) continue;
      checked += 1;
      expect(specOf(product.title).ram_gb, product.title).toBe(Number(match[1] ?? match[2]));
    }
    // The pattern must keep matching most titles, or this test would check nothing.
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("has the SSD size a computer's title names", () => {
    const ssd = /\b(\d+)GB SSD/;
    let checked = 0;
    for (const product of computers) {
      const match = ssd.exec(product.title);
      if (!match) continue;
      checked += 1;
      const spec = specOf(product.title);
      expect(spec.storage_kind, product.title).toBe("ssd");
      expect(spec.storage_gb, product.title).toBe(Number(match[1]));
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("has the screen size a computer's title gives in inches", () => {
    const inches = /\b(\d+(?:\.\d)?) inch\b/;
    let checked = 0;
    for (const product of computers) {
      const match = inches.exec(product.title);
      if (!match) continue;
      checked += 1;
      expect(specOf(product.title).screen_in, product.title).toBe(Number(match[1]));
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it("reads titles the patterns above do not", () => {
    expect(specOf('Apple MacBook Air 13" M3 16GB 256GB')).toMatchObject({
      cpu: "apple-m3",
      ram_gb: 16,
      storage_gb: 256,
    });
    expect(specOf("Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB")).toMatchObject({
      cpu: "apple-m1",
      ram_gb: 8,
      storage_gb: 256,
    });
    expect(
      specOf("HP ProDesk 400 G9 SFF Desktop PC, Core i5-12500, 8GB, 512GB SSD, Windows 11 Pro"),
    ).toMatchObject({ cpu: "core-i5", cpu_generation: 12, ram_gb: 8, os: "windows-11-pro" });
    expect(
      specOf(
        "Asus TUF Gaming F15 Intel Core i5-11400H 15.6 inch FHD 144Hz Gaming Laptop, RTX 3050 4GB, 16GB RAM, 512GB SSD, Graphite Black",
      ),
    ).toMatchObject({ cpu_generation: 11, graphics: "dedicated", gpu: "rtx-3050" });
    expect(specOf("CP Plus 2.4MP Full HD IR Dome Camera CP-USC-DA24PL2")).toMatchObject({
      cctv_form: "dome",
      megapixels: 2.4,
    });
    expect(specOf("Hikvision 8 Channel 4K NVR DS-7608NI-K1")).toMatchObject({
      cctv_form: "nvr",
      channels: 8,
    });
  });
});
