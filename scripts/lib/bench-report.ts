import type { Measurement, Who } from "./bench-stats";
import type { PageBytes } from "./page-weight";

/*
 * The bench's report (scripts/bench.ts): its tables and the aims' lines.
 */

export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    row.map((cell, column) =>
      column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
    );
  const [header, ...body] = rows;
  return [
    line(header ?? []).join("  "),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...body.map((row) => line(row).join("  ")),
  ].join("\n");
}

export const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const whoLabel = (who: Who) => (who === "customer" ? "signed in" : "visitor");

/** Requests/s as a share of /healthz's on the same run. */
export function ratioToMinimal(results: Measurement[], r: Measurement): number {
  const minimal = results.find((m) => m.page === "minimal");
  return minimal ? r.requestsPerSecond / minimal.requestsPerSecond : Number.NaN;
}

export function resultsTable(results: Measurement[]): string {
  return table([
    ["page", "as", "URLs", "requests/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "errors", "× /healthz"],
    ...results.map((r) => [
      r.page,
      whoLabel(r.who),
      String(r.urls),
      r.requestsPerSecond.toFixed(0),
      ms(r.latencyMs.p50),
      ms(r.latencyMs.p95),
      ms(r.latencyMs.p99),
      String(r.non2xx),
      String(r.errors),
      ratioToMinimal(results, r).toFixed(2),
    ]),
  ]);
}

export function bytesTable(bytes: PageBytes[]): string {
  return table([
    ["page", "as", "URL", "HTML KB", "HTML gzip KB", "scripts", "JS gzip -9 KB"],
    ...bytes.map((b) =>
      b.status === 200
        ? [
            b.page,
            whoLabel(b.who),
            b.url,
            kb(b.htmlBytes),
            kb(b.htmlSentBytes),
            String(b.scripts.length),
            kb(b.javaScriptGzipBytes),
          ]
        : [b.page, whoLabel(b.who), b.url, `status ${b.status}`, "-", "-", "-"],
    ),
  ]);
}

/** One aim: met, not met, or null when this run did not measure it (see --pages). */
export type AimCheck = { aim: string; met: boolean | null; figure: string };

export function aimsText(aims: AimCheck[], connections: number): string {
  const concurrency = connections === 8 ? "" : ` (this run: ${connections} connections)`;
  const lines = aims.map((a) => {
    const state = a.met === null ? (a.figure === "not measured" ? "-" : "info") : a.met ? "met" : "NOT met";
    return `  ${state.padEnd(8)} ${a.aim}: ${a.figure}`;
  });
  return [`Aims at 8 connections, information only${concurrency}:`, ...lines].join("\n");
}

/** The server's memory (process.memoryUsage(), bytes) at one moment of the run. */
export type MemoryReading = {
  when: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** What the caches hold, counted within CACHE_MB. */
  cacheBytes?: number;
};

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** The server's memory, in MB, at each reading, on the run's database ("pglite" or "postgres"). */
export function memoryTable(readings: readonly MemoryReading[], database: string): string {
  return table([
    [
      "server memory, MB",
      "database",
      "RSS",
      "heap used",
      "heap total",
      "external",
      "array buffers",
      "caches",
    ],
    ...readings.map((r) => [
      r.when,
      database,
      mb(r.rss),
      mb(r.heapUsed),
      mb(r.heapTotal),
      mb(r.external),
      mb(r.arrayBuffers),
      r.cacheBytes === undefined ? "–" : mb(r.cacheBytes),
    ]),
  ]);
}
