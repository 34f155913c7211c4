import { describe, expect, it } from "vitest";
import { shopDayBounds } from "~/lib/dates";
import { canonicalListUrl } from "~/lib/list-query";
import { isFiltered, orderDateRange, orderIdIn, orderListQuery, phoneDigitsIn } from "./order-filters";
import { parseOrderFilters } from "./schemas";

const parse = (query: string) => parseOrderFilters(new URLSearchParams(query));
const redirectFor = (query: string) => {
  const url = new URL(`http://shop.test/admin/orders?${query}`);
  return canonicalListUrl(url, orderListQuery(parseOrderFilters(url.searchParams)));
};

describe("the order list's filters", () => {
  it("reads every filter from the URL", () => {
    expect(parse("status=Shipped&from=2026-11-01&to=2026-11-23&q=asha%40example.in&page=3")).toEqual({
      status: "Shipped",
      from: "2026-11-01",
      to: "2026-11-23",
      q: "asha@example.in",
      page: 3,
    });
  });

  it("drops what is not a status, a real day, typed text or a page", () => {
    expect(parse("status=shipped&from=2026-02-30&to=23-11-2026&q=a%00b&page=0")).toEqual({
      page: 1,
      status: undefined,
      from: undefined,
      to: undefined,
      q: undefined,
    });
    expect(parse(`q=${"x".repeat(101)}&page=99999999`)).toMatchObject({ q: undefined, page: 1 });
    expect(parse("status=Out+for+delivery&q=++Asha+++Rao+").q).toBe("Asha Rao");
    expect(parse("status=Out+for+delivery").status).toBe("Out for delivery");
  });

  it("turns a range given the wrong way round", () => {
    expect(parse("from=2026-11-23&to=2026-11-01")).toMatchObject({ from: "2026-11-01", to: "2026-11-23" });
  });

  it("redirects to the canonical query, and not again from there", () => {
    expect(redirectFor("status=&from=&to=&q=")).toBe("/admin/orders");
    expect(redirectFor("q=Asha&status=Bogus&page=1")).toBe("/admin/orders?q=Asha");
    const canonical = orderListQuery(parse("q=asha%40example.in&status=Processed&page=2"));
    expect(canonical).toBe("status=Processed&q=asha%40example.in&page=2");
    expect(redirectFor(canonical)).toBeNull();
    expect(redirectFor("")).toBeNull();
  });

  it("says whether anything narrows the list", () => {
    expect(isFiltered(parse("page=4"))).toBe(false);
    expect(isFiltered(parse("to=2026-11-23"))).toBe(true);
  });
});

describe("dates in the filters are India's calendar days", () => {
  it("covers a day from its midnight in India to the next", () => {
    expect(shopDayBounds("2026-11-23")).toEqual({
      start: new Date("2026-11-23T00:00:00+05:30"),
      end: new Date("2026-11-24T00:00:00+05:30"),
    });
    expect(orderDateRange(parse("from=2026-11-01&to=2026-11-23"))).toEqual({
      since: new Date("2026-11-01T00:00:00+05:30"),
      before: new Date("2026-11-24T00:00:00+05:30"),
    });
    expect(orderDateRange(parse(""))).toEqual({ since: undefined, before: undefined });
  });

  it("knows real days from others", () => {
    expect(shopDayBounds("2028-02-29")).toBeDefined();
    for (const day of ["2027-02-29", "2026-13-01", "2026-00-10", "0050-01-01", "2026-1-1", "2026-11-23x"]) {
      expect(shopDayBounds(day)).toBeUndefined();
    }
  });
});

describe("what a search looks like", () => {
  it("reads an order id with or without #", () => {
    expect(orderIdIn("#42")).toBe(42);
    expect(orderIdIn("42")).toBe(42);
    expect(orderIdIn("0")).toBeUndefined();
    expect(orderIdIn("1234567890")).toBeUndefined();
    expect(orderIdIn("42a")).toBeUndefined();
  });

  it("reads a phone number as typed in India", () => {
    expect(phoneDigitsIn("+91 98450 12345")).toBe("9845012345");
    expect(phoneDigitsIn("098450-12345")).toBe("9845012345");
    expect(phoneDigitsIn("12345")).toBe("12345");
    expect(phoneDigitsIn("123")).toBeUndefined();
    expect(phoneDigitsIn("Asha 98450")).toBeUndefined();
  });
});
