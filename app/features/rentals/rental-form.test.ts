import { describe, expect, it } from "vitest";
import { rentalMessages } from "./messages";
import { earlyClosureText, lowestRent, savingPercent, upFront } from "./offer";
import { readRentalForm, rentalFormDefaults } from "./rental-form";

const form = (rental: Record<string, string>) => ({ rental });

describe("the product form's rental offer", () => {
  it("reads the rents typed, the shortest tenure as the minimum, and the deposit in paise", () => {
    const { offer, problems } = readRentalForm(
      form({ rent3: "2,499", rent12: "1899", rent1: "", deposit: "10000", earlyClosure: "reprice" }),
    );
    expect(problems).toEqual([]);
    expect(offer).toEqual({
      deposit: 10_000_00,
      minimumMonths: 3,
      earlyClosure: "reprice",
      closureFeeMonths: 0,
      plans: [
        { months: 3, monthlyRent: 2_499_00 },
        { months: 12, monthlyRent: 1_899_00 },
      ],
    });
    expect(rentalFormDefaults(offer)).toMatchObject({ rent3: "2499", rent12: "1899", deposit: "10000" });
  });

  it("puts each problem on its field: no rent at all, a rent that is not money, a longer tenure dearer", () => {
    expect(readRentalForm(form({ deposit: "100" })).problems).toEqual([
      { field: "rent1", message: rentalMessages.plansRequired },
    ]);
    expect(readRentalForm(form({ rent1: "abc", rent3: "-5" })).problems).toEqual([
      { field: "rent1", message: rentalMessages.rentInvalid(1) },
      { field: "rent3", message: rentalMessages.rentInvalid(3) },
    ]);
    expect(readRentalForm(form({ rent1: "1000", rent6: "1200" })).problems).toEqual([
      { field: "rent6", message: rentalMessages.rentNotLower(6, 1) },
    ]);
    expect(readRentalForm(form({ rent1: "1000", deposit: "ten" })).problems).toEqual([
      { field: "deposit", message: rentalMessages.depositInvalid },
    ]);
  });

  it("takes a fee rule with its months, and refuses a rule it does not know or a fee out of range", () => {
    expect(
      readRentalForm(form({ rent1: "1000", earlyClosure: "fee", closureFeeMonths: "2" })).offer,
    ).toMatchObject({
      earlyClosure: "fee",
      closureFeeMonths: 2,
    });
    expect(readRentalForm(form({ rent1: "1000", earlyClosure: "free" })).problems).toEqual([
      { field: "earlyClosure", message: rentalMessages.closureInvalid },
    ]);
    expect(
      readRentalForm(form({ rent1: "1000", earlyClosure: "fee", closureFeeMonths: "9" })).problems,
    ).toEqual([{ field: "closureFeeMonths", message: rentalMessages.closureFeeInvalid }]);
  });

  it("ignores a form without rental fields or with fields of another shape, as having no rent", () => {
    expect(readRentalForm({}).problems).toEqual([{ field: "rent1", message: rentalMessages.plansRequired }]);
    expect(readRentalForm({ rental: "x" }).offer).toBeUndefined();
    expect(readRentalForm(form({ rent1: ["1", "2"] as unknown as string })).problems[0]?.field).toBe("rent1");
  });
});

describe("an offer's figures", () => {
  const offer = {
    deposit: 10_000_00,
    minimumMonths: 1,
    earlyClosure: "reprice" as const,
    closureFeeMonths: 0,
    plans: [
      { months: 1, monthlyRent: 2_799_00 },
      { months: 12, monthlyRent: 1_899_00 },
    ],
  };

  it("gives the lowest rent, the saving on a longer plan, and what two units cost up front", () => {
    expect(lowestRent(offer)).toBe(1_899_00);
    expect(savingPercent(offer, { months: 12, monthlyRent: 1_899_00 })).toBe(32);
    expect(savingPercent(offer, { months: 1, monthlyRent: 2_799_00 })).toBe(0);
    expect(upFront(offer, { months: 12, monthlyRent: 1_899_00 }, 2)).toEqual({
      firstMonth: 3_798_00,
      deposit: 20_000_00,
      total: 23_798_00,
    });
  });

  it("words the early-closure rule from its data", () => {
    expect(earlyClosureText(offer)).toBe(rentalMessages.closureReprice);
    expect(earlyClosureText({ earlyClosure: "fee", closureFeeMonths: 1 })).toMatch(/one month's rent/);
    expect(earlyClosureText({ earlyClosure: "fee", closureFeeMonths: 2 })).toMatch(/2 months' rent/);
  });
});
