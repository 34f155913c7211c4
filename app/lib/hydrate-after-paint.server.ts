import { TOUCHED_BEFORE_HYDRATION } from "./changed-before-hydration";

/*
 * Hydration waits until the page has painted (docs/decisions/0033): the server renders Remix's module preloads
 * and its module script inert, and a few lines put before Remix's context script re-arm them once the page has
 * loaded and the next frame is drawn. A phone then spends its first second on the shop's content, not on
 * downloading and running the scripts, and the page works meanwhile as it does with JavaScript off.
 */

/** The `rel` of a module preload held back until after the paint (tools that weigh a page count it as one). */
export const INERT_PRELOAD = "after-paint-modulepreload";
const INERT_MODULE = "text/after-paint-module";

/**
 * Records the controls the shopper touches until hydration (changed-before-hydration.ts); after the load event
 * and one more frame (at once in a background tab, which draws no frames; at the latest 3 s after the document
 * was parsed, so a stalled image does not hold the scripts back), starts the preloads and replaces the inert
 * module script by a live copy in its place (same text, same nonce), which hydrates the page.
 */
export const hydrateAfterPaint = oneLine(`(function () {
  var touched = (window.${TOUCHED_BEFORE_HYDRATION} = new WeakSet());
  function touch(event) { touched.add(event.target); }
  addEventListener("input", touch, true);
  addEventListener("change", touch, true);
  var armed = false;
  function arm() {
    if (armed) return;
    armed = true;
    document.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function (link) { link.rel = "modulepreload"; });
    var inert = document.querySelector('script[type="${INERT_MODULE}"]');
    if (!inert) return;
    var live = document.createElement("script");
    live.type = "module";
    live.nonce = inert.nonce;
    live.text = inert.text;
    inert.replaceWith(live);
  }
  addEventListener("load", function () {
    if (document.hidden) arm();
    else requestAnimationFrame(function () { setTimeout(arm); });
  });
  addEventListener("DOMContentLoaded", function () { setTimeout(arm, 3000); });
})();
`);

/** The script as sent: written readably above, every statement ended by `;` or a brace, so lines can join. */
function oneLine(script: string): string {
  return script.replace(/\n\s*/g, "");
}

const CONTEXT_SCRIPT = /(<script\b[^>]*>)(window\.__remixContext = )/;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module"/;
/**
 * Remix writes the manifest into the module script indented: about 800 of a store page's bytes are spaces. Only
 * that script is searched: a review or a post may hold the same words, on lines of their own.
 */
const INERT_MODULE_SCRIPT = new RegExp(`<script\\b[^>]* type="${INERT_MODULE}"[^>]*>[^<]*</script>`);
const PRETTY_MANIFEST = /(window\.__remixManifest = )(\{\n[\s\S]*?\n\});/;
/** What may not appear raw inside a script element (the same characters Remix escapes). */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/** The manifest on one line; as it was, should a later Remix write something that is not JSON there. */
function compactManifest(start: string, json: string): string {
  let manifest: unknown;
  try {
    manifest = JSON.parse(json);
  } catch {
    return `${start}${json};`;
  }
  const compact = JSON.stringify(manifest).replace(
    SCRIPT_UNSAFE,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `${start}${compact};`;
}

/**
 * Remix's preloads and module script in the rendered document made inert, and the script that arms them
 * added to the text of Remix's context script (a script of its own would be a node React does not expect).
 * A document without both of Remix's scripts is left as it is, so it hydrates at once.
 */
export function deferHydration(html: string): string {
  if (!CONTEXT_SCRIPT.test(html) || !MODULE_SCRIPT.test(html)) return html;
  return html
    .replace(CONTEXT_SCRIPT, (_, tag: string, context: string) => `${tag}${hydrateAfterPaint}${context}`)
    .replaceAll('<link rel="modulepreload"', `<link rel="${INERT_PRELOAD}"`)
    .replace(MODULE_SCRIPT, (_, start: string) => `${start} type="${INERT_MODULE}"`)
    .replace(INERT_MODULE_SCRIPT, (script) =>
      script.replace(PRETTY_MANIFEST, (_, start: string, json: string) => compactManifest(start, json)),
    );
}
