// `npm test`: every stage in turn, stopping at the first that fails, each one's time printed as it ends and
// all of them in a table at the end, so a slow run says where its time went (docs/testing.md). Plain
// JavaScript: it runs before anything is built.
import { spawnSync } from "node:child_process";
import { chromiumForTests, postgresForTests } from "./test-needs.mjs";

const stages = ["lint", "typecheck", "test:unit", "test:postgres", "build", "js-bytes", "test:e2e"];
/** @type {[string, number, string][]} */
const times = [];
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
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(signal, () => postgres.stop().finally(() => process.exit(1)));
}

for (const stage of stages) {
  const at = Date.now();
  console.log(`\n[test] ${stage}: starting`);
  const { status, signal } = spawnSync("npm", ["run", "--silent", stage], { stdio: "inherit" });
  const ok = status === 0;
  times.push([stage, Date.now() - at, ok ? "passed" : `failed (${signal ?? `exit ${status}`})`]);
  console.log(`[test] ${stage}: ${ok ? "passed" : "FAILED"} in ${seconds(Date.now() - at)}`);
  if (!ok) break;
}

console.log("\n[test] stage            time    result");
for (const [stage, ms, result] of times) {
  console.log(`[test] ${stage.padEnd(16)} ${seconds(ms).padStart(6)}  ${result}`);
}
console.log(`[test] ${"all".padEnd(16)} ${seconds(Date.now() - started).padStart(6)}`);
await postgres.stop();
process.exit(times.every(([, , result]) => result === "passed") && times.length === stages.length ? 0 : 1);
