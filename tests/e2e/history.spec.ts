/**
 * Every survey's history (issue 34, docs/history.md): a survey walked from an empty drive to a
 * published capture (the whole demo, as a presenter runs it) shows every step with its author, newest first, from the survey's More actions
 * menu; the capture's history downloads as CSV holding the same rows as its page.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WITHOUT_SERVICE_WORKER, openPath, sampleData } from './helpers';
import { captureRow, checkAndApprove, newSampleSurvey, processAndPublish, surveysOf } from './demoSteps';

test.use(WITHOUT_SERVICE_WORKER);

/**
 * The history table's rows as [when, what, …, who, where] texts, newest first; who without the
 * avatar's initials before the name ("JDJane Doe" is read "Jane Doe").
 */
async function historyRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: /^History of / });
  await expect(table).toBeVisible();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((r) => Array.from(r.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));
  return rows.map((cells) => cells.map((c, i) => (i === cells.length - 2 ? c.replace(/^[A-Z]{1,2}(?=[A-Z][a-z])/, '') : c)));
}

const STEPS: [RegExp, string][] = [
  [/^Media \w+ inserted into drive ingest-09 \(bay 1\)$/, 'Jane Doe'],
  [/^Received from drive ingest-09 as \d{6}_HD9001$/, 'Jane Doe'],
  [/^Copying started$/, 'Automatic'],
  [/^Copying completed$/, 'Automatic'],
  [/^Receiving started$/, 'Automatic'],
  [/^Receiving completed$/, 'Automatic'],
  [/^Assigned to Jane Doe$/, 'Jane Doe'],
  [/^Applanix confirmed$/, 'Jane Doe'],
  [/^PodConfig confirmed$/, 'Jane Doe'],
  [/^Frame extraction started$/, 'Automatic'],
  [/^Frame extraction completed$/, 'Automatic'],
  [/^QC started$/, 'Jane Doe'],
  [/^QC approved$/, 'Jane Doe'],
  [/^Processing started$/, 'Jane Doe'],
  [/^Feature matching started$/, 'Automatic'],
  [/^Feature matching completed$/, 'Automatic'],
  [/^Bundle adjustment started$/, 'Automatic'],
  [/^Bundle adjustment completed$/, 'Automatic'],
  [/^Rolling shutter correction started$/, 'Automatic'],
  [/^Rolling shutter correction completed$/, 'Automatic'],
  [/^Orthorectification started$/, 'Automatic'],
  [/^Orthorectification completed$/, 'Automatic'],
  [/^Capture QC started$/, 'Jane Doe'],
  [/^Capture QC approved$/, 'Jane Doe'],
  [/^Publish started$/, 'Jane Doe'],
  [/^Published$/, 'Automatic'],
];

test('the whole demo: a survey walked from insert to Published shows every step with its author; the capture\u2019s CSV holds its rows', async ({ page }) => {
  const sample = await sampleData(page);
  expect(Object.values(sample.index.captures).some((c) => c.cpid === 'SAMPLE007')).toBe(true);
  const { row, id } = await newSampleSurvey(page);
  await checkAndApprove(page, row, id);
  await processAndPublish(page, 'SAMPLE007', row, id);
  await captureRow(page, 'SAMPLE007').getByRole('link', { name: 'SAMPLE007', exact: true }).click();
  await expect(surveysOf(page, 'SAMPLE007').getByRole('row').nth(1)).toContainText('Published');

  // The survey's row: More actions › View History.
  await page.getByRole('button', { name: `More actions for survey ${id}` }).click();
  await page.getByRole('menuitem', { name: 'View History' }).click();
  await expect(page).toHaveURL(/\/surveys\/[^/]+\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: `History of Survey ${id}` })).toBeVisible();
  await expect(page.getByRole('table', { name: /^History of / }).locator('tbody tr')).toHaveCount(STEPS.length);
  const rows = (await historyRows(page)).reverse();
  rows.forEach(([when, what, who, where], i) => {
    const [step, author] = STEPS[i]!;
    expect(what, `step ${i + 1}`).toMatch(step);
    expect(who, `step ${i + 1}: ${what}`).toBe(author);
    expect(where, `step ${i + 1}: ${what}`).toBe(author === 'Automatic' ? 'Every laptop' : 'This laptop');
    expect(when).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}$/);
  });

  // Filtered by kind of event, by keyboard: the worker answers the rows.
  await page.getByLabel('Kind of event').selectOption({ label: 'Applanix and PodConfig' });
  await expect(page.getByRole('table', { name: /^History of / }).locator('tbody tr')).toHaveCount(2);
  await page.getByLabel('Person').selectOption({ label: 'Jane Doe (JD)' });
  await page.getByLabel('Kind of event').selectOption({ label: 'Automatic stages' });
  await expect(page.getByText('No entries match these filters.', { exact: false })).toBeVisible();

  // The capture's history, and its CSV: one row per entry, the same fields.
  await page.getByRole('link', { name: 'Open the survey' }).click();
  await page.goBack();
  await expect(page).toHaveURL(/\/surveys\/[^/]+\/history$/);
  await openPath(page, '/captures');
  await page.getByRole('link', { name: 'SAMPLE007', exact: true }).click();
  await page.getByRole('link', { name: 'History of capture SAMPLE007' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History of Capture SAMPLE007' })).toBeVisible();
  const shown = await historyRows(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('history-capture-SAMPLE007.csv');
  const lines = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('when,what,surveys,who,email,laptop,arrived,conflict,role');
  expect(lines).toHaveLength(shown.length + 1);
  const csv = lines.slice(1).map((l) => l.split(','));
  shown.forEach(([, what, survey, who, where], i) => {
    expect(csv[i]![1]).toBe(what!.includes(',') ? `"${what}"` : what);
    expect(csv[i]![2] || '—').toBe(survey);
    expect(csv[i]![3]).toBe(who);
    expect(csv[i]![5] || 'Every laptop').toBe(where);
  });
  expect(csv.some((c) => c[1] === 'QC approved' && c[2] === `Survey ${id}` && c[3] === 'Jane Doe' && c[4] === 'jane.doe@aerial.example')).toBe(true);
});
