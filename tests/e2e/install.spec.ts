/**
 * Installability (issue 4): the manifest is linked and complete, its icons load at their declared
 * sizes, the service worker controls the page, and Chromium itself reports no installability
 * error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { E2E_DIR } from './builds';
import { WHOLE_CHROMIUM } from './chromiums';
import { expectFetchHandler, waitForController } from './pwa';
import { startPwaServer, type PwaServer } from './pwaServer';

const OUT_DIR = E2E_DIR;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

let server: PwaServer;
test.beforeAll(async () => {
  server = await startPwaServer(OUT_DIR);
});
test.afterAll(async () => {
  await server.close();
});

test('the manifest is linked, complete, and its icons load at their sizes', async ({ page, request }) => {
  await page.goto(`${server.url}/login`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href ?? '', `${server.url}/`).href;
  const response = await request.get(manifestUrl);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as WebManifest;
  expect(manifest).toMatchObject({
    name: 'Aerial Survey Console',
    short_name: 'Survey Console',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.description.length).toBeGreaterThan(10);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const has = (size: string, purpose: string) => manifest.icons.some((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose));
  expect(has('192x192', 'any')).toBe(true);
  expect(has('512x512', 'any')).toBe(true);
  expect(has('512x512', 'maskable')).toBe(true);

  for (const icon of manifest.icons) {
    const iconResponse = await request.get(new URL(icon.src, manifestUrl).href);
    expect(iconResponse.ok(), icon.src).toBe(true);
    expect(iconResponse.headers()['content-type']).toBe(icon.type);
    if (icon.type === 'image/png') {
      // PNG IHDR: width and height are the big-endian words at bytes 16 and 20.
      const png = await iconResponse.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
});

test('Chromium finds the console installable', async ({ playwright }) => {
  // Incognito contexts are never installable ("in-incognito"): the whole browser, with a real profile.
  const profile = mkdtempSync(join(tmpdir(), 'survey-console-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...WHOLE_CHROMIUM,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/login`);
    await waitForController(page);
    await expectFetchHandler(page);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId))
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
