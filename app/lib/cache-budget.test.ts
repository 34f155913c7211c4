import { describe, expect, it } from "vitest";
import { budgetedCache, cacheStore, cacheUsage, ownBytes } from "./cache-budget.mjs";

describe("the caches' one budget", () => {
  it("shares one store between caches, the least recently used entry of either going first", () => {
    const store = cacheStore(50_000);
    const pages = budgetedCache<string>("pages", store);
    const reads = budgetedCache<string>("reads", store);
    pages.set("/", "home", 4_000);
    reads.set("/", "a read", 4_000);
    expect(reads.get("/")).toBe("a read");
    expect(pages.get("/")).toBe("home");
    // Eleven entries of about 4.2 KB fit in 50 KB: the twelfth pushes one out.
    for (let n = 0; n < 10; n++) reads.set(`store ${n}`, "page", 4_000);
    // The read of "/" was used least recently: it went, and the home page, asked since, stayed.
    expect(reads.get("/")).toBeUndefined();
    expect(pages.get("/")).toBe("home");
    expect(cacheUsage(store).bytes).toBeLessThanOrEqual(50_000);
    expect(cacheUsage(store).entries).toBe(11);
  });

  it("counts the key and the entry's own slots, and keeps nothing bigger than a tenth of the budget", () => {
    const store = cacheStore(100_000);
    const pages = budgetedCache<string>("pages", store);
    pages.set("/product?q=dell", "x", 1_000);
    expect(cacheUsage(store).bytes).toBeGreaterThan(1_000 + 2 * "pages\u0000/product?q=dell".length);
    pages.set("/big", "x", 10_001);
    expect(pages.get("/big")).toBeUndefined();
    const none = budgetedCache<string>("pages", cacheStore(0));
    none.set("/", "home", 1);
    expect(none.get("/")).toBeUndefined();
  });

  it("copies bytes out of a larger block, so what is counted is what is held", () => {
    const block = Buffer.alloc(16_384, 7);
    const view = block.subarray(100, 1_100);
    const own = ownBytes(view);
    expect(own.buffer.byteLength).toBe(1_000);
    expect(own.equals(view)).toBe(true);
  });
});
