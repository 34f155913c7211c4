import { describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { cacheStore, cacheUsage } from "~/lib/cache-budget.mjs";
import { keptByVersion } from "./kept-by-version.server";

// The database handle is only the key reads are kept under here; nothing is queried.
const handle = () => ({}) as Database;

describe("keptByVersion", () => {
  it("answers a request at the version a read was kept at, and reads afresh at every other", async () => {
    const kept = keptByVersion<string>("test", cacheStore(1024 * 1024));
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
    const kept = keptByVersion<string>("test", cacheStore(1024 * 1024));
    const db = handle();
    await kept.read(db, "a", undefined, async () => ({ value: "unlabelled" }));
    expect(kept.get(db, "a")).toBeUndefined();
    await kept.read(db, "b", undefined, async () => ({ value: "read at 7", version: 7 }));
    expect(kept.get(db, "b")).toEqual({ value: "read at 7", version: 7 });
    // Known version 6, but the rows said 7: labelled 7.
    await kept.read(db, "c", 6, async () => ({ value: "also at 7", version: 7 }));
    expect(kept.get(db, "c")).toEqual({ value: "also at 7", version: 7 });
  });

  it("keeps reads within the store's budget by their counted bytes, the least recently used going first", () => {
    const store = cacheStore(100_000);
    const kept = keptByVersion<number[]>("ids", store);
    const db = handle();
    const ids = (n: number) => Array.from({ length: 1000 }, (_, i) => i + n);
    kept.keep(db, "a", ids(1), 1);
    kept.keep(db, "b", ids(2), 1);
    kept.get(db, "a");
    for (let n = 3; n < 200; n++) {
      kept.keep(db, `key ${n}`, ids(n), 1);
      expect(cacheUsage(store).bytes).toBeLessThanOrEqual(100_000);
    }
    // About twenty reads of 1000 ids fit; the earliest went, the latest are whole copies of what was kept.
    expect(kept.get(db, "a")).toBeUndefined();
    expect(kept.get(db, "key 199")?.value).toEqual(ids(199));
    // A hit is a copy: changing it changes nothing kept.
    const hit = kept.get(db, "key 199");
    hit?.value.push(-1);
    expect(kept.get(db, "key 199")?.value).toEqual(ids(199));
  });

  it("never keeps a read bigger than a tenth of the budget, and nothing with no budget", () => {
    const db = handle();
    const small = keptByVersion<string>("small", cacheStore(10_000));
    small.keep(db, "big", "x".repeat(2_000), 1);
    expect(small.get(db, "big")).toBeUndefined();
    small.keep(db, "fits", "x".repeat(100), 1);
    expect(small.get(db, "fits")?.value).toBe("x".repeat(100));
    const none = keptByVersion<string>("none", cacheStore(0));
    none.keep(db, "a", "x", 1);
    expect(none.get(db, "a")).toBeUndefined();
  });

  it("keeps each database's reads apart, and takes or keeps nothing without a version", async () => {
    const kept = keptByVersion<string>("test", cacheStore(1024 * 1024));
    const [one, two] = [handle(), handle()];
    kept.keep(one, "home", "one's", 3);
    expect(kept.get(two, "home")).toBeUndefined();
    expect(kept.get(one, "home")).toEqual({ value: "one's", version: 3 });
    const readNow = vi.fn(async () => ({ value: "fresh", version: null }));
    expect(await kept.read(one, "home", null, readNow)).toBe("fresh");
    expect(kept.get(one, "home")).toEqual({ value: "one's", version: 3 });
  });
});
