import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  acquireDataDirLock,
  DataDirectoryLocked,
  LOCK_FILE_NAME,
  type LockHolder,
  releaseDataDirLock,
} from "./data-dir-lock.server";

const tsx = path.resolve("node_modules/.bin/tsx");
const lockModule = path.resolve("app/db/data-dir-lock.server.ts");

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "storefront-lock-"));
  lockFile = path.join(dir, LOCK_FILE_NAME);
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function readLock(): LockHolder {
  return JSON.parse(readFileSync(lockFile, "utf8")) as LockHolder;
}

function writeLock(holder: LockHolder): void {
  writeFileSync(lockFile, JSON.stringify(holder));
}

/** A process that stays alive for a minute: a stand-in for a running shop. */
function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  if (child.pid === undefined) throw new Error("could not start a child process");
  return child.pid;
}

/** The pid of a process that has already exited: a shop that crashed. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  if (child.pid === undefined) throw new Error("could not start a child process");
  return child.pid;
}

describe("acquireDataDirLock", () => {
  it("creates the lock file naming this process, and release removes it", () => {
    const lock = acquireDataDirLock(dir);
    expect(lock.file).toBe(lockFile);
    const holder = readLock();
    expect(holder.pid).toBe(process.pid);
    expect(holder.port).toBe(process.env.PORT ?? null);
    expect(holder.command).toContain("node");
    expect(Number.isNaN(Date.parse(holder.startedAt))).toBe(false);

    releaseDataDirLock(lock);
    expect(existsSync(lockFile)).toBe(false);
    releaseDataDirLock(lock); // twice is harmless
    releaseDataDirLock(acquireDataDirLock(dir)); // and the directory can be locked again
  });

  it("refuses a second lock inside the same process", () => {
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(/already has it open/);
    } finally {
      releaseDataDirLock(lock);
    }
  });

  it("refuses while a live process holds the lock, naming it and what to do", () => {
    const pid = liveProcess();
    const holder = { pid, port: "3000", command: "node server.mjs", startedAt: "2025-01-02T03:04:05.000Z" };
    writeLock(holder);

    let refusal: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirectoryLocked);
    const message = (refusal as DataDirectoryLocked).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${pid}`);
    expect(message).toContain("port 3000");
    expect(message).toContain("node server.mjs");
    expect(message).toContain("2025-01-02T03:04:05.000Z");
    expect(message).toContain("Stop that process first");
    expect(message).toContain("removed automatically");
    expect(readLock()).toEqual(holder); // untouched
  });

  it("takes over a stale lock left by a dead process", async () => {
    writeLock({
      pid: await deadPid(),
      port: null,
      command: "node server.mjs",
      startedAt: "2025-01-01T00:00:00Z",
    });
    const lock = acquireDataDirLock(dir);
    expect(readLock().pid).toBe(process.pid);
    releaseDataDirLock(lock);
    expect(existsSync(lockFile)).toBe(false);
  });

  it("takes over a lock naming this pid that this process does not hold (a previous run, pid reused)", () => {
    writeLock({
      pid: process.pid,
      port: null,
      command: "node server.mjs",
      startedAt: "2025-01-01T00:00:00Z",
    });
    releaseDataDirLock(acquireDataDirLock(dir));
  });

  it("waits for an unreadable lock that is being written, and takes over an old unreadable one", () => {
    writeFileSync(lockFile, "");
    expect(() => acquireDataDirLock(dir)).toThrow(/starting right now/);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile, minuteAgo, minuteAgo);
    releaseDataDirLock(acquireDataDirLock(dir));
  });

  it("does not remove on release a lock file that another process has taken meanwhile", () => {
    const lock = acquireDataDirLock(dir);
    const other = {
      pid: liveProcess(),
      port: null,
      command: "node server.mjs",
      startedAt: "2025-01-01T00:00:00Z",
    };
    writeLock(other);
    releaseDataDirLock(lock);
    expect(readLock()).toEqual(other);
  });
});

describe("the lock across processes", () => {
  const run = promisify(execFile);

  function script(body: string): string {
    const file = path.join(dir, `script-${Math.random().toString(36).slice(2)}.mts`);
    writeFileSync(file, `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};\n${body}\n`);
    return file;
  }

  it("is released when the process exits without closing", async () => {
    const file = script(`acquireDataDirLock(${JSON.stringify(dir)}); process.exit(0);`);
    await run(tsx, [file]);
    expect(existsSync(lockFile)).toBe(false);
  });

  it("goes to exactly one of several processes racing for a stale lock", async () => {
    writeLock({
      pid: await deadPid(),
      port: null,
      command: "node server.mjs",
      startedAt: "2025-01-01T00:00:00Z",
    });
    // All try at the same moment (tsx takes a while to start), and hold what they got until all have tried:
    // each waits until every one has written its "ready" file, then its "done" file.
    const racers = 6;
    const barrier = path.join(dir, "barrier");
    mkdirSync(barrier);
    const file = script(
      [
        `import { readdirSync, watch, writeFileSync } from "node:fs";`,
        `const count = (prefix) => readdirSync(${JSON.stringify(barrier)}).filter((f) => f.startsWith(prefix)).length;`,
        // Woken by each file written into the barrier, not by a timer.
        `const waitFor = (prefix) => new Promise((resolve) => {`,
        `  const check = () => { if (count(prefix) >= ${racers}) { watcher.close(); resolve(); } };`,
        `  const watcher = watch(${JSON.stringify(barrier)}, check);`,
        `  check();`,
        `});`,
        `writeFileSync(${JSON.stringify(barrier)} + "/ready-" + process.pid, "");`,
        `await waitFor("ready");`,
        `try { acquireDataDirLock(${JSON.stringify(dir)}); console.log("took"); } catch (e) { console.log(e.name); }`,
        `writeFileSync(${JSON.stringify(barrier)} + "/done-" + process.pid, "");`,
        `await waitFor("done");`,
      ].join("\n"),
    );
    const results = await Promise.all(Array.from({ length: racers }, () => run(tsx, [file])));
    const outcomes = results.map((result) => result.stdout.trim());
    expect(outcomes.filter((outcome) => outcome === "took")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "DataDirectoryLocked")).toHaveLength(racers - 1);
    expect(existsSync(lockFile)).toBe(false); // the winner released it on exit
  });
});
