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
    globalSetup: ["tests/integration/support/postgres-reachable.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
