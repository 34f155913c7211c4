import { describe, expect, it } from "vitest";
import { deferHydration, hydrateAfterPaint } from "./hydrate-after-paint.server";

const rendered = [
  '<script nonce="n1">console.log("scroll")</script>',
  '<link rel="modulepreload" href="/build/manifest-1.js"/>',
  '<link rel="modulepreload" href="/build/entry.client-2.js"/>',
  '<script nonce="n1">window.__remixContext = {};</script>',
  '<script nonce="n1" type="module" async="">import "/build/manifest-1.js";</script>',
].join("");

describe("deferHydration", () => {
  const deferred = deferHydration(rendered);

  it("leaves no module preload and no module script live in the page", () => {
    expect(deferred).not.toMatch(/<link rel="modulepreload"/);
    expect(deferred).not.toMatch(/<script[^>]* type="module"/);
  });

  it("keeps every element, its address and its text, so the page hydrates against the same markup", () => {
    expect(deferred.match(/<link /g)).toHaveLength(2);
    expect(deferred.match(/<script /g)).toHaveLength(3);
    expect(deferred).toContain('href="/build/entry.client-2.js"');
    expect(deferred).toContain('async="">import "/build/manifest-1.js";</script>');
    expect(deferred).toContain('<script nonce="n1">console.log("scroll")</script>');
  });

  it("puts the script that arms them before Remix's context, and it looks for what was made inert", () => {
    expect(deferred).toContain(`<script nonce="n1">${hydrateAfterPaint}window.__remixContext = {};</script>`);
    const inertRel = /rel="([^"]+)"/.exec(deferred)?.[1] ?? "";
    const inertType = /type="([^"]+)"/.exec(deferred)?.[1] ?? "";
    expect(hydrateAfterPaint).toContain(`link[rel="${inertRel}"]`);
    expect(hydrateAfterPaint).toContain(`script[type="${inertType}"]`);
  });

  it("leaves a page without both of Remix's scripts as it was, so it hydrates at once", () => {
    const page = '<html><body><p>type="module" in text</p></body></html>';
    expect(deferHydration(page)).toBe(page);
    const withoutContext = rendered.replace("window.__remixContext = {};", "");
    expect(deferHydration(withoutContext)).toBe(withoutContext);
  });

  it("writes Remix's indented manifest on one line, the same object, with no character a script may not hold raw", () => {
    const manifest = {
      entry: { module: "/assets/entry.js" },
      routes: { root: { id: "root", note: "a & b > c \u2028" } },
    };
    const page = rendered.replace(
      'import "/build/manifest-1.js";',
      `window.__remixManifest = ${JSON.stringify(manifest, null, 2)};\nimport("/assets/entry.js");`,
    );
    const sent = deferHydration(page);
    const written = /window\.__remixManifest = (.*);\nimport/.exec(sent)?.[1] ?? "";
    expect(written).not.toContain("\n");
    expect(written).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(written)).toEqual(manifest);
  });

  it("leaves the same words in the page's content as they are: only Remix's script is compacted", () => {
    // Text React escapes holds no quote, but an empty object is JSON a reviewer can type.
    const review = "<p>window.__remixManifest = {\n\n};</p>";
    const page = rendered.replace(
      'import "/build/manifest-1.js";',
      `window.__remixManifest = ${JSON.stringify({ entry: {} }, null, 2)};\nimport("/assets/entry.js");`,
    );
    const sent = deferHydration(`${review}${page}`);
    expect(sent.startsWith(review)).toBe(true);
    expect(sent).toContain('window.__remixManifest = {"entry":{}};');
  });

  it("sends the arming script on one line that still runs", () => {
    expect(hydrateAfterPaint).not.toContain("\n");
    expect(() => new Function(hydrateAfterPaint)).not.toThrow();
  });
});
