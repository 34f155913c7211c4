import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

/**
 * Remix on Vite (docs/decisions/0036-remix-on-vite-and-feature-folders.md): the client build in build/client, the server's in
 * build/server. Remix's own options (future flags, module format) live in remix.config.js.
 */
export default defineConfig({
  plugins: [remix(remixConfig)],
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
