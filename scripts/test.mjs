// `npm test`: every stage, stopping after the first step with a failing stage, each one's time printed as it
// ends and all of them in a table at the end, so a slow run says where its time went (docs/testing.md). Plain
// JavaScript: it runs before anything is built.
import { spawn } from "node:child_process";
import { chromiumForTests, postgresForTests } from "./test-needs.mjs";

/**
 * The steps, in order; the stages of one step run at the same time. None of the first step's needs another's
 * output, and alone none keeps both cores busy (the database tests wait on PostgreSQL, the checks on one
 * thread); together they take about the time of the longest. The browser tests need the build and the whole
 * machine, so they run alone, last.
 */
const steps = [["test:unit", "test:postgres", "typecheck", "lint", "build"], ["page-bytes"], ["test:e2e"]];
const stages = steps.flat();
/** @type {[string, number, string][]} */
const times = [];
/** The last lines of each failed stage, printed again at the end: a CI log shows only its tail. */
const TAIL_LINES = 120;
/** @type {[string, string][]} */
const failures = [];
const started = Date.now();
/** @param {number} ms */
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

// What the tests need beyond the npm packages, brought when the machine lacks it (scripts/test-needs.mjs).
const noChromium = chromiumForTests();
if (noChromium) {
  console.error(`[test] ${noChromium}`);
  process.exit(1);
}
const postgres = await postgresForTests();
process.env.TEST_POSTGRES_URL = postgres.url;
// The browser tests' settings for a whole run (playwright.config.ts), as in CI: two workers on any machine.
process.env.WHOLE_TEST_RUN = "1";
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(signal, () => postgres.stop().finally(() => process.exit(1)));
}

/**
 * Runs one stage (an npm script). The first of a step prints as it goes; the others' output is kept and printed
 * whole when each ends, so the log reads stage by stage. Every stage's output is kept, for the failures' tails.
 * @param {string} stage
 * @param {boolean} live
 * @returns {Promise<boolean>}
 */
function run(stage, live) {
  const at = Date.now();
  console.log(`\n[test] ${stage}: starting`);
  const child = spawn("npm", ["run", "--silent", stage], { stdio: ["inherit", "pipe", "pipe"] });
  /** @type {Buffer[]} */
  const kept = [];
  for (const [from, to] of /** @type {const} */ ([
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])) {
    from.on("data", (chunk) => {
      kept.push(chunk);
      if (live) to.write(chunk);
    });
  }
  return new Promise((resolve) => {
    child.on("close", (status, signal) => {
      const ok = status === 0;
      if (!live) console.log(`\n[test] ${stage}: its output\n${Buffer.concat(kept).toString()}`);
      times.push([stage, Date.now() - at, ok ? "passed" : `failed (${signal ?? `exit ${status}`})`]);
      const lines = Buffer.concat(kept).toString().split("\n");
      if (!ok) failures.push([stage, lines.slice(-TAIL_LINES).join("\n")]);
      console.log(`[test] ${stage}: ${ok ? "passed" : "FAILED"} in ${seconds(Date.now() - at)}`);
      resolve(ok);
    });
  });
}

for (const step of steps) {
  const results = await Promise.all(step.map((stage, index) => run(stage, index === 0)));
  if (results.includes(false)) break;
}

for (const [stage, tail] of failures) {
  console.log(`\n[test] ${stage} failed; its last ${TAIL_LINES} lines again:\n${tail}`);
}
console.log("\n[test] stage            time    result");
for (const [stage, ms, result] of times) {
  console.log(`[test] ${stage.padEnd(16)} ${seconds(ms).padStart(6)}  ${result}`);
}
console.log(`[test] ${"all".padEnd(16)} ${seconds(Date.now() - started).padStart(6)}`);
await postgres.stop();
process.exit(times.every(([, , result]) => result === "passed") && times.length === stages.length ? 0 : 1);
