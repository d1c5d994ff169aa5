/**
 * Two laptops, one world (issue 21), end to end: two browser contexts (two laptops, each its own
 * IndexedDB) against the team-sync test server beside the app. One joins and its world becomes
 * the team's; the other joins and takes it; a frame flagged on one appears on the other; a frame
 * flagged two ways while one laptop is offline is one conflict on both, with each version's
 * author; keeping one version, or merging two field by field, on one laptop settles it on both. The
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
// Two consoles boot, sign in and join before each walk begins: beside a busy processor a walk took
// up to 60 s of work, all of it progressing (docs/testing.md#each-behaviour-where-it-is-cheapest-2026-11-29-issue-50).
test.describe.configure({ timeout: 120_000 });
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

test('two laptops share one world: a flag crosses over; two frames flagged two ways apart are two conflicts on both, one kept and one merged by one person, settled on both', async ({ browser }) => {
  const { a, b, vanB, survey, cam1, names } = await twoLaptopsOnQc(browser);

  // Flagged on one laptop, the frame shows flagged on the other.
  await flagFrame(a, frame(a, cam1, names[1]!), 'Cloud');
  await expect(frame(b, cam1, names[1]!)).toHaveAccessibleName(/, flagged: Cloud$/);

  // Apart, each flags frames 3 and 12 their own way.
  await cutVan(b, vanB, true);
  await flagFrame(a, frame(a, cam1, names[2]!), 'Blur');
  await flagFrame(a, frame(a, cam1, names[11]!), 'Cloud', 'low cloud over the river');
  await flagFrame(b, frame(b, cam1, names[2]!), 'Over-exposed');
  await flagFrame(b, frame(b, cam1, names[11]!), 'Blur');
  await expect(badge(b)).toHaveAccessibleName('Team sync: Offline · 2 not sent');
  // Nothing crossed while apart.
  await expect(frame(a, cam1, names[2]!)).toHaveAccessibleName(/, flagged: Blur$/);
  await cutVan(b, vanB, false);
  // The van retries on its own (PouchDB backs off up to 8 s between tries).
  for (const page of [a, b]) await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date, 2 conflicts', { timeout: 30_000 });

  // The conflicts, on both, with each version's author.
  const kept = `Frame flag: survey ${survey.surveyId}, line 1, frame 3, ${cam1}`;
  const merged = `Frame flag: survey ${survey.surveyId}, line 1, frame 12, ${cam1}`;
  for (const page of [a, b]) {
    await page.getByRole('banner').getByRole('link', { name: '2 conflicts' }).click();
    for (const title of [kept, merged]) {
      const conflict = page.getByRole('region', { name: title, exact: true });
      await expect(conflict.getByText(`Changed by ${MARCO}`)).toBeVisible();
      await expect(conflict.getByText(`Changed by ${DANA}`)).toBeVisible();
    }
  }
  // Frame 3: Dana's version kept whole.
  await a.getByRole('region', { name: kept, exact: true }).getByRole('region', { name: `Version by ${DANA}` }).getByRole('button', { name: 'Keep this version' }).click();
  await expect(flash(a, `${kept}: the version by ${DANA} is kept`)).toBeVisible();
  // Frame 12, field by field: Dana's reason, Marco's note.
  const merge = a.getByRole('region', { name: `Merge ${merged} field by field` });
  await expect(merge.getByRole('button', { name: 'Keep the values chosen' })).toBeDisabled();
  await merge.getByRole('radiogroup', { name: 'Reason' }).getByRole('radio', { name: `Blur (by ${DANA})` }).check();
  await merge.getByRole('radiogroup', { name: 'Note' }).getByRole('radio', { name: `low cloud over the river (by ${MARCO})` }).check();
  await merge.getByRole('button', { name: 'Keep the values chosen' }).click();
  await expect(flash(a, `${merged}: the values chosen are kept`)).toBeVisible();
  await expect(a.getByText('No conflicts: every change made on the laptops of your team agrees.')).toBeVisible();
  await expect(b.getByText('No conflicts: every change made on the laptops of your team agrees.')).toBeVisible();
  // Both show what was kept (the merged note too: tests/engine/teamSync.test.ts).
  for (const page of [a, b]) {
    await openPath(page, `/surveys/${survey.surveyId}/qc`);
    await expect(frame(page, cam1, names[2]!)).toHaveAccessibleName(/, flagged: Over-exposed$/);
    await expect(frame(page, cam1, names[11]!)).toHaveAccessibleName(/, flagged: Blur$/);
    await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
  }
  await a.context().close();
  await b.context().close();
});

test('a laptop that reloads while cut off keeps its change and sends it once back; a second tab that takes the lead goes on syncing', async ({ browser }) => {
  const { a, b, vanB, survey, cam1, names } = await twoLaptopsOnQc(browser);

  await cutVan(b, vanB, true);
  await flagFrame(b, frame(b, cam1, names[4]!), 'Cloud shadow');
  // The lid closes and opens while the van is cut off: the change is on the laptop, not sent.
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
