/**
 * npx tsx scripts/js-bytes.ts [--json] [--budget 95] [--url http://localhost:3000 /path ...]
 *
 * JavaScript each page loads, from the client build in build/client (run `npm run build` first): the entry
 * and its chunks, then every route module of the page (root, layouts, the page) and the shared chunks each
 * imports, which is the list of `<link rel="modulepreload">` and module imports Remix writes into the page.
 * Each file counted once per page, sized raw and as gzip -9 (as a file is sent, one by one). Prints a table
 * of every page route, largest first, and fails (exit code 1) when one is over the budget (KB gzip).
 *
 * With --url, the pages listed after it are fetched from a running server instead, and the files are those
 * its HTML names (modulepreload links and module imports): a check that the table matches what is sent.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { constants, gzipSync } from "node:zlib";
import { INERT_PRELOAD } from "../app/lib/hydrate-after-paint.server";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: "boolean", default: false },
    budget: { type: "string", default: "95" },
    url: { type: "string" },
  },
});

const publicDir = path.resolve("build/client");
const buildDir = path.join(publicDir, "assets");
const budgetBytes = Number(args.budget) * 1024;

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(url: string) {
  let size = sizes.get(url);
  if (!size) {
    const bytes = readFileSync(path.join(publicDir, url));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length };
    sizes.set(url, size);
  }
  return size;
}

function total(files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const file of new Set(files)) {
    const size = sizeOf(file);
    raw += size.raw;
    gzip += size.gzip;
    count++;
  }
  return { files: count, raw, gzip };
}

function readManifest(): Manifest {
  const file = readdirSync(buildDir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No manifest in ${buildDir}: run npm run build first.`);
  const text = readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

function urlOf(manifest: Manifest, id: string): string {
  const parts: string[] = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId ?? ""]) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`;
}

function pagesFromManifest() {
  const manifest = readManifest();
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  const pages: { page: string; files: string[] }[] = [];
  for (const route of Object.values(manifest.routes)) {
    // Layouts (routes with children) are counted inside their pages; resource routes have no component but
    // still get a (tiny) module, so a route is listed when its module is more than an empty stub.
    if (parents.has(route.id) && !route.index) continue;
    const chain: ManifestRoute[] = [];
    for (let at: ManifestRoute | undefined = route; at; at = manifest.routes[at.parentId ?? ""])
      chain.unshift(at);
    const files = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
    for (const link of chain) files.push(link.module, ...(link.imports ?? []));
    if (sizeOf(route.module).raw < 200 && !route.imports?.length) continue;
    pages.push({
      page: `${urlOf(manifest, route.id)}${route.index ? " (index)" : ""}  [${route.id}]`,
      files,
    });
  }
  return pages;
}

async function pagesFromServer(base: string, paths: string[]) {
  const pages: { page: string; files: string[] }[] = [];
  for (const page of paths) {
    const html = await (await fetch(new URL(page, base))).text();
    const files = [
      ...[...html.matchAll(/<link rel="([\w-]+)" href="([^"]+)"/g)]
        .filter(([, rel]) => rel === "modulepreload" || rel === INERT_PRELOAD)
        .map((match) => match[2] ?? ""),
      ...[...html.matchAll(/import (?:\* as \w+ from )?"(\/assets\/[^"]+\.js)"/g)].map(
        (match) => match[1] ?? "",
      ),
      ...[...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""),
    ].filter(Boolean);
    pages.push({ page, files });
  }
  return pages;
}

const pages = args.url ? await pagesFromServer(args.url, positionals) : pagesFromManifest();
const rows = pages
  .map(({ page, files }) => ({ page, ...total(files) }))
  .sort((a, b) => b.gzip - a.gzip || a.page.localeCompare(b.page));

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
if (args.json) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log(`${"page".padEnd(60)} ${"files".padStart(5)} ${"raw KB".padStart(8)} ${"gzip KB".padStart(8)}`);
  for (const row of rows) {
    const over = row.gzip > budgetBytes ? "  over budget" : "";
    console.log(
      `${row.page.padEnd(60)} ${String(row.files).padStart(5)} ${kb(row.raw).padStart(8)} ${kb(row.gzip).padStart(8)}${over}`,
    );
  }
}
const over = rows.filter((row) => row.gzip > budgetBytes);
if (over.length) {
  console.error(`${over.length} page(s) over ${args.budget} KB gzip of JavaScript.`);
  process.exitCode = 1;
}
