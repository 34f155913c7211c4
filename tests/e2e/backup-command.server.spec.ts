import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import * as tar from "tar";

/*
 * `npm run backup` while the shop runs on its embedded database, which only the shop may open: the command
 * finds the shop in the database's lock file and asks it, over its own port, to write the backup.
 */

test("npm run backup asks the running shop for the backup, and the shop keeps answering", async ({
  request,
}, testInfo) => {
  const port = new URL(testInfo.project.use.baseURL ?? "").port;
  const run = spawnSync("./node_modules/.bin/tsx", ["scripts/backup.ts"], {
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: `.cache/e2e-data-${port}`,
      DATABASE_URL: "",
      NODE_ENV: "production",
    },
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toMatch(/has the embedded database open: asking it for the backup\./);
  expect(run.status).toBe(0);
  const written = /Written: (\S+shop-backup-[\dT-]+Z\.tar\.gz)/.exec(run.stdout)?.[1] ?? "";
  expect(existsSync(written), written).toBe(true);
  const names: string[] = [];
  await tar.list({ file: written, onReadEntry: (entry) => void names.push(entry.path) });
  expect(names).toEqual(expect.arrayContaining(["manifest.json", "database.sql", "session-secret"]));
  expect((await request.get("/")).status()).toBe(200);
});
