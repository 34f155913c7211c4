import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Habits of the test suite that a reviewer should not have to catch (docs/testing.md, "Checklist for a new
 * test"): no sleeping instead of waiting for the event (waitForTimeout, or a promise that a timer resolves,
 * outside a file that fakes the timers), no status check that accepts anything below 500, one of several
 * statuses or anything but one status, and no assertion that is skipped when the data it checks is missing.
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
  // A status one of several: `expect([400, 409]).toContain(status)`, `[400, 409].includes(…)`, toBeOneOf.
  const statuses = String.raw`\[\s*[1-5]\d\d(?:\s*,\s*[1-5]\d\d)+\s*\]`;
  for (const pattern of [
    new RegExp(String.raw`\bexpect\(\s*${statuses}[^;]*?\)\s*\.toContain\(`, "g"),
    new RegExp(String.raw`${statuses}\s*\.includes\(`, "g"),
    /\.toBeOneOf\(\s*\[\s*[1-5]\d\d\b/g,
  ]) {
    for (const match of source.matchAll(pattern)) {
      found.push(`${file}:${line(match.index)}: a status one of several (name the one expected)`);
    }
  }
  // Anything but one status: `expect(answer.status()).not.toBe(200)`.
  for (const match of source.matchAll(/\.not\s*\.\s*to(?:Be|Equal|StrictEqual)\(\s*[1-5]\d\d\s*\)/g)) {
    const subject = source.slice(source.lastIndexOf("expect", match.index), match.index);
    if (/status/i.test(subject)) {
      found.push(`${file}:${line(match.index)}: .not on a status (name the one expected)`);
    }
  }
  // A fixed sleep: a promise resolved by a timer, or timers/promises' setTimeout, where no timer is faked.
  if (!/\buseFakeTimers\s*\(/.test(source)) {
    for (const pattern of [
      /\bnew\s+Promise\b(?:<[^>]*>)?\s*\(\s*\(?\s*(\w+)[^)=]*\)?\s*=>\s*\{?\s*setTimeout\(\s*(?:\(\s*\)\s*=>\s*)?\1\b/g,
      /\bawait\s+(?:setTimeout|scheduler\.wait)\s*\(/g,
    ]) {
      for (const match of source.matchAll(pattern)) {
        found.push(`${file}:${line(match.index)}: a fixed sleep (wait for the event itself)`);
      }
    }
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

  it("finds a status one of several, anything but one status, and a fixed sleep; not their look-alikes", () => {
    const bad = [
      "expect([400, 409], field).toContain(answer.status());",
      "expect([303, 410].includes(response.status)).toBe(true);",
      "expect(answer.status).toBeOneOf([200, 304]);",
      "expect((await staff.get(pdfUrl)).status()).not.toBe(200);",
      "await expect.poll(async () => {",
      "  const answer = await tryAgain();",
      "  return answer.status();",
      "}).not.toBe(429);",
      "await new Promise((resolve) => setTimeout(resolve, 50));",
      "const pause = (ms: number) => new Promise<void>((done) => { setTimeout(() => done(), ms); });",
      "await setTimeout(100);",
    ].join("\n");
    expect(offences("sample.ts", bad)).toEqual([
      "sample.ts:1: a status one of several (name the one expected)",
      "sample.ts:2: a status one of several (name the one expected)",
      "sample.ts:3: a status one of several (name the one expected)",
      "sample.ts:4: .not on a status (name the one expected)",
      "sample.ts:8: .not on a status (name the one expected)",
      "sample.ts:9: a fixed sleep (wait for the event itself)",
      "sample.ts:10: a fixed sleep (wait for the event itself)",
      "sample.ts:11: a fixed sleep (wait for the event itself)",
    ]);
    const clean = [
      // Several statuses of several requests, each named; numbers that are not statuses.
      "expect([first.status, second.status]).toEqual([200, 503]);",
      "expect([111, 112].map(ordinal)).toEqual(['111th', '112th']);",
      "expect(product.quantity).not.toBe(400);",
      "expect(result.code).not.toBe(0);",
      // A timer that gives up or kills, and Playwright's own timeouts: not a wait.
      "const timer = setTimeout(() => reject(new Error('no mail')), 10_000);",
      "test.setTimeout(120_000);",
      "socket.setTimeout(10_000, () => socket.destroy());",
      "await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));",
    ].join("\n");
    expect(offences("clean.ts", clean)).toEqual([]);
    // A sleep where the file fakes the timers is the fake clock's: advanced by the test, never waited for.
    const faked = ["vi.useFakeTimers();", "const slept = new Promise((r) => setTimeout(r, 60_000));"].join(
      "\n",
    );
    expect(offences("faked.ts", faked)).toEqual([]);
  });

  it("no test sleeps, accepts any status below 500 or one of several, or skips its check when the data is missing", () => {
    const found = testFiles().flatMap((file) =>
      offences(path.relative(root, file), readFileSync(file, "utf8")),
    );
    expect(found, found.join("\n")).toEqual([]);
  });
});
