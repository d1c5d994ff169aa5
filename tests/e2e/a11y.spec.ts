/**
 * Accessibility (issue 3): an axe scan of every page, and of the header's pop-ups and a modal,
 * finds no serious or critical violation. Pages are scanned as a person sees them: signed in,
 * with the optional Projects and (All) Surveys pages switched on.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { PhotoIndex } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';
import { WITHOUT_SERVICE_WORKER, animationsFinished, login, openPath } from './helpers';
import { expectNoSeriousViolations, pageScan, seriousOf } from './axe';

test.use(WITHOUT_SERVICE_WORKER);

/** Waits until the route has rendered its page (not a spinner) before scanning. */
async function visit(page: Page, route: string) {
  // Committed is enough: the heading and the end of every spinner say the page is drawn (a photo
  // still arriving, or the service worker taking control on the first visit, must not hold it).
  await openPath(page, route, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test('the login page, and Page Not Found before login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('missing email')).toBeVisible();
  await expectNoSeriousViolations(page, '/login with an error');
  await visit(page, '/no/such/page');
  await expectNoSeriousViolations(page, 'Page Not Found (anonymous)');
});

test('the scan finds what it is there to find: an image without text and a button without a name, planted in a page', async ({ page }) => {
  // The pages' scan leaves out the rules that cannot fail (tests/e2e/axe.ts): it must still fail where it should.
  await login(page, '/captures');
  await page.evaluate(() => {
    type El = { setAttribute(name: string, value: string): void };
    const { document } = globalThis as unknown as { document: { createElement(tag: string): El; querySelector(selector: string): { append(...els: El[]): void } } };
    const image = document.createElement('img');
    image.setAttribute('src', '/icons/icon-192.png');
    document.querySelector('main').append(image, document.createElement('button'));
  });
  const found = seriousOf(await pageScan(page).analyze());
  expect(found.map((f) => f.slice(0, f.indexOf(' ')))).toEqual(['button-name', 'image-alt']);
});

/** Signed in, with the optional Projects and (All) Surveys pages switched on, as their links need. */
async function signedInWithEveryPage(page: Page) {
  await login(page);
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('current') ?? '{}') as { loggedIn?: boolean }).loggedIn))
    .toBe(true);
  await openPath(page, '/settings');
  for (const name of ['Include Projects Page', 'Include (All) Surveys Page']) {
    const sw = page.getByRole('switch', { name });
    if (!(await sw.isChecked())) await sw.click();
    await expect(sw).toBeChecked();
  }
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('flags') ?? '{}') as { projects?: boolean; surveys?: boolean }))
    .toMatchObject({ projects: true, surveys: true });
}

/** The signed-in routes, a few to a test so that one failure names its page and hides no other. */
const ROUTE_GROUPS: [string, (d: { data: DataFile; photos: PhotoIndex }) => string[]][] = [
  ['the dashboard and help', () => ['/', '/help', '/help/release-notes', '/help/upcoming', '/help/known-issues', '/help/videos']],
  ['settings and projects', ({ data }) => {
    const sample = Object.values(data.index.captures).find((c) => c.cpid === 'SAMPLE007')!;
    return ['/settings', '/projects', `/projects/${sample.projectId}`];
  }],
  ['captures and a capture\'s tabs', ({ data }) => {
    const received = Object.values(data.index.surveys).find((s) => s.receivedOn)!;
    return ['/captures', `/captures/${received.captureId}/surveys`, `/captures/${received.captureId}/flight-plans`, `/captures/${received.captureId}/qc`];
  }],
  ['(all) surveys', () => ['/surveys']],
  ['a survey\'s QC page and the image viewer', ({ data, photos }) => {
    const received = Object.values(data.index.surveys).find((s) => s.receivedOn)!;
    const camera = photos.cameras[0];
    return [`/surveys/${received.surveyId}/qc`, `/surveys/${received.surveyId}/qc/${photos.lines[0].line}/${camera}/${photos.index[camera][0]}`];
  }],
  ['media, drives and Page Not Found', () => ['/media', '/drives', '/no/such/page']],
  ['histories: a survey\'s, a capture\'s, a media set\'s and a drive\'s', ({ data }) => {
    const received = Object.values(data.index.surveys).find((s) => s.receivedOn)!;
    return [`/surveys/${received.surveyId}/history`, `/captures/${received.captureId}/history`, `/media/${received.mediaId}/history`, '/drives/ingest-01/history'];
  }],
];

for (const [name, routesOf] of ROUTE_GROUPS) {
  test(`signed in: ${name}`, async ({ page, request }) => {
    const data = (await (await request.get('/data/all.json')).json()) as DataFile;
    const photos = (await (await request.get('/data/photos.json')).json()) as PhotoIndex;
    await signedInWithEveryPage(page);
    for (const route of routesOf({ data, photos })) {
      await visit(page, route);
      await expectNoSeriousViolations(page, route);
    }
  });
}

test('the header pop-ups and a confirmation', async ({ page }) => {
  await login(page);
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill('S');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
  await search.press('ArrowDown');
  await expectNoSeriousViolations(page, 'search suggestions');
  await search.press('Escape');

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  // Scanned once it has faded in: axe measures contrast with the opacity of the moment.
  await animationsFinished(page);
  await expectNoSeriousViolations(page, 'user menu');
  await page.getByRole('menuitem', { name: 'Settings' }).click();

  await page.getByRole('button', { name: 'Clean Demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Scanned once it has faded in: axe measures contrast with the opacity of the moment.
  await animationsFinished(page);
  await expectNoSeriousViolations(page, 'confirmation dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/captures');
  await expect(page.getByRole('status').filter({ hasText: 'The demo has been cleaned' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a flash message');
});
