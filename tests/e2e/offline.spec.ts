/**
 * Offline (issue 4, docs/architecture.md#arch-sw): a first visit online, then the network cut honestly; every
 * route still renders with its data, thumbnails seen before still show, and the sample data
 * reloads from the cache. Also measures a cold start from the service-worker cache.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_DIR } from './builds';
import { flash, login } from './helpers';
import { cutNetwork, restoreNetwork, waitForController } from './pwa';
import { startImageProxy, startPwaServer, type PwaServer } from './pwaServer';
import { PROBE_AGAIN_MS } from '../../src/pwa/reachability';

const OUT_DIR = E2E_DIR;
/** docs/architecture.md#arch-budgets, quoted beside the measured median in the log. */
const COLD_START_BUDGET_MS = 1500;

/**
 * performance.now() once the capture table shows rows of data, else 0 (keep waiting). A function,
 * not a string: Playwright polls a string predicate with eval, which the app's policy refuses.
 * (The tests' tsconfig has no DOM types, hence the narrow cast.)
 */
const CAPTURES_SHOWN_AT = () => {
  const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document;
  return doc.querySelectorAll('table[aria-label="Captures"] tbody tr').length > 5 ? performance.now() : 0;
};

interface PhotoIndexFile {
  index: Record<string, string[]>;
  lines: { line: number; start: number; count: number }[];
  cameras: string[];
}

interface StoredWorld {
  ids: { captures: string[] };
  index: { captures: Record<string, { cpid: string; surveyIds: string[] }> };
}

let server: PwaServer;
test.beforeAll(async () => {
  server = await startPwaServer(OUT_DIR);
});
test.afterAll(async () => {
  await server.close();
});

/** The world the console mirrors into localStorage (key `db`, docs/requirements.md#req-persistence), once it has been saved. */
async function storedWorld(page: Page): Promise<StoredWorld> {
  await expect.poll(() => page.evaluate("localStorage.getItem('db') !== null"), { timeout: 15_000 }).toBe(true);
  return JSON.parse(String(await page.evaluate("localStorage.getItem('db')"))) as StoredWorld;
}

/**
 * Sources of the survey photos a person saw: decoded, and on screen (embedded set, or `marker`).
 * Not every decoded image in the DOM: the grid also draws rows up to a screen below the window, and
 * how far that reaches depends on the height of what stands above the grid, which differs between
 * an online load and an offline one; a row drawn below the screen on the first visit need not be
 * drawn after the offline reload.
 */
async function loadedPhotos(page: Page, marker = '/photos/'): Promise<string[]> {
  const sources = await page.evaluate(
    `[...document.querySelectorAll('img')].filter((i) => { const r = i.getBoundingClientRect(); return i.complete && i.naturalWidth > 0 && i.src.includes(${JSON.stringify(marker)}) && r.bottom > 0 && r.top < innerHeight; }).map((i) => i.getAttribute('src'))`,
  );
  return sources as string[];
}

/**
 * The service worker stores a photo just after the page has it: each seen one is in its cache, as
 * a person closing the lid a moment later would have them.
 */
async function expectCached(page: Page, sources: string[]): Promise<void> {
  for (const src of sources) {
    await expect.poll(() => page.evaluate(`caches.open('photos').then((c) => c.match(${JSON.stringify(src)})).then(Boolean)`), { message: `${src} cached` }).toBe(true);
  }
}

async function expectDecoded(page: Page, sources: string[]): Promise<void> {
  for (const src of sources) {
    // 'not drawn': no image of it on the page; 0: drawn, not decoded.
    await expect
      .poll(() => page.evaluate(`document.querySelector('img[src="${src}"]')?.naturalWidth ?? 'not drawn'`), { message: `photo ${src} offline` })
      .toBeGreaterThan(0);
  }
}

async function expectRows(page: Page, table: string, atLeast: number): Promise<void> {
  await expect
    .poll(() => page.getByRole('table', { name: table }).getByRole('row').count(), { message: `${table} rows` })
    .toBeGreaterThan(atLeast);
}

async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^(OK|Confirm|Yes|Reload sample data|Clean Demo)$/ }).last().click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Clean Demo, then Reload sample data, from the settings page: the sample comes back (from the
 * cache, offline). In-app navigation after the first load: the engine keeps running, as it does
 * for a person.
 */
