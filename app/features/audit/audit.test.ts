import { describe, expect, it } from "vitest";
import { describeAuditDetails, isAuditArea } from "./audit";

describe("the audit trail's details", () => {
  it("shows before/after pairs with an arrow", () => {
    expect(
      describeAuditDetails({ price: { before: 4500000, after: 4200000 }, stock: { before: 3, after: 0 } }),
    ).toEqual(["price: 4500000 → 4200000", "stock: 3 → 0"]);
  });

  it("shows lists, plain values, empty values and nested objects", () => {
    expect(
      describeAuditDetails({
        changed: ["title", "brand"],
        email: "a@b.in",
        note: null,
        to: { status: "Shipped" },
      }),
    ).toEqual(["changed: title, brand", "email: a@b.in", "note: —", "to: status Shipped"]);
  });

  it("knows its areas and nothing else", () => {
    expect(isAuditArea("product")).toBe(true);
    expect(isAuditArea("toString")).toBe(false);
    expect(isAuditArea("product.%")).toBe(false);
    expect(isAuditArea(null)).toBe(false);
  });
});
