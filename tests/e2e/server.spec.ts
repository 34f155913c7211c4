import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** Starts the production build with the given environment and collects what it prints until it exits. */
function startServer(
  env: Record<string, string>,
  { until }: { until?: RegExp } = {},
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "storefront-config-"));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.mjs"], {
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        PORT: "3199",
        ...env,
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      // A server that started as it should is stopped once it has said what the test waits for.
      if (until?.test(output)) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGTERM"), 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

test.describe("configuration checked at start", () => {
  test("names every bad value and refuses to start", async () => {
    const { code, output } = await startServer({
      NODE_ENV: "production",
      DATABASE_URL: "mysql://shop@localhost/shop",
      SMTP_URL: "mail.example.in",
      PHONEPE_ENV: "live",
      API_CLIENT_URL: "app.example.in/reset",
    });
    expect(code).toBe(1);
    expect(output).toContain("The shop cannot start");
    expect(output).toMatch(/DATABASE_URL .*must start with postgres:\/\//);
    expect(output).toMatch(/SMTP_URL .*must start with smtp:\/\//);
    expect(output).toMatch(/PHONEPE_ENV/);
    expect(output).toMatch(/API_CLIENT_URL .*must be a full http or https address/);
  });

  test("refuses production on PostgreSQL without SESSION_SECRET, saying why", async () => {
    const { code, output } = await startServer({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://shop@127.0.0.1:5432/shop",
    });
    expect(code).toBe(1);
    expect(output).toMatch(/SESSION_SECRET is required when NODE_ENV=production and DATABASE_URL is set/);
  });
});

test.describe("payments on purpose", () => {
  test("a public shop without PhonePe credentials refuses to start, naming the PhonePe variables", async () => {
    const { code, output } = await startServer({ PUBLIC_URL: "https://shop.kavericomputers.in" });
    expect(code).toBe(1);
    expect(output).toContain("The shop cannot start");
    expect(output).toMatch(/PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET are not set/);
    expect(output).toMatch(/PHONEPE_ENV=simulator for a trial on purpose/);
  });
});

test.describe("one process per embedded database", () => {
  test("a second shop on the running shop's data directory refuses at once, naming the holder", async () => {
    const runningDataDir = path.resolve(`.cache/e2e-data-${process.env.E2E_PORT ?? 3100}`);
    const { code, output } = await startServer({ DATA_DIR: runningDataDir, PORT: "3198" });
    expect(code).toBe(1);
    expect(output).toContain("The shop cannot start.");
    expect(output).toContain(path.join(runningDataDir, "pglite"));
    expect(output).toMatch(/in use by another running process: pid \d+ \(port \d+\)/);
    // No stack trace: one clear message.
    expect(output).not.toMatch(/^\s+at /m);
  });
});

test.describe("production by default", () => {
  test("with NODE_ENV unset (or empty) the server runs as production", async () => {
    const { output } = await startServer({ NODE_ENV: "" }, { until: /\[server\] http/ });
    // Only production warns that payments go to the simulator.
    expect(output).toContain("WARNING: payments go to the bundled PhonePe simulator");
  });
});
