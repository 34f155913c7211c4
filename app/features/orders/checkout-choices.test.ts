import { describe, expect, it } from "vitest";
import { type CodFacts, codRefusal, MAX_COD_AWAITING, orderTotal } from "./checkout-choices";

const allowed: CodFacts = {
  enabled: true,
  zoneAllows: true,
  total: 20_000_00,
  ceiling: 50_000_00,
  awaiting: 0,
};

describe("cash on delivery", () => {
  it("is offered where the dealer allows it, the zone takes it and the order is within the ceiling", () => {
    expect(codRefusal(allowed)).toBeUndefined();
    // Exactly the ceiling is within it.
    expect(codRefusal({ ...allowed, total: 50_000_00 })).toBeUndefined();
  });

  it("says why it is not offered, the dealer's switch first", () => {
    expect(codRefusal({ ...allowed, enabled: false, zoneAllows: false })).toBe(
      "Cash on delivery is not available at the moment.",
    );
    expect(codRefusal({ ...allowed, zoneAllows: false })).toBe(
      "Cash on delivery does not reach this PIN code yet.",
    );
    expect(codRefusal({ ...allowed, total: 50_000_01 })).toBe(
      "Cash on delivery is available for orders up to Rs. 50,000.",
    );
  });

  it("waits for the PIN code before judging the zone (the server checks it when the order is placed)", () => {
    expect(codRefusal({ ...allowed, zoneAllows: undefined })).toBeUndefined();
    expect(codRefusal({ ...allowed, zoneAllows: undefined, total: 60_000_00 })).toMatch(/up to Rs. 50,000/);
  });

  it("allows no more than two cash orders awaiting the dealer's call", () => {
    expect(MAX_COD_AWAITING).toBe(2);
    expect(codRefusal({ ...allowed, awaiting: 2 })).toBeUndefined();
    expect(codRefusal({ ...allowed, awaiting: 3 })).toBe(
      "You have 3 cash-on-delivery orders waiting for our confirming call. Please pay online, or wait until we confirm them.",
    );
  });

  it("adds the shipping and the cash fee to the lines", () => {
    expect(orderTotal(45_000_00, 100_00, 0)).toBe(45_100_00);
    expect(orderTotal(45_000_00, 250_00, 50_00)).toBe(45_300_00);
  });
});
