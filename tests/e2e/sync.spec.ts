/**
 * Two laptops, one world (issue 21), end to end: two browser contexts (two laptops, each its own
 * IndexedDB) against the team-sync test server beside the app. One joins and its world becomes
 * the team's; the other joins and takes it; a frame flagged on one appears on the other; a frame
 * flagged two ways while one laptop is offline is one conflict on both, with each version's
 * author; keeping one version on one laptop settles it on both; a merge field by field too. The
 * combinations of conflicts, a seeded world and both laptops' exports compared are the engine's,
 * shown in Node (tests/engine/teamApart.test.ts, syncSeed.test.ts; issue 50).
 *
 * `SYNC_TRACE=1` prints every line the laptops' pages and workers write to the console (the
 * worker's `[sync]` lines say what replication did), for a test that fails.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { badge, bothOnQcPage, cutVan, DANA, expectNoUnexpectedErrors, flagFrame, join, laptop, MARCO, newWorldName, SYNC_URL } from './syncLaptops';
import { flash, openPath, rowOf } from './helpers';
import { frame } from './qcHelpers';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
expectNoUnexpectedErrors();

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

/** Marco's laptop joins a new team world, then Dana's; both open the QC page of a survey under QC. */
async function twoLaptopsOnQc(browser: Browser) {
  const world = newWorldName();
  const a = await laptop(browser, MARCO);
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
  // Both laptops show the merged flag's reason, Dana's (what else the merge kept: tests/engine/teamSync.test.ts).
  for (const page of [a, b]) {
    await openPath(page, `/surveys/${survey.surveyId}/qc`);
    await expect(frame(page, cam1, names[11]!)).toHaveAccessibleName(/, flagged: Blur$/);
  }
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
