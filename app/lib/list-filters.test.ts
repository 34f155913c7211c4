import { describe, expect, it } from "vitest";
import { z } from "zod";
import { choice, firstValues, listId, listPage, listText } from "./list-filters";
import { listQuery, MAX_LIST_PAGE } from "./list-query";

const schema = z.object({
  show: choice(["read", "unread"]),
  q: listText(10),
  before: listId,
  page: listPage,
});
const read = (query: string) => schema.parse(firstValues(new URLSearchParams(query)));

describe("a back-office list's filters", () => {
  it("reads what it knows, in the schema's order", () => {
    expect(read("page=2&q=+asha++rao+&show=unread&before=41")).toEqual({
      show: "unread",
      q: "asha rao",
      before: 41,
      page: 2,
    });
    expect(listQuery(read("page=2&q=asha&show=unread"))).toBe("show=unread&q=asha&page=2");
  });

  it("drops what it cannot use instead of refusing the page", () => {
    expect(read("show=toString&q=%00x&before=1e3&page=-1")).toEqual({ page: 1 });
    expect(read(`q=${"x".repeat(11)}&before=0&page=${MAX_LIST_PAGE + 1}`)).toEqual({ page: 1 });
    expect(read(`page=${MAX_LIST_PAGE}`).page).toBe(MAX_LIST_PAGE);
    expect(listQuery(read("show=&q=&page=1&extra=1"))).toBe("");
  });

  it("takes the first of a repeated field, as the canonical URL keeps it", () => {
    expect(read("show=read&show=unread&page=3&page=9")).toMatchObject({ show: "read", page: 3 });
  });
});
