// @ts-check
// The HTTP server's guards, run before Remix on every request: security headers with a per-request CSP nonce,
// the cross-site form check, the body limits, and no caching of personal answers. Plain JavaScript because
// Node runs server.mjs as it is. Why each one: docs/decisions/0012-request-limits-and-input-hygiene.md and
// 0013-http-headers-and-production-mode.md.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import { matchRoutes } from "@remix-run/router";
import express from "express";
import onHeaders from "on-headers";
import { pagePathOf } from "../app/lib/page-path.mjs";
import { refuseBody } from "../app/lib/request-limits.mjs";
import { holdsSecret, redactUrl } from "../app/lib/secret-links.mjs";

/** @typedef {import("express").Request} Request */
/** @typedef {import("express").Response} Response */
/** @typedef {import("express").NextFunction} NextFunction */

/**
 * The origin of PUBLIC_URL, or undefined when it is unset or unreadable.
 * @param {string | undefined} publicUrl
 */
export function originOf(publicUrl) {
  if (!publicUrl) return undefined;
  try {
    return new URL(publicUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * Where PhonePe's payment pages live: a form post to checkout is answered with a redirect there, and browsers
 * hold redirects after a form post to the form-action list.
 */
const PAYMENT_PAGES = "https://*.phonepe.com";

/**
 * Security headers on every answer, and a fresh nonce in res.locals.cspNonce that the document's scripts carry
 * (app/entry.server.tsx). Only scripts with the nonce or from the shop's own origin run.
 * @param {{ publicOrigin: string | undefined; development: boolean }} options
 */
export function securityHeaders({ publicOrigin, development }) {
  const https = publicOrigin?.startsWith("https://") === true;
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const policy = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      // Colour swatches and the gallery's zoom set style attributes; style sheets come from the shop only.
      "style-src 'self'",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      development ? "connect-src 'self' ws://localhost:*" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      `form-action 'self' ${PAYMENT_PAGES}`,
      ...(https ? ["upgrade-insecure-requests"] : []),
    ];
    res.set({
      "Content-Security-Policy": policy.join("; "),
      "X-Content-Type-Options": "nosniff",
      // A page whose URL holds a one-time secret names only the site in a Referer, even to this site, so its
      // token reaches no log ("no-referrer" would also blank the Origin of its own form, which we check).
      "Referrer-Policy": holdsSecret(pagePathOf(req.path))
        ? "strict-origin"
        : "strict-origin-when-cross-origin",
      "X-Frame-Options": "SAMEORIGIN",
      "Permissions-Policy":
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()",
    });
    if (https) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * The JSON API's calls (decision 0045); PhonePe's webhook under /api is a server's call, not a browser's. Read
 * decoded, as the router reads it: /%61pi/… is an API call too.
 * @param {string} pathname
 */
export function isApiCall(pathname) {
  // Every request passes here: a path that starts neither with /api nor with an escape is no call, undecoded.
  if (!/^\/(?:api|%)/i.test(pathname)) return false;
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Broken percent-encoding: wellFormedRequestsOnly answers it 400.
  }
  return /^\/api\//i.test(path) && !/^\/api\/phonepe\/webhook\/?$/i.test(path);
}

/**
 * API_ALLOWED_ORIGINS as a list of origins: comma-separated, each an http or https origin. A value that is not
 * one stops the shop at start, naming it, rather than leaving a client refused for no reason it can see.
 * @param {string | undefined} text
 * @returns {string[]}
 */
export function allowedOriginsOf(text) {
  const origins = [];
  for (const item of (text ?? "").split(",")) {
    const given = item.trim();
    if (given === "") continue;
    const origin = /^https?:\/\/[^/]+$/.test(given.replace(/\/$/, "")) ? originOf(given) : undefined;
    if (!origin)
      throw new Error(`API_ALLOWED_ORIGINS: "${given}" is not an origin such as https://app.example.in`);
    origins.push(origin);
  }
  return origins;
}

/**
 * CORS for the JSON API by allow-list: a browser page on a listed origin may call it (its preflight answered,
 * the answer allowed to that origin, never with credentials: the token is a header), the shop's own pages too,
 * and clients that send no Origin (apps, servers). Every other origin is refused, its preflight included.
 * @param {{ publicOrigin: string | undefined; allowedOrigins: string[] }} options
 */
export function apiCors({ publicOrigin, allowedOrigins }) {
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    if (!isApiCall(req.path)) return next();
    const origin = req.get("origin");
    const ownOrigin = originOf(`${req.protocol}://${req.get("host")}`);
    const from = origin === undefined ? undefined : (originOf(origin) ?? "invalid");
    if (from === undefined || [publicOrigin, ownOrigin].includes(from)) return next();
    if (!allowedOrigins.includes(from)) {
      res.status(403).json({ status: "fail", message: "This website may not call the shop's API." });
      return;
    }
    res.locals.apiOriginAllowed = true;
    res.set("Access-Control-Allow-Origin", from);
    res.vary("Origin");
    if (req.method !== "OPTIONS") return next();
    res.set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
    res.set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept");
    res.set("Access-Control-Max-Age", "600");
    res.status(204).end();
  };
}

/**
 * A form posted to us from another site is refused (cross-site request forgery). Browsers send Origin with
 * every POST; it must be the shop's own scheme and host: PUBLIC_URL's, or the address the request came to.
 * Server-to-server calls such as the PhonePe webhook send no Origin and pass.
 * @param {{ publicOrigin: string | undefined }} options
 */
export function sameSiteForms({ publicOrigin }) {
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    // An API call from an origin the allow-list names (apiCors): a bearer token, no cookie, is its credential.
    if (res.locals.apiOriginAllowed === true) return next();
    const origin = req.get("origin");
    const ownOrigin = originOf(`${req.protocol}://${req.get("host")}`);
    const crossSite =
      origin === undefined
        ? req.get("sec-fetch-site") === "cross-site"
        : ![publicOrigin, ownOrigin].includes(originOf(origin) ?? "invalid");
    if (!crossSite) return next();
    res.status(403).type("text/plain").send("Refused: this form was sent from another website.");
  };
}

