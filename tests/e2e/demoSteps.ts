/**
 * The demo's steps as a presenter takes them (tests/e2e/demo.spec.ts, history.spec.ts): insert,
 * receive, assign, Process Applanix and PodConfig, survey QC, process, capture QC and publish, each
 * checking its flash text. Time is stepped (advanceClock), never waited for.
 */
import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect } from './fixtures';
import { advanceClock, flash, minutes, signIn } from './helpers';

export const EMPTY_HOST = 'ingest-09';

export function driveRow(page: Page, host: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: host, exact: false }) });
}

export function captureRow(page: Page, cpid: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: cpid, exact: true }) });
}

async function ok(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * One new survey of SAMPLE007, from the empty drive to assigned, signed in on /drives; answers its
 * row among the capture's surveys, and its id.
 */
export async function newSampleSurvey(page: Page): Promise<{ row: Locator; id: string }> {
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
  return { row, id };
}

/** Insert media with one survey on `cpid`'s flight plan into an empty drive (on /drives). */
export async function insert(page: Page, host: string, cpid: string, plan: RegExp) {
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
export async function receive(page: Page, host: string, mediaId: string) {
  await driveRow(page, host).getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('dialog').getByLabel('Media ID').first().fill(mediaId);
  await expect(page.getByRole('dialog').getByTestId('receive-id')).toContainText(new RegExp(`^\\d{6}_${mediaId}`));
  await ok(page);
  await expect(flash(page, `started receiving media on ${host}`)).toBeVisible();
  await expect(driveRow(page, host)).toContainText('Copying');
  await advanceClock(page, minutes(15));
  await expect(driveRow(page, host).getByRole('button', { name: 'Assign' })).toBeVisible();
}

export async function assign(page: Page, host: string) {
  await driveRow(page, host).getByRole('button', { name: 'Assign' }).click();
  await ok(page);
  await expect(flash(page, 'assigned surveys')).toBeVisible();
  await expect(driveRow(page, host).getByRole('button', { name: 'Assign' })).toHaveCount(0);
}

/** On a capture's surveys: Applanix, PodConfig, frames extracted, survey QC approved. */
export async function checkAndApprove(page: Page, row: Locator, id: string) {
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
export async function processAndPublish(page: Page, cpid: string, row: Locator, id: string) {
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
export function surveysOf(page: Page, cpid: string) {
  return page.getByRole('table', { name: `Surveys of ${cpid}` });
}
