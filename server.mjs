// The production HTTP server: Express with Remix's request handler. It replaces remix-serve so that loaders
// and actions learn the client's address (rate limits, see docs/decisions/0007-own-express-server.md).
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import sourceMapSupport from "source-map-support";

sourceMapSupport.install();
// Node's own fetch: an aborted request with the polyfill leaves an unhandled rejection that stops the process.
installGlobals({ nativeFetch: true });

const build = await import("./build/index.js");
const port = Number(process.env.PORT ?? 3000);
// How many reverse proxies in front of us may set X-Forwarded-For; 0 (the default) trusts none.
const trustedProxies = Number(process.env.TRUST_PROXY ?? 0);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", Number.isInteger(trustedProxies) && trustedProxies > 0 ? trustedProxies : false);
app.use(compression());
app.use((_req, res, next) => {
  res.set({
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
  });
  next();
});
// A form posted to us from another site is refused (cross-site request forgery). Browsers send Origin with
// every POST; server-to-server calls such as the PhonePe webhook send none and pass.
const publicHost = process.env.PUBLIC_URL ? hostOf(process.env.PUBLIC_URL) : undefined;
app.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const origin = req.get("origin");
  const crossSite =
    origin === undefined
      ? req.get("sec-fetch-site") === "cross-site"
      : ![req.get("host"), publicHost].includes(hostOf(origin));
  if (!crossSite) return next();
  res.status(403).type("text/plain").send("Refused: this form was sent from another website.");
});

function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return "invalid";
  }
}

app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
if (process.env.LOG_REQUESTS !== "false") app.use(morgan("tiny"));
app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({ clientAddress: req.ip ?? "unknown" }),
  }),
);

const server = app.listen(port, process.env.HOST ?? "0.0.0.0", () => {
  console.log(`[server] http://localhost:${port}`);
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
