// @ts-check
// The visitors' page cache (docs/decisions/0023-page-cache.md): anonymous GETs of the catalogue pages are
// rendered once per catalogue version, compressed once, and served from memory with an ETag and a
// Cache-Control that a CDN or the browser can use. Anything personal goes past it to Remix.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gunzipSync, gzip } from "node:zlib";
import { budgetedCache, ownBytes, sharedCacheStore } from "../app/lib/cache-budget.mjs";
import { pagePathOf } from "../app/lib/page-path.mjs";

const gzipOf = promisify(gzip);
const brotliOf = promisify(brotliCompress);

/** @typedef {import("express").Request} Request */
/** @typedef {import("express").Response} Response */
/** @typedef {import("express").NextFunction} NextFunction */
/**
 * @typedef {{
 *   version: number;
 *   headers: [string, string][];
 *   etag: string;
 *   scriptHashes: string | null;
 *   gzip: Buffer;
 *   br: Buffer;
 * }} Entry
 */

/** The pages every visitor sees alike: home, the store, products, blogs and the shop's own pages. */
const CATALOGUE_PAGES =
  /^\/(?:|product|product\/[^/]+|blogs|blog\/[^/]+|about|contact|privacy-policy|refund-policy|shipping-policy|term-conditions)$/;

/**
 * A browser asks again every time (a 304 when nothing changed): stale-while-revalidate in Cache-Control would
 * let it show a visitor's page after the shopper logged in or the price changed. A shared cache may keep the
 * page 30 s; a CDN that reads CDN-Cache-Control (RFC 9213) may also serve it stale for a minute while it asks.
 */
export const VISITOR_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=30";
export const VISITOR_CDN_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=60";

/** Responses whose headers say they are personal or in motion are never kept. */
const UNCACHEABLE_HEADERS = [
  "set-cookie",
  "x-remix-redirect",
  "x-remix-revalidate",
  "x-remix-catch",
  "x-remix-error",
];

/**
 * The cache key: the path and the query with its parameters in order (a repeated parameter keeps its own
 * order), so `?brand=Dell&sort=price` and `?sort=price&brand=Dell` share an entry.
 * @param {string} originalUrl
 */
export function canonicalKey(originalUrl) {
  const url = new URL(originalUrl, "http://shop.invalid");
  url.searchParams.sort();
  const query = url.searchParams.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The CSP source list that allows exactly the inline scripts of a page: a cached page is served to many
 * visitors, so it cannot carry a per-answer nonce; its scripts are allowed by their hashes instead.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, body] of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes].join(" ");
}

/**
 * Whether an If-None-Match header names this entity tag (weak comparison, as for GET).
 * @param {string | undefined} header
 * @param {string} etag
 */
export function matchesEtag(header, etag) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}

/**
 * @param {{
 *   readVersion: () => Promise<number>;
 *   render: (request: globalThis.Request, req: Request, res: Response) => Promise<globalThis.Response>;
 *   store?: import("../app/lib/cache-budget.mjs").CacheStore;
 *   versionTtlMs?: number;
 *   maxAgeMs?: number;
 * }} options
 *   readVersion: the catalogue version from the database; render: the page as Remix answers it, rendered
 *   without a nonce; store: where pages are kept, within the process's one cache budget (CACHE_MB, 0 keeps none).
 */