/**
 * Refuses a body the shop will not read (too large, or of a type no route accepts) before Remix starts on it:
 * 413 or 415 with a short message. readForm in the app counts the bytes of bodies sent without a length.
 */
export function bodyLimits() {
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    const refusal = refuseBody({
      method: req.method,
      pathname: req.path,
      contentType: req.get("content-type"),
      contentLength: req.get("content-length"),
      chunked: req.get("transfer-encoding") !== undefined,
    });
    if (!refusal) return next();
    const answer = () => {
      res.set("Connection", "close");
      // The JSON API's clients read a refusal as JSON (decision 0045).
      if (isApiCall(req.path)) res.status(refusal.status).json({ status: "fail", message: refusal.message });
      else res.status(refusal.status).type("text/plain").send(refusal.message);
    };
    // A client still sending when the connection closes sees a reset, not the message: a photo a little over
    // the limit is read and thrown away first, so the staff member sees why. Anything larger, or of no
    // declared length, is not worth the bandwidth: answered at once, and the connection closed.
    const declared = Number(req.get("content-length"));
    if (!(declared > 0 && declared <= DRAINED_BODY_BYTES)) return answer();
    req.on("end", answer);
    req.on("error", () => res.destroy());
    req.resume();
  };
}

/** The largest refused body read to its end before the refusal is sent (see bodyLimits). */
const DRAINED_BODY_BYTES = 16 * 1024 * 1024;

/** Forms whose answer costs a password hash (scrypt: 128 MiB and a third of a core-second each). */
// Case-insensitive, as Remix matches routes.
const PASSWORD_FORMS =
  /^\/(?:login|signup|my-profile|reset-password\/[^/]+|admin\/(?:login|setup\/[^/]+|invite\/[^/]+)|api\/user\/(?:login|register|edit-user|reset-password\/[^/]+))\/?$/i;

/**
 * At most `maxInFlight` posts to paths matching `paths` are handled at once by this process. The next
 * `maxWaiting` wait their turn, each up to `waitSeconds` (their bodies unread meanwhile); any more, and one whose
 * wait runs out, are answered 503 with Retry-After, before Remix reads, checks or renders anything for them,
 * saying `busy` in a page of its own. Pages and /healthz are served in between.
 * @param {RegExp} paths
 * @param {{ maxInFlight: number; retryAfterSeconds: number; maxWaiting?: number; waitSeconds?: number }} options
 * @param {string} busy
 */
