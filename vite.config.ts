import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import remixConfig from "./remix.config.js";

/**
 * Remix on Vite (docs/decisions/0036-remix-on-vite-and-feature-folders.md): the client build in build/client,
 * the server's in build/server. Remix's own options (future flags, module format) live in remix.config.js.
 */
export default defineConfig({
  plugins: [remix(remixConfig), thirdPartyLicenses()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // public/ is served by server.mjs with its own rules (known files only, an hour's cache), not copied.
  publicDir: false,
  build: {
    target: "es2022",
    // Terser, not esbuild: 4 KB less gzip on the framework chunk every page loads, and license banners moved
    // out of the scripts into one file beside them (thirdPartyLicenses).
    minify: "terser",
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
      format: { comments: false },
    },
    // Every browser the shop serves (es2022) supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      onwarn(warning, warn) {
        // A resource route (sitemap.xml, a CSV, a webhook) has no component, so its browser chunk is empty.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
});

/**
 * The licenses of the packages in the browser's scripts, in one file beside them
 * (/assets/third-party-licenses.txt): the minifier leaves the banners out of the scripts themselves.
 */
function thirdPartyLicenses(): Plugin {
  return {
    name: "third-party-licenses",
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    generateBundle(_options, bundle) {
      const packages = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of Object.keys(chunk.modules)) {
          const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replace(/^\0/, ""));
          if (match?.[1]) packages.add(match[1]);
        }
      }
      const texts = [...packages].sort().map((dir) => {
        const { name, version, license } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
        const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)/i.test(entry));
        const text =
          file && existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), "utf8") : "";
        return `${name}@${version} (${license})\n\n${text.trim()}\n`;
      });
      this.emitFile({
        type: "asset",
        fileName: "assets/third-party-licenses.txt",
        source: texts.join(`\n${"-".repeat(72)}\n\n`),
      });
    },
  };
}
