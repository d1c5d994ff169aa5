/**
 * Two laptops, one world (issue 21), end to end: two browser contexts (two laptops, each its own
 * IndexedDB) against the team-sync test server beside the app. One joins and its world becomes
 * the team's; the other joins and takes it; a frame flagged on one appears on the other; a frame
 * flagged two ways while one laptop is offline is one conflict on both, with each version's
 * author; keeping one version on one laptop settles it on both. Apart, a survey approved on one
 * and cancelled on the other, one frame flagged two ways and media received on one give exactly
 * two conflicts, and both laptops export the same world at one instant of their clocks.
 *
 * `SYNC_TRACE=1` prints every line the laptops' pages and workers write to the console (the
 * worker's `[sync]` lines say what replication did), for a test that fails.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { badge, bothOnQcPage, cutVan, DANA, expectNoUnexpectedErrors, flagFrame, join, laptop, MARCO, newWorldName, SYNC_URL, syncSaid } from './syncLaptops';
import { advanceClock, flash, minutes, openPath, rowOf, sampleData } from './helpers';
import { frame } from './qcHelpers';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
expectNoUnexpectedErrors();

const shortId = (id: string) => id.slice(0, 8).toUpperCase();
/** The sample's empty drive, where the demo inserts media. */
const EMPTY_HOST = 'ingest-09';

