/**
 * npx tsx scripts/html-bytes.ts [--budget 55]
 *
 * The HTML of the store's first page (`/product`) as a visitor gets it on the seed catalogue: starts the built
 * server (run `npm run build` first) on a throwaway data directory and a free port, weighs the page it sends
 * (uncompressed: the budget is written in bytes of HTML, which a phone parses whatever the wire carried) and
 * fails (exit code 1) when it is over the budget in KB. `npm run page-bytes` runs it after the JavaScript
 * budget of every page (scripts/js-bytes.ts), in `npm test`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { budget: { type: "string", default: "55" } } });
const budgetBytes = Number(args.budget) * 1024;
if (!(budgetBytes > 0)) {
  console.error(`--budget must be a number of KB, not ${args.budget}.`);
  process.exit(2);
}
const PAGE = "/product";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject()));
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-html-bytes-"));
const port = await freePort();
// The embedded database, and the address the probe below asks (a HOST of the caller's would move the server).
const { DATABASE_URL: _, HOST: __, ...inherited } = process.env;
const server = spawn(process.execPath, ["server.mjs"], {
  // Seeded at its first start: the catalogue every fresh shop has.
  env: { ...inherited, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: "production", LOG_REQUESTS: "false" },
  stdio: ["ignore", "pipe", "pipe"],
});
let log = "";
server.on("error", (error) => (log += `${error}\n`));
server.stdout.on("data", (chunk: Buffer) => (log += chunk));
server.stderr.on("data", (chunk: Buffer) => (log += chunk));

async function stopServer() {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function pageHtml(): Promise<string> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The shop exited while starting:\n${log}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${PAGE}`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return await response.text();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop did not answer ${PAGE} within 2 minutes:\n${log}`);
}

try {
  const bytes = Buffer.byteLength(await pageHtml());
  const over = bytes > budgetBytes;
  console.log(
    `${PAGE} (the store's first page, seed catalogue): ${bytes} bytes of HTML, budget ${budgetBytes} (${args.budget} KB)${over ? "  over budget" : ""}`,
  );
  if (over) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopServer();
}
