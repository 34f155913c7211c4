/**
 * npm run bench:import [-- --postgres URL] [--only pglite|postgres]
 *
 * Times the catalogue's CSV export and import (issue 33) at 10 000 products: the export, the preview of the
 * unchanged export, a file changing every row (preview and commit) and a file of 10 000 new products (preview
 * and commit), with the process's memory after each step. On a fresh PGlite database in a temporary
 * directory, then, with DATABASE_URL or --postgres, on a fresh database on that PostgreSQL server (created
 * here and dropped after). A measuring tool, not a test: it prints what it saw, including what it did not
 * expect. Run it with the server's heap, e.g. NODE_OPTIONS=--max-old-space-size=256, and --expose-gc to read
 * the heap each step leaves live.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { products, staff } from "~/db/schema";
import { growCatalogue, seedCatalogue } from "~/db/seed.server";
import {
  catalogueCsv,
  commitImport,
  parseAdminProductFilters,
  uploadCatalogue,
} from "~/features/catalogue/index.server";
import { rupeesForInput } from "~/lib/money";
import { table } from "./lib/bench-report";

const PRODUCTS = 10_000;

const { values: args } = parseArgs({ options: { postgres: { type: "string" }, only: { type: "string" } } });
const postgresUrl = args.postgres || process.env.DATABASE_URL || undefined;
/** --only pglite or --only postgres: one database per run, so one running out of memory spares the other. */
const wanted = (database: string) => !args.only || args.only === database;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

type Step = { step: string; rows: number; ms: number; fileMb: string; note: string; memory: Memory };
type Memory = { rss: number; heapUsed: number; peakRss: number; peakHeap: number };

/** The highest RSS and heap seen while a step runs, sampled every 20 ms (a long synchronous stretch hides). */
let peak = { rss: 0, heap: 0 };
const sampler = setInterval(() => {
  const { rss, heapUsed } = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, rss), heap: Math.max(peak.heap, heapUsed) };
}, 20);

async function timed<T>(
  steps: Step[],
  step: string,
  work: () => Promise<T>,
  summary: (result: T) => { rows: number; fileMb?: string; note?: string },
): Promise<T> {
  peak = { rss: 0, heap: 0 };
  const started = performance.now();
  console.info(`  ${step}…`);
  const result = await work();
  const elapsed = performance.now() - started;
  // With --expose-gc, the heap after a step is what it still holds, not what is yet to be collected.
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  const memory = { rss, heapUsed, peakRss: Math.max(peak.rss, rss), peakHeap: Math.max(peak.heap, heapUsed) };
  const { rows, fileMb = "", note = "" } = summary(result);
  steps.push({ step, rows, ms: elapsed, fileMb, note, memory });
  console.info(
    `    ${rows} rows, ${elapsed.toFixed(0)} ms, heap ${mb(heapUsed)} MB (peak ${mb(memory.peakHeap)}) ${note}`,
  );
  return result;
}

/**
 * The export's records (the header first), each cell as written, quotes and all. Not ~/lib/csv's parser: the
 * bench's own files should cost the process little beside what it measures.
 */
function* records(csv: string): Generator<string[]> {
  let cells: string[] = [];
  let read = 0;
  for (const [whole, cell = "", end] of csv.matchAll(/("(?:[^"]|"")*"|[^,"\r\n]*)(,|\r\n)/gy)) {
    cells.push(cell);
    read += whole.length;
    if (end === "\r\n") {
      yield cells;
      cells = [];
    }
  }
  if (read !== csv.length) throw new Error(`The export does not read back after character ${read}`);
}

function rowCount(csv: string): number {
  let count = -1;
  for (const _record of records(csv)) count += 1;
  return count;
}

