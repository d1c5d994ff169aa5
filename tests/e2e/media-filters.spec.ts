/**
 * The Media page's filters (issue 36), as a person uses them: set by keyboard and by mouse, they
 * combine and answer the sets a reference filter finds in the sample data, saying how many; they
 * live in the URL, so a reload, a shared link opened in another page and the back button keep
 * them; a filter that matches nothing says so, and clearing brings every set back.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WITHOUT_SERVICE_WORKER, sampleData, signIn } from './helpers';
import type { Media } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';

test.use(WITHOUT_SERVICE_WORKER);

/** The reference: the sample's media sets that are received and hold a survey of a capture of `season`, on or after `from`. */
function receivedIn(data: DataFile, season: string, from: string): Media[] {
  const surveys = Object.values(data.index.surveys);
  return data.ids.media
    .map((id) => data.index.media[id]!)
    .filter((m) => m.workflow.stages[m.workflow.current]!.name === 'assign')
    .filter((m) => m.receivedOn !== null && m.receivedOn >= from)
    .filter((m) => surveys.some((s) => s.mediaId === m.mediaId && data.index.captures[s.captureId]!.season === season));
}

const table = (page: Page) => page.getByRole('table', { name: 'Media' });
/** The table's rows but its header. */
const rows = (page: Page) => table(page).getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
const count = (page: Page) => page.getByRole('group', { name: 'Media filters' }).getByRole('status');

/** Chooses a filter's option by keyboard alone: Tab to it, open it, type the option, Enter. */
async function chooseByKeyboard(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  await page.keyboard.type(option);
  await page.keyboard.press('Enter');
  await expect(box).toHaveText(option);
}

test.describe('media filters', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, '/media');
    await expect(count(page)).toHaveText('150 media sets');
  });

  test('set by keyboard and by mouse, they combine, answer the sets that match and say how many, and live in the URL', async ({ page }) => {
    const data = await sampleData(page);
    const season = '2025 Fall';
    const expected = receivedIn(data, season, '2025-10-01');
    expect(expected.length).toBeGreaterThan(1);

    await chooseByKeyboard(page, 'Status', 'Received');
    await expect(page).toHaveURL(/\/media\?status=received$/);
    await expect(count(page)).toHaveText('143 media sets match');
    await page.getByRole('combobox', { name: 'Season' }).click();
    await page.getByRole('option', { name: season, exact: true }).click();
    await page.getByLabel('Received from').fill('2025-10-01');
    await expect(page).toHaveURL(`/media?status=received&season=${encodeURIComponent(season).replace(/%20/g, '+')}&from=2025-10-01`);
    await expect(count(page)).toHaveText(`${expected.length} media sets match`);
    await expect(rows(page)).toHaveCount(expected.length);
    for (const m of expected) await expect(rows(page).filter({ hasText: m.receiveId! })).toHaveCount(1);
    // A capture id narrows it further, once typing pauses.
    const cpid = data.index.captures[data.index.surveys[expected[0]!.surveyIds[0]!]!.captureId]!.cpid;
    await page.getByLabel('Capture id (cpid)').fill(cpid.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`&cpid=${cpid.toLowerCase()}$`));
    const withCpid = expected.filter((m) => m.surveyIds.some((id) => data.index.surveys[id]!.cpid === cpid));
    await expect(count(page)).toHaveText(`${withCpid.length} media ${withCpid.length === 1 ? 'set matches' : 'sets match'}`);
    await expect(rows(page)).toHaveCount(withCpid.length);
  });

  test('a reload keeps them, a shared link opens them in another page, and the back button goes to the filters before', async ({ page, context }) => {
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await expect(count(page)).toHaveText('2 media sets match');
    // The sample's two cancelled sets are of two projects.
    await chooseByKeyboard(page, 'Project', 'WA-ORTHO');
    await expect(page).toHaveURL('/media?status=cancelled&project=WA-ORTHO');
    await expect(count(page)).toHaveText('1 media set matches');
    await expect(rows(page)).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Cancelled');
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveText('WA-ORTHO');
    await expect(count(page)).toHaveText('1 media set matches');

    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect(shared.getByRole('combobox', { name: 'Status' })).toHaveText('Cancelled');
    await expect(shared.getByRole('combobox', { name: 'Project' })).toHaveText('WA-ORTHO');
    await expect(count(shared)).toHaveText('1 media set matches');
    await shared.close();

    await page.goBack();
    await expect(page).toHaveURL('/media?status=cancelled');
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveText('Any project');
    await expect(count(page)).toHaveText('2 media sets match');
  });

  test('filters that match nothing say so, and clearing them brings every set back', async ({ page }) => {
    await page.getByLabel('Capture id (cpid)').fill('NO-SUCH-CAPTURE');
    await page.getByLabel('Capture id (cpid)').press('Enter');
    await expect(page).toHaveURL('/media?cpid=NO-SUCH-CAPTURE');
    await expect(table(page).getByText('No media sets match these filters.')).toBeVisible();
    await expect(count(page)).toHaveText('0 media sets match');
    // The spec's own empty state is for a world with no media.
    await expect(page.getByText('No media sets have been received.')).toHaveCount(0);
    await table(page).getByRole('button', { name: 'Clear the filters' }).click();
    await expect(page).toHaveURL('/media');
    await expect(page.getByLabel('Capture id (cpid)')).toHaveValue('');
    await expect(count(page)).toHaveText('150 media sets');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  });

  test('a range that ends before it starts is said beside its field, and matches nothing', async ({ page }) => {
    await page.getByLabel('Received from').fill('2026-03-01');
    await page.getByLabel('Received to').fill('2026-02-01');
    await expect(page.getByText('Before “Received from”: no media set can match.')).toBeVisible();
    await expect(count(page)).toHaveText('0 media sets match');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('Before “Received from”: no media set can match.')).toHaveCount(0);
  });
});
