/** Remix v2 classic compiler (see docs/decisions/0001-remix-classic-compiler.md). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // PGlite and pg are loaded at run time from node_modules, not bundled.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
