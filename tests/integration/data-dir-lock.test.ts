import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { DataDirectoryLocked, LOCK_FILE_NAME } from "~/db/data-dir-lock.server";
import { blogs } from "~/db/schema";

const tsx = path.resolve("node_modules/.bin/tsx");

let dataDir: string;
let pgliteDir: string;
let database: DatabaseHandle | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "storefront-datadir-"));
  pgliteDir = path.join(dataDir, "pglite");
  database = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs one of the npm db scripts against our data directory, as `npm run db:…` would. */
function runScript(script: string): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL; // the embedded database, whatever the test run uses
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(tsx, [script], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

async function blogCount(db: DatabaseHandle): Promise<number> {
  return (await db.db.select({ id: blogs.id }).from(blogs)).length;
}

describe("the embedded data directory is held by one process", () => {
  it("refuses a second openDatabase in this process", async () => {
    await expect(openDatabase({ kind: "pglite", dataDir: pgliteDir })).rejects.toBeInstanceOf(
      DataDirectoryLocked,
    );
  });

  for (const script of ["scripts/db-seed.ts", "scripts/db-migrate.ts"]) {
    it(`${script} refuses at once, naming the directory and this process`, async () => {
      const result = await runScript(script);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(pgliteDir);
      expect(result.stderr).toContain(`pid ${process.pid}`);
      expect(result.stderr).toContain("Stop that process first");
      expect(result.stderr).not.toMatch(/^\s+at /m); // the reason, not a stack trace
      expect(result.stdout).not.toContain("Seeded");
    });
  }

  it("still works for its holder after the refusals", async () => {
    if (!database) throw new Error("not open");
    const [row] = await database.db
      .insert(blogs)
      .values({ title: "Still here", description: "<p>written after the refusals</p>", category: "test" })
      .returning({ id: blogs.id });
    if (!row) throw new Error("no row");
    expect(await database.db.select().from(blogs).where(eq(blogs.id, row.id))).toHaveLength(1);
  });

  it("is free once closed, and the written rows are there for the next process", async () => {
    if (!database) throw new Error("not open");
    const before = await blogCount(database);
    await database.close();
    database = undefined;
    expect(existsSync(path.join(pgliteDir, LOCK_FILE_NAME))).toBe(false);

    const result = await runScript("scripts/db-migrate.ts");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);

    database = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    expect(await blogCount(database)).toBe(before);
  });
});
