/**
 * Shared steps of the end-to-end tests, done as a person does them: through roles and the names
 * of docs/architecture.md#arch-names.
 */
import { expect, type Page } from '@playwright/test';
import type { DataFile } from '../../worker/domain/dataFile';
import type { PhotoIndex } from '../../worker/domain/types';

export const DEMO_USER = { email: 'jane.doe@aerial.example', password: 'demo' };

/** Signs in from the login page and waits until the app has left it. */
export async function login(page: Page, redirect?: string): Promise<void> {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in and waits until the session is saved, so the page loads that follow (a reload,
 * page.goto) find the user still signed in.
 */
export async function signIn(page: Page, redirect?: string): Promise<void> {
  await login(page, redirect);
  await page.waitForFunction(() => (localStorage.getItem('current') ?? '').includes('"loggedIn":true'));
}

/**
 * Opens a path of the console as its own links do (wouter's navigation: `history.pushState`), in
 * a page that already shows the signed-in console; in any other page (a new one, the login page),
 * by loading it. A page load starts the engine's worker again: 0.8 s of processor time, against
 * 0.1 s for a link (docs/testing.md#a-page-load-or-a-link). A test about loading a page (a reload,
 * an address typed, offline) calls `page.goto` itself.
 */
export async function openPath(page: Page, path: string, load?: Parameters<Page['goto']>[1]): Promise<void> {
  const followed = await page.evaluate(async (to) => {
    // (The tests' tsconfig has no DOM types.)
    const { document, history } = globalThis as unknown as {
      document: { querySelectorAll(selector: string): ArrayLike<{ closest(selector: string): unknown }> };
      history: { pushState(state: null, unused: string, url: string): void };
    };
    // The console's banner (its header outside the page's own content) shows once signed in.
    const shell = Array.from(document.querySelectorAll('header')).some((h) => !h.closest('main, article, section, aside, nav'));
    if (!shell) return false;
    history.pushState(null, '', to);
    // The router renders the new path at once (a store React reads synchronously): let it commit.
    await new Promise((drawn) => setTimeout(drawn, 0));
    return true;
  }, path).catch(() => false);
  if (!followed) await page.goto(path, load);
}

/** The sample data as the server holds it. */
export async function sampleData(page: Page): Promise<DataFile> {
  return (await (await page.request.get('/data/all.json')).json()) as DataFile;
}

/** The photo index as the server holds it: each camera's frames, by line. */
export async function photoIndex(page: Page): Promise<PhotoIndex> {
  return (await (await page.request.get('/data/photos.json')).json()) as PhotoIndex;
}

/**
 * `test.use(WITHOUT_SERVICE_WORKER)` in a spec not about the service worker (the offline, install,
 * update and bundle specs are): its install would only precache the whole app again in each test's
 * fresh context (docs/testing.md#a-page-load-or-a-link).
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

/** The table row that shows a text. */
export function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Opens Settings and chooses a simulation speed (1, 10 or 100). */
export async function setSpeed(page: Page, speed: 1 | 10 | 100): Promise<void> {
  await openPath(page, '/settings');
  await page.getByLabel('Simulation speed').selectOption(String(speed));
}

/** The region where flash messages are announced. */
export function flash(page: Page, text: string | RegExp) {
  return page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
}

interface TestClockWindow {
  __testClock?: { advance(ms: number): Promise<number> };
}

/**
 * Moves the engine's simulated time on by `ms` (the e2e build's stepped clock, docs/testing.md):
 * every tick falls due at its own instant, in every tab, and this resolves once the leading
 * engine has written what the step changed. Nothing in a test waits for wall-clock time.
 */
export async function advanceClock(page: Page, ms: number): Promise<void> {
  await page.waitForFunction(() => typeof (globalThis as TestClockWindow).__testClock?.advance === 'function');
  await page.evaluate((step) => (globalThis as TestClockWindow).__testClock!.advance(step), ms);
}

/** Simulated minutes, for advanceClock. */
export const minutes = (n: number) => n * 60_000;

/**
 * Opens Receive on a drive holding new media (not ingest-01, which holds TS007), types TS007 in its
 * first bay and presses OK: refused beside that field, as a label already in another drive.
 */
export async function receiveTakenLabel(page: Page) {
  await signIn(page, '/drives');
  const data = await sampleData(page);
  const ready = Object.values(data.index.drives).find((d) => d.mediaId && data.index.media[d.mediaId]?.isNew && d.host !== 'ingest-01')!;
  await rowOf(page, ready.host).getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog');
  const ids = dialog.getByRole('textbox', { name: /Media ID/ });
  const count = await ids.count();
  for (let i = 0; i < count; i++) await ids.nth(i).fill(i === 0 ? 'TS007' : `HD-${i}`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'TS007 is already in ingest-01' })).toBeVisible();
  return { host: ready.host, dialog, ids };
}

/**
 * The page has painted what the last input changed: two animation frames, as a person's eye needs
 * one. Rows scrolled past between two frames were never on screen, and are not "seen".
 */
export async function painted(page: Page): Promise<void> {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
}

/**
 * Every running animation has finished, twice over a pair of frames: a transition that starts on
 * the frame after the pop-up appears is waited for too. (A string: the tests' tsconfig has no DOM.)
 */
export async function animationsFinished(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(
      'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))).then(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))))',
    );
  }
}
