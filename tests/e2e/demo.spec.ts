/**
 * The demo as a presenter runs it (docs/architecture.md#arch-testing): insert media into an empty drive, receive it,
 * assign, Process Applanix, Process PodConfig, survey QC, process the capture, capture QC and
 * publish, checking every flash text of docs/requirements.md#req-flash-texts on the way. Time is stepped (advanceClock), never
 * waited for: each stage that runs by itself is moved past at once, at 1× as the spec implies.
 *
 * One behaviour a test: the media part, the survey part and the capture part each start from the
 * sample world, where something is at that step already; the last test walks one new survey all
 * the way, from an empty drive to a published capture.
 */
import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { advanceClock, flash, minutes, sampleData, signIn } from './helpers';
import type { DataFile } from '../../worker/domain/types';

const EMPTY_HOST = 'ingest-09';

function driveRow(page: Page, host: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: host, exact: false }) });
}

function captureRow(page: Page, cpid: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: cpid, exact: true }) });
}

async function ok(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Insert media with one survey on `cpid`'s flight plan into an empty drive (on /drives). */
async function insert(page: Page, host: string, cpid: string, plan: RegExp) {
  await expect(driveRow(page, host).getByText('Empty')).toBeVisible();
  await driveRow(page, host).getByRole('button', { name: 'Insert' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: 'Bay 1' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Flight plan' }).fill(cpid);
  await page.getByRole('option', { name: plan }).click();
  await ok(page);
  await expect(flash(page, `media inserted into ${host}`)).toBeVisible();
}

/** Receive the drive's new media under `mediaId`; copying and receiving run, then it waits for Assign. */
async function receive(page: Page, host: string, mediaId: string) {
  await driveRow(page, host).getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('dialog').getByLabel('Media ID').first().fill(mediaId);
  await expect(page.getByRole('dialog').getByTestId('receive-id')).toContainText(new RegExp(`^\\d{6}_${mediaId}`));
  await ok(page);
  await expect(flash(page, `started receiving media on ${host}`)).toBeVisible();
  await expect(driveRow(page, host)).toContainText('Copying');
  await advanceClock(page, minutes(15));
  await expect(driveRow(page, host).getByRole('button', { name: 'Assign' })).toBeVisible();
}

async function assign(page: Page, host: string) {
  await driveRow(page, host).getByRole('button', { name: 'Assign' }).click();
  await ok(page);
  await expect(flash(page, 'assigned surveys')).toBeVisible();
  await expect(driveRow(page, host).getByRole('button', { name: 'Assign' })).toHaveCount(0);
}

/** On a capture's surveys: Applanix, PodConfig, frames extracted, survey QC approved. */
async function checkAndApprove(page: Page, row: Locator, id: string) {
  await row.getByRole('button', { name: 'Process Applanix' }).click();
  await expect(page.getByRole('dialog')).toContainText(id);
  await ok(page);
  await expect(flash(page, `processed applanix for survey ${id}`)).toBeVisible();

  await row.getByRole('button', { name: 'Process PodConfig' }).click();
  await page.getByRole('dialog').getByLabel('PodConfig file').setInputFiles({
    name: 'podconfig.xml',
    mimeType: 'application/xml',
    buffer: readFileSync('public/samples/podconfig-sample.xml'),
  });
  await expect(page.getByRole('dialog')).toContainText('podconfig.xml');
  await expect(page.getByRole('dialog')).toContainText('6 cameras, pod serial POD-0042');
  await ok(page);
  await expect(flash(page, `processed podconfig for survey ${id}`)).toBeVisible();
  await expect(row).toContainText('Extracting Frames');

  await advanceClock(page, minutes(2));
  await row.getByRole('button', { name: 'Start QC' }).click();
  await expect(page).toHaveURL(/\/surveys\/[^/]+\/qc$/);
  await expect(flash(page, `QC started for survey ${id}`)).toBeVisible();
  await page.getByRole('button', { name: 'Approve Survey' }).click();
  await ok(page);
  await expect(page).toHaveURL(/\/captures\/[^/]+\/surveys$/);
  await expect(flash(page, `QC approved for survey ${id}`)).toBeVisible();
  await expect(row).toContainText('Ready for Processing');
}

/** On a capture's surveys: process the approved survey `id`, capture QC once processing ends, publish. */
async function processAndPublish(page: Page, cpid: string, row: Locator, id: string) {
  await page.getByRole('button', { name: 'Process', exact: true }).click();
  const processDialog = page.getByRole('dialog');
  await expect(processDialog.getByRole('checkbox', { name: `Select survey ${id}` })).toBeChecked();
  await ok(page);
  await expect(flash(page, `Started Processing ${cpid}`)).toBeVisible();
  await expect(row).toContainText('Processing');

  await advanceClock(page, minutes(6));
  // The capture's own Start QC, in its page header (each survey row has one too).
  await page.locator('header').filter({ hasText: cpid }).getByRole('button', { name: 'Start QC' }).click();
  await expect(page).toHaveURL(/\/captures\/[^/]+\/qc$/);
  await expect(flash(page, `QC started for capture ${cpid}`)).toBeVisible();
  await page.getByRole('button', { name: 'Approve Capture' }).click();
  await expect(page).toHaveURL(/\/captures$/);
  await expect(flash(page, `QC approved for capture ${cpid}`)).toBeVisible();

  await captureRow(page, cpid).getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(flash(page, `Publishing ${cpid} Started`)).toBeVisible();
  await expect(captureRow(page, cpid)).toContainText('Publishing');
  await advanceClock(page, minutes(2));
  await expect(captureRow(page, cpid).getByText('Published', { exact: true })).toBeVisible();
}

/** The surveys table of a capture, and the row of a survey on it by short id. */
function surveysOf(page: Page, cpid: string) {
  return page.getByRole('table', { name: `Surveys of ${cpid}` });
}

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

test('the whole demo: one new survey from an empty drive to a published capture', async ({ page }) => {
  const sample = await sampleData(page);
  expect(Object.values(sample.index.captures).some((c) => c.cpid === 'SAMPLE007')).toBe(true);
  await signIn(page, '/drives');
  await insert(page, EMPTY_HOST, 'SAMPLE007', /FP007/);
  await receive(page, EMPTY_HOST, 'HD9001');
  await assign(page, EMPTY_HOST);

  // The capture's surveys: ours is the only received one of SAMPLE007.
  await page.getByRole('link', { name: 'Captures' }).click();
  await page.getByRole('link', { name: 'SAMPLE007', exact: true }).click();
  await expect(page).toHaveURL(/\/captures\/[^/]+\/surveys$/);
  const row = surveysOf(page, 'SAMPLE007').getByRole('row').nth(1);
  const id = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
  expect(id).toMatch(/^[0-9A-Z-]{8}$/);
  await checkAndApprove(page, row, id);
  await processAndPublish(page, 'SAMPLE007', row, id);

  await captureRow(page, 'SAMPLE007').getByRole('link', { name: 'SAMPLE007', exact: true }).click();
  await expect(surveysOf(page, 'SAMPLE007').getByRole('row').nth(1)).toContainText('Published');
});
