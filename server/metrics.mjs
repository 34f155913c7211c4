// @ts-check
// The HTTP side of /metrics (docs/deployment.md, "Metrics"): every request timed under a bounded route label,
// and the endpoint itself, open only to the bearer of METRICS_TOKEN. The metrics are defined in
// app/lib/metrics.mjs; the database's gauges are read by the server build at each scrape.
import { createHash, timingSafeEqual } from "node:crypto";
import { matchRoutes } from "@remix-run/router";
import { FIXED_ROUTES, recordRequest, sharedMetrics } from "../app/lib/metrics.mjs";
import { pagePathOf } from "../app/lib/page-path.mjs";
import { UPLOADS_PATH } from "../app/lib/uploads.mjs";

/** @typedef {import("express").Request} Request */
/** @typedef {import("express").Response} Response */
/** @typedef {import("express").NextFunction} NextFunction */
/** @typedef {{ id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }} BuildRoute */
/** @typedef {Record<string, BuildRoute | undefined>} BuildRoutes the server build's `routes` */
/** @typedef {import("@remix-run/router").AgnosticRouteObject} RouteObject */

/** @type {WeakMap<BuildRoutes, RouteObject[]>} */
const trees = new WeakMap();

/**
 * The build's routes as the nested objects matchRoutes takes, made once per build.
 * @param {BuildRoutes} routes
 * @returns {RouteObject[]}
 */
function routeTree(routes) {
  const made = trees.get(routes);
  if (made) return made;
  /** @type {Map<string, BuildRoute[]>} */
  const byParent = new Map();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  /** @param {string} parentId @returns {RouteObject[]} */
  const childrenOf = (parentId) =>
    (byParent.get(parentId) ?? []).map(({ id, path, index, caseSensitive }) =>
      index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: childrenOf(id) },
    );
  const tree = childrenOf("");
  trees.set(routes, tree);
  return tree;
}

/**
 * The route label of a request for `pathname` (the path only, never the query): a fixed name for the files
 * served before Remix, else the id of the deepest Remix route that answers the page (its data request
 * "/x.data" counts as the page "/x"), else "unmatched". The path itself never becomes a label.
 * @param {BuildRoutes} routes
 * @param {string} pathname
 * @param {{ publicFiles: Set<string> }} options the public folder's files, as "/favicon.ico"
 */
export function routeLabel(routes, pathname, { publicFiles }) {
  if (pathname.startsWith("/assets/")) return FIXED_ROUTES.assets;
  if (pathname === UPLOADS_PATH || pathname.startsWith(`${UPLOADS_PATH}/`)) return FIXED_ROUTES.uploads;
  const page = pagePathOf(pathname);
  if (publicFiles.has(page)) return FIXED_ROUTES.public;
  try {
    // matchRoutes decodes the path again, as Remix does with the address it is given.
    const matches = matchRoutes(routeTree(routes), encodeURI(page));
    return matches?.at(-1)?.route.id ?? FIXED_ROUTES.unmatched;
  } catch {
    return FIXED_ROUTES.unmatched;
  }
}

/**
 * Times every request and counts its status under its route label (routeLabel); an answer given outside
 * Remix may name its own in res.locals.metricsRoute. Runs first, so requests refused by a guard or answered
 * by the page cache count too. A request the client gave up on before its answer was sent is not counted.
 * @param {{
 *   build: { routes: BuildRoutes } | (() => Promise<{ routes: BuildRoutes }>);
 *   publicFiles: Set<string>;
 * }} options build: the server build, or in development the function that loads it
 */
export function requestMetrics({ build, publicFiles }) {
  const metrics = sharedMetrics();
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const pathname = req.path;
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const fixed = res.locals.metricsRoute;
      Promise.resolve(typeof build === "function" ? build() : build)
        .then(
          ({ routes }) => (typeof fixed === "string" ? fixed : routeLabel(routes, pathname, { publicFiles })),
          () => FIXED_ROUTES.unmatched,
        )
        .then((route) =>
          recordRequest(metrics, { method: req.method, route, status: res.statusCode, seconds }),
        );
    });
    next();
  };
}

/**
 * Whether an Authorization header carries this bearer token. Compared in constant time, as SHA-256 digests
 * (of equal length whatever was sent).
 * @param {string | undefined} authorization
 * @param {string} token
 */
export function bearerMatches(authorization, token) {
  const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1] ?? "";
  const digest = (/** @type {string} */ text) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * GET /metrics. Without METRICS_TOKEN it is not there: the request goes on to Remix, which answers 404 like any
 * page that does not exist. With it, only a request with `Authorization: Bearer <token>` gets the metrics (the
 * database's gauges read just before), anything else 401; never stored by any cache. Nothing of the header is
 * logged.
 * @param {{ server: () => Promise<{
 *   metricsTokenForServer(): string | undefined;
 *   refreshMetricsForScrape(): Promise<void>;
 * }> }} options server: the server build's entry module (app/entry.server.tsx)
 */
export function metricsEndpoint({ server }) {
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return async (req, res, next) => {
    try {
      const entry = await server();
      const token = entry.metricsTokenForServer();
      if (!token) return next();
      res.locals.metricsRoute = FIXED_ROUTES.metrics;
      res.setHeader("Cache-Control", "no-store");
      if (!bearerMatches(req.get("authorization"), token)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res.status(401).type("text/plain").send("Unauthorized");
        return;
      }
      await entry.refreshMetricsForScrape();
      const { register } = sharedMetrics();
      const body = await register.metrics();
      // Not res.send(), which would rewrite the content type Prometheus reads the format's version from.
      res.status(200).setHeader("Content-Type", register.contentType);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
