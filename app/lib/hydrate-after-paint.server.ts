/*
 * Hydration waits until the page has painted (docs/decisions/0033): the server renders Remix's module preloads
 * and its module script inert, and a few lines put before Remix's context script re-arm them once the page has
 * loaded and the next frame is drawn. A phone then spends its first second on the shop's content, not on
 * downloading and running the scripts, and the page works meanwhile as it does with JavaScript off.
 */

const INERT_PRELOAD = "after-paint-modulepreload";
const INERT_MODULE = "text/after-paint-module";

/**
 * After the load event and one more frame: the preloads start, and the inert module script is replaced by a
 * live copy in its place (same text, same nonce), which hydrates the page.
 */
export const hydrateAfterPaint = `addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(function(){document.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(l){l.rel="modulepreload"});var s=document.querySelector('script[type="${INERT_MODULE}"]');if(!s)return;var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;s.replaceWith(m)})})})`;

const CONTEXT_SCRIPT = /(<script\b[^>]*>)(window\.__remixContext = )/;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module"/;

/**
 * Remix's preloads and module script in the rendered document made inert, and the script that arms them
 * added to the text of Remix's context script (a script of its own would be a node React does not expect).
 * A document without both of Remix's scripts is left as it is, so it hydrates at once.
 */
export function deferHydration(html: string): string {
  if (!CONTEXT_SCRIPT.test(html) || !MODULE_SCRIPT.test(html)) return html;
  return html
    .replace(CONTEXT_SCRIPT, `$1${hydrateAfterPaint};$2`)
    .replaceAll('<link rel="modulepreload"', `<link rel="${INERT_PRELOAD}"`)
    .replace(MODULE_SCRIPT, `$1 type="${INERT_MODULE}"`);
}
