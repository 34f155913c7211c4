import { test as base, expect, type Page } from "@playwright/test";

/**
 * Playwright's test, with every test coming from its own client address (X-Forwarded-For, believed by the
 * e2e server through TRUST_PROXY=1), so per-client rate limits such as sign-ups per address apply to one
 * test, not to the whole run. Tests of the limits themselves rely on the same thing.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = testInfo.testId
      .split("")
      .reduce(
        (hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0,
        testInfo.repeatEachIndex + testInfo.retry,
      );
    const address = `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": address });
  },
});

/**
 * With JavaScript on, waits until React has hydrated the page, so what the page's scripts do (a PIN code's
 * city filled in, Conform's checks) happens from the next action on: a shopper typing sooner gets the plain
 * form, by design. The header's search box takes its combobox role in an effect, i.e. once hydrated.
 */
export async function hydrated(page: Page): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(page.getByRole("combobox", { name: "Search for products" })).toBeAttached();
}

export { expect };
