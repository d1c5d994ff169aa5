/**
 * Two laptops, one world (issue 21), end to end: two browser contexts (two laptops, each its own
 * IndexedDB) against the team-sync test server beside the app. One joins and its world becomes
 * the team's; the other joins and takes it; a frame flagged on one appears on the other; a frame
 * flagged two ways while one laptop is offline is one conflict on both, with each version's
 * author; keeping one version on one laptop settles it on both.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sampleData } from './helpers';
import { frame } from './qcHelpers';
import type { PhotoIndex } from '../../worker/domain/types';

const SYNC_URL = `http://127.0.0.1:${Number(process.env.E2E_SYNC_PORT ?? Number(process.env.E2E_PORT ?? 4317) + 1)}`;
test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });

const MARCO = 'marco.alvarez@aerial.example';
const DANA = 'dana.whitfield@aerial.example';

/**
 * The console errors of every laptop's pages. PouchDB's one expected line is a 404 for a checkpoint
 * not written yet (`_local/…`); a request refused while the test has cut the van off is the cut.
 */
const errors: { text: string; url: string }[] = [];
let vanCut = false;

async function cutVan(page: Page, van: string, off: boolean): Promise<void> {
  if (off) vanCut = true;
  await page.request.post(`/__vans/${van}/${off ? 'cut' : 'restore'}`);
}

const expected = (e: { text: string; url: string }) =>
  (/status of 404/.test(e.text) && e.url.includes('/_local/')) || (vanCut && /net::ERR_(EMPTY_RESPONSE|CONNECTION_(RESET|CLOSED|REFUSED))/.test(e.text));

test.afterEach(() => {
  const unexpected = errors.filter((e) => !expected(e));
  errors.length = 0;
  vanCut = false;
  expect(unexpected.map((e) => `${e.text} ${e.url}`)).toEqual([]);
});

async function laptop(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: SYNC_URL, serviceWorkers: 'block', reducedMotion: 'reduce' });
  context.on('console', (m) => m.type() === 'error' && errors.push({ text: m.text(), url: m.location().url }));
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fsettings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  return page;
}

const badge = (page: Page) => page.getByRole('banner').getByRole('status', { name: /^Team sync:/ });

/** Joins through the van's own way in to the server, which the test can cut (scripts/syncServer.ts). */
async function join(page: Page, world: string, van: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Team sync' });
  await section.getByLabel('Server path').fill(`/van/${van}/couch`);
  await section.getByLabel('World name').fill(world);
  await section.getByRole('button', { name: 'Join team world' }).click();
  await page.getByRole('dialog', { name: 'Join a team world' }).getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`Joined the team world ${world}`, { exact: true })).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
}

async function flagFrame(page: Page, thumb: ReturnType<typeof frame>, reason: string): Promise<void> {
  await thumb.click({ button: 'right' });
  await page.getByRole('menuitem', { name: /^Flag frame…/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Flag frame/ });
  await dialog.getByRole('radio', { name: reason, exact: true }).check();
  await dialog.getByRole('button', { name: 'Flag frame' }).click();
  await expect(thumb).toHaveAccessibleName(new RegExp(`, flagged: ${reason}$`));
}

/** Marco's laptop joins a new team world, then Dana's; both open the QC page of a survey under QC. */
async function twoLaptopsOnQc(browser: Browser) {
  const world = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const a = await laptop(browser, MARCO);
  // Each test's vans are its own: tests that run at once never cut each other off.
  await join(a, world, `a-${world}`);
  const b = await laptop(browser, DANA);
  const vanB = `b-${world}`;
  await join(b, world, vanB);
  const data = await sampleData(a);
  const index = (await (await a.request.get('/data/photos.json')).json()) as PhotoIndex;
  const survey = Object.values(data.index.surveys).find((s) => s.flags.qcInProgress)!;
  const cam1 = index.cameras[0]!;
  const names = index.index[cam1]!;
  for (const page of [a, b]) await page.goto(`/surveys/${survey.surveyId}/qc`);
  return { a, b, vanB, survey, cam1, names };
}

