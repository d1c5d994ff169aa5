/**
 * The `test` and `expect` of every end-to-end spec (issue 13). Each test listens for
 * `securitypolicyviolation` in every page of its context, and of any context it makes with
 * `browser.newContext()` or `wholeBrowser.newContext()`, and fails if the Content-Security-Policy (or Trusted Types) blocked
 * anything: "no violation on any page" is checked by every test, not by one.
 *
 * It also keeps what every page and worker of those contexts wrote to the console (the end-to-end
 * build says there who leads, each call across tabs, each dispatch and its answer), and prints it
 * when the test fails: a failure seen once under load tells its story (issue 18).
 */
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';
import { WHOLE_CHROMIUM } from './chromiums';

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

/** Console lines, with the time since the test began and where they came from. */
class ConsoleLog {
  private readonly start = Date.now();
  readonly lines: string[] = [];
  add(from: string, message: ConsoleMessage): void {
    this.lines.push(`${((Date.now() - this.start) / 1000).toFixed(2)} s ${from} ${message.type()}: ${message.text()}`);
  }
}

async function watch(context: BrowserContext, found: CspViolation[], log: ConsoleLog): Promise<void> {
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => {
    found.push(violation);
  });
  await context.addInitScript(LISTENER);
  let pages = 0;
  const listen = (page: Page) => {
    const name = `page ${++pages}`;
    // Chromium hands a page's workers' console lines to the page's own console as well.
    page.on('console', (m) => log.add(name, m));
  };
  context.pages().forEach(listen);
  context.on('page', listen);
}

/** What a test's contexts did: their Content-Security-Policy violations and their console lines. */
class Watch {
  readonly found: CspViolation[] = [];
  readonly log = new ConsoleLog();

  /** Every context `browser.newContext()` makes is watched, until the answer is called. */
  newContextsOf(browser: Browser): () => void {
    const original = browser.newContext.bind(browser);
    const patched: Browser['newContext'] = async (options) => {
      const made = await original(options);
      await watch(made, this.found, this.log);
      return made;
    };
    browser.newContext = patched;
    return () => {
      browser.newContext = original;
    };
  }
}

export const test = base.extend<{ watched: Watch; cspViolations: CspViolation[]; wholeBrowser: Browser }>({
  // Set up before the test's own context (cspViolations is automatic), which Playwright makes with
  // the `browser.newContext()` watched here, and only for a test that asks for it (its `page`): the
  // two-laptop and offline tests make every context they use.
  watched: async ({ browser }, use) => {
    const watched = new Watch();
    const unwatch = watched.newContextsOf(browser);
    try {
      await use(watched);
    } finally {
      unwatch();
    }
  },
  cspViolations: [
    async ({ watched }, use, testInfo) => {
      const { found, log } = watched;
      try {
        await use(found);
      } finally {
        if (testInfo.status !== testInfo.expectedStatus && log.lines.length) {
          const body = log.lines.join('\n');
          await testInfo.attach('console', { body, contentType: 'text/plain' });
          console.log(`The console, ${log.lines.length} lines (the last 120):\n${log.lines.slice(-120).join('\n')}`);
        }
      }
      expect(found, 'no Content-Security-Policy violation on any page').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Debian's whole Chromium, launched for the test that asks for it, its contexts watched as the
   * `browser`'s are: a project of its own would cost each worker a new process and browser where
   * the projects change, for the two offline tests about the whole browser (docs/testing.md#two-chromiums).
   */
  wholeBrowser: async ({ playwright, watched }, use) => {
    const browser = await playwright.chromium.launch(WHOLE_CHROMIUM);
    const unwatch = watched.newContextsOf(browser);
    try {
      await use(browser);
    } finally {
      unwatch();
      await browser.close();
    }
  },
});

export { expect };
