import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/**
 * Fails the test on any WCAG 2.1 A/AA violation axe-core finds on the page as it is now. axe runs as a script
 * in the page, so in the JavaScript-off project the same HTML is checked in a scratch page where scripts can
 * run but the shop's own bundles are blocked.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  const target = jsOff ? await scriptlessCopy(page) : page;
  try {
    // Checked as a shopper who asked for less motion sees it: a toast is then never caught half-faded.
    await target.emulateMedia({ reducedMotion: "reduce" });
    const results = await new AxeBuilder({ page: target })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(summary).toEqual([]);
  } finally {
    if (target !== page) await target.context().close();
    else await page.emulateMedia({ reducedMotion: null });
  }
}

async function scriptlessCopy(page: Page): Promise<Page> {
  const html = await page.content();
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error("axe needs a browser");
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.route(/\.js(\?.*)?$/, (route) => route.abort());
  await copy.route(url, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
  await copy.goto(url);
  return copy;
}
