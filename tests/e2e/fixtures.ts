/**
 * The `test` and `expect` of every end-to-end spec (issue 13). Each test listens for
 * `securitypolicyviolation` in every page of its context, and of any context it makes with
 * `browser.newContext()`, and fails if the Content-Security-Policy (or Trusted Types) blocked
 * anything: "no violation on any page" is checked by every test, not by one.
 */
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

const BINDING = '__reportCspViolation';
// The tests' tsconfig has no DOM types, hence a string (it runs in the page before its scripts).
const LISTENER = `addEventListener('securitypolicyviolation', (e) => {
  window.${BINDING}({ page: location.href, directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
});`;

async function watch(context: BrowserContext, found: CspViolation[]): Promise<void> {
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => {
    found.push(violation);
  });
  await context.addInitScript(LISTENER);
}

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const found: CspViolation[] = [];
      await watch(context, found);
      const original = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const made = await original(options);
        await watch(made, found);
        return made;
      };
      browser.newContext = patched;
      try {
        await use(found);
      } finally {
        browser.newContext = original;
      }
      expect(found, 'no Content-Security-Policy violation on any page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
