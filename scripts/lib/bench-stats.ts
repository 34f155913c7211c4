/*
 * The bench's arithmetic (scripts/bench.ts): a page's rounds of load as one measurement, and its percentiles.
 */

/** Who asks for a page: a visitor (served by the page cache where it can) or a signed-in customer. */
export type Who = "visitor" | "customer";

export type Measurement = {
  page: string;
  who: Who;
  urls: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Requests/s in each round, in the order measured. */
  roundsPerSecond: number[];
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
};

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** What one load of a page (one round, or the warm-up) saw. */
export type Slice = {
  latencies: number[];
  seconds: number;
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** A page's rounds as one measurement: requests/s over all of them, percentiles over every request. */
export function combine(page: { name: string; who: Who; urls: string[] }, slices: Slice[]): Measurement {
  const latencies = slices.flatMap((slice) => slice.latencies);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const statusCodes: Record<string, number> = {};
  for (const slice of slices) {
    for (const [code, count] of Object.entries(slice.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
  }
  const total = (key: "non2xx" | "errors" | "timeouts") => slices.reduce((sum, slice) => sum + slice[key], 0);
  const sorted = Float64Array.from(latencies).sort();
  return {
    page: page.name,
    who: page.who,
    urls: page.urls.length,
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    roundsPerSecond: slices.map((slice) => slice.latencies.length / slice.seconds),
    latencyMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    },
    non2xx: total("non2xx"),
    statusCodes,
    errors: total("errors"),
    timeouts: total("timeouts"),
  };
}
