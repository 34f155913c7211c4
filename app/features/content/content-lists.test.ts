import { describe, expect, it } from "vitest";
import { canonicalListUrl, listQuery, MAX_LIST_PAGE, pageCount } from "~/lib/list-query";
import { parseBlogListFilters, parseEnquiryListFilters, parseSubscriberListFilters } from "./schemas";

const params = (query: string) => new URLSearchParams(query);

describe("the content lists' URL filters", () => {
  it("reads a known state, view and page", () => {
    expect(parseBlogListFilters(params("state=draft&page=3"))).toEqual({ state: "draft", page: 3 });
    expect(parseEnquiryListFilters(params("show=unread"))).toEqual({ show: "unread", page: 1 });
    expect(parseSubscriberListFilters(params("q=asha&page=2"))).toEqual({ q: "asha", page: 2 });
  });

  it("drops what it does not know: another state, a bad page", () => {
    expect(parseBlogListFilters(params("state=deleted&page=0"))).toEqual({ state: undefined, page: 1 });
    expect(parseEnquiryListFilters(params("show=toString&page=-1"))).toEqual({ show: undefined, page: 1 });
    for (const page of ["1e3", "abc", "", " ", "2.5", String(MAX_LIST_PAGE + 1), "99999999999"]) {
      expect(parseBlogListFilters(params(`page=${encodeURIComponent(page)}`)).page).toBe(1);
    }
    expect(parseBlogListFilters(params(`page=${MAX_LIST_PAGE}`)).page).toBe(MAX_LIST_PAGE);
  });

  it("tidies a search: spaces and control characters collapse, an empty one is none", () => {
    expect(parseSubscriberListFilters(params("q=%20%20asha%00%0A rao%20")).q).toBe("asha rao");
    expect(parseSubscriberListFilters(params("q=%20%20")).q).toBeUndefined();
    expect(parseSubscriberListFilters(params(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
    // Bytes that are not UTF-8 arrive as replacement characters, never as a lone surrogate.
    expect(parseSubscriberListFilters(params("q=a%ED%A0%80b")).q).toMatch(/^a\uFFFD+b$/);
  });

  it("writes the canonical query: fixed order, empty values and page 1 left out", () => {
    expect(listQuery({ q: "asha rao", page: 2 })).toBe("q=asha+rao&page=2");
    expect(listQuery({ state: undefined, page: 1 })).toBe("");
    expect(listQuery({ show: "read", page: 1 })).toBe("show=read");
  });

  it("redirects a list URL that is not canonical, and leaves a canonical one alone", () => {
    const url = (query: string) => new URL(`https://shop.example.in/admin/newsletter${query}`);
    expect(canonicalListUrl(url("?page=1"), "")).toBe("/admin/newsletter");
    expect(canonicalListUrl(url("?page=2&q=a"), "q=a&page=2")).toBe("/admin/newsletter?q=a&page=2");
    expect(canonicalListUrl(url("?q=a&page=2"), "q=a&page=2")).toBeNull();
    expect(canonicalListUrl(url(""), "")).toBeNull();
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
