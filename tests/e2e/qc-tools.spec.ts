/**
 * Survey QC, issue 8 part 3: the "Flagged only" filter, review progress ("n of N frames seen"),
 * the viewer (fit, zoom, pan, keys, real metadata), the capture QC report and pre-screening.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, flashText, frame, openQcInProgress } from './qcHelpers';

test.use({ serviceWorkers: 'block' });

async function flagFocused(page: Page, reason: string, frameNo: number): Promise<void> {
  await page.keyboard.press('f');
  await page.getByRole('dialog').getByRole('radio', { name: reason, exact: true }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Flag frame' }).click();
  await expect(flashText(page, `frame ${frameNo} flagged: ${reason}`)).toBeVisible();
}

test('review progress counts the frames seen; "Flagged only" shows just the rows with a flag', async ({ page }) => {
  const { surveyId, index } = await openQcInProgress(page);
  const [cam1, cam2] = index.cameras;
  const names = (cam: string) => index.index[cam]!;
  const progress = page.getByRole('progressbar', { name: 'Review progress' });
  await expect(progress).toBeVisible();
  const line1 = page.getByRole('button', { name: /^Line 1 / });
  // The rows in view count at once; not all of them.
  await expect(line1).toHaveAccessibleName(/ · [1-9]\d* of 120 frames seen$/);
  await expect(line1).not.toHaveAccessibleName(/ 120 of 120 frames seen$/);
  await expect(page.getByText(/^\d+ of 360 frames seen$/)).toBeVisible();

  // Paging through the line by keyboard brings every row into view: the whole line is seen.
  await line1.focus();
  await page.keyboard.press('Tab');
  for (let i = 0; i < 6; i++) await page.keyboard.press('PageDown');
  await expect(line1).toHaveAccessibleName(/ · 120 of 120 frames seen$/);
  await expect(page.getByText('120 of 360 frames seen', { exact: true })).toBeVisible();

  // A frame opened in the viewer counts too, though its line is closed; a reload keeps it all.
  const line2Frame = names(cam2!)[25]!;
  await page.goto(`/surveys/${surveyId}/qc/2/${cam2}/${line2Frame}`);
  await page.getByRole('button', { name: 'Back to QC' }).click();
  await expect(page.getByRole('button', { name: /^Line 2 / })).toHaveAccessibleName(/ · 1 of 120 frames seen$/);
  await page.reload();
  await expect(page.getByText('121 of 360 frames seen', { exact: true })).toBeVisible();

  // Two flags in line 1, then Flagged only shows their two rows, and arrows move between them.
  await line1.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await flagFocused(page, 'Blur', 3);
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await flagFocused(page, 'Cloud', 12);
  const grid = page.getByRole('grid', { name: 'Line 1 thumbnails' });
  await page.getByRole('switch', { name: 'Flagged only' }).check();
  await expect(grid.getByRole('row')).toHaveCount(1 + 2);
  await expect(grid.getByRole('rowheader')).toHaveText(['09:00:04', '09:00:22']);
  await frame(page, cam1!, names(cam1!)[2]!).focus();
  await page.keyboard.press('ArrowDown');
  await expect(frame(page, cam1!, names(cam1!)[11]!)).toBeFocused();
  await page.getByRole('button', { name: /^Line 2 / }).click();
  await expect(page.getByText('No flagged frames in line 2.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('switch', { name: 'Flagged only' }).uncheck();
  await expect(grid.getByRole('rowheader').first()).toHaveText('09:00:00');
});

test('the capture QC page shows the flagged frames of its surveys and downloads them as the QC report', async ({ page }) => {
  const { captureId, index } = await openQcInProgress(page);
  const cam1 = index.cameras[0]!;
  await page.getByRole('button', { name: /^Line 1 / }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('f');
  await page.getByRole('dialog').getByRole('radio', { name: 'Over-exposed' }).check();
  await page.getByRole('dialog').getByRole('textbox', { name: /Note/ }).fill('sun glint, lake');
  await page.getByRole('dialog').getByRole('button', { name: 'Flag frame' }).click();
  await expect(flashText(page, 'frame 2 flagged: Over-exposed')).toBeVisible();

  await page.goto(`/captures/${captureId}/qc`);
  const table = page.getByRole('table', { name: /^Flagged frames of / });
  await expect(table.getByRole('row', { name: new RegExp(` 1 ${cam1} 2 09:00:02 Over-exposed sun glint, lake `) })).toBeVisible();
  await expectNoSeriousViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download QC report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^qc-report-.+\.csv$/);
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('survey,line,camera,frame,time,reason,note,who,when');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,1,${cam1},2,09:00:02,Over-exposed,"sun glint, lake",`);
});