test('two laptops share one world: a flag crosses over, a frame flagged two ways apart is one conflict on both, settled by one person', async ({ browser }) => {
  const { a, b, vanB, survey, cam1, names } = await twoLaptopsOnQc(browser);

  // Flagged on one laptop, the frame shows flagged on the other.
  await flagFrame(a, frame(a, cam1, names[1]!), 'Cloud');
  await expect(frame(b, cam1, names[1]!)).toHaveAccessibleName(/, flagged: Cloud$/);

  // Apart, each flags frame 3 their own way.
  await cutVan(b, vanB, true);
  await flagFrame(a, frame(a, cam1, names[2]!), 'Blur');
  await flagFrame(b, frame(b, cam1, names[2]!), 'Over-exposed');
  await expect(badge(b)).toHaveAccessibleName('Team sync: Offline · 1 waiting');
  // Nothing crossed while apart.
  await expect(frame(a, cam1, names[2]!)).toHaveAccessibleName(/, flagged: Blur$/);
  await cutVan(b, vanB, false);
  // The van retries on its own (PouchDB backs off up to 8 s between tries).
  for (const page of [a, b]) await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date, 1 conflict', { timeout: 30_000 });

  // The conflict, on both, with each version's author; an action on the survey waits for it.
  for (const page of [a, b]) {
    await page.getByRole('banner').getByRole('link', { name: '1 conflict' }).click();
    const conflict = page.getByRole('region', { name: new RegExp(`^Frame flag: survey ${survey.surveyId}, line 1, frame 3, ${cam1}$`) });
    await expect(conflict.getByText(`Changed by ${MARCO}`)).toBeVisible();
    await expect(conflict.getByText(`Changed by ${DANA}`)).toBeVisible();
  }
  const conflict = a.getByRole('region', { name: /^Frame flag: / });
  await conflict.getByRole('region', { name: `Version by ${DANA}` }).getByRole('button', { name: 'Keep this version' }).click();
  await expect(a.getByText('No conflicts: every change made on the laptops of your team agrees.')).toBeVisible();
  await expect(b.getByText('No conflicts: every change made on the laptops of your team agrees.')).toBeVisible();
  for (const page of [a, b]) {
    await page.goto(`/surveys/${survey.surveyId}/qc`);
    await expect(frame(page, cam1, names[2]!)).toHaveAccessibleName(/, flagged: Over-exposed$/);
    await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
  }
  await a.context().close();
  await b.context().close();
});

test('a laptop that reloads while cut off keeps its change and sends it once back; a second tab that takes the lead goes on syncing', async ({ browser }) => {
  const { a, b, vanB, survey, cam1, names } = await twoLaptopsOnQc(browser);

  await cutVan(b, vanB, true);
  await flagFrame(b, frame(b, cam1, names[4]!), 'Cloud shadow');
  // The lid closes and opens while the van is cut off: the change is on the laptop, waiting.
  await b.reload();
  await expect(frame(b, cam1, names[4]!)).toHaveAccessibleName(/, flagged: Cloud shadow$/);
  await expect(badge(b)).toHaveAccessibleName(/^Team sync: Offline/);
  await cutVan(b, vanB, false);
  await expect(frame(a, cam1, names[4]!)).toHaveAccessibleName(/, flagged: Cloud shadow$/, { timeout: 30_000 });

  // A second tab on laptop A; the first closes, and the second leads, syncing on.
  const second = await a.context().newPage();
  await second.goto(`/surveys/${survey.surveyId}/qc`);
  await expect(badge(second)).toHaveAccessibleName('Team sync: Up to date');
  await a.close();
  await flagFrame(b, frame(b, cam1, names[5]!), 'Blur');
  await expect(frame(second, cam1, names[5]!)).toHaveAccessibleName(/, flagged: Blur$/);
  await flagFrame(second, frame(second, cam1, names[6]!), 'Over-exposed');
  await expect(frame(b, cam1, names[6]!)).toHaveAccessibleName(/, flagged: Over-exposed$/);
  for (const page of [second, b]) await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
  await second.context().close();
  await b.context().close();
});
