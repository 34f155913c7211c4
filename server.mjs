// The production HTTP server: Express with Remix's request handler. It replaces remix-serve so that loaders
// and actions learn the client's address (rate limits, see docs/decisions/0007-own-express-server.md), and so
// that the guards in server/guards.mjs run before Remix does any work.

// `npm start` is production unless told otherwise (unset or empty): React's production build, and the shop's production rules.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";

const { createRequestHandler } = await import("@remix-run/express");
const { createRequestHandler: createFetchHandler, installGlobals } = await import("@remix-run/node");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { default: morgan } = await import("morgan");
const { default: sourceMapSupport } = await import("source-map-support");
const { cacheUsage } = await import("./app/lib/cache-budget.mjs");
const { requestLimits } = await import("./app/lib/request-limits.mjs");
const { UPLOADS_PATH, uploadsDirectory } = await import("./app/lib/uploads.mjs");
const guards = await import("./server/guards.mjs");
const { metricsEndpoint, requestMetrics } = await import("./server/metrics.mjs");
const { pageCache } = await import("./server/page-cache.mjs");

sourceMapSupport.install();
// Node's own fetch: an aborted request with the polyfill leaves an unhandled rejection that stops the process.
installGlobals({ nativeFetch: true });

/**
 * The app: in development Vite's middleware serves the browser's modules and `build()` loads the server's
 * afresh after an edit (the next request runs the new code; the embedded database stays open, see
 * app/db/db.server.ts); in production the built server bundle.
 */
const development = process.env.NODE_ENV === "development";
const vite = development
  ? await import("vite").then(({ createServer }) => createServer({ server: { middlewareMode: true } }))
  : undefined;
const built = vite ? undefined : await import("./build/server/index.js");
const build = vite ? () => vite.ssrLoadModule("virtual:remix/server-build") : built;
const port = Number(process.env.PORT ?? 3000);
const publicOrigin = guards.originOf(process.env.PUBLIC_URL);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustedProxies(process.env.TRUST_PROXY));
// First, so that every answer is timed and counted: refused by a guard, a file, or from the page cache.
app.use(requestMetrics({ build, publicFiles: guards.filesUnder("public") }));
app.use(compression());
app.use(guards.securityHeaders({ publicOrigin, development }));
app.use(
  guards.apiCors({ publicOrigin, allowedOrigins: guards.allowedOriginsOf(process.env.API_ALLOWED_ORIGINS) }),
);
app.use(guards.sameSiteForms({ publicOrigin }));
app.use(guards.bodyLimits());
app.use(guards.passwordFormsInFlight(requestLimits.passwordForms));
app.use(guards.rentalBookingsInFlight(requestLimits.rentalBookings));
app.use(guards.catalogueImportsInFlight(requestLimits.catalogueImports));
// Uploaded pictures have random names and never change: cached for a year by everyone (even signed-in
// shoppers, so this comes before the no-store rule), never listed, and a missing one is a plain 404.
app.use(
  UPLOADS_PATH,
  guards.uploadedFiles(
    uploadsDirectory({ dataDir: process.env.DATA_DIR, uploadsDir: process.env.UPLOADS_DIR }),
  ),
);
// The build's files and the public folder are the same for everyone: cached by browsers, signed in or not.
// A built file's name carries a hash of its content, so it is kept for a year.
if (vite) app.use(vite.middlewares);
else app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(guards.knownFilesOnly("public", express.static("public", { maxAge: "1h" })));
app.use(guards.noStoreForPersonalAnswers());
app.use(guards.unavailableAnswered503());
if (process.env.LOG_REQUESTS !== "false") {
  morgan.token("safe-url", (req) => guards.redactUrl(req.originalUrl ?? req.url ?? ""));
  app.use(morgan(":method :safe-url :status :res[content-length] - :response-time ms"));
}
app.use(guards.knownMethodsOnly());
app.use(guards.wellFormedRequestsOnly());
// PUT, PATCH, DELETE and OPTIONS, and posts to routes with no action, answered by what each route takes.
app.use(guards.methodsRoutesTake(built ? () => built.routes : async () => (await build()).routes));
// For whoever runs the shop, when METRICS_TOKEN is set (docs/deployment.md, "Metrics"); otherwise a 404 page.
app.get("/metrics", metricsEndpoint({ server: async () => (built ?? (await build())).entry.module }));
/** What loaders and actions learn of the request beyond the request itself (app/load-context.ts). */
const loadContext = (req, res, cspNonce) => ({
  clientAddress: req.ip ?? "unknown",
  cspNonce,
  reportUnavailable: (retryAfterSeconds) => guards.reportUnavailable(res, retryAfterSeconds),
});
// Visitors' catalogue pages, rendered once per catalogue version (docs/decisions/0023-page-cache.md).
// Not in development, where a page must show the code just edited.
const renderShared = built ? createFetchHandler(built, process.env.NODE_ENV) : undefined;
if (renderShared) {
  app.use(
    pageCache({
      readVersion: () => built.entry.module.catalogueVersionForPageCache(),
      render: (request, req, res) => renderShared(request, loadContext(req, res, "")),
    }),
  );
}
app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => loadContext(req, res, res.locals.cspNonce),
  }),
);
app.use(guards.errorsAnswered());

// The shop says it listens only once the first pages are ready: the database open (made and seeded, on a fresh
// data directory) and the home and store pages rendered once, so their code and queries are warm.
if (built && renderShared) {
  await built.entry.module.shopReady();
  for (const path of ["/", "/product"]) {
    const warm = { clientAddress: "127.0.0.1", cspNonce: "", reportUnavailable: () => {} };
    await renderShared(new Request(new URL(path, "http://localhost")), warm).then((answer) =>
      answer.arrayBuffer(),
    );
  }
}

const server = app.listen(port, process.env.HOST ?? "0.0.0.0", () => {
  console.log(`[server] http://localhost:${port}`);
});
// A client that dribbles its headers or body is cut off instead of holding a connection open for ever.
server.headersTimeout = requestLimits.headersTimeoutMs;
server.requestTimeout = requestLimits.requestTimeoutMs;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
// `kill -USR2 <pid>` writes the process's memory, and the bytes its caches hold within CACHE_MB, to the log as
// one line (npm run bench reads it this way): nothing about the process is exposed over HTTP.
process.on("SIGUSR2", () =>
  console.log(`[memory] ${JSON.stringify({ ...process.memoryUsage(), cacheBytes: cacheUsage().bytes })}`),
);

/**
 * Which proxies may set X-Forwarded-For: a hop count ("1"), or a list of addresses and ranges
 * ("loopback, 10.0.0.0/8"); unset or "0" trusts none. The configuration check validates the value.
 * @param {string | undefined} setting
 */
function trustedProxies(setting) {
  const value = (setting ?? "").trim();
  if (value === "" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((part) => part.trim());
}
