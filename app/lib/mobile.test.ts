import { describe, expect, it } from "vitest";
import { normaliseIndianMobile } from "./mobile";

describe("normaliseIndianMobile", () => {
  it.each([
    ["9845012345", "9845012345"],
    ["+91 98450 12345", "9845012345"],
    ["+919845012345", "9845012345"],
    ["+91-98450-12345", "9845012345"],
    ["91 98450 12345", "9845012345"],
    ["919845012345", "9845012345"],
    ["098450-12345", "9845012345"],
    ["09845012345", "9845012345"],
    ["  98450 12345  ", "9845012345"],
    ["98450\u00a012345", "9845012345"],
    ["6000000000", "6000000000"],
    ["7012345678", "7012345678"],
    ["8123456789", "8123456789"],
  ])("reads %j as %s", (typed, expected) => {
    expect(normaliseIndianMobile(typed)).toBe(expected);
  });

  it("keeps a 10-digit number that itself starts with 91", () => {
    expect(normaliseIndianMobile("9198765432")).toBe("9198765432");
    expect(normaliseIndianMobile("+91 91987 65432")).toBe("9198765432");
  });

  it.each([
    [""],
    ["   "],
    ["5845012345"], // mobiles start with 6-9
    ["0845012345"],
    ["984501234"], // nine digits
    ["98450123456"], // eleven digits, no prefix
    ["+92 98450 12345"], // another country
    ["+91 58450 12345"],
    ["+91"],
    ["0091 98450 12345"],
    ["98450.12345"],
    ["(98450) 12345"],
    ["9845O12345"], // letter O
    ["9.845012345e9"],
    ["+91 080 4125 6789"],
    ["９８４５０１２３４５"], // full-width digits
  ])("refuses %j", (typed) => {
    expect(normaliseIndianMobile(typed)).toBeUndefined();
  });
});
