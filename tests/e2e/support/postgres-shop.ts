import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import pg from "pg";
import { postgresDatabaseUrl, postgresServerUrl as serverUrl } from "./postgres-database";

/*
 * The browser suite's second shop, on PostgreSQL (playwright.config.ts starts it as a web server): the races
 * of the `races` project (two Place Orders at once, invoice numbers) only mean something where transactions
 * really run at the same time, which PGlite never does. It creates its own database on the server named by
 * TEST_POSTGRES_URL, starts the production build on it, and drops the database when Playwright stops it.
 *
 * Usage: tsx tests/e2e/support/postgres-shop.ts <database name> <log file>
 * The shop's own settings (PORT, PUBLIC_URL, SMTP_URL, …) come from the environment.
 */

const [name, logFile] = process.argv.slice(2);
if (!name || !/^[a-z_][a-z0-9_]*$/.test(name) || !logFile) {
  throw new Error("usage: postgres-shop.ts <database name (lower case, digits, _)> <log file>");
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// A database left by a run that was killed goes first: every run starts from the migrations and the seed.
await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await onServer(`CREATE DATABASE ${name}`);

const log = createWriteStream(logFile);
const shop = spawn(process.execPath, ["server.mjs"], {
  env: { ...process.env, DATABASE_URL: postgresDatabaseUrl(name) },
  stdio: ["ignore", "pipe", "pipe"],
});
shop.stdout.pipe(log);
shop.stderr.pipe(process.stderr);

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (shop.exitCode === null) {
      const exited = new Promise((resolve) => shop.once("exit", resolve));
      shop.kill("SIGTERM");
      await exited;
    }
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) => {
      console.error(`could not drop the test database ${name}: ${String(error)}`);
    });
  }
  process.exit(code);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
shop.on("exit", (code) => {
  if (!stopping) {
    console.error(`the PostgreSQL shop stopped on its own (exit code ${code})`);
    void stop(1);
  }
});
