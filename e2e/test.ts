// Owns the `test` every spec uses: Playwright's, plus closing the browser contexts a test opened itself (a second
// person's browser, `browser.newPage()`) when it ends. They belong to the worker's browser, not to the test, so they
// stayed open to the end of the run — a dozen pages by its end, each still polling its lists and the bell.
import { test as base } from '@playwright/test';

export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      for (const context of browser.contexts()) if (!before.has(context)) await context.close();
    },
    { auto: true },
  ],
});
