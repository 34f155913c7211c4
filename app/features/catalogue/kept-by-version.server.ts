import type { Database } from "~/db/client.server";

/**
 * Catalogue reads kept for the catalogue version they were read at (docs/decisions/0030). A signed-in shopper's
 * page never comes from the visitors' page cache, but what it shows of the catalogue is the same for everyone:
 * the session's query also reads the catalogue's version, and a read kept at that version is the answer, at no
 * query. A read is labelled with the version it was read at, else with the version the request knew before it
 * read (the data is then at least that new): never older than its label, so a kept read is never stale for a
 * request that knows the version now. Keeping a read of another version drops every read kept before it.
 * Kept per database handle, at most `maxEntries` reads and `maxWeight` in all, the least recently used
 * dropped first. No version known (null or undefined) means nothing is taken or kept.
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

type Kept<T> = { version: number; byKey: Map<string, T>; weight: number };

export function keptByVersion<T>({
  maxEntries,
  maxWeight = Number.POSITIVE_INFINITY,
  weigh = () => 1,
}: {
  maxEntries: number;
  maxWeight?: number;
  weigh?: (value: T) => number;
}): KeptReads<T> {
  const perDatabase = new WeakMap<Database, Kept<T>>();

  const keptFor = (db: Database) => {
    const kept = perDatabase.get(db) ?? { version: -1, byKey: new Map<string, T>(), weight: 0 };
    perDatabase.set(db, kept);
    return kept;
  };
  const forget = (kept: Kept<T>, key: string) => {
    if (!kept.byKey.has(key)) return;
    kept.weight -= weigh(kept.byKey.get(key) as T);
    kept.byKey.delete(key);
  };

  const kept: KeptReads<T> = {
    get(db, key) {
      const entries = keptFor(db);
      if (!entries.byKey.has(key)) return undefined;
      const value = entries.byKey.get(key) as T;
      // Most recently used last: the first in the map is the first to go.
      entries.byKey.delete(key);
      entries.byKey.set(key, value);
      return { value, version: entries.version };
    },
    keep(db, key, value, version) {
      const entries = keptFor(db);
      // Another version drops everything kept: a newer one makes it old, and an older one means a read that
      // raced a change or a database restored behind the process, whose counter may climb back past it.
      if (version !== entries.version)
        Object.assign(entries, { version, byKey: new Map<string, T>(), weight: 0 });
      forget(entries, key);
      const weight = weigh(value);
      if (weight > maxWeight) return;
      entries.byKey.set(key, value);
      entries.weight += weight;
      for (const [oldest] of entries.byKey) {
        if (entries.byKey.size <= maxEntries && entries.weight <= maxWeight) break;
        forget(entries, oldest);
      }
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
