// The Remix plugin's options, in one home at the top level (docs/architecture.md): vite.config.ts hands the
// default export to Remix's Vite plugin, and app/routes.ts reads which files in app/routes are not routes.

/**
 * Every v3 future flag on (decision 0036), so the shop stays one codemod away from React Router 7; ES modules
 * for the server build, which server.mjs imports.
 * @type {import("@remix-run/dev").VitePluginConfig}
 */
export default {
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
    v3_singleFetch: true,
  },
};

/**
 * Files in app/routes that are not routes: a group folder's own layout, the modules beside a route (its server
 * code, its tests, its styles) and hidden files. With route config (app/routes.ts) the plugin no longer reads
 * an `ignoredRouteFiles` option, so app/routes.ts gives this list to each flatRoutes call itself.
 */
export const ignoredRouteFiles = [
  "**/.*",
  "**/*.test.{ts,tsx}",
  "**/layout.tsx",
  "**/*.server.ts",
  "**/*.css",
];
