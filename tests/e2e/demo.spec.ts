/**
 * The whole demo as a presenter runs it, at 100× simulation speed (docs/architecture.md#arch-testing): insert media
 * into an empty drive, receive it, assign, Process Applanix, Process PodConfig, survey QC, process
 * the capture, capture QC and publish, until the survey and its capture read Published, checking
 * every flash text of docs/requirements.md#req-flash-texts on the way.
 */
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { flash, setSpeed, signIn } from './helpers';

const HOST = 'ingest-09';
const CPID = 'SAMPLE007';

function driveRow(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: HOST, exact: false }) });
}

async function ok(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the whole demo, from an empty drive to a published capture', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/captures');
  await setSpeed(page, 100);
  await expect(page.getByLabel('Simulation speed')).toHaveValue('100');

  // Insert media with one survey on the sample flight plan.
  await page.getByRole('link', { name: 'Drives' }).click();
  await expect(driveRow(page).getByText('Empty')).toBeVisible();
  await driveRow(page).getByRole('button', { name: 'Insert' }).click();
  const insert = page.getByRole('dialog');
  await expect(insert.getByRole('checkbox', { name: 'Bay 1' })).toBeChecked();
  await insert.getByRole('combobox', { name: 'Flight plan' }).fill(CPID);
  await page.getByRole('option', { name: /FP007/ }).click();
  await ok(page);
  await expect(flash(page, `media inserted into ${HOST}`)).toBeVisible();
  // "Highlight row when action performed" is on by default: the drive acted on glows.
  await expect(page.locator('tr[data-highlighted]').filter({ hasText: HOST })).toBeVisible();

  // Receive it.
  await driveRow(page).getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('dialog').getByLabel('Media ID').fill('HD9001');
  await expect(page.getByRole('dialog').getByTestId('receive-id')).toHaveText(/^\d{6}_HD9001$/);
  await ok(page);
  await expect(flash(page, `started receiving media on ${HOST}`)).toBeVisible();

  // Receiving ends: the media waits for assignment.
  await driveRow(page).getByRole('button', { name: 'Assign' }).click({ timeout: 30_000 });
  await ok(page);
  await expect(flash(page, 'assigned surveys')).toBeVisible();

  // The capture's surveys: ours is the only received one of SAMPLE007.
  await page.getByRole('link', { name: 'Captures' }).click();
  await page.getByRole('link', { name: CPID, exact: true }).click();
  await expect(page).toHaveURL(/\/captures\/[^/]+\/surveys$/);
  const surveys = page.getByRole('table', { name: `Surveys of ${CPID}` });
  const row = surveys.getByRole('row').nth(1);
  const id = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
  expect(id).toMatch(/^[0-9A-Z-]{8}$/);

  await row.getByRole('button', { name: 'Process Applanix' }).click({ timeout: 30_000 });
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

  // Frames are extracted; survey QC.
  await row.getByRole('button', { name: 'Start QC' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/surveys\/[^/]+\/qc$/);
  await expect(flash(page, `QC started for survey ${id}`)).toBeVisible();
  await page.getByRole('button', { name: 'Approve Survey' }).click();
  await ok(page);
  await expect(page).toHaveURL(/\/captures\/[^/]+\/surveys$/);
  await expect(flash(page, `QC approved for survey ${id}`)).toBeVisible();
  await expect(row).toContainText('Ready for Processing');

  // Process the capture with the approved survey.
  await page.getByRole('button', { name: 'Process', exact: true }).click();
  const processDialog = page.getByRole('dialog');
  await expect(processDialog.getByRole('checkbox', { name: `Select survey ${id}` })).toBeChecked();
  await ok(page);
  await expect(flash(page, `Started Processing ${CPID}`)).toBeVisible();
  await expect(row).toContainText('Processing');

  // Capture QC once processing is done.
  await page.getByRole('button', { name: 'Start QC' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/captures\/[^/]+\/qc$/);
  await expect(flash(page, `QC started for capture ${CPID}`)).toBeVisible();
  await page.getByRole('button', { name: 'Approve Capture' }).click();
  await expect(page).toHaveURL(/\/captures$/);
  await expect(flash(page, `QC approved for capture ${CPID}`)).toBeVisible();

  // Publish.
  const captureRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: CPID, exact: true }) });
  await captureRow.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(flash(page, `Publishing ${CPID} Started`)).toBeVisible();
  await expect(captureRow.getByText('Published', { exact: true })).toBeVisible({ timeout: 30_000 });

  await captureRow.getByRole('link', { name: CPID, exact: true }).click();
  await expect(page.getByRole('table', { name: `Surveys of ${CPID}` }).getByRole('row').nth(1)).toContainText('Published');
});
