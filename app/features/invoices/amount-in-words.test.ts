import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words";

describe("amountInWords", () => {
  it("writes whole rupees", () => {
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(amountInWords(1_00)).toBe("Rupees One Only");
    expect(amountInWords(21_00)).toBe("Rupees Twenty One Only");
    expect(amountInWords(100_00)).toBe("Rupees One Hundred Only");
    expect(amountInWords(45_100_00)).toBe("Rupees Forty Five Thousand One Hundred Only");
  });

  it("counts in lakh and crore", () => {
    expect(amountInWords(1_00_000_00)).toBe("Rupees One Lakh Only");
    expect(amountInWords(12_34_567_00)).toBe(
      "Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Only",
    );
    expect(amountInWords(1_00_00_000_00)).toBe("Rupees One Crore Only");
    expect(amountInWords(1_23_45_678_50)).toBe(
      "Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Fifty Paise Only",
    );
    expect(amountInWords(99_99_99_999_99)).toBe(
      "Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only",
    );
  });

  it("goes on counting crores past 99 crore", () => {
    expect(amountInWords(100_00_00_000_00)).toBe("Rupees One Hundred Crore Only");
    expect(amountInWords(1_234_56_78_901_00)).toBe(
      "Rupees One Thousand Two Hundred Thirty Four Crore Fifty Six Lakh Seventy Eight Thousand Nine Hundred One Only",
    );
  });

  it("adds the paise, one paisa in the singular", () => {
    expect(amountInWords(1_50)).toBe("Rupees One and Fifty Paise Only");
    expect(amountInWords(1_01)).toBe("Rupees One and One Paisa Only");
    expect(amountInWords(29)).toBe("Rupees Zero and Twenty Nine Paise Only");
    expect(amountInWords(45_100_05)).toBe("Rupees Forty Five Thousand One Hundred and Five Paise Only");
  });

  it("refuses what is not an amount in paise", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});
