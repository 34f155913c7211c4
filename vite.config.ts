import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

/** Remix on Vite (docs/decisions/0036-remix-on-vite.md): the client build in build/client, the server's in build/server. */
export default defineConfig({
  plugins: [
    remix({
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
        v3_singleFetch: true,
      },
    }),
  ],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // public/ is served by server.mjs with its own rules (known files only, an hour's cache), not copied.
  publicDir: false,
  build: {
    target: "es2022",
    rollupOptions: {
      onwarn(warning, warn) {
        // A resource route (sitemap.xml, a CSV, a webhook) has no component, so its browser chunk is empty.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
});
