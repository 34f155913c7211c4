import { test as base, expect } from "@playwright/test";

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

export { expect };
