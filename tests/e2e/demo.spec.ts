/**
 * The demo as a presenter runs it (docs/architecture.md#arch-testing): insert media into an empty drive, receive it,
 * assign, Process Applanix, Process PodConfig, survey QC, process the capture, capture QC and
 * publish, checking every flash text of docs/requirements.md#req-flash-texts on the way. Time is stepped (advanceClock), never
 * waited for: each stage that runs by itself is moved past at once, at 1× as the spec implies.
 *
 * One behaviour a test: the media part, the survey part and the capture part each start from the
 * sample world, where something is at that step already. The whole demo, one new survey from an
 * empty drive to a published capture, is walked once, in tests/e2e/history.spec.ts, which then
 * reads the survey's history of it.
 */
import { expect, test } from './fixtures';
import { signIn } from './helpers';
import type { DataFile } from '../../worker/domain/dataFile';
import { EMPTY_HOST, assign, checkAndApprove, insert, processAndPublish, receive, surveysOf } from './demoSteps';

let data: DataFile;
test.beforeAll(async ({ request }) => {
  data = (await (await request.get('/data/all.json')).json()) as DataFile;
});

test('media: insert into an empty drive, receive, and assign once receiving ends', async ({ page }) => {
  await signIn(page, '/drives');
  await insert(page, EMPTY_HOST, 'SAMPLE007', /FP007/);
  // "Highlight row when action performed" is on by default: the drive acted on glows.
  await expect(page.locator('tr[data-highlighted]').filter({ hasText: EMPTY_HOST })).toBeVisible();
  await receive(page, EMPTY_HOST, 'HD9001');
  await assign(page, EMPTY_HOST);
});

test('a survey: Process Applanix, Process PodConfig, then survey QC approves it', async ({ page }) => {
  const capture = Object.values(data.index.captures).find((c) => c.cpid === 'TXS26F02')!;
  const survey = Object.values(data.index.surveys).find((s) => s.captureId === capture.captureId && s.flags.waitingForApplanix && s.flags.needsPodconfig)!;
  const id = survey.surveyId.slice(0, 8).toUpperCase();
  await signIn(page, `/captures/${capture.captureId}/surveys`);
  const row = surveysOf(page, 'TXS26F02').getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Waiting for Applanix');
  await checkAndApprove(page, row, id);
});

test('a capture: process the approved surveys, capture QC once processing ends, publish', async ({ page }) => {
  const capture = Object.values(data.index.captures).find((c) => c.cpid === 'TXS26F02')!;
  const approved = Object.values(data.index.surveys).find((s) => s.captureId === capture.captureId && s.flags.canProcess)!;
  const id = approved.surveyId.slice(0, 8).toUpperCase();
  await signIn(page, `/captures/${capture.captureId}/surveys`);
  await processAndPublish(page, 'TXS26F02', surveysOf(page, 'TXS26F02').getByRole('row').filter({ hasText: id }), id);
});
