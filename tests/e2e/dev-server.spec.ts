import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/*
 * `npm run dev` (NODE_ENV=development node server.mjs): Vite loads the server's code afresh after an edit, so
 * the next request runs the edited route, and the embedded database opened at start stays open (one PGlite,
 * its directory still locked by this one process) instead of being opened a second time.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 3;
const base = `http://localhost:${port}`;
const edited = path.resolve("app/routes/shop/about.tsx");

test.describe.configure({ mode: "serial" });

test("npm run dev runs an edited route on the next request, with the database still open", async () => {
  test.setTimeout(120_000);
  const original = readFileSync(edited, "utf8");
  const dataDir = mkdtempSync(path.join(tmpdir(), "storefront-dev-"));
  let output = "";
  const server: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "development", PORT: String(port), DATA_DIR: dataDir },
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const page = async (pathname: string) => {
    const response = await fetch(`${base}${pathname}`);
    return { status: response.status, text: await response.text() };
  };
  try {
    await expect
      .poll(async () => (await page("/healthz").catch(() => ({ status: 0 }))).status, { timeout: 60_000 })
      .toBe(200);
    const before = await page("/about");
    expect(before.status).toBe(200);
    expect(before.text).toContain("About Us");
    expect(before.text).not.toContain("About Us, edited");
    // A product page reads the database: the store answers before and after the edit.
    expect((await page("/product/1")).status).toBe(200);

    writeFileSync(edited, original.replace('title="About Us"', 'title="About Us, edited"'));
    await expect
      .poll(async () => (await page("/about")).text, { timeout: 20_000 })
      .toContain("About Us, edited");

    const after = await page("/product/1");
    expect(after.status).toBe(200);
    expect(after.text).toContain("Add to Cart");
    expect(output).not.toMatch(/locked|\[500\]/i);
  } finally {
    writeFileSync(edited, original);
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
