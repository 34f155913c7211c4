import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The layout's rules (docs/architecture.md): a feature is reached from outside only through its entries
 * (app/features/<feature>/index.ts for what the browser may load, index.server.ts for the server's part, and
 * schemas.ts for the forms' schemas, which a page loads on demand so that zod is not in its first load), each
 * entry names what it exports, and no module imports itself back through others, not even for a type. Tests go
 * through the entries too, save an import of an internal that the comment line above it says is on purpose.
 */

const root = path.resolve(import.meta.dirname, "..");
const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");

const isTest = (file: string) => /\.test\.|\.spec\.|test-fixtures/.test(file) || file.startsWith("tests/");

function codeFiles(dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "migrations") walk(full);
      } else if (/\.(tsx?|mjs)$/.test(entry.name)) {
        found.push(relative(full));
      }
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return found;
}

const sourceFiles = () => codeFiles(["app", "server", "scripts"]).filter((file) => !isTest(file));
const testFiles = () => codeFiles(["app", "server", "scripts", "tests"]).filter(isTest);

/** An import, and whether the comment line right above it says it reaches past an entry on purpose. */
type Import = { target: string; line: number; onPurpose: boolean };

const importPattern =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const ext of ["", ".ts", ".tsx", ".mjs"]) {
    const candidate = path.join(root, base + ext);
    if (existsSync(candidate) && statSync(candidate).isFile()) return base + ext;
  }
  return null;
}

function importsOf(file: string): Import[] {
  const source = readFileSync(path.join(root, file), "utf8");
  const lines = source.split("\n");
  const found: Import[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const target = resolveSpecifier(file, specifier);
    if (!target) continue;
    const start = match.index + match[0].search(/\S/);
    const line = source.slice(0, start).split("\n").length;
    const above = lines[line - 2]?.trim() ?? "";
    found.push({ target, line, onPurpose: above.startsWith("//") && above.includes("on purpose") });
  }
  return found;
}

const featureOf = (file: string) => /^app\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
const isEntry = (file: string) => /^app\/features\/[^/]+\/(index|index\.server|schemas)\.ts$/.test(file);

const files = sourceFiles();
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe("the layout by feature", () => {
  it("has the features the shop is made of, each with an entry", () => {
    const features = readdirSync(path.join(root, "app/features")).sort();
    expect(features).toEqual(
      expect.arrayContaining(["accounts", "catalogue", "content", "delivery", "invoices", "lists", "orders"]),
    );
    for (const feature of features) {
      const entries = ["index.ts", "index.server.ts"].filter((entry) =>
        existsSync(path.join(root, "app/features", feature, entry)),
      );
      expect(entries, `app/features/${feature} has no entry`).not.toEqual([]);
    }
  });

  it("keeps app/ to the entry files and named folders: no helper loose beside them", () => {
    // Remix's entry files, the route config and two type declarations; a shared helper goes in app/lib.
    const entryFiles = ["entry.server.tsx", "future-flags.ts", "load-context.ts", "root.tsx", "routes.ts"];
    const loose = readdirSync(path.join(root, "app"), { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entryFiles.includes(entry.name))
      .map((entry) => `app/${entry.name}`);
    expect(loose).toEqual([]);
  });

  it("reaches a feature from outside only through its entry", () => {
    const reachedPast: string[] = [];
    for (const [file, imports] of graph) {
      for (const { target, line } of imports) {
        const feature = featureOf(target);
        if (feature && feature !== featureOf(file) && !isEntry(target)) {
          reachedPast.push(`${file}:${line} imports ${target}`);
        }
      }
    }
    expect(reachedPast).toEqual([]);
  });

  it("has the tests reach a feature through its entry, or say above the import why not", () => {
    // A test beside the code, in the feature's own folder, is inside it. From outside, a test may test an internal
    // on purpose: the comment line right above its import says so and why ("... an internal of orders, on purpose").
    const reachedPast: string[] = [];
    for (const file of testFiles()) {
      for (const { target, line, onPurpose } of importsOf(file)) {
        const feature = featureOf(target);
        if (feature && feature !== featureOf(file) && !isEntry(target) && !onPurpose) {
          reachedPast.push(`${file}:${line} imports ${target}`);
        }
      }
    }
    expect(reachedPast).toEqual([]);
  });

  it("has entries that export by name, never a whole module with export *", () => {
    const wholesale: string[] = [];
    for (const file of files.filter(isEntry)) {
      const source = readFileSync(path.join(root, file), "utf8");
      source.split("\n").forEach((text, index) => {
        if (/^\s*export\s+(type\s+)?\*/.test(text)) wholesale.push(`${file}:${index + 1}: ${text.trim()}`);
      });
    }
    expect(wholesale).toEqual([]);
  });

  it("keeps the browser's entries free of server modules", () => {
    const serverInClientEntry: string[] = [];
    for (const [file, imports] of graph) {
      if (!/\/index\.ts$/.test(file) || !featureOf(file)) continue;
      for (const { target } of imports)
        if (/\.server\./.test(target)) serverInClientEntry.push(`${file} -> ${target}`);
    }
    expect(serverInClientEntry).toEqual([]);
  });

  it("has no module that is imported only for what it does when it loads", () => {
    // package.json tells the bundler our code has no side effects, so that a page carries only what it uses of a
    // feature's entry; a bare `import "./x"` of ours would then be dropped without a word.
    const bare: string[] = [];
    for (const file of files) {
      const source = readFileSync(path.join(root, file), "utf8");
      for (const match of source.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) {
        const specifier = match[1] ?? "";
        if (resolveSpecifier(file, specifier) && !specifier.endsWith(".css"))
          bare.push(`${file}: import "${specifier}"`);
      }
    }
    expect(bare).toEqual([]);
  });

  it("has no import circles", () => {
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const trail: string[] = [];
    const visit = (file: string) => {
      state.set(file, "open");
      trail.push(file);
      for (const { target } of graph.get(file) ?? []) {
        if (state.get(target) === "open")
          circles.push([...trail.slice(trail.indexOf(target)), target].join(" -> "));
        else if (!state.has(target)) visit(target);
      }
      trail.pop();
      state.set(file, "done");
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
