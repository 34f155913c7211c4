import { deserialize, serialize } from "node:v8";
import type { Database } from "~/db/client.server";
import {
  type BudgetedCache,
  budgetedCache,
  type CacheStore,
  ownBytes,
  sharedCacheStore,
} from "~/lib/cache-budget.mjs";

/**
 * Catalogue reads kept for the catalogue version they were read at (docs/decisions/0030). A signed-in shopper's
 * page never comes from the visitors' page cache, but what it shows of the catalogue is the same for everyone:
 * the session's query also reads the catalogue's version, and a read kept at that version is the answer, at no
 * query. A read is labelled with the version it was read at, else with the version the request knew before it
 * read (the data is then at least that new): never older than its label, so a kept read is never stale for a
 * request that knows the version now. Keeping a read of another version makes every read kept before it none.
 * Kept per database handle within the process's one cache budget (CACHE_MB), the least recently used read
 * of any cache dropped first. No version known (null or undefined) means nothing is taken or kept.
 */
export type KeptReads<T> = {
  /** What is kept for the key, with the version it is labelled with; the caller checks the version. */
  get(db: Database, key: string): { value: T; version: number } | undefined;
  /** Keeps a value read at `version` (or at least that new). */
  keep(db: Database, key: string, value: T, version: number): void;
  /** The read kept at `versionNow`, else `readNow`'s, kept (labelled with its own version, else versionNow). */
  read(
    db: Database,
    key: string,
    versionNow: number | null | undefined,
    readNow: () => Promise<{ value: T; version?: number | null }>,
  ): Promise<T>;
};

/** A database handle's reads in one cache: the version they were read at, and where they are kept. */
type Kept = { version: number; reads: BudgetedCache<{ version: number; bytes: Buffer }> };

/** A number per database handle, so each handle's reads have keys of their own in the shared store. */
const handleNumbers = new WeakMap<Database, number>();
let handlesSeen = 0;

/**
 * Reads kept in `area` of the process's cache store (app/lib/cache-budget.mjs), within its one budget. A
 * read is kept as V8's serialisation of it: its bytes are counted exactly, and every hit is a copy of its own.
 */
export function keptByVersion<T>(area: string, store?: CacheStore): KeptReads<T> {
  const perDatabase = new WeakMap<Database, Kept>();

  const keptFor = (db: Database) => {
    let kept = perDatabase.get(db);
    if (!kept) {
      if (!handleNumbers.has(db)) handleNumbers.set(db, ++handlesSeen);
      // The process's store is taken on first use, not when the module loads: CACHE_MB is read then.
      kept = {
        version: -1,
        reads: budgetedCache(`${area}#${handleNumbers.get(db)}`, store ?? sharedCacheStore()),
      };
      perDatabase.set(db, kept);
    }
    return kept;
  };

  const kept: KeptReads<T> = {
    get(db, key) {
      const entries = keptFor(db);
      const hit = entries.reads.get(key);
      if (!hit) return undefined;
      // Read at another version than the latest kept: not an answer any more, and its room is wanted.
      if (hit.version !== entries.version) {
        entries.reads.delete(key);
        return undefined;
      }
      return { value: deserialize(hit.bytes) as T, version: hit.version };
    },
    keep(db, key, value, version) {
      const entries = keptFor(db);
      // Another version makes everything kept before no answer (it goes as it is met, or as the least recently
      // used): a newer one makes it old, and an older one means a read that raced a change or a database
      // restored behind the process, whose counter may climb back past it.
      entries.version = version;
      const bytes = ownBytes(serialize(value));
      entries.reads.set(key, { version, bytes }, bytes.length);
    },
    async read(db, key, versionNow, readNow) {
      const hit = versionNow == null ? undefined : kept.get(db, key);
      if (hit && hit.version === versionNow) return hit.value;
      const { value, version } = await readNow();
      const label = version ?? versionNow;
      if (label != null) kept.keep(db, key, value, label);
      return value;
    },
  };
  return kept;
}
