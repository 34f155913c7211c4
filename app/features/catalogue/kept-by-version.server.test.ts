import { describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { keptByVersion } from "./kept-by-version.server";

// The database handle is only the key reads are kept under here; nothing is queried.
const handle = () => ({}) as Database;

describe("keptByVersion", () => {
  it("answers a request at the version a read was kept at, and reads afresh at every other", async () => {
    const kept = keptByVersion<string>({ maxEntries: 10 });
    const db = handle();
    const readNow = vi.fn(async () => ({ value: "page at 1" }));
    expect(await kept.read(db, "store", 1, readNow)).toBe("page at 1");
    expect(await kept.read(db, "store", 1, readNow)).toBe("page at 1");
    expect(readNow).toHaveBeenCalledTimes(1);
    const newer = vi.fn(async () => ({ value: "page at 2" }));
    expect(await kept.read(db, "store", 2, newer)).toBe("page at 2");
    expect(await kept.read(db, "store", 2, newer)).toBe("page at 2");
    expect(newer).toHaveBeenCalledTimes(1);
    // A request that still knows version 1 is not given what was kept at 1: it was dropped for 2. What it
    // reads is kept at 1 (a read that raced a change, or a database restored), and 2's is dropped in turn.
    const again = async () => ({ value: "read again at 1" });
    expect(await kept.read(db, "store", 1, again)).toBe("read again at 1");
    expect(kept.get(db, "store")).toEqual({ value: "read again at 1", version: 1 });
    expect(await kept.read(db, "store", 2, newer)).toBe("page at 2");
    expect(newer).toHaveBeenCalledTimes(2);
  });

  it("labels a read with its own version first, and keeps nothing when no version is known", async () => {
    const kept = keptByVersion<string>({ maxEntries: 10 });
    const db = handle();
    await kept.read(db, "a", undefined, async () => ({ value: "unlabelled" }));
    expect(kept.get(db, "a")).toBeUndefined();
    await kept.read(db, "b", undefined, async () => ({ value: "read at 7", version: 7 }));
    expect(kept.get(db, "b")).toEqual({ value: "read at 7", version: 7 });
    // Known version 6, but the rows said 7: labelled 7.
    await kept.read(db, "c", 6, async () => ({ value: "also at 7", version: 7 }));
    expect(kept.get(db, "c")).toEqual({ value: "also at 7", version: 7 });
  });

  it("drops the least recently used read beyond maxEntries or maxWeight, and never keeps one too heavy", () => {
    const kept = keptByVersion<number[]>({ maxEntries: 2, maxWeight: 10, weigh: (ids) => ids.length });
    const db = handle();
    kept.keep(db, "a", [1], 1);
    kept.keep(db, "b", [2], 1);
    kept.get(db, "a");
    kept.keep(db, "c", [3], 1);
    expect(kept.get(db, "b")).toBeUndefined();
    expect(kept.get(db, "a")?.value).toEqual([1]);
    kept.keep(
      db,
      "heavy",
      Array.from({ length: 11 }, (_, i) => i),
      1,
    );
    expect(kept.get(db, "heavy")).toBeUndefined();
    kept.keep(
      db,
      "nine",
      Array.from({ length: 9 }, (_, i) => i),
      1,
    );
    expect(kept.get(db, "c")).toBeUndefined();
    // a (1) + nine (9) + two (2) is over both bounds: a goes for the count, nine for the weight.
    kept.keep(db, "two", [1, 2], 1);
    expect(kept.get(db, "a")).toBeUndefined();
    expect(kept.get(db, "nine")).toBeUndefined();
    expect(kept.get(db, "two")?.value).toEqual([1, 2]);
  });

  it("keeps each database's reads apart, and takes or keeps nothing without a version", async () => {
    const kept = keptByVersion<string>({ maxEntries: 10 });
    const [one, two] = [handle(), handle()];
    kept.keep(one, "home", "one's", 3);
    expect(kept.get(two, "home")).toBeUndefined();
    expect(kept.get(one, "home")).toEqual({ value: "one's", version: 3 });
    const readNow = vi.fn(async () => ({ value: "fresh", version: null }));
    expect(await kept.read(one, "home", null, readNow)).toBe("fresh");
    expect(kept.get(one, "home")).toEqual({ value: "one's", version: 3 });
  });
});