function postsInFlight(paths, { maxInFlight, retryAfterSeconds, maxWaiting = 0, waitSeconds = 0 }, busy) {
  let inFlight = 0;
  /** Those waiting, first come first served: each is called when a place is free. @type {(() => void)[]} */
  const waiting = [];
  /** @param {Request} req @param {Response} res */
  const refuse = (req, res) => {
    res.set({ "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" });
    if (isApiCall(req.path)) {
      res.status(503).json({ status: "fail", message: busy });
      return;
    }
    res
      .status(503)
      .type("html")
      .send(
        `<!DOCTYPE html><html lang="en-IN"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy | Kaveri Computers</title><p>${busy}</p><p><a href="/">Back to the home page</a></p></html>`,
      );
  };
  /** @param {Response} res @param {NextFunction} next */
  const enter = (res, next) => {
    inFlight += 1;
    res.once("close", () => {
      inFlight -= 1;
      waiting.shift()?.();
    });
    next();
  };
  /** @param {() => void} turn */
  const leave = (turn) => {
    const at = waiting.indexOf(turn);
    if (at >= 0) waiting.splice(at, 1);
  };
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    // The JSON API sets a new password with PUT (decision 0045).
    if (!["POST", "PUT"].includes(req.method) || !paths.test(pagePathOf(req.path))) return next();
    if (inFlight < maxInFlight) return enter(res, next);
    if (waiting.length >= maxWaiting) return refuse(req, res);
    const gone = () => {
      clearTimeout(timer);
      leave(turn);
    };
    const turn = () => {
      clearTimeout(timer);
      res.off("close", gone);
      enter(res, next);
    };
    const timer = setTimeout(() => {
      leave(turn);
      res.off("close", gone);
      refuse(req, res);
    }, waitSeconds * 1000);
    // A client that gives up while waiting frees its place in the queue.
    res.once("close", gone);
    waiting.push(turn);
  };
}

/**
 * Password forms: a burst of log-ins cannot queue up work for the whole shop. The app's own gate around the
 * hash (app/lib/password.server.ts) bounds the memory; this bounds everything else.
 * @param {{ maxInFlight: number; retryAfterSeconds: number }} options
 */
export function passwordFormsInFlight(options) {
  return postsInFlight(
    PASSWORD_FORMS,
    options,
    "Too many people are logging in right now. Please go back and try again in a few seconds.",
  );
}

/** A rental booking's post: up to 15 MB of documents, read whole into memory (app/lib/read-form.server.ts). */
const RENTAL_BOOKINGS = /^\/product\/[^/]+\/book\/?$/i;

/**
 * Rental bookings: a few at once, so a burst of 15 MB posts cannot take the process's memory.
 * @param {{ maxInFlight: number; retryAfterSeconds: number }} options
 */
export function rentalBookingsInFlight(options) {
  return postsInFlight(
    RENTAL_BOOKINGS,
    options,
    "Too many rental requests are being sent right now. Please go back and send yours again in a few seconds.",
  );
}

/** The catalogue's import: its upload and its commit each read and plan up to 10,000 products in memory. */
const CATALOGUE_IMPORTS = /^\/admin\/products\/import(?:\/[^/]+)?\/?$/i;

/**
 * Catalogue imports: one at a time per process, so two staff members importing at once cannot take the heap
 * (a 10,000-row file peaks near 200 MB of the 256 MB, docs/benchmark.md). A second staff member's import waits
 * for the first (an upload or a commit takes seconds), rather than being told to send it again.
 * @param {{ maxInFlight: number; retryAfterSeconds: number; maxWaiting?: number; waitSeconds?: number }} options
 */
export function catalogueImportsInFlight(options) {
  const gate = postsInFlight(
    CATALOGUE_IMPORTS,
    options,
    "Another catalogue import is being read right now. Please go back and send yours again in a few seconds.",
  );
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    // Without the back office's cookie the post is sent to log in before a byte of it is read: not an import.
    if (!/(?:^|;\s*)__staff=/.test(req.get("cookie") ?? "")) return next();
    gate(req, res, next);
  };
}

/**
 * Personal answers are never stored by a browser cache or a proxy: anything answered to a signed-in request
 * (it carries the shop's or the back office's session cookie), anything that sets a cookie, and the back office.
 */
export function noStoreForPersonalAnswers() {
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    const signedIn = /(?:^|;\s*)(?:__session|__staff)=/.test(req.get("cookie") ?? "");
    // The back office is never cached and never indexed, whoever asks.
    const backOffice = /^\/admin(?:\/|$)/i.test(pagePathOf(req.path));
    onHeaders(res, () => {
      if (signedIn || backOffice || res.getHeader("Set-Cookie") !== undefined) {
        res.setHeader("Cache-Control", "private, no-store");
      }
      if (backOffice) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    });
    next();
  };
}