export function pageCache({
  readVersion,
  render,
  store = sharedCacheStore(),
  versionTtlMs = 1000,
  maxAgeMs = 10 * 60_000,
}) {
  /** @type {import("../app/lib/cache-budget.mjs").BudgetedCache<Entry>} */
  const entries = budgetedCache("pages", store);
  /** @type {Map<string, Promise<Entry | null>>} */
  const filling = new Map();
  /** The version as last read: read again after versionTtlMs, or at once after this process changed something. */
  let known = { version: -1, readAt: 0 };
  /** Writes of this process finished so far: a read that began before the latest one may miss its change. */
  let writes = 0;
  /** @type {{ promise: Promise<number>; writes: number } | null} */
  let reading = null;

  async function currentVersion() {
    if (Date.now() - known.readAt < versionTtlMs) return known.version;
    if (!reading || reading.writes !== writes) {
      const read = { promise: readVersion(), writes };
      reading = read;
      read.promise
        .finally(() => {
          if (reading === read) reading = null;
        })
        .catch(() => {});
    }
    const read = reading;
    const version = await read.promise;
    // Only a read begun after the latest write may be trusted for the next second.
    known = { version, readAt: read.writes === writes ? Date.now() : 0 };
    return version;
  }

  /**
   * Renders the page and keeps it when it is a plain 200 that is the same for everyone; otherwise the
   * rendered answer is handed back to be sent as it is.
   * @param {string} key @param {number} version @param {Request} req @param {Response} res
   * @returns {Promise<{ entry: Entry } | { answer: globalThis.Response }>}
   */
  async function fill(key, version, req, res) {
    const url = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const answer = await render(new Request(url, { method: "GET", headers }), req, res);
    const type = answer.headers.get("content-type") ?? "";
    const keepable =
      answer.status === 200 &&
      /^(?:text\/html|text\/x-script|application\/json)/.test(type) &&
      UNCACHEABLE_HEADERS.every((name) => !answer.headers.has(name));
    if (!keepable) return { answer };
    const identity = Buffer.from(await answer.arrayBuffer());
    const [gzipped, brotli] = await Promise.all([
      gzipOf(identity, { level: 9 }).then(ownBytes),
      brotliOf(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }).then(ownBytes),
    ]);
    /** @type {[string, string][]} */
    const kept = [];
    answer.headers.forEach((value, name) => {
      if (
        ![
          "content-length",
          "content-encoding",
          "cache-control",
          "cdn-cache-control",
          "etag",
          "vary",
        ].includes(name)
      ) {
        kept.push([name, value]);
      }
    });
    /** @type {Entry} */
    const entry = {
      version,
      headers: kept,
      etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      scriptHashes: type.startsWith("text/html") ? inlineScriptHashes(identity.toString("utf8")) : null,
      gzip: gzipped,
      br: brotli,
    };
    // What the entry holds: its two compressed bodies, its headers and its tags, counted as they are.
    const bytes =
      gzipped.length +
      brotli.length +
      2 * (JSON.stringify(kept).length + entry.etag.length + (entry.scriptHashes?.length ?? 0));
    // A page also shows the year and, one day, dates: even an unchanged catalogue is rendered afresh now and then.
    if (known.version === version) entries.set(key, entry, bytes, { ttlMs: maxAgeMs });
    return { entry };
  }

  /**
   * @param {Request} req @param {Response} res @param {Entry} entry @param {"hit" | "miss"} how
   */
  function send(req, res, entry, how) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
    res.setHeader("CDN-Cache-Control", VISITOR_CDN_CACHE_CONTROL);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("X-Page-Cache", how);
    const policy = res.getHeader("Content-Security-Policy");
    if (entry.scriptHashes !== null && typeof policy === "string") {
      res.setHeader("Content-Security-Policy", policy.replace(/'nonce-[^']*'/, entry.scriptHashes));
    }
    if (matchesEtag(req.get("if-none-match"), entry.etag)) {
      res.status(304).end();
      return;
    }
    const encoding = req.acceptsEncodings("br", "gzip", "identity");
    // The rare client that takes neither (a script, a crawler) gets the gzip body unzipped: keeping the page
    // a third time, uncompressed, would fill the cache budget four times as fast.
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : gunzipSync(entry.gzip);
    if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.status(200).end(req.method === "HEAD" ? undefined : body);
  }

  /** @param {Response} res @param {globalThis.Response} answer */
  async function sendAnswer(res, answer) {
    res.status(answer.status);
    for (const [name, value] of answer.headers) {
      if (name !== "set-cookie") res.setHeader(name, value);
    }
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // What this process changes, its next page sees: the version is read again after any write.
      res.once("finish", () => {
        writes += 1;
        known = { ...known, readAt: 0 };
      });
      return next();
    }
    // A visitor carries no cookie: a session, a toast, a compare list or anything else makes the page personal.
    // A page, or its data as the page's JavaScript fetches it on a visitor's next click ("/product/7.data").
    const page = pagePathOf(req.path);
    if (store.maxBytes <= 0 || !CATALOGUE_PAGES.test(page) || req.get("cookie") !== undefined) return next();
    // A delivery check is the shopper's own, and its time left to order changes by the minute.
    if (req.query.pin !== undefined) return next();
    try {
      const version = await currentVersion();
      const key = canonicalKey(req.originalUrl);
      const kept = entries.get(key);
      if (kept && kept.version === version) return send(req, res, kept, "hit");
      // Rendered at an older version: no answer any more, and its room is wanted.
      if (kept) entries.delete(key);
      if (req.method === "HEAD") return next();
      let shared = filling.get(key);
      if (!shared) {
        const own = fill(key, version, req, res);
        shared = own.then((outcome) => ("entry" in outcome ? outcome.entry : null));
        filling.set(key, shared);
        shared.finally(() => filling.delete(key)).catch(() => {});
        const outcome = await own;
        if ("entry" in outcome) return send(req, res, outcome.entry, "miss");
        return await sendAnswer(res, outcome.answer);
      }
      const entry = await shared;
      return entry ? send(req, res, entry, "hit") : next();
    } catch (error) {
      // The database cannot tell the version, or the render failed: Remix answers as it would without a cache.
      if (res.headersSent) return next(error);
      return next();
    }
  };
}
