import { describe, expect, it } from "vitest";
import { readSpecForm, specFormDefaults, specFormsOf, specsToStore } from "./form-values";
import { specFieldGroups, specFieldsOf } from "./spec-form";
import { sameSpecs, specChanges, specSummary } from "./spec-text";

const laptop = { category: "Laptops", productType: "new" };

describe("the product form's specification fields", () => {
  it("are the category's and type's, in their groups; none for a category without a specification", () => {
    const forms = specFormsOf();
    const codes = (category: string, type: string) =>
      specFieldsOf(forms, category, type).map((field) => field.code);
    expect(codes("Laptops", "new")).toContain("ram_gb");
    expect(codes("Laptops", "new")).not.toContain("grade");
    expect(codes("Laptops", "refurbished")).toContain("grade");
    // The earlier shop's "Laptop", and a category typed with spaces around it, are Laptops.
    expect(codes("Laptop", "new")).toEqual(codes("Laptops", "new"));
    expect(codes(" Desktops ", "new")).toEqual(codes("Laptops", "new"));
    expect(codes("Biometric", "new")).toEqual([
      "bio_methods",
      "user_capacity",
      "bio_connectivity",
      "bio_use",
    ]);
    expect(codes("Mugs", "new")).toEqual([]);
    expect(codes("toString", "new")).toEqual([]);

    const groups = specFieldGroups(forms, specFieldsOf(forms, "CCTV", "new"));
    expect(groups.map((group) => group.group)).toEqual(["Camera", "Recording"]);
    const ram = specFieldsOf(forms, "Laptops", "new").find((field) => field.code === "ram_gb");
    expect(ram).toMatchObject({ kind: "number", unit: "GB", min: 1, max: 256, step: 1 });
    const generation = specFieldsOf(forms, "Laptops", "new").find((field) => field.code === "cpu_generation");
    expect(generation).toMatchObject({ unit: "" });
  });

  it("show a stored specification as the fields hold it", () => {
    expect(specFormDefaults({ ram_gb: 16, screen_in: 15.6, cpu: "core-i5", bio_methods: ["face"] })).toEqual({
      ram_gb: "16",
      screen_in: "15.6",
      cpu: "core-i5",
      bio_methods: ["face"],
    });
  });
});

describe("reading the specification from the form", () => {
  it("reads only the fields the form showed; an empty one is not stated", () => {
    const reading = readSpecForm({
      ...laptop,
      specFields: "ram_gb storage_gb cpu",
      spec: { ram_gb: "32", storage_gb: "", cpu: "ryzen-5", gpu: "rtx-4060", megapixels: "4" },
    });
    expect(reading.values).toEqual({ ram_gb: 32, cpu: "ryzen-5" });
    expect(reading.shown).toEqual(["cpu", "ram_gb", "storage_gb"]);
    expect(reading.unshown).toContain("gpu");
    expect(reading.problems).toEqual([]);
  });

  it("names each wrong value's problem with the field's label", () => {
    const reading = readSpecForm({
      ...laptop,
      specFields: "ram_gb screen_in weight_kg cpu storage_gb",
      spec: {
        ram_gb: "999",
        screen_in: "15.65",
        weight_kg: "1e1",
        cpu: ["core-i5", "core-i7"],
        storage_gb: "-5",
      },
    });
    expect(reading.problems).toEqual([
      { code: "cpu", message: "Choose a processor." },
      { code: "ram_gb", message: "RAM must be from 1 to 256 GB." },
      { code: "storage_gb", message: "Storage must be a number." },
      { code: "screen_in", message: "Screen size must be a multiple of 0.1 inch." },
      { code: "weight_kg", message: "Weight must be a number." },
    ]);
    expect(reading.values).toEqual({});
  });

  it("takes several options once each; none ticked is not stated", () => {
    const reader = { category: "Biometric", productType: "new", specFields: "bio_methods bio_connectivity" };
    expect(readSpecForm({ ...reader, spec: { bio_methods: ["face", "face", "card"] } }).values).toEqual({
      bio_methods: ["face", "card"],
    });
    expect(readSpecForm({ ...reader, spec: { bio_methods: "palm" } }).values).toEqual({
      bio_methods: ["palm"],
    });
    expect(
      readSpecForm({ ...reader, spec: { bio_methods: ["", "pin"], bio_connectivity: [""] } }).values,
    ).toEqual({ bio_methods: ["pin"] });
  });

  it("shows nothing and reads nothing for a form without the specification's fields", () => {
    for (const form of [
      { ...laptop },
      { ...laptop, spec: "16", specFields: ["ram_gb"] },
      { category: ["Laptops"], productType: "new", specFields: "ram_gb", spec: { ram_gb: "16" } },
    ]) {
      const reading = readSpecForm(form);
      expect(reading.values).toEqual({});
      expect(reading.shown).toEqual([]);
      expect(reading.problems).toEqual([]);
    }
  });
});

describe("the specification a save stores", () => {
  const stored = { ram_gb: 8, cpu: "core-i5", grade: "b" };

  it("takes the shown fields from the form and keeps the stored values of the others", () => {
    const form = { values: { ram_gb: 16 }, shown: ["ram_gb", "cpu"] };
    // The processor was shown and left empty: no longer stated. The grade was not shown: kept.
    expect(specsToStore("Laptops", "refurbished", stored, form)).toEqual({ ram_gb: 16, grade: "b" });
    expect(specsToStore("Laptops", "refurbished", stored, undefined)).toEqual(stored);
  });

  it("drops what no longer applies when the category or type changes", () => {
    expect(specsToStore("Laptops", "new", stored, undefined)).toEqual({ ram_gb: 8, cpu: "core-i5" });
    expect(specsToStore("Desktops", "refurbished", stored, undefined)).toEqual(stored);
    expect(specsToStore("CCTV", "new", stored, { values: { ram_gb: 16 }, shown: ["ram_gb"] })).toEqual({});
  });
});

describe("a specification in the audit trail", () => {
  it("says what changed, as people read it, by label", () => {
    const before = { ram_gb: 8, cpu: "core-i5", storage_gb: 512, cpu_generation: 12 };
    const after = { ram_gb: 16, cpu: "core-i5", os: "windows-11-pro", cpu_generation: 13 };
    expect(specChanges({ before: "Laptops", after: "Laptops" }, before, after)).toEqual({
      "Processor generation": { before: "12th gen", after: "13th gen" },
      RAM: { before: "8 GB", after: "16 GB" },
      Storage: { before: "512 GB", after: null },
      "Operating system": { before: null, after: "Windows 11 Pro" },
    });
  });

  it("tells apart two categories' attributes of one label", () => {
    const changes = specChanges(
      { before: "CCTV", after: "Laptops" },
      { megapixels: 4, cctv_form: "dome" },
      { resolution: "fhd" },
    );
    expect(changes).toEqual({
      Resolution: { before: null, after: "Full HD (1920 × 1080)" },
      Form: { before: "Dome", after: null },
      "Resolution (megapixels)": { before: "4 MP", after: null },
    });
  });

  it("sums up a new product's specification, and compares lists whatever their order", () => {
    expect(specSummary("Biometric", { bio_methods: ["fingerprint", "face"], user_capacity: 3000 })).toEqual({
      "Identifies by": "Fingerprint, Face",
      "User capacity": "3,000 users",
    });
    expect(sameSpecs({ bio_methods: ["face", "card"] }, { bio_methods: ["card", "face"] })).toBe(true);
    expect(sameSpecs({ ram_gb: 8 }, { ram_gb: 8, cpu: "core-i5" })).toBe(false);
  });
});
