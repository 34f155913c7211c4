import { describe, expect, it } from "vitest";
import { STORE_KEYS } from "../store-filters";
import { SPEC_CATEGORIES, SPEC_GROUPS, SPEC_UNITS, specsOfCategory } from "./definitions";

const categories = Object.entries(SPEC_CATEGORIES);

describe("the specification definitions", () => {
  it("give every category attributes with codes of their own and facet keys no store filter uses", () => {
    for (const [category, specs] of categories) {
      const codes = specs.map((spec) => spec.code);
      expect(new Set(codes).size, category).toBe(codes.length);
      for (const code of codes) expect(code, category).toMatch(/^[a-z][a-z0-9_]*$/);
      const facets = specs.flatMap((spec) => (spec.facet ? [spec.facet] : []));
      expect(new Set(facets).size, category).toBe(facets.length);
      for (const facet of facets) {
        expect(facet, category).toMatch(/^[a-z]+$/);
        expect(STORE_KEYS as readonly string[], `${category}: ${facet}`).not.toContain(facet);
      }
    }
  });

  it("keep one meaning per attribute code across categories", () => {
    const byCode = new Map<string, string>();
    for (const [, specs] of categories) {
      for (const spec of specs) {
        const shape = JSON.stringify(spec);
        expect(byCode.get(spec.code) ?? shape, spec.code).toBe(shape);
        byCode.set(spec.code, shape);
      }
    }
  });

  it("give choices option codes that a URL and the database keep as they are, once each", () => {
    for (const [category, specs] of categories) {
      for (const spec of specs) {
        expect(SPEC_GROUPS, spec.code).toContain(spec.group);
        if (spec.kind === "number") continue;
        const codes = spec.options.map((option) => option.code);
        expect(codes.length, `${category}: ${spec.code}`).toBeGreaterThan(1);
        expect(new Set(codes).size, `${category}: ${spec.code}`).toBe(codes.length);
        for (const code of codes) expect(code, spec.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
  });

  it("give numbers a unit, a range and, as facets, buckets in order that stay inside it and never overlap", () => {
    for (const [, specs] of categories) {
      for (const spec of specs) {
        if (spec.kind !== "number") continue;
        expect(SPEC_UNITS[spec.unit], spec.code).toBeDefined();
        expect(spec.min, spec.code).toBeLessThan(spec.max);
        expect(spec.step, spec.code).toBeGreaterThan(0);
        if (spec.facet) expect(spec.buckets?.length, `${spec.code} is a facet`).toBeGreaterThan(1);
        let floor = spec.min - 1;
        for (const bucket of spec.buckets ?? []) {
          const [low, high] = [bucket.min ?? spec.min, bucket.max ?? spec.max];
          expect(low, `${spec.code} ${bucket.code}`).toBeGreaterThan(floor);
          expect(high, `${spec.code} ${bucket.code}`).toBeGreaterThanOrEqual(low);
          expect(high, `${spec.code} ${bucket.code}`).toBeLessThanOrEqual(spec.max);
          expect(bucket.code, spec.code).toMatch(/^(\d+(\.\d+)?)?-?(\d+(\.\d+)?)?$/);
          floor = high;
        }
      }
    }
  });

  it("read the earlier shop's Laptop as Laptops, and give other categories none", () => {
    expect(specsOfCategory("Laptop")).toBe(specsOfCategory("Laptops"));
    expect(
      specsOfCategory("Laptops")
        .map((spec) => spec.facet)
        .filter(Boolean),
    ).toEqual(expect.arrayContaining(["cpu", "ram", "storage", "screen"]));
    expect(specsOfCategory("CCTV").map((spec) => spec.code)).toEqual(
      expect.arrayContaining([
        "cctv_tech",
        "cctv_form",
        "megapixels",
        "channels",
        "ir_range_m",
        "placement",
        "audio",
      ]),
    );
    expect(specsOfCategory("Watch")).toEqual([]);
    expect(specsOfCategory("Laptops").find((spec) => spec.code === "grade")?.onlyForType).toBe("refurbished");
  });
});
