import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Habits of the test suite that a reviewer should not have to catch (docs/testing.md, "Checklist for a new
 * test"): no sleeping instead of waiting for the event, no status check that accepts anything below 500, and no
 * assertion that is skipped when the data it checks is missing.
 */

const root = path.resolve(import.meta.dirname, "..");

function testFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(full);
      } else if (/\.(test|spec)\.tsx?$/.test(entry.name) || full.includes(`${path.sep}support${path.sep}`)) {
        found.push(full);
      }
    }
  };
  for (const dir of ["app", "server", "scripts", "tests"]) walk(path.join(root, dir));
  return found.filter((file) => file !== path.join(root, "tests", "test-habits.test.ts"));
}

/** The statement an `if (…)` starting at `at` guards: its `{ … }` block, or up to the next `;`. */
function guarded(source: string, at: number): string {
  let depth = 0;
  let i = at;
  for (; i < source.length; i++) {
    if (source[i] === "(") depth++;
    if (source[i] === ")" && --depth === 0) break;
  }
  const rest = source.slice(i + 1).trimStart();
  if (!rest.startsWith("{")) return rest.slice(0, rest.indexOf(";") + 1);
  depth = 0;
  for (let j = 0; j < rest.length; j++) {
    if (rest[j] === "{") depth++;
    if (rest[j] === "}" && --depth === 0) return rest.slice(0, j + 1);
  }
  return rest;
}

/** Every offence in `source`, as "file:line: what". */
function offences(file: string, source: string): string[] {
  const found: string[] = [];
  const line = (index: number) => source.slice(0, index).split("\n").length;
  for (const match of source.matchAll(/\bwaitForTimeout\s*\(/g)) {
    found.push(`${file}:${line(match.index)}: waitForTimeout (wait for the event itself)`);
  }
  for (const match of source.matchAll(/\.toBeLessThan\(\s*500\s*\)/g)) {
    found.push(`${file}:${line(match.index)}: toBeLessThan(500) (name the expected status)`);
  }
  for (const match of source.matchAll(/\bif\s*\(\s*\(?\s*await\b[^;{]*?\.count\(\)/g)) {
    if (/\bexpect\b/.test(guarded(source, match.index + match[0].indexOf("(")))) {
      found.push(`${file}:${line(match.index)}: expect inside if (await … .count()) (make the data exist)`);
    }
  }
  return found;
}

describe("test habits", () => {
  it("finds each habit in a sample, and nothing in a clean one", () => {
    const bad = [
      "await page.waitForTimeout(1500);",
      "expect(response.status()).toBeLessThan(500);",
      "if (await page.locator('.order').count()) {\n  await expect(page.locator('.order')).toBeVisible();\n}",
      "if ((await rows.count()) > 0) expect(await rows.count()).toBe(2);",
    ].join("\n");
    expect(offences("sample.ts", bad)).toEqual([
      "sample.ts:1: waitForTimeout (wait for the event itself)",
      "sample.ts:2: toBeLessThan(500) (name the expected status)",
      "sample.ts:3: expect inside if (await … .count()) (make the data exist)",
      "sample.ts:6: expect inside if (await … .count()) (make the data exist)",
    ]);
    const clean = [
      "await expect(page.getByRole('status')).toHaveText('Saved');",
      "expect(response.status()).toBe(415);",
      "if (await close.count()) await close.click();",
    ].join("\n");
    expect(offences("clean.ts", clean)).toEqual([]);
  });

  it("no test sleeps, accepts any status below 500, or skips its check when the data is missing", () => {
    const found = testFiles().flatMap((file) =>
      offences(path.relative(root, file), readFileSync(file, "utf8")),
    );
    expect(found, found.join("\n")).toEqual([]);
  });
});
