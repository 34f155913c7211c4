import { INERT_PRELOAD } from "../../app/lib/hydrate-after-paint.server";
import type { Who } from "./bench-stats";

/*
 * What a page weighs (scripts/bench.ts): its HTML and the scripts it loads.
 */

export type PageBytes = {
  page: string;
  url: string;
  who: Who;
  status: number;
  /** The HTML decoded, and as sent with Accept-Encoding: gzip (the server's own compression). */
  htmlBytes: number;
  htmlSentBytes: number;
  /** Every /assets/ script the page loads, each once, and their total after gzip -9. */
  scripts: string[];
  javaScriptGzipBytes: number;
};

/** The value of an attribute in one tag, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The scripts a page loads from /assets/: <script src>, the targets of `import` in inline scripts (Remix
 * starts the app with one), and <link rel="modulepreload">, also when held back until after the paint
 * (decision 0033). A set, so a file counts once per page.
 */
export function scriptsOf(html: string, baseUrl: string): string[] {
  const found = new Set<string>();
  const add = (reference: string | undefined) => {
    if (!reference) return;
    const url = new URL(reference.replaceAll("&amp;", "&"), baseUrl);
    if (url.origin === baseUrl && url.pathname.startsWith("/assets/")) found.add(url.pathname);
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) add(attribute(tag, "src"));
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    if (rel.includes("modulepreload") || rel.includes(INERT_PRELOAD)) add(attribute(tag, "href"));
  }
  for (const [, code] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const imports = (code ?? "").matchAll(/\bimport\s*\(?\s*(?:[\w$*{},\s]+?\s+from\s*)?["']([^"']+)["']/g);
    for (const [, target] of imports) add(target);
  }
  return [...found].sort();
}
