import { describe, expect, it } from "vitest";
import { facetKeyClashes, facetsInView, shownFacets, shownTypes, toggleSpecValue } from "./facets";

describe("the store's specification facets", () => {
  it("mean one attribute per URL key in every category, so a URL without a category is read one way", () => {
    expect(facetKeyClashes()).toEqual([]);
  });

  it("show a category's facets, a chosen facet's category's without one, and none for the whole store", () => {
    expect(facetsInView("Laptops", {}).map((facet) => facet.key)).toEqual([
      "cpu",
      "ram",
      "disk",
      "storage",
      "screen",
      "graphics",
      "os",
      "grade",
    ]);
    expect(facetsInView(undefined, { mp: ["4"] }).map((facet) => facet.key)).toContain("form");
    expect(facetsInView(undefined, {})).toEqual([]);
    expect(facetsInView("Watches", {})).toEqual([]);
  });

  it("toggle one value and drop an emptied facet", () => {
    expect(toggleSpecValue({ ram: ["16"] }, "ram", "8")).toEqual({ ram: ["16", "8"] });
    expect(toggleSpecValue({ ram: ["16"], cpu: ["core-i5"] }, "ram", "16")).toEqual({ cpu: ["core-i5"] });
  });

  it("keep chosen values shown, show held values with their counts (0 disabled), and hide the rest", () => {
    const [ram] = shownFacets(
      facetsInView("Laptops", {}).filter((facet) => facet.key === "ram"),
      { ram: ["32-"] },
      { ram: { "8": 5, "16": 0 } },
      { ram: ["8", "16"] },
    );
    expect(ram?.values).toEqual([
      { code: "8", label: "8 GB", count: 5, selected: false },
      { code: "16", label: "16 GB", count: 0, selected: false },
      { code: "32-", label: "32 GB and more", count: 0, selected: true },
    ]);
  });

  it("show the product types as a facet: chosen always, held with their counts (0 disabled), the rest hidden", () => {
    // New chosen and held; refurbished held but left with nothing by the other filters; no rentals in view.
    expect(shownTypes(["new"], { new: 4 }, ["new", "refurbished"])).toEqual([
      { code: "new", count: 4 },
      { code: "refurbished", count: 0 },
    ]);
    // Rental chosen though no product in view is one: it shows, with 0, so it can be taken off.
    expect(shownTypes(["rental"], { new: 2 }, ["new"])).toEqual([
      { code: "new", count: 2 },
      { code: "rental", count: 0 },
    ]);
    expect(shownTypes([], {}, [])).toEqual([]);
  });
});
