import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { serverLogOf } from "../../../playwright.config";

/** The back office's owner on the browser-test server, set up once from the link the server printed. */
export const owner = {
  name: "Lakshmi Iyer",
  email: "owner@kaveri.test",
  password: "kaveri-owner-2026-passphrase",
};

const SETUP_LINK = /Create the owner account at (\S+\/admin\/setup\/[\w-]+)/;

/**
 * Makes sure the owner exists: the first caller uses the set-up link from the server's output; later callers
 * (and the other browser project, racing it) find the link used and go on with the same account.
 */
export async function ensureOwner(request: APIRequestContext): Promise<void> {
  let link: string | undefined;
  // The log of the shop this test's project drives (the races run on a second shop, on PostgreSQL).
  const serverLog = serverLogOf(Number(new URL(test.info().project.use.baseURL ?? "").port));
  await expect(async () => {
    link = SETUP_LINK.exec(readFileSync(serverLog, "utf8"))?.[1];
    expect(link, "the server prints the back office's set-up link").toBeDefined();
  }).toPass({ timeout: 10_000 });
  const url = new URL(link ?? "");
  const answer = await request.post(url.pathname, {
    form: { name: owner.name, email: owner.email, password: owner.password },
    headers: { Origin: url.origin },
    maxRedirects: 0,
  });
  // 410: the link was used already, by an earlier test or the other browser project: the same account.
  if (answer.status() === 410) return;
  expect([answer.status(), answer.headers().location], "the owner is set up").toEqual([303, "/admin"]);
}

/**
 * Logs in to the back office by the log-in form's post, made with the page's own cookies (page.request), and
 * opens the dashboard, whose welcome toast shows as after the form: the set-up of a test about something else.
 */
export async function staffLogIn(page: Page, who: { email: string; password: string }): Promise<void> {
  const answer = await page.request.post("/admin/login", {
    form: { email: who.email, password: who.password },
    headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
    maxRedirects: 0,
  });
  expect([answer.status(), answer.headers().location], `${who.email} is let in`).toEqual([303, "/admin"]);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

/** Logs in to the back office through its form and waits for the dashboard (the tests of that form). */
export async function staffLogInByForm(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A shop of its own on a fresh embedded database (the production build, no seed), for the first run; `stop`
 * ends it and removes its data. `output` is what it has printed so far.
 */
export async function freshShop(): Promise<{
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
}> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "storefront-first-run-"));
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SEED_ON_START: "false",
      LOG_REQUESTS: "false",
    },
  });
  let printed = "";
  child.stdout.on("data", (chunk) => {
    printed += chunk;
  });
  child.stderr.on("data", (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // The shop listens once its database is ready and its first pages are warm, and says so in one line.
  await expect
    .poll(() => (child.exitCode === null ? printed.includes(`[server] ${origin}`) : printed), {
      message: "the fresh shop listens",
      timeout: 90_000,
    })
    .toBe(true);
  return {
    origin,
    output: () => printed,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real picture for the back office's upload forms: a PNG of one colour, made on the spot. */
export async function pngPicture(background = "#2a6f97"): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer();
}
