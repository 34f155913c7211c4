import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "storefront-config-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("runs with no variables at all on the embedded defaults", () => {
    const dir = dataDir();
    const settings = loadConfig({ DATA_DIR: dir });
    expect(settings.databaseUrl).toBeUndefined();
    expect(settings.port).toBe(3000);
    expect(settings.phonepe.mode).toBe("simulator");
    expect(settings.smtpUrl).toBeUndefined();
    expect(settings.defaultsInUse.join("\n")).toMatch(/PGlite/);
    expect(settings.defaultsInUse.join("\n")).toMatch(/outbox/);
    expect(settings.defaultsInUse.join("\n")).toMatch(/PhonePe simulator/);
  });

  it("generates the session secret once and keeps it", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("names each bad value", () => {
    const problems = problemsOf({ PORT: "abc", DATABASE_URL: "mysql://x", SESSION_SECRET: "short" });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith("PORT"))).toContain('"abc"');
    expect(problems.find((p) => p.startsWith("DATABASE_URL"))).toContain("must start with postgres://");
    expect(problems.find((p) => p.startsWith("SESSION_SECRET"))).toContain("at least 32 characters");
    expect(problems.join("\n")).not.toContain("short");
  });

  it("never prints a password from a connection URL", () => {
    const problems = problemsOf({ DATABASE_URL: "mysql://shop:hunter2@db/shop" });
    expect(problems.join("\n")).not.toContain("hunter2");
  });

  it("refuses production on PostgreSQL without a session secret", () => {
    const problems = problemsOf({ NODE_ENV: "production", DATABASE_URL: "postgres://shop@db/shop" });
    expect(problems).toEqual([expect.stringMatching(/^SESSION_SECRET is required when NODE_ENV=production/)]);
    expect(
      problemsOf({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://shop@db/shop",
        SESSION_SECRET: "x".repeat(40),
      }),
    ).toEqual([]);
  });

  it("wants both PhonePe credentials, and credentials for a real PhonePe host", () => {
    expect(problemsOf({ PHONEPE_CLIENT_ID: "M123" })[0]).toMatch(/^PHONEPE_CLIENT_SECRET/);
    expect(problemsOf({ PHONEPE_ENV: "production" })[0]).toMatch(/^PHONEPE_ENV/);
    const live = loadConfig({ DATA_DIR: dataDir(), PHONEPE_CLIENT_ID: "M1", PHONEPE_CLIENT_SECRET: "s" });
    expect(live.phonepe.mode).toBe("sandbox");
  });

  it("has simulator webhook credentials only for the simulator, and wants real ones in pairs", () => {
    const simulator = loadConfig({ DATA_DIR: dataDir() });
    expect(simulator.phonepe.webhookUsername).toBeTruthy();
    expect(simulator.phonepe.webhookPassword).toBeTruthy();

    const live = loadConfig({ DATA_DIR: dataDir(), PHONEPE_CLIENT_ID: "M1", PHONEPE_CLIENT_SECRET: "s" });
    expect(live.phonepe.webhookUsername).toBeUndefined();
    expect(live.phonepe.webhookPassword).toBeUndefined();
    expect(live.defaultsInUse.join("\n")).toMatch(/PhonePe webhooks refused/);

    const configured = loadConfig({
      DATA_DIR: dataDir(),
      PHONEPE_CLIENT_ID: "M1",
      PHONEPE_CLIENT_SECRET: "s",
      PHONEPE_WEBHOOK_USERNAME: "kaveri_hooks",
      PHONEPE_WEBHOOK_PASSWORD: "hooks2025pass",
    });
    expect(configured.phonepe).toMatchObject({
      webhookUsername: "kaveri_hooks",
      webhookPassword: "hooks2025pass",
    });
    expect(problemsOf({ PHONEPE_WEBHOOK_USERNAME: "kaveri_hooks" })[0]).toMatch(/^PHONEPE_WEBHOOK_PASSWORD/);
    const secretProblem = problemsOf({ PHONEPE_WEBHOOK_PASSWORD: "hooks2025pass" });
    expect(secretProblem[0]).toMatch(/^PHONEPE_WEBHOOK_USERNAME/);
    expect(secretProblem.join("\n")).not.toContain("hooks2025pass");
  });

  it("accepts TRUST_PROXY as a hop count or a list of proxy addresses and ranges", () => {
    expect(problemsOf({ TRUST_PROXY: "1" })).toEqual([]);
    expect(problemsOf({ TRUST_PROXY: "loopback, 10.0.0.0/8" })).toEqual([]);
    expect(problemsOf({ TRUST_PROXY: "192.168.1.10,fd00::/8,uniquelocal" })).toEqual([]);
    for (const bad of ["11", "10.0.0.0/33", "proxy.example", "10.0.0.1/8/2", "-1"]) {
      expect(problemsOf({ TRUST_PROXY: bad }).join("\n")).toMatch(/TRUST_PROXY/);
    }
  });

  it("takes CACHE_MB as whole megabytes from 0 to 4096, and refuses the PAGE_CACHE_MB it replaced", () => {
    for (const good of ["0", "48", "4096", ""]) expect(problemsOf({ CACHE_MB: good })).toEqual([]);
    for (const bad of ["4097", "-1", "1.5", "lots", "48MB"]) {
      expect(problemsOf({ CACHE_MB: bad }).join("\n")).toMatch(
        /^CACHE_MB \(got "[^"]*"\) must be a whole number of megabytes/,
      );
    }
    expect(problemsOf({ PAGE_CACHE_MB: "64" }).join("\n")).toMatch(
      /^PAGE_CACHE_MB \(got "64"\) is no longer read: set CACHE_MB/,
    );
    expect(problemsOf({ PAGE_CACHE_MB: "" })).toEqual([]);
  });

  it("takes API_CLIENT_URL as a plain http or https address, and names a bad one", () => {
    const apiClientUrl = (value: string) =>
      loadConfig({ DATA_DIR: dataDir(), API_CLIENT_URL: value }).apiClientUrl;
    expect(loadConfig({ DATA_DIR: dataDir() }).apiClientUrl).toBeUndefined();
    expect(apiClientUrl("")).toBeUndefined();
    expect(apiClientUrl("https://app.example.in")).toBe("https://app.example.in/");
    expect(apiClientUrl("http://localhost:5173/digitic/")).toBe("http://localhost:5173/digitic/");
    for (const bad of [
      "app.example.in",
      "javascript:alert(1)",
      "ftp://app.example.in",
      "https://user:secret@app.example.in",
      "https://app.example.in/?next=https://evil.example",
      "https://app.example.in/#reset",
    ]) {
      const problems = problemsOf({ API_CLIENT_URL: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0], bad).toMatch(/^API_CLIENT_URL .*must be/);
    }
  });

  it("refuses a public production shop without PhonePe credentials, naming the variables", () => {
    const problems = problemsOf({ NODE_ENV: "production", PUBLIC_URL: "https://shop.kavericomputers.in" });
    expect(problems.join("\n")).toMatch(/PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET are not set/);
    expect(problems.join("\n")).toMatch(/PHONEPE_WEBHOOK_USERNAME/);
    expect(problems.join("\n")).toMatch(/PHONEPE_ENV=simulator/);
  });

  it("keeps the simulator for a local trial, or when it is asked for on purpose", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([]);
    expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3000" })).toEqual([]);
    expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "http://shop.localhost:3000" })).toEqual([]);
    expect(
      problemsOf({ NODE_ENV: "production", PUBLIC_URL: "https://demo.example.in", PHONEPE_ENV: "simulator" }),
    ).toEqual([]);
  });

  it("derives the simulator's secrets from the installation, never a published default", () => {
    const first = loadConfig({ DATA_DIR: dataDir() }).phonepe;
    const second = loadConfig({ DATA_DIR: dataDir() }).phonepe;
    expect(first.clientSecret).not.toBe("simulator-secret");
    expect(first.clientSecret).not.toBe(second.clientSecret);
    expect(first.webhookPassword).not.toBe(second.webhookPassword);
    expect(first.webhookPassword).not.toBe(first.clientSecret);
    expect(first.simulatorAdminSecret).toBeUndefined();
  });
});
