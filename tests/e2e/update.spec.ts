/**
 * Updates (issue 4, docs/architecture.md#arch-sw-update): a page controlled by one build, when a newer build is
 * deployed at the same origin, says "A new version is available" and keeps working; nothing
 * reloads until the person clicks Reload, which applies the new version.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { E2E_DIR } from './builds';
import { login } from './helpers';
import { waitForController } from './pwa';
import { startPwaServer, type PwaServer } from './pwaServer';

const OUT_DIR = E2E_DIR;
const NEXT_DIR = `${OUT_DIR}-v2`;
const NEXT_VERSION = '9.9.9';

let server: PwaServer;

test.beforeAll(async () => {
  // The same sources, built again with another version: what a deployment ships.
  test.setTimeout(300_000);
  execFileSync('npx', ['vite', 'build', '--mode', 'e2e', '--logLevel', 'warn'], {
    env: { ...process.env, APP_VERSION: NEXT_VERSION, BUILD_OUT_DIR: NEXT_DIR },
    stdio: 'inherit',
  });
  server = await startPwaServer(OUT_DIR);
});
test.afterAll(async () => {
  await server?.close();
});

test('a new version waits for Reload, then applies', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await login(page, '/captures');
  await waitForController(page);
  await expect(page.getByRole('table').first()).toBeVisible();
  const html = page.locator('html');
  const firstVersion = await html.getAttribute('data-app-version');
  expect(firstVersion).toBeTruthy();
  expect(firstVersion).not.toBe(NEXT_VERSION);

  // A mark on this very document: it survives as long as nothing reloads.
  await page.evaluate('window.__stillTheSamePage = true');
  server.setRoot(NEXT_DIR);
  await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');

  const update = page.getByRole('group', { name: 'Update' });
  await expect(update.getByText('A new version is available')).toBeVisible({ timeout: 30_000 });
  // The old version keeps running until the person says so: the new worker has installed and
  // waits (had it taken over, it would no longer be waiting), and this is still the same document.
  await expect.poll(() => page.evaluate('navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))')).toBe(true);
  expect(await page.evaluate('window.__stillTheSamePage === true')).toBe(true);
  await expect(html).toHaveAttribute('data-app-version', firstVersion ?? '');

  await update.getByRole('button', { name: 'Reload' }).click();
  await expect(html).toHaveAttribute('data-app-version', NEXT_VERSION);
  expect(await page.evaluate('window.__stillTheSamePage === true')).toBe(false);
  await expect(page).toHaveURL(/\/captures$/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.getByText('A new version is available')).toHaveCount(0);
  // The new worker serves the new build's shell from its precache.
  const script = await page.evaluate('navigator.serviceWorker.controller.scriptURL');
  expect(String(script)).toMatch(/\/sw\.js$/);
  await context.close();
});