/**
 * Marks the answer as failed because the shop cannot serve it just now (app/entry.server.tsx reports a
 * database outage or a full password-work queue through the load context).
 * @param {Response} res
 * @param {number} retryAfterSeconds
 */
export function reportUnavailable(res, retryAfterSeconds) {
  res.locals.retryAfterSeconds = retryAfterSeconds;
}

/**
 * Such a failure is answered 503 with Retry-After, not 500: the shopper's page says to try again in a moment,
 * and a load balancer or PhonePe's webhook retries later.
 */
export function unavailableAnswered503() {
  /** @param {Request} _req @param {Response} res @param {NextFunction} next */
  return (_req, res, next) => {
    onHeaders(res, () => {
      if (res.locals.retryAfterSeconds !== undefined && res.statusCode >= 500) {
        res.statusCode = 503;
        res.setHeader("Retry-After", String(res.locals.retryAfterSeconds));
        res.setHeader("Cache-Control", "no-store");
      }
    });
    next();
  };
}

/**
 * Serves the files under `dir` that existed at start, with no filesystem call for any other path: a page
 * request does not pay for a failed stat of the public folder.
 * @param {string} dir
 * @param {import("express").RequestHandler} serve the static handler for `dir`
 */
export function knownFilesOnly(dir, serve) {
  const files = filesUnder(dir);
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    let file = req.path;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return files.has(file) ? serve(req, res, next) : next();
  };
}

/**
 * The files under `dir`, as the paths they are served at ("/fonts/x.woff2").
 * @param {string} dir
 */
export function filesUnder(dir) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} folder @param {string} prefix */
  const walk = (folder, prefix) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
      else files.add(`${prefix}${entry.name}`);
    }
  };
  walk(dir, "/");
  return files;
}

/**
 * Serves the back office's uploaded pictures from `dir` (docs/decisions/0019-uploaded-images.md): GET and HEAD
 * only, no directory listing, no dotfiles, `immutable` with a year's cache (every name is random and new), sent
 * with nosniff so a browser never reads one as anything but its type; a missing file is a 404 without Remix.
 * @param {string} dir
 */
export function uploadedFiles(dir) {
  const serve = express.static(dir, {
    immutable: true,
    maxAge: "1y",
    index: false,
    redirect: false,
    dotfiles: "ignore",
    fallthrough: true,
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
  });
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    serve(req, res, () => {
      res.set("Cache-Control", "no-store");
      res.status(404).type("text/plain").send("Not found");
    });
  };
}

/** The request line for the access log, with secrets taken out (app/lib/secret-links.mjs). */
export { redactUrl };

/** The methods the shop answers (Remix's forms, PhonePe's API and the simulator's admin use a few of them). */
const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Any other method (TRACE, CONNECT, WebDAV's) is 405 here: Remix cannot build a request of TRACE or CONNECT,
 * and answered them 500 with a stack trace in the log.
 */
export function knownMethodsOnly() {
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    if (KNOWN_METHODS.includes(req.method)) return next();
    res.set("Allow", KNOWN_METHODS.join(", ")).status(405).type("text/plain").send("Method Not Allowed");
  };
}

/**
 * @typedef {{ id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean;
 *   module: { default?: unknown; loader?: unknown; action?: unknown } }} BuiltRoute
 * @typedef {import("@remix-run/router").AgnosticRouteObject} RouteObject
 */

/**
 * Remix's route table as the tree its router matches (by id, path, index and case).
 * @param {Record<string, BuiltRoute | undefined>} manifest
 * @returns {RouteObject[]}
 */
function routeTree(manifest) {
  /** @type {Map<string, BuiltRoute[]>} */
  const byParent = new Map();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  /** @param {string} parent @returns {RouteObject[]} */
  const childrenOf = (parent) =>
    (byParent.get(parent) ?? []).map(({ id, path, index, caseSensitive }) =>
      index
        ? { id, path, index: true, caseSensitive }
        : { id, path, caseSensitive, children: childrenOf(id) },
    );
  return childrenOf("");
}

/**
 * The id of the route a form post to `pathname` + `search` runs the action of, chosen as Remix's router
 * chooses it: the index route when the address says `?index`, else the deepest route whose path adds to it.
 * @param {RouteObject[]} tree
 * @param {string} pathname
 * @param {string} search
 */