/** The export with each row passed through `change` (cells by column), written back as CSV. */
function rewritten(csv: string, change: (row: Map<string, string>, index: number) => void): string {
  const lines: string[] = [];
  let header: string[] = [];
  for (const cells of records(csv)) {
    if (lines.length === 0) {
      header = cells;
      lines.push(cells.join(","));
      continue;
    }
    const row = new Map(header.map((column, i) => [column, cells[i] ?? ""]));
    change(row, lines.length - 1);
    lines.push(header.map((column) => row.get(column) ?? "").join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Every product's stock up by one, and its offer price down by ₹1 where it has one (so still <= MRP). */
const everyRowChanged = (csv: string) =>
  rewritten(csv, (row) => {
    row.set("stock", String(Number(row.get("stock")) + 1));
    const offer = row.get("offer_price") ?? "";
    if (offer !== "")
      row.set("offer_price", rupeesForInput(Math.max(100, Math.round(Number(offer) * 100) - 100)));
  });

/** The same products under new SKUs: 10 000 new ones, every column filled in as the export has it. */
const allNew = (csv: string) =>
  rewritten(csv, (row, index) => row.set("sku", `BENCH-${String(index + 1).padStart(5, "0")}`));

const encoder = new TextEncoder();

async function measure(handle: DatabaseHandle): Promise<Step[]> {
  const { db } = handle;
  const steps: Step[] = [];
  await timed(
    steps,
    "build catalogue",
    async () => {
      await seedCatalogue(db);
      await growCatalogue(db, PRODUCTS);
      await db.execute(sql`VACUUM (ANALYZE) products, product_colours, product_specs, colours`);
      return db.$count(products);
    },
    (n) => ({ rows: n }),
  );
  const [member] = await db
    .insert(staff)
    .values({ email: `bench-${randomBytes(4).toString("hex")}@example.com`, name: "Bench", role: "staff" })
    .returning({ id: staff.id, name: staff.name });
  if (!member) throw new Error("no staff member");

  const csv = await timed(
    steps,
    "export",
    () => catalogueCsv(db, parseAdminProductFilters(new URLSearchParams())),
    (text) => ({ rows: rowCount(text), fileMb: mb(Buffer.byteLength(text)) }),
  );

  /** Uploads a file and, when `commit`, commits it; each timed as its own step. */
  const importFile = async (label: string, text: string, expect: string, commit: boolean) => {
    const bytes = encoder.encode(text);
    const uploaded = await timed(
      steps,
      `${label}: preview`,
      () => uploadCatalogue(db, member.id, { name: `${label}.csv`, bytes }),
      (result) => {
        if (!result.ok) return { rows: 0, fileMb: mb(bytes.length), note: `refused: ${result.problem}` };
        const { create, update, unchanged, errors } = result.kept.preview.counts;
        return {
          rows: create + update + unchanged + errors,
          fileMb: mb(bytes.length),
          note: `create ${create}, update ${update}, unchanged ${unchanged}, errors ${errors} (want ${expect})`,
        };
      },
    );
    if (!uploaded.ok) return;
    for (const error of uploaded.kept.preview.errors.slice(0, 5)) {
      console.info(`    ! row ${error.row}, ${error.column} "${error.value}": ${error.message}`);
    }
    if (!commit) return;
    await timed(
      steps,
      `${label}: commit`,
      () => commitImport(db, member, uploaded.kept.id, uploaded.kept.fileHash),
      (result) =>
        result.ok
          ? {
              rows: result.created + result.updated + result.unchanged,
              note: `created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}`,
            }
          : {
              rows: 0,
              note: `refused: ${result.problem}${"kept" in result ? ` ${JSON.stringify(result.kept.preview.counts)}` : ""}`,
            },
    );
  };

  await importFile("unchanged export", csv, `unchanged ${PRODUCTS}`, false);
  await importFile("every row changed", everyRowChanged(csv), `update ${PRODUCTS}`, true);
  await importFile("new products", allNew(csv), `create ${PRODUCTS}`, true);
  return steps;
}

function report(database: string, steps: Step[]): void {
  console.info(`\n${database}`);
  console.info(
    table([
      ["step", "note", "rows", "ms", "file MB", "RSS MB", "peak RSS MB", "heap MB", "peak heap MB"],
      ...steps.map((s) => [
        s.step,
        s.note,
        String(s.rows),
        s.ms.toFixed(0),
        s.fileMb,
        mb(s.memory.rss),
        mb(s.memory.peakRss),
        mb(s.memory.heapUsed),
        mb(s.memory.peakHeap),
      ]),
    ]),
  );
}

/** Runs the steps on one database, reporting what was done when it stops on an error. */
async function run(database: string, open: () => Promise<DatabaseHandle>, drop: () => Promise<void>) {
  console.info(`\n${database}:`);
  let handle: DatabaseHandle | undefined;
  try {
    handle = await open();
    report(database, await measure(handle));
  } catch (error) {
    console.error(`\n${database} stopped with an error:`, error);
    process.exitCode = 1;
  } finally {
    await handle?.close();
    await drop();
  }
}

console.info(
  `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ` +
    `${mb(os.totalmem())} MB of memory, heap limit ${mb(v8.getHeapStatistics().heap_size_limit)} MB`,
);

if (wanted("pglite")) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  await run(
    "PGlite",
    () => openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }),
    async () => rmSync(dataDir, { recursive: true, force: true }),
  );
}

if (postgresUrl && wanted("postgres")) {
  const name = `bench_import_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  await run(
    "PostgreSQL",
    async () => {
      await admin(`CREATE DATABASE ${name}`);
      // A run that dies (out of memory) cannot drop it: its name, to drop by hand.
      console.info(`  (database ${name})`);
      return openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
    },
    () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}

clearInterval(sampler);
console.info(`\nPeak RSS of the whole process: ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
