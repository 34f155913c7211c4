import { describe, expect, it } from "vitest";
import { memoryTable, table } from "./bench-report";
import { combine, percentile, type Slice } from "./bench-stats";
import { scriptsOf } from "./page-weight";

const slice = (latencies: number[], seconds: number, codes: Record<string, number>, non2xx = 0): Slice => ({
  latencies,
  seconds,
  statusCodes: codes,
  non2xx,
  errors: 0,
  timeouts: 1,
});

describe("the bench's arithmetic", () => {
  it("reads a percentile as the nearest rank, and nothing from no requests", () => {
    const sorted = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile(new Float64Array(), 50)).toBeNaN();
  });

  it("adds rounds up: requests/s over all of them, each round's own, percentiles over every request", () => {
    const page = { name: "store", who: "visitor" as const, urls: ["/product", "/product?page=2"] };
    const result = combine(page, [
      slice([4, 2, 8, 6], 2, { 200: 4 }),
      slice([10, 1], 1, { 200: 1, 503: 1 }, 1),
    ]);
    expect(result).toMatchObject({
      page: "store",
      who: "visitor",
      urls: 2,
      requests: 6,
      seconds: 3,
      requestsPerSecond: 2,
      roundsPerSecond: [2, 2],
      latencyMs: { p50: 4, p95: 10, p99: 10, max: 10 },
      non2xx: 1,
      statusCodes: { 200: 5, 503: 1 },
      timeouts: 2,
    });
  });
});

describe("what a page weighs", () => {
  it("counts each of the shop's scripts once: sources, preloads held back or not, and imports", () => {
    const html = `<link rel="modulepreload" href="/assets/a.js"><link rel="after-paint-modulepreload" href="/assets/b.js">
      <script type="module" src="/assets/a.js"></script><script src="https://elsewhere.example/x.js"></script>
      <script>import("/assets/c.js"); import x from "/assets/b.js";</script><link rel="stylesheet" href="/assets/s.css">`;
    expect(scriptsOf(html, "http://127.0.0.1:3000")).toEqual([
      "/assets/a.js",
      "/assets/b.js",
      "/assets/c.js",
    ]);
  });
});

describe("the bench's report", () => {
  it("lines up its columns: names to the left, figures to the right", () => {
    expect(
      table([
        ["page", "as", "requests/s"],
        ["store", "visitor", "1200"],
        ["home", "signed in", "95"],
      ]),
    ).toBe(
      [
        "page   as         requests/s",
        "-----  ---------  ----------",
        "store  visitor          1200",
        "home   signed in          95",
      ].join("\n"),
    );
  });

  it("prints the server's memory in MB for each reading", () => {
    const mb = 1024 * 1024;
    const reading = {
      rss: 515 * mb,
      heapUsed: 134 * mb,
      heapTotal: 163 * mb,
      external: 202 * mb,
      arrayBuffers: 10 * mb,
    };
    const lines = memoryTable(
      [
        { when: "idle after start", ...reading },
        { when: "after the load", ...reading, cacheBytes: 47.6 * mb },
      ],
      "pglite",
    ).split("\n");
    expect(lines[2]).toBe(
      "idle after start   pglite    515        134         163       202             10       –",
    );
    expect(lines[3]).toBe(
      "after the load     pglite    515        134         163       202             10      48",
    );
  });
});