/** On /drives, media of flight plan FP007 inserted into the sample's empty drive, and the flash that says so. */
async function insertIntoEmptyDrive(page: Page): Promise<void> {
  await openPath(page, '/drives');
  await rowOf(page, EMPTY_HOST).getByRole('button', { name: 'Insert' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Flight plan' }).fill('SAMPLE007');
  await page.getByRole('option', { name: /FP007/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(flash(page, `media inserted into ${EMPTY_HOST}`)).toBeVisible();
}

/**
 * Marco's laptop joins a new team world (`seeded`: one the server seeded from its all.json first),
 * then Dana's; both open the QC page of a survey under QC.
 */
async function twoLaptopsOnQc(browser: Browser, seeded = false) {
  const world = newWorldName();
  const a = await laptop(browser, MARCO);
  if (seeded) expect(await (await a.request.post(`/__seed/${world}`)).json()).toMatchObject({ ok: true });
  // Each test's vans are its own: tests that run at once never cut each other off.
  await join(a, world, `a-${world}`);
  const b = await laptop(browser, DANA);
  const vanB = `b-${world}`;
  await join(b, world, vanB);
  const { survey, cam1, names } = await bothOnQcPage(a, b);
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
    await openPath(page, `/surveys/${survey.surveyId}/qc`);
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

/** The demo data a laptop exports, at the instant `at` of its simulated clock. */
async function exportAt(page: Page, at: number): Promise<Record<string, unknown>> {
  const now = await page.evaluate(() => (globalThis as unknown as { __testClock: { advance(ms: number): Promise<number> } }).__testClock.advance(0));
  await advanceClock(page, at - now);
  await openPath(page, '/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export demo data' }).click();
  // When this laptop loaded its world and saved the file are the laptop's own, and so are when its
  // history began (a laptop that joined later began its own then) and when each entry arrived here
  // (docs/history.md#sync); the rest, the team's entries among it, is the world.
  const { loadedAt, savedAt, history, ...world } = JSON.parse(readFileSync(await (await downloading).path(), 'utf8')) as Record<string, unknown> & {
    history: { since: number; entries: Record<string, unknown>[] };
  };
  expect([typeof loadedAt, typeof savedAt, typeof history.since]).toEqual(['number', 'number', 'number']);
  return { ...world, entries: history.entries.map(({ arrivedAt: _a, ...entry }) => entry) };
}

/**
 * Both laptops' worlds, exported at one instant of their clocks, once they are the same: the
 * entries of a history arrive as documents of their own, and may come a moment after the change
 * they tell of (docs/history.md#sync). Fails if they never agree.
 */
async function sameWorldOn(a: Page, b: Page): Promise<Record<string, unknown>> {
  let world: Record<string, unknown> = {};
  await expect(async () => {
    const at = await meetingInstant([a, b]);
    world = await exportAt(a, at);
    expect(await exportAt(b, at)).toEqual(world);
  }).toPass({ timeout: 30_000 });
  return world;
}

/** The instant both laptops' simulated clocks can meet at: a minute past the later of the two. */
async function meetingInstant(pages: Page[]): Promise<number> {
  const times = await Promise.all(
    pages.map(async (page) => {
      await page.waitForFunction(() => typeof (globalThis as unknown as { __testClock?: unknown }).__testClock === 'object');
      return page.evaluate(() => (globalThis as unknown as { __testClock: { advance(ms: number): Promise<number> } }).__testClock.advance(0));
    }),
  );
  return Math.max(...times) + minutes(1);
}

test('apart, one laptop approves a survey the other cancels, each flags one frame its own way, and one inserts and receives media: exactly two conflicts on both, the same world on both', async ({ browser }) => {
  const { a, b, vanB, survey, cam1, names } = await twoLaptopsOnQc(browser);
  const data = await sampleData(a);
  const other = Object.values(data.index.surveys).find((s) => s.flags.qcInProgress && s.flags.canCancel && s.surveyId !== survey.surveyId)!;
  const id = shortId(other.surveyId);

  await cutVan(b, vanB, true);
  // Laptop A: the frame flagged, the other survey approved, media inserted into an empty drive and received.
  await flagFrame(a, frame(a, cam1, names[7]!), 'Blur');
  await openPath(a, `/surveys/${other.surveyId}/qc`);
  await a.getByRole('button', { name: 'Approve Survey' }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(flash(a, `QC approved for survey ${id}`)).toBeVisible();
  await insertIntoEmptyDrive(a);
  await rowOf(a, EMPTY_HOST).getByRole('button', { name: 'Receive' }).click();
  await a.getByRole('dialog').getByLabel('Media ID').first().fill('HD9021');
  await a.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(flash(a, `started receiving media on ${EMPTY_HOST}`)).toBeVisible();

  // Laptop B, cut off: the same frame flagged another way, the same survey cancelled.
  await flagFrame(b, frame(b, cam1, names[7]!), 'Over-exposed');
  await openPath(b, `/captures/${other.captureId}/surveys`);
  await rowOf(b, id).getByRole('button', { name: /More actions/ }).click();
  await b.getByRole('menuitem', { name: 'Cancel' }).click();
  await b.getByRole('alertdialog').getByRole('button', { name: 'Cancel survey' }).click();
  await expect(flash(b, `survey ${id} cancelled`)).toBeVisible();
  await expect(badge(b)).toHaveAccessibleName('Team sync: Offline · 2 waiting');

  await cutVan(b, vanB, false);
  for (const page of [a, b]) await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date, 2 conflicts', { timeout: 30_000 });
  // The media crossed over without a conflict: nobody else touched that drive.
  await openPath(b, '/drives');
  await expect(rowOf(b, EMPTY_HOST)).not.toContainText('Empty');

  // Exactly the two conflicts, on both laptops, each with both authors.
  const flagTitle = `Frame flag: survey ${survey.surveyId}, line 1, frame 8, ${cam1}`;
  for (const page of [a, b]) {
    await openPath(page, '/conflicts');
    const conflicts = page.getByRole('main').getByRole('region', { name: /^(Frame flag: |Survey )/ });
    await expect(conflicts).toHaveCount(2);
    for (const title of [flagTitle, `Survey ${other.surveyId}`]) {
      const conflict = page.getByRole('region', { name: title, exact: true });
      await expect(conflict.getByText(`Changed by ${MARCO}`)).toBeVisible();
      await expect(conflict.getByText(`Changed by ${DANA}`)).toBeVisible();
    }
  }
  // Both laptops hold the same world: exported at one instant, the files are equal.
  await sameWorldOn(a, b);

  // Settled on A, one by one: B hears both.
  await openPath(a, '/conflicts');
  await a.getByRole('region', { name: `Survey ${other.surveyId}`, exact: true }).getByRole('region', { name: `Version by ${MARCO}` }).getByRole('button', { name: 'Keep this version' }).click();
  await expect(flash(a, `Survey ${other.surveyId}: the version by ${MARCO} is kept`)).toBeVisible();
  await a.getByRole('region', { name: flagTitle, exact: true }).getByRole('region', { name: `Version by ${DANA}` }).getByRole('button', { name: 'Keep this version' }).click();
  // Answered before the page is left: a reload before the answer may rightly lose the choice.
  await expect(flash(a, `${flagTitle}: the version by ${DANA} is kept`)).toBeVisible();
  for (const page of [a, b]) {
    await openPath(page, '/conflicts');
    await expect(page.getByText('No conflicts: every change made on the laptops of your team agrees.')).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
  }
  await openPath(b, `/captures/${other.captureId}/surveys`);
  await expect(rowOf(b, id)).toContainText('Ready for Processing');
  await openPath(b, `/surveys/${survey.surveyId}/qc`);
  await expect(frame(b, cam1, names[7]!)).toHaveAccessibleName(/, flagged: Over-exposed$/);
  await sameWorldOn(a, b);
  await a.context().close();
  await b.context().close();
});

test('media inserted at once after the other laptop joins shows on it, and both say Up to date only then (issue 49)', async ({ browser }) => {
  const world = newWorldName();
  const a = await laptop(browser, MARCO);
  await join(a, world, `a-${world}`);
  const b = await laptop(browser, DANA);
  await join(b, world, `b-${world}`);
  await openPath(b, '/drives');
  // No wait: the insert is made the moment B has joined.
  await insertIntoEmptyDrive(a);
  await expect(rowOf(b, EMPTY_HOST)).toContainText('Ready');
  for (const page of [a, b]) await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
});

test('a seeded team world: each laptop restores its own copy of the sample at the seed instant, and they work as one', async ({ browser }) => {
  const { a, b, cam1, names } = await twoLaptopsOnQc(browser, true);
  // Each restored the world itself: Marco pulled the seed alone, Dana also the documents Marco's joining wrote.
  const joined = syncSaid.filter((line) => line.includes('joined from the seed'));
  expect(joined).toEqual([expect.stringMatching(new RegExp(`^${MARCO} .*documents restored here, 1 pulled$`)), expect.stringMatching(new RegExp(`^${DANA} .*documents restored here, \\d+ pulled$`))]);
  await flagFrame(a, frame(a, cam1, names[9]!), 'Cloud');
  await expect(frame(b, cam1, names[9]!)).toHaveAccessibleName(/, flagged: Cloud$/);
  await flagFrame(b, frame(b, cam1, names[10]!), 'Blur');
  await expect(frame(a, cam1, names[10]!)).toHaveAccessibleName(/, flagged: Blur$/);
  await sameWorldOn(a, b);
  await a.context().close();
  await b.context().close();
});

test('a conflict merged field by field: the note of one version, the reason of the other, kept on one laptop and settled on both', async ({ browser }) => {
  const { a, b, vanB, survey, cam1, names } = await twoLaptopsOnQc(browser);
  await cutVan(b, vanB, true);
  await flagFrame(a, frame(a, cam1, names[11]!), 'Cloud', 'low cloud over the river');
  await flagFrame(b, frame(b, cam1, names[11]!), 'Blur');
  await cutVan(b, vanB, false);
  for (const page of [a, b]) await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date, 1 conflict', { timeout: 30_000 });

  await openPath(a, '/conflicts');
  const title = `Frame flag: survey ${survey.surveyId}, line 1, frame 12, ${cam1}`;
  const merge = a.getByRole('region', { name: `Merge ${title} field by field` });
  await expect(merge.getByRole('button', { name: 'Keep the values chosen' })).toBeDisabled();
  await merge.getByRole('radiogroup', { name: 'Reason' }).getByRole('radio', { name: `Blur (by ${DANA})` }).check();
  await merge.getByRole('radiogroup', { name: 'Note' }).getByRole('radio', { name: `low cloud over the river (by ${MARCO})` }).check();
  await merge.getByRole('button', { name: 'Keep the values chosen' }).click();
  await expect(flash(a, `${title}: the values chosen are kept`)).toBeVisible();
  for (const page of [a, b]) {
    await openPath(page, '/conflicts');
    await expect(page.getByText('No conflicts: every change made on the laptops of your team agrees.')).toBeVisible();
  }
  const onA = await sameWorldOn(a, b);
  const flags = (onA as { index: { surveys: Record<string, { frameFlags: { frame: number; camera: string; reason: string; note: string }[] }> } }).index.surveys[survey.surveyId]!.frameFlags;
  expect(flags.filter((f) => f.frame === 12 && f.camera === cam1)).toEqual([expect.objectContaining({ reason: 'Blur', note: 'low cloud over the river' })]);
  await a.context().close();
  await b.context().close();
});


test("a laptop whose storage is full takes nothing of the team's change and says why; given room, it takes the change on its own", async ({ browser }) => {
  const { a, b, cam1, names } = await twoLaptopsOnQc(browser);
  // Dana's laptop's store refuses every write, as a full disk does (the end-to-end build's hook).
  const refuseWrites = (on: boolean) => b.evaluate((refuse) => (globalThis as unknown as { __testClock: { refuseWrites(on: boolean): Promise<void> } }).__testClock.refuseWrites(refuse), on);
  await b.waitForFunction(() => typeof (globalThis as unknown as { __testClock?: unknown }).__testClock === 'object');
  await refuseWrites(true);
  await flagFrame(a, frame(a, cam1, names[7]!), 'Cloud');
  await expect(badge(b)).toHaveAccessibleName('Team sync: Sync error', { timeout: 30_000 });
  await expect(frame(b, cam1, names[7]!)).not.toHaveAccessibleName(/flagged/);
  // Without a reload, which would start the laptop's engine anew.
  await b.getByRole('button', { name: 'User menu' }).click();
  await b.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(b.getByRole('region', { name: 'Team sync' }).getByRole('alert')).toHaveText(
    'The team’s changes could not be kept on this laptop: the browser’s storage for this site is full. Nothing of them was taken; they are tried again every few seconds. Free space for this site to take them.',
  );
  // Room again; nothing else happens on Marco's side.
  await refuseWrites(false);
  await expect(badge(b)).toHaveAccessibleName('Team sync: Up to date', { timeout: 30_000 });
  await expect(b.getByRole('region', { name: 'Team sync' }).getByRole('alert')).toHaveCount(0);
  await b.goBack();
  await expect(frame(b, cam1, names[7]!)).toHaveAccessibleName(/, flagged: Cloud$/);
  await a.context().close();
  await b.context().close();
});
