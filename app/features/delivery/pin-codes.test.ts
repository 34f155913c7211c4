import { describe, expect, it } from "vitest";
import { normalisePinCode, parsePinList, type ZoneClaims, zoneForPin } from "./pin-codes";

function zones(...lists: [string, string][]): ZoneClaims<string>[] {
  return lists.map(([name, list]) => {
    const parsed = parsePinList(list);
    if ("bad" in parsed) throw new Error(`bad term ${parsed.bad}`);
    return { zone: name, spans: parsed.spans };
  });
}

describe("PIN codes", () => {
  it("are six digits, the first 1–9, spaces ignored", () => {
    expect(normalisePinCode("560034")).toBe("560034");
    expect(normalisePinCode(" 560 034 ")).toBe("560034");
    for (const bad of ["", "56003a", "56003", "5600345", "060034", "５６００３４", "560-034"]) {
      expect(normalisePinCode(bad)).toBeUndefined();
    }
  });
});

describe("a zone's PIN list", () => {
  it("reads prefixes and ranges of prefixes or whole codes", () => {
    const parsed = parsePinList("7, 560-562\n682551-682559 110001");
    expect(parsed).toEqual({
      spans: [
        { first: 700000, last: 799999, term: "7" },
        { first: 560000, last: 562999, term: "560-562" },
        { first: 682551, last: 682559, term: "682551-682559" },
        { first: 110001, last: 110001, term: "110001" },
      ],
    });
  });

  it("names the first term that is not a prefix or range", () => {
    expect(parsePinList("560, 0")).toEqual({ bad: "0" });
    expect(parsePinList("56-5601")).toEqual({ bad: "56-5601" });
    expect(parsePinList("562-560")).toEqual({ bad: "562-560" });
    expect(parsePinList("1234567")).toEqual({ bad: "1234567" });
    expect(parsePinList("56a")).toEqual({ bad: "56a" });
    expect(parsePinList("")).toEqual({ spans: [] });
  });
});

describe("the zone of a PIN code", () => {
  const seeded = zones(
    ["All of India", "1 2 3 4 5 6 7 8 9"],
    ["Andaman and Nicobar Islands", "744"],
    ["Lakshadweep", "682551-682559"],
  );

  it("is the most specific zone claiming it", () => {
    expect(zoneForPin("560034", seeded)).toBe("All of India");
    expect(zoneForPin("600017", seeded)).toBe("All of India");
    expect(zoneForPin("744101", seeded)).toBe("Andaman and Nicobar Islands");
    expect(zoneForPin("682555", seeded)).toBe("Lakshadweep");
    // Next to Lakshadweep's range, Kochi stays with the rest of India.
    expect(zoneForPin("682550", seeded)).toBe("All of India");
    expect(zoneForPin("682560", seeded)).toBe("All of India");
  });

  it("prefers a narrower range over a wider prefix, and a whole code over both", () => {
    const list = zones(["Karnataka", "56-59"], ["Bengaluru", "560-562"], ["Koramangala", "560034"]);
    expect(zoneForPin("591001", list)).toBe("Karnataka");
    expect(zoneForPin("562110", list)).toBe("Bengaluru");
    expect(zoneForPin("560034", list)).toBe("Koramangala");
  });

  it("takes the zone listed first when two claim the same span, and none when no zone claims it", () => {
    const list = zones(["First", "600"], ["Second", "600"]);
    expect(zoneForPin("600017", list)).toBe("First");
    expect(zoneForPin("110001", list)).toBeUndefined();
    expect(zoneForPin("110001", [])).toBeUndefined();
  });
});
