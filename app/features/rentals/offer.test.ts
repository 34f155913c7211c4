import { describe, expect, it } from "vitest";
import { closingCharge, monthsUsed } from "./offer";

describe("closing a rental early", () => {
  it("counts a month begun as used, and at least one", () => {
    expect(monthsUsed("2026-10-30", "2026-10-31")).toBe(1);
    expect(monthsUsed("2026-10-30", "2026-11-30")).toBe(1);
    expect(monthsUsed("2026-10-30", "2026-12-01")).toBe(2);
    expect(monthsUsed("2026-10-30", "2027-01-29")).toBe(3);
    expect(monthsUsed("2026-12-15", "2027-02-16")).toBe(3);
  });

  const plans = [
    { months: 1, monthlyRent: 2_799_00 },
    { months: 3, monthlyRent: 2_499_00 },
    { months: 12, monthlyRent: 1_899_00 },
  ];

  it("re-prices the months used at the plan they reach, for every unit", () => {
    const reprice = { earlyClosure: "reprice" as const, closureFeeMonths: 0, plans };
    // Booked 12 months at Rs. 1,899, kept 4: charged at the 3-month plan, Rs. 600 more a month, 2 units.
    expect(closingCharge(reprice, 1_899_00, 2, 4)).toBe(600_00 * 4 * 2);
    // Kept 2 months: only the 1-month plan is reached.
    expect(closingCharge(reprice, 1_899_00, 1, 2)).toBe(900_00 * 2);
    // Booked at the plan reached: nothing more.
    expect(closingCharge(reprice, 2_799_00, 1, 1)).toBe(0);
  });

  it("charges the fee's months of the booked rent", () => {
    expect(closingCharge({ earlyClosure: "fee", closureFeeMonths: 2, plans }, 1_899_00, 3, 5)).toBe(
      1_899_00 * 2 * 3,
    );
  });
});
