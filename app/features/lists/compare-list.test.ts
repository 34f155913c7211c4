import { describe, expect, it } from "vitest";
import { addToCompare, parseCompareList, removeFromCompare, serialiseCompareList } from "./compare-list";

describe("compare list", () => {
  it("round-trips through the cookie and ignores junk", () => {
    expect(parseCompareList(serialiseCompareList([3, 9, 12]))).toEqual([3, 9, 12]);
    expect(parseCompareList("3.x.-1.3.0.7")).toEqual([3, 7]);
    expect(parseCompareList(undefined)).toEqual([]);
    expect(parseCompareList("1.2.3.4.5.6")).toEqual([3, 4, 5, 6]);
  });
  it("adds up to four products, once each", () => {
    expect(addToCompare([1], 2)).toEqual({ ids: [1, 2], outcome: "added" });
    expect(addToCompare([1, 2], 2)).toEqual({ ids: [1, 2], outcome: "already" });
    expect(addToCompare([1, 2, 3, 4], 5)).toEqual({ ids: [1, 2, 3, 4], outcome: "full" });
  });
  it("removes a product", () => {
    expect(removeFromCompare([1, 2, 3], 2)).toEqual({ ids: [1, 3], outcome: "removed" });
  });
});