async function cleanThenReloadSample(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Clean Demo' }).click();
  await confirmDialog(page);
  await expect(flash(page, 'The demo has been cleaned')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  await expect(page.getByText('No media sets have been received.')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Reload sample data' }).click();
  await confirmDialog(page);
  await expect(flash(page, 'The sample data has been reloaded')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  await expectRows(page, 'Media', 5);
}

// What a page the service worker served says with the network cut is the whole browser's to tell (issue 31).
test('every route works offline after one visit, with its data and the photos seen before', async ({ wholeBrowser }) => {
  test.setTimeout(120_000);
  const context = await wholeBrowser.newContext({ baseURL: server.url });
  const page = await context.newPage();

  // ── Online: first visit, sign in, let the service worker take control.
  await login(page, '/captures');
  await waitForController(page);
  const world = await storedWorld(page);
  const captureId = world.ids.captures.find((id) => world.index.captures[id].surveyIds.length > 0);
  expect(captureId, 'a capture with surveys').toBeTruthy();
  const capture = world.index.captures[captureId ?? ''];
  const surveyId = capture.surveyIds[0];

  await page.goto(`/surveys/${encodeURIComponent(surveyId)}/qc`);
  await expect.poll(async () => (await loadedPhotos(page)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
  const seenThumbnails = await loadedPhotos(page);

  // all.json is asked for with a cache-buster; the cache keeps one entry, keyed without it.
  await page.evaluate("Promise.all([fetch('/data/all.json?v=1'), fetch('/data/all.json?v=2')])");
  expect(await page.evaluate("caches.open('sample-data').then((c) => c.keys()).then((k) => k.map((r) => r.url))")).toEqual([
    `${server.url}/data/all.json`,
  ]);

  // Under load, a thumbnail drawn the instant before the network went was not kept yet.
  await expectCached(page, seenThumbnails);

  // ── Offline, honestly: the browser, the context and the server all refuse.
  await cutNetwork(context, server);
  await page.reload();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await expectDecoded(page, seenThumbnails);

  const checks: [path: string, check: () => Promise<void>][] = [
    ['/', () => expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()],
    ['/captures', () => expectRows(page, 'Captures', 5)],
    [`/captures/${encodeURIComponent(captureId ?? '')}/surveys`, () => expect(page.getByText(capture.cpid).first()).toBeVisible()],
    [`/captures/${encodeURIComponent(captureId ?? '')}/flight-plans`, () => expect(page.getByRole('table').first()).toBeVisible()],
    ['/media', () => expectRows(page, 'Media', 5)],
    ['/drives', () => expectRows(page, 'Drives', 2)],
    ['/settings', () => expect(page.getByRole('button', { name: 'Reset Demo' })).toBeVisible()],
    // The help pages are one route's code and the build's own text: two of them show it is kept.
    ['/help', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/help/videos', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    [`/captures/${encodeURIComponent(captureId ?? '')}/qc`, () => expect(page.getByRole('heading', { level: 1, name: new RegExp(capture.cpid) })).toBeVisible()],
    [`/surveys/${encodeURIComponent(surveyId)}/qc`, () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ];
  for (const [path, check] of checks) {
    // A full load each time: the shell, the route's chunk and the data all come from the caches.
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
    await check();
  }

  // ── The sample data reloads from the cache.
  await cleanThenReloadSample(page);

  // ── The network returns: the badge leaves.
  await restoreNetwork(context, server);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  await context.close();
});

test('the Offline badge shows on a page the service worker served while the server cannot be reached, though the browser says online, and leaves when it answers', async ({ wholeBrowser }) => {
  const context = await wholeBrowser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await login(page, '/captures');
  await waitForController(page);
  await expectRows(page, 'Captures', 5);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);

  // Cut off as a laptop on a network that reaches nothing is: the browser still says online.
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  server.down();
  // The page's own timers (asking again every few seconds) run on Playwright's clock.
  await page.clock.install();
  await page.reload();
  expect(await page.evaluate('navigator.onLine')).toBe(true);
  await expectRows(page, 'Captures', 5);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveText('Offline');

  // Back, and the browser says nothing: the console asks again on its own and the badge leaves.
  server.up();
  await context.unroute('**/*');
  await page.clock.fastForward(PROBE_AGAIN_MS);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  await context.close();
});

test('one visit keeps all.json for Reload sample data offline, with one fetch besides the boot', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  server.takeRequests();
  await login(page, '/captures');
  await expectRows(page, 'Captures', 5);
  const kept = "caches.open('sample-data').then((c) => c.keys()).then((k) => k.map((r) => new URL(r.url).pathname))";
  await expect.poll(() => page.evaluate(kept), { timeout: 30_000 }).toEqual(['/data/all.json']);
  // The boot's own fetch, then the service worker's, asked by the page once its engine held the
  // world (sw/routes.ts keepSampleData): no more.
  expect(server.takeRequests().filter((path) => path === '/data/all.json')).toHaveLength(2);

  await cutNetwork(context, server);
  await cleanThenReloadSample(page);

  await restoreNetwork(context, server);
  await context.close();
});

test('a cold start from the service-worker cache shows /captures quickly', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await login(page, '/captures');
  await waitForController(page);
  await expectRows(page, 'Captures', 5);
  await cutNetwork(context, server);

  const samples: number[] = [];
  for (let run = 0; run < 3; run++) {
    const fresh = await context.newPage();
    await fresh.goto('/captures', { waitUntil: 'commit' });
    // Checked at every frame inside the page: the time since this document's navigation started
    // when the capture table first shows rows of data, free of the test runner's polling delay.
    const shown = await fresh.waitForFunction(CAPTURES_SHOWN_AT, undefined, { polling: 'raf', timeout: 15_000 });
    samples.push(Number(await shown.jsonValue()));
    await fresh.close();
  }
  samples.sort((a, b) => a - b);
  const median = Math.round(samples[1]);
  console.log(`cold start to interactive /captures from the SW cache: median ${median} ms (budget ${COLD_START_BUDGET_MS} ms) (${samples.map(Math.round).join(', ')})`);
  test.info().annotations.push({ type: 'measure', description: `cold start median ${median} ms` });
  // Reported, not asserted: times on a shared machine are noise (`npm run bench` and docs/pwa.md
  // hold the budget); what this test asserts is that a cold start offline shows the data at all.
  expect(samples).toHaveLength(3);

  await restoreNetwork(context, server);
  await context.close();
});

test('Make available offline keeps a whole survey, every frame at every scale, for the van', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await login(page, '/captures');
  await waitForController(page);
  const world = await storedWorld(page);
  const captureId = world.ids.captures.find((id) => world.index.captures[id].surveyIds.length > 0) ?? '';
  const surveyId = world.index.captures[captureId].surveyIds[0];
  await page.goto(`/surveys/${encodeURIComponent(surveyId)}/qc`);

  // Stop works, and says how far it got.
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await page.getByRole('button', { name: 'Stop download' }).click();
  await expect(page.getByText(/^Stopped/)).toBeVisible();

  await page.getByRole('button', { name: 'Make available offline' }).click();
  // (The QC page has other progress bars since issue 8: review progress and the pre-screen.)
  await expect(page.getByRole('progressbar', { name: /^Downloading photos for/ })).toBeVisible();
  await expect(page.getByTestId('available-offline')).toBeVisible({ timeout: 150_000 });

  // Frames never looked at: the last exposure of the last line, every camera, every scale.
  const photos = (await (await request.get(`${server.url}/data/photos.json`)).json()) as PhotoIndexFile;
  const last = photos.lines[photos.lines.length - 1];
  const row = last.start + last.count - 1;
  const urls = photos.cameras.flatMap((camera) =>
    ['32', '8', '4', '2', 'full'].map((scale) => `/photos/${last.line}/${camera}/${photos.index[camera][row]}.${scale}.jpg`),
  );

  await cutNetwork(context, server);
  await page.reload();
  await expect(page.getByTestId('available-offline')).toBeVisible();
  const statuses = await page.evaluate(
    `Promise.all(${JSON.stringify(urls)}.map((u) => fetch(u).then((r) => r.status, () => 0)))`,
  );
  expect(statuses).toEqual(urls.map(() => 200));

  const camera = photos.cameras[photos.cameras.length - 1];
  await page.goto(`/surveys/${encodeURIComponent(surveyId)}/qc/${last.line}/${camera}/${photos.index[camera][row]}`);
  await page.getByRole('tab', { name: 'Full Frame' }).click();
  await expect
    .poll(() => page.getByRole('img', { name: new RegExp(photos.index[camera][row]) }).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  // Removing the copy lets the browser reclaim the space.
  await restoreNetwork(context, server);
  await page.goto(`/surveys/${encodeURIComponent(surveyId)}/qc`);
  await page.getByRole('button', { name: 'Remove offline copy' }).click();
  await expect(page.getByRole('button', { name: 'Make available offline' })).toBeVisible();
  expect(await page.evaluate("caches.has('photos-pinned')")).toBe(false);
  await context.close();
});

test('photos through the image proxy are cached as they are seen, and show offline', async ({ browser }) => {
  const proxy = await startImageProxy(OUT_DIR);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await login(page, '/settings');
    await waitForController(page);
    await page.getByLabel('Image proxy').fill(proxy.url);
    await page.getByRole('button', { name: 'Save' }).click();
    // Saved (docs/requirements.md#req-timings: 500 ms later) before the full page loads below.
    await expect.poll(() => page.evaluate("JSON.parse(localStorage.getItem('flags') || '{}').imageProxy")).toBe(proxy.url);
    const world = await storedWorld(page);
    const captureId = world.ids.captures.find((id) => world.index.captures[id].surveyIds.length > 0) ?? '';
    await page.goto(`/surveys/${encodeURIComponent(world.index.captures[captureId].surveyIds[0])}/qc`);

    await expect.poll(async () => (await loadedPhotos(page, proxy.url)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    const seen = await loadedPhotos(page, proxy.url);
    // The shape of docs/requirements.md#req-call-images: the bucket path of line, camera and JPEG2000 image, thumbnails `.32`.
    for (const src of seen) expect(src).toMatch(new RegExp(`^${proxy.url}\\?source=\\d+/Cam0[1-6]/[\\w-]+\\.jp2\\.32$`));
    expect(proxy.takeSources().length).toBeGreaterThanOrEqual(seen.length);
    await expectCached(page, seen);

    await cutNetwork(context, server);
    proxy.down();
    await page.reload();
    await expectDecoded(page, seen);
    await restoreNetwork(context, server);
  } finally {
    await context.close();
    await proxy.close();
  }
});
