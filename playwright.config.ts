import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { postgresShopDatabase } from "./tests/e2e/support/postgres-database";
import { simulatorEnv } from "./tests/e2e/support/simulator";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** A fresh embedded database for every run: the server's data directory is wiped before it starts. */
const dataDir = `.cache/e2e-data-${port}`;
/**
 * A real SMTP server for the run (tests/integration/support/smtp.ts); what it receives lands as JSON files in
 * mailDir, read by tests/e2e/support/mail.ts.
 */
const smtpPort = port + 1025;
export const mailDir = `.cache/e2e-mail-${port}`;
/** What a test server printed: the back office's first-run set-up link is read from it. */
export const serverLogOf = (shopPort: number) => `.cache/e2e-server-${shopPort}.log`;
/**
 * A second shop on PostgreSQL (tests/e2e/support/postgres-shop.ts) for the races: on PGlite one transaction
 * runs at a time, so a race there passes whether or not the lock it is about exists.
 */
const postgresPort = port + 2;
export const postgresBaseURL = `http://localhost:${postgresPort}`;
/** The database the launcher creates for that shop (and drops when the run ends). */
export const postgresDatabase = postgresShopDatabase(postgresPort);

/**
 * A browser page on this origin may call the main test shop's JSON API (tests/e2e/api.spec.ts): the shop itself
 * by its loopback address, another origin than localhost's, and no private-network hop for the browser.
 */
export const apiClientOrigin = `http://127.0.0.1:${port}`;
/**
 * The address of the API's client app (API_CLIENT_URL): the password-reset mail of an API customer links to its
 * reset-password/<token> page. A stand-in on the listed origin, under a path of its own.
 */
export const apiClientUrl = `${apiClientOrigin}/digitic/`;
/** An origin the shop does not list: refused. */
export const foreignOrigin = `http://127.0.0.2:${port}`;

/** The main test shop serves /metrics to this bearer token; the shop on PostgreSQL has none (no /metrics). */
export const metricsToken = "e2e-metrics-token-0123456789abcdef";

/** What both test shops share: production mode, the run's SMTP server, the simulator's credentials. */
const shopEnv = {
  NODE_ENV: "production",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Each test sends its own X-Forwarded-For (tests/e2e/support/test.ts), so per-client rate limits apply per
  // test instead of to the whole run.
  TRUST_PROXY: "1",
  LOG_REQUESTS: "false",
  ...simulatorEnv,
};

/**
 * Debian's headless shell when it is there (.ci/run installs it): the same engine without the full browser's
 * windowing, a third less time for the suite on a 2-core machine. Else Debian's Chromium.
 */
const headlessShell = "/usr/bin/chromium-headless-shell";
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/**
 * Specs with a project of their own: no browser (server, hostile), the shop on PostgreSQL (races), run once
 * (metrics), or run alone after the rest (payment faults).
 */
const ownProject = /(server|hostile|races|metrics|payment-faults|api)\.spec\.ts/;

/**
 * A whole run, in CI or by `npm test` (scripts/test.mjs sets WHOLE_TEST_RUN): two workers whatever the cores,
 * a retry, longer limits, traces of retries only. A developer's `npx playwright test` gets Playwright's
 * defaults and the HTML report.
 */
const wholeRun = Boolean(process.env.CI || process.env.WHOLE_TEST_RUN);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  forbidOnly: wholeRun,
  retries: wholeRun ? 1 : 0,
  // Playwright's default is half the cores: one worker on a 2-core machine, which doubled the browser stage.
  workers: wholeRun ? 2 : undefined,
  reporter: wholeRun ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A whole run puts every test on a 2-core machine with two workers, a server and two browsers sharing it: the
  // long flows (sign-up, mail, several forms) need more than 30 s there. Not a speed check (npm run bench is).
  timeout: wholeRun ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  // A trace records every action's page and a screencast, at a cost in CPU for every test; in a whole run only
  // the retry of a failed test records one, and its first failure is still printed.
  use: { baseURL, trace: wholeRun ? "on-first-retry" : "retain-on-failure" },
  projects: [
    { name: "js-on", testIgnore: ownProject, use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", testIgnore: ownProject, use: { ...chromium, javaScriptEnabled: false } },
    // Starting the server with a bad configuration needs no browser, so it runs once.
    { name: "server", testMatch: /server\.spec\.ts/ },
    // The JSON API (decision 0045): plain requests and, for CORS, a page on another origin; once.
    { name: "api", testMatch: /api\.spec\.ts/, use: { ...chromium, javaScriptEnabled: true } },
    // Hostile input (every route with bad bodies, ids and other customers' data) is plain requests, once.
    { name: "hostile", testMatch: /hostile\.spec\.ts/ },
    // What /metrics tells whoever runs the shop, after a shopper used it: once is enough.
    { name: "metrics", testMatch: /metrics\.spec\.ts/, use: { ...chromium, javaScriptEnabled: true } },
    // Requests at the same moment, against the shop on PostgreSQL. Never retried: a retry would hide a race
    // that is lost one time in two.
    {
      name: "races",
      testMatch: /races\.spec\.ts/,
      retries: 0,
      use: { ...chromium, baseURL: postgresBaseURL },
    },
    // PhonePe's faults are switched on for the whole simulator: these run alone, after everything else.
    {
      name: "payment-faults-js-off",
      testMatch: /payment-faults\.spec\.ts/,
      dependencies: ["js-on", "js-off", "hostile", "metrics"],
      use: { ...chromium, javaScriptEnabled: false },
    },
    {
      name: "payment-faults-js-on",
      testMatch: /payment-faults\.spec\.ts/,
      dependencies: ["payment-faults-js-off"],
      use: { ...chromium, javaScriptEnabled: true },
    },
  ],
  webServer: [
    {
      command: `./node_modules/.bin/tsx tests/integration/support/smtp.ts --port ${smtpPort} --dir ${mailDir}`,
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // What the server prints is kept in serverLog: the back office's first-run set-up link is read from it.
      command: `rm -rf ${dataDir} && mkdir -p .cache && node server.mjs | tee ${serverLogOf(port)}`,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...shopEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        DATABASE_URL: "",
        METRICS_TOKEN: metricsToken,
        API_ALLOWED_ORIGINS: apiClientOrigin,
        API_CLIENT_URL: apiClientUrl,
      },
    },
    {
      command: `rm -rf ${dataDir}-postgres && mkdir -p .cache && ./node_modules/.bin/tsx tests/e2e/support/postgres-shop.ts ${postgresDatabase} ${serverLogOf(postgresPort)}`,
      url: `${postgresBaseURL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The launcher stops the shop and drops its database on SIGTERM.
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...shopEnv,
        PORT: String(postgresPort),
        DATA_DIR: `${dataDir}-postgres`,
        PUBLIC_URL: postgresBaseURL,
        SESSION_SECRET: "e2e-postgres-shop-session-secret-0123456789abcdef",
      },
    },
  ],
});