function postedRouteId(tree, pathname, search) {
  const matches = matchRoutes(tree, pathname);
  if (!matches || matches.length === 0) return undefined;
  const leaf = matches[matches.length - 1]?.route;
  if (leaf?.index && new URLSearchParams(search).getAll("index").includes("")) return leaf.id;
  const contributing = matches.filter((match, i) => i === 0 || (match.route.path ?? "") !== "");
  return contributing[contributing.length - 1]?.route.id;
}

/**
 * What a page or a resource route takes, from its own module: a page is read with GET and HEAD, a resource
 * route only when it has a loader, and either is posted to only when it has an action.
 * @param {BuiltRoute} route
 */
function methodsOf(route) {
  const { default: page, loader, action } = route.module;
  return [...(page || loader ? ["GET", "HEAD"] : []), ...(action ? ["POST"] : [])];
}

/**
 * Every method but GET and HEAD is checked against the route it would reach, before Remix runs anything: Remix
 * hands PUT, PATCH and DELETE to the route's action as if they were posts (a DELETE to /contact would store
 * an enquiry), and answers a post to a route without an action with a 405 that names no method. So a method
 * the route does not take is answered 405 with `Allow`, OPTIONS 204 with `Allow`, and a post to an address no
 * page claims reaches the catch-all page, whose action says 404. The JSON API (decision 0045) and the catch-all
 * routes (the 404 pages, the PhonePe simulator) answer every method themselves.
 * @param {() => Record<string, BuiltRoute | undefined> | Promise<Record<string, BuiltRoute | undefined>>} routesOf
 *   the built app's routes (in development, the latest build's)
 */
export function methodsRoutesTake(routesOf) {
  /** @type {Record<string, BuiltRoute | undefined> | undefined} */
  let manifest;
  /** @type {RouteObject[]} */
  let tree = [];
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || isApiCall(req.path)) return next();
    Promise.resolve(routesOf())
      .then((routes) => {
        if (routes !== manifest) {
          manifest = routes;
          tree = routeTree(routes);
        }
        const search = req.originalUrl.includes("?")
          ? req.originalUrl.slice(req.originalUrl.indexOf("?"))
          : "";
        const id = postedRouteId(tree, pagePathOf(req.path), search);
        const route = id === undefined ? undefined : routes[id];
        if (!route || route.path?.endsWith("*")) return next();
        const allowed = methodsOf(route);
        if (allowed.includes(req.method)) return next();
        res.set({ Allow: [...allowed, "OPTIONS"].join(", "), "Cache-Control": "no-store" });
        if (req.method === "OPTIONS") {
          res.status(204).end();
          return;
        }
        res
          .status(405)
          .type("text/plain")
          .send(`This address does not take ${req.method} requests: it takes ${allowed.join(", ")}.`);
      })
      .catch(next);
  };
}

/**
 * A request whose address the shop cannot read is 400 here, in the access log's one redacted line: a path with
 * broken percent-encoding ("%ff"), which Express failed on while routing and logged with a stack trace holding
 * the whole path (a reset link's token too); a target that is not a path ("OPTIONS *", an absolute URL) or a
 * Host header that is not a host, which Remix failed on building its request (500).
 */
export function wellFormedRequestsOnly() {
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    try {
      if (!req.originalUrl.startsWith("/")) throw new URIError("not a path");
      decodeURIComponent(req.path);
      for (const host of [req.get("host"), req.get("x-forwarded-host")]) {
        if (host !== undefined) new URL(`http://${host}/`);
      }
    } catch {
      res.status(400).type("text/plain").send("Bad Request: this address is not well formed.");
      return;
    }
    next();
  };
}

/**
 * The last handler: an error raised outside Remix (which answers and logs its own) is answered with its 4xx,
 * else 500, and a 500 is logged with its message and stack, every secret link in them redacted.
 */
export function errorsAnswered() {
  /** @param {unknown} error @param {Request} req @param {Response} res @param {NextFunction} _next */
  return (error, req, res, _next) => {
    const said = Number(/** @type {{ status?: unknown }} */ (error)?.status);
    const status = said >= 400 && said < 500 ? said : 500;
    if (status === 500) {
      const text =
        error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
      console.error(`[500] ${req.method} ${redactUrl(req.path)} outside Remix: ${redactUrl(text)}`);
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(status)
      .type("text/plain")
      .send(STATUS_CODES[status] ?? "Error");
  };
}
