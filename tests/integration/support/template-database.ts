import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { adminQuery, databaseUrl } from "./postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database as PGlite dumps it (a file), which each test file's database starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test file's database is created from (DATABASE_URL's server). */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global set-up: the migrations run once per run instead of once per test file. Opening an embedded
 * database from a migrated dump takes under a second; creating one and migrating it took about five, and some
 * eighty test files and tests open one (docs/testing.md). On PostgreSQL, CREATE DATABASE … TEMPLATE copies a
 * migrated one. Each test still gets a database of its own; openTestDatabase migrates it again (nothing to do).
 */
export default async function templateDatabase(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `storefront_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const handle = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name), poolSize: 1 });
    await handle.close();
    project.provide("postgresTemplate", name);
    project.provide("pgliteTemplate", "");
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const handle = await openDatabase({ kind: "pglite" });
  const dump = handle.source.kind === "pglite" ? await handle.source.client.dumpDataDir("none") : undefined;
  await handle.close();
  if (!dump) throw new Error("an embedded database gives no dump");
  const folder = path.resolve(".cache", `test-template-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, "pglite.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
  return async () => rmSync(folder, { recursive: true, force: true });
}
