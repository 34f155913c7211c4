// @ts-check
// One memory budget for everything the process keeps to answer faster (docs/decisions/0040): the visitors'
// pages and the catalogue reads share one store, bounded by CACHE_MB, and the least recently used entry goes
// first whichever cache it belongs to. Each cache counts its entries' bytes itself: the buffers it keeps.
import { LRUCache } from "lru-cache";

/** What a 1 GB server keeps: see docs/deployment.md, "The smallest server". */
const DEFAULT_CACHE_MB = 32;

/**
 * What the store holds per entry beyond the bytes a cache counts, besides the key's characters (counted at
 * two bytes each, the most V8 takes): the store's slots and the entry's wrapper objects. Measured at 250 bytes
 * an entry with a 70-character key, of which the key took about 90.
 */
const ENTRY_OVERHEAD_BYTES = 200;

/** @typedef {{ value: unknown; bytes: number }} Kept */
/** @typedef {{ maxBytes: number; entries: LRUCache<string, Kept> | null }} CacheStore */

/**
 * A store bounded by `maxBytes` (0 keeps nothing).
 * @param {number} maxBytes
 * @returns {CacheStore}
 */
export function cacheStore(maxBytes) {
  if (!Number.isFinite(maxBytes) || maxBytes <= 0) return { maxBytes: 0, entries: null };
  return {
    maxBytes,
    entries: new LRUCache({ maxSize: maxBytes, sizeCalculation: (kept) => kept.bytes }),
  };
}

const SHARED = Symbol.for("storefront.cacheStore");

/**
 * The process's store, made on first use from CACHE_MB. Kept on globalThis because two copies of the code
 * share it: server.mjs's page cache and the server build's catalogue reads.
 * @returns {CacheStore}
 */
export function sharedCacheStore() {
  const holder = /** @type {{ [SHARED]?: CacheStore }} */ (/** @type {unknown} */ (globalThis));
  holder[SHARED] ??= cacheStore(cacheMegabytes(process.env.CACHE_MB) * 1024 * 1024);
  return holder[SHARED];
}

/**
 * CACHE_MB as a number of megabytes: unset or empty is the default (the configuration check refuses
 * anything but a whole number from 0 to 4096 before the shop starts).
 * @param {string | undefined} setting
 */
function cacheMegabytes(setting) {
  const text = (setting ?? "").trim();
  return text === "" ? DEFAULT_CACHE_MB : Number(text);
}

/**
 * The bytes copied into memory of their own, exactly as long as they are. A buffer zlib or V8 hands back may
 * be a view into a larger block (zlib's 16 KB chunks, the serialiser's doubled capacity, Node's shared 8 KB
 * pool), which a kept view would hold whole: what a cache counts must be what it holds.
 * @param {Uint8Array} bytes
 */
export function ownBytes(bytes) {
  const copy = new Uint8Array(bytes);
  return Buffer.from(copy.buffer, 0, copy.length);
}

/**
 * @template T
 * @typedef {{
 *   get(key: string): T | undefined;
 *   set(key: string, value: T, bytes: number, options?: { ttlMs?: number }): void;
 *   delete(key: string): void;
 * }} BudgetedCache
 */

/**
 * One cache's part of the store: its keys are kept apart from other caches' by `area`. `bytes` is what the
 * value holds, counted by the caller; an entry bigger than a tenth of the budget is not kept, so one answer
 * cannot push out everything else.
 * @template T
 * @param {string} area
 * @param {CacheStore} [store]
 * @returns {BudgetedCache<T>}
 */
export function budgetedCache(area, store = sharedCacheStore()) {
  const prefix = `${area}\u0000`;
  const entries = store.entries;
  return {
    get(key) {
      return /** @type {T | undefined} */ (entries?.get(prefix + key)?.value);
    },
    set(key, value, bytes, options) {
      const size = Math.ceil(bytes) + 2 * (prefix.length + key.length) + ENTRY_OVERHEAD_BYTES;
      if (!entries || size > store.maxBytes / 10) return;
      entries.set(prefix + key, { value, bytes: size }, options?.ttlMs ? { ttl: options.ttlMs } : {});
    },
    delete(key) {
      entries?.delete(prefix + key);
    },
  };
}

/**
 * What the store holds now: its entries and their counted bytes.
 * @param {CacheStore} [store]
 */
export function cacheUsage(store = sharedCacheStore()) {
  return {
    maxBytes: store.maxBytes,
    entries: store.entries?.size ?? 0,
    bytes: store.entries?.calculatedSize ?? 0,
  };
}
