import { describe, expect, it } from "vitest";
import { applyFacets, facetIndexOf } from "./facet-index.server";

/** Laptops 1–5 as product_specs rows: processor and RAM (5 has no RAM written). */
const laptops = [
  [1, "core-i5", 16],
  [2, "core-i5", 8],
  [3, "ryzen-5", 16],
  [4, "core-i7", 16],
  [5, "core-i5", null],
] as const;
const rows = laptops.flatMap(([productId, cpu, ram]) => [
  { productId, attribute: "cpu", option: cpu, number: null },
  ...(ram === null ? [] : [{ productId, attribute: "ram_gb", option: null, number: ram }]),
]);
const index = facetIndexOf(rows);
const all = [1, 2, 3, 4, 5];

describe("the facets counted in memory", () => {
  it("count every value over the products when nothing is chosen, and match them all", () => {
    const { matching, counts } = applyFacets(index, all, {});
    expect(matching).toEqual(all);
    expect(counts.cpu).toEqual({ "core-i5": 3, "core-i7": 1, "ryzen-5": 1 });
    expect(counts.ram).toEqual({ "8": 1, "16": 3 });
  });

  it("count disjunctively: a value applies every chosen facet but its own", () => {
    const { matching, counts, held } = applyFacets(index, all, { ram: ["16"] });
    expect(matching).toEqual([1, 3, 4]);
    // RAM's own values ignore the RAM choice: 8 GB keeps its count.
    expect(counts.ram).toEqual({ "8": 1, "16": 3 });
    // Processors count among the 16 GB machines only; 5 has no RAM written, so it matches no RAM choice.
    expect(counts.cpu).toEqual({ "core-i5": 1, "core-i7": 1, "ryzen-5": 1 });
    expect(held.cpu?.sort()).toEqual(["core-i5", "core-i7", "ryzen-5"]);
  });

  it("read values of one facet as OR and facets as AND, keeping the order of the ids given", () => {
    expect(applyFacets(index, [4, 3, 2, 1], { cpu: ["core-i5", "ryzen-5"] }).matching).toEqual([3, 2, 1]);
    const both = applyFacets(index, all, { cpu: ["core-i5"], ram: ["16"] });
    expect(both.matching).toEqual([1]);
    expect(both.counts.cpu).toEqual({ "core-i5": 1, "core-i7": 1, "ryzen-5": 1 });
    expect(both.counts.ram).toEqual({ "8": 1, "16": 1 });
  });

  it("count only the products given, and bucket numbers as their facet does", () => {
    const buckets = facetIndexOf([{ productId: 7, attribute: "ram_gb", option: null, number: 64 }]);
    expect(applyFacets(buckets, [7], { ram: ["32-"] }).matching).toEqual([7]);
    expect(applyFacets(index, [2, 9999], {}).counts).toEqual({ cpu: { "core-i5": 1 }, ram: { "8": 1 } });
  });

  it("count the product type like a facet: its counts ignore the type chosen, and it narrows the others'", () => {
    // Laptops 1–5 again, with their types: 2 and 4 refurbished, the rest new.
    const typed = facetIndexOf(
      [
        ...rows,
        ...[1, 2, 3, 4, 5].map((productId) => ({
          productId,
          attribute: "product_type",
          option: productId === 2 || productId === 4 ? "refurbished" : "new",
          number: null,
        })),
      ].sort((a, b) => a.productId - b.productId),
    );
    const refurbished = applyFacets(typed, all, { type: ["refurbished"] });
    expect(refurbished.matching).toEqual([2, 4]);
    // Choosing refurbished still counts the new ones, and the processors count among the refurbished only.
    expect(refurbished.counts.type).toEqual({ new: 3, refurbished: 2 });
    expect(refurbished.counts.cpu).toEqual({ "core-i5": 1, "core-i7": 1 });
    expect(refurbished.held.type?.sort()).toEqual(["new", "refurbished"]);

    // A facet chosen as well narrows the types' counts: of the 16 GB machines, 1 and 3 are new, 4 refurbished.
    const sixteen = applyFacets(typed, all, { type: ["refurbished"], ram: ["16"] });
    expect(sixteen.matching).toEqual([4]);
    expect(sixteen.counts.type).toEqual({ new: 2, refurbished: 1 });
    expect(sixteen.counts.ram).toEqual({ "8": 1, "16": 1 });
    // Both types chosen: either.
    expect(applyFacets(typed, all, { type: ["new", "refurbished"] }).matching).toEqual(all);
  });
});
