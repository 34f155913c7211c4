import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";

/**
 * An exclusive lock on an embedded PGlite data directory. PGlite has no postmaster of its own to refuse a
 * second process: two processes on one directory each keep their own copy of the pages, and the writes of
 * one are silently lost when the other writes. So whoever opens the directory first holds this lock file,
 * and everybody else refuses until it is gone.
 */
export const LOCK_FILE_NAME = "shop.lock";

/** What the lock file says about the process holding it. */
export type LockHolder = { pid: number; port: string | null; command: string; startedAt: string };

export type DataDirLock = { dataDir: string; file: string; holder: LockHolder };

/** An unreadable lock file younger than this is being written by a starter right now, not left by a crash. */
const FRESH_LOCK_MS = 10_000;

/** Locks this process holds, by lock file: released on close and, failing that, when the process exits. */
const held = new Map<string, DataDirLock>();
let exitHandlerInstalled = false;

export class DataDirectoryLocked extends Error {
  readonly dataDir: string;
  readonly lockFile: string;
  /** undefined when another process is writing the lock file at this very moment. */
  readonly holder: LockHolder | undefined;

  constructor(dataDir: string, lockFile: string, holder: LockHolder | undefined) {
    super(lockedMessage(dataDir, lockFile, holder));
    this.name = "DataDirectoryLocked";
    this.dataDir = dataDir;
    this.lockFile = lockFile;
    this.holder = holder;
  }
}

function lockedMessage(dataDir: string, lockFile: string, holder: LockHolder | undefined): string {
  const who =
    holder === undefined
      ? "another process that is starting right now"
      : holder.pid === process.pid
        ? `this same process (pid ${holder.pid}), which already has it open`
        : `another running process: pid ${holder.pid}${holder.port ? ` (port ${holder.port})` : ""}, "${holder.command}", since ${holder.startedAt}`;
  const stale =
    holder === undefined || holder.pid === process.pid
      ? "A lock file left by a crashed process is removed automatically."
      : `A lock file left by a crashed process is removed automatically; if pid ${holder.pid} is not a shop process at all, delete ${lockFile}.`;
  return [
    `The database directory ${dataDir} is in use by ${who}.`,
    "The embedded database can be opened by one process at a time; a second one would lose confirmed writes.",
    "Stop that process first, then try again.",
    stale,
  ].join(" ");
}

/** This process as the lock file describes it: the port it serves (if any) and a short command line. */
function thisProcess(): LockHolder {
  const [node = "node", script, ...args] = process.argv;
  const relative = script === undefined ? "" : path.relative(process.cwd(), script);
  const scriptName = relative && !relative.startsWith("..") ? relative : (script ?? "");
  const command = [path.basename(node), scriptName, ...args].filter(Boolean).join(" ").slice(0, 200);
  return { pid: process.pid, port: process.env.PORT ?? null, command, startedAt: new Date().toISOString() };
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { pid, port, command, startedAt } = value as Record<string, unknown>;
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return undefined;
    return {
      pid,
      port: typeof port === "string" ? port : null,
      command: typeof command === "string" ? command : "unknown",
      startedAt: typeof startedAt === "string" ? startedAt : "unknown",
    };
  } catch {
    return undefined;
  }
}

/** True while the process exists; EPERM means it exists but belongs to another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The lock file's text and age, or undefined when there is none. */
function readLockFile(file: string): { text: string; ageMs: number } | undefined {
  try {
    const ageMs = Date.now() - statSync(file).mtimeMs;
    return { text: readFileSync(file, "utf8"), ageMs };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** Creates the lock file only if there is none (O_EXCL): of two starters exactly one succeeds. */
function createLockFile(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes a stale lock whose text we read as staleText. It is first moved aside, so that if another starter
 * has just replaced it with a live lock of its own, we notice and put that one back instead of deleting it.
 */
function removeStaleLock(file: string, staleText: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return; // someone else removed it first
    throw error;
  }
  if (readFileSync(aside, "utf8") !== staleText) {
    try {
      linkSync(aside, file); // fails if yet another lock appeared meanwhile, which then stands
    } catch {}
  }
  unlinkSync(aside);
}

/**
 * Takes the exclusive lock on dataDir for this process, or throws DataDirectoryLocked naming the process that
 * holds it. A lock left by a dead process (a crash, a kill -9) is stale and taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const mine = held.get(file);
  if (mine) throw new DataDirectoryLocked(dir, file, mine.holder);
  mkdirSync(dir, { recursive: true });
  const holder = thisProcess();
  // Each round creates the lock, refuses, or clears a stale lock and tries again; only a crowd of starters
  // racing for the same stale lock needs more than two.
  for (let round = 0; round < 10; round++) {
    if (createLockFile(file, holder)) {
      // Another starter clearing a stale lock at the same moment may have replaced ours: only a file that
      // still names us after the fact is ours.
      const now = readLockFile(file);
      // Gone: a starter clearing the stale lock has just moved ours aside, and puts it back (it is not the
      // stale text). Giving up here would leave ours standing with nobody holding it: try again instead.
      if (now === undefined) continue;
      const owner = parseHolder(now.text);
      if (owner?.pid !== process.pid) throw new DataDirectoryLocked(dir, file, owner);
      const lock = { dataDir: dir, file, holder };
      held.set(file, lock);
      installExitHandler();
      return lock;
    }
    const existing = readLockFile(file);
    if (existing === undefined) continue; // released between our two steps: try again
    const owner = parseHolder(existing.text);
    if (owner === undefined && existing.ageMs < FRESH_LOCK_MS) {
      throw new DataDirectoryLocked(dir, file, undefined);
    }
    // Our own pid in a lock we do not hold is a previous run's (containers reuse pids, often pid 1).
    if (owner !== undefined && owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new DataDirectoryLocked(dir, file, owner);
    }
    removeStaleLock(file, existing.text);
  }
  throw new DataDirectoryLocked(dir, file, undefined);
}

/** Deletes the lock file if it is still ours (sync, so it also works in an exit handler). */
function removeIfOurs(file: string): void {
  try {
    const current = readLockFile(file);
    if (current !== undefined && parseHolder(current.text)?.pid === process.pid) unlinkSync(file);
  } catch {
    // Nothing more to do: a lock we cannot remove is stale once we are gone and is taken over then.
  }
}

/** Gives the lock up; safe to call twice. */
export function releaseDataDirLock(lock: DataDirLock): void {
  if (held.get(lock.file) !== lock) return;
  held.delete(lock.file);
  removeIfOurs(lock.file);
}

/** A process that exits without closing the database (process.exit, an uncaught error) still frees it. */
function installExitHandler(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.on("exit", () => {
    for (const file of held.keys()) removeIfOurs(file);
    held.clear();
  });
}
