import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/*.test.ts",
    ],
    environment: "node",
    // Worker threads share one process, so PGlite's WebAssembly is compiled once per worker, not once per test
    // file. Three, not the default one-less-than-cores: the database tests spend much of their time waiting
    // (on PostgreSQL, on timers, on the SMTP server), and 2 cores keep three busy (docs/testing.md).
    pool: "threads",
    maxWorkers: 3,
    globalSetup: [
      "tests/integration/support/postgres-reachable.ts",
      "tests/integration/support/template-database.ts",
    ],
    // In `npm test` these workers share two cores with the other database stage, the type check and the build:
    // a test's wall time can be three times its time alone, and a limit is there to stop a test that hangs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
