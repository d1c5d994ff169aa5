/**
 * A console that guides the demo (issue 9): flash messages that do not move the page and can be
 * closed by hand, confirmations that say what they do, errors beside the field they are about and
 * in view, the next step in reach (defaults and pre-fills), and counts and labels that are true.
 * Each changed page and dialog also gets an axe scan.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { DataFile } from '../../worker/domain/dataFile';
import { animationsFinished, flash, openPath, rowOf, signIn } from './helpers';
import { expectNoSeriousViolations } from './axe';

/** A page or dialog once its pop-ups have faded in: axe measures contrast with the opacity of the moment. */
async function expectNoSeriousViolationsShown(page: Page, what: string) {
  await animationsFinished(page);
  await expectNoSeriousViolations(page, what);
}

test.describe('feedback that does not move the page', () => {
  test('a flash appears over the page: the heading and buttons stay where they were, and it can be closed', async ({ page }) => {
    await signIn(page, '/drives');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const before = await heading.boundingBox();
    const insert = rowOf(page, 'ingest-10').getByRole('button', { name: 'Insert' });
    const buttonBefore = await rowOf(page, 'ingest-01').boundingBox();

    await insert.click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const message = flash(page, 'media inserted into ingest-10');
    await expect(message).toBeVisible();
    expect(await heading.boundingBox()).toEqual(before);
    expect(await rowOf(page, 'ingest-01').boundingBox()).toEqual(buttonBefore);

    // Every message can be closed by hand, not only danger (before its 4 s are up).
    await message.getByRole('button', { name: 'Close message' }).click();
    await expect(flash(page, 'media inserted into ingest-10')).toHaveCount(0);

    // A message over the page, scanned as it shows.
    await rowOf(page, 'ingest-10').getByRole('button', { name: 'Eject' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eject' }).click();
    await expect(flash(page, 'media ejected from ingest-10')).toBeVisible();
    await expectNoSeriousViolationsShown(page, 'a success flash over /drives');
  });

  test('confirmations say what they do; a destructive one is an alert dialog', async ({ page }) => {
    await signIn(page, '/drives');
    // ingest-04 receives for close to an hour at 1×: it is still working whenever this runs.
    const drive = rowOf(page, 'ingest-04');
    await drive.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel receiving' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel receiving' })).toBeVisible();
    await expectNoSeriousViolationsShown(page, 'the Cancel receiving alert dialog');
    await confirm.getByRole('button', { name: 'Keep receiving' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(flash(page, 'receive cancelled for ingest-04')).toHaveCount(0);

    await drive.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel receiving' }).click();
    await expect(flash(page, 'receive cancelled for ingest-04')).toBeVisible();
  });
});

test.describe('errors where the eye is', () => {
  test('login with both fields empty names both, and Email has focus when the page opens', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('missing email')).toBeVisible();
    await expect(page.getByText('missing password')).toBeVisible();
    await expectNoSeriousViolationsShown(page, '/login with both errors');
    // A message goes as soon as its field changes.
    await page.getByLabel('Email').fill('j');
    await expect(page.getByText('missing email')).toHaveCount(0);
    await expect(page.getByText('missing password')).toBeVisible();
  });

  test('at 800×600 the Insert dialog shows its error beside the surveys, in view, until the input changes', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await signIn(page, '/drives');
    await rowOf(page, 'ingest-10').getByRole('button', { name: 'Insert' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add survey' }).click();
    await dialog.getByRole('button', { name: 'Add survey' }).click();
    // The second survey gets a date in the future: the message names that survey's date field.
    const second = dialog.getByRole('group', { name: 'Survey 2' });
    await second.getByRole('textbox', { name: 'Flown on' }).fill('01 Jan 2099');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const error = second.getByRole('alert').filter({ hasText: 'Flown-on date cannot be in the future' });
    await expect(error).toBeInViewport();
    await expect(dialog.getByRole('group', { name: 'Survey 1' }).getByRole('alert')).toHaveCount(0);
    await expectNoSeriousViolationsShown(page, 'the Insert dialog with a field error');
    await second.getByRole('textbox', { name: 'Flown on' }).fill('01 Jan 2020');
    await expect(error).toHaveCount(0);

    for (const n of [3, 2, 1]) await dialog.getByRole('button', { name: `Remove survey ${n}` }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'At least one survey is required' })).toBeInViewport();
    await dialog.getByRole('button', { name: 'Add survey' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('the next step in reach', () => {
  test('Insert opens on a flight plan being flown: one click on OK inserts; Receive starts on the id the drive shows', async ({ page }) => {
    await signIn(page, '/drives');
    const drive = rowOf(page, 'ingest-10');
    await drive.getByRole('button', { name: 'Insert' }).click();
    const insert = page.getByRole('dialog');
    await expect(insert.getByRole('combobox', { name: 'Flight plan' })).not.toHaveValue('');
    await insert.getByRole('button', { name: 'OK' }).click();
    await expect(flash(page, 'media inserted into ingest-10')).toBeVisible();

    // The flash can come before the row is drawn anew: read the id once the row shows one
    // (a clean-clone CI run read '—' here while the dialog then showed the new id).
    await expect(drive.getByRole('cell').nth(1)).not.toHaveText('—');
    const shown = (await drive.getByRole('cell').nth(1).innerText()).trim();
    await drive.getByRole('button', { name: 'Receive' }).click();
    const receive = page.getByRole('dialog');
    const mediaId = receive.getByRole('textbox', { name: 'Media ID' });
    await expect(mediaId).toHaveValue(shown);
    await mediaId.fill('');
    await receive.getByRole('button', { name: 'OK' }).click();
    const error = receive.getByRole('alert').filter({ hasText: 'missing media id' });
    await expect(error).toBeInViewport();
    await expectNoSeriousViolationsShown(page, 'the Receive dialog with a missing media id');
    await mediaId.fill('HD42');
    await expect(error).toHaveCount(0);
    await receive.getByRole('button', { name: 'OK' }).click();
    await expect(flash(page, 'started receiving media on ingest-10')).toBeVisible();
  });
});

test.describe('the next step in reach, on the pages', () => {
  test('in-app navigation moves focus to the new page heading; search lands on the survey row', async ({ page, request }) => {
    const data = (await (await request.get('/data/all.json')).json()) as DataFile;
    await signIn(page, '/');
    await page.getByRole('link', { name: 'Drives' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Drives' })).toBeFocused();

    // A received survey that is not in QC lands on its capture's surveys, its row in view and glowing.
    const survey = Object.values(data.index.surveys).find((s) => s.receivedOn && !s.flags.qcInProgress && s.display !== 'Cancelled')!;
    const id = survey.surveyId.slice(0, 8).toUpperCase();
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill(id);
    await page.getByRole('option', { name: new RegExp(id) }).first().click();
    const row = page.locator(`tr[data-survey-id="${survey.surveyId}"]`);
    await expect(row).toBeInViewport();
    await expect(row).toHaveAttribute('data-highlighted', 'true');

    // Projects are not offered while the Projects page is off.
    await search.fill('SAMPLE');
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Projects' })).toHaveCount(0);
  });

  test.describe('while a page is still loading', () => {
    // Its code is held back in the test below: the service worker would serve it past the route.
    test.use({ serviceWorkers: 'block' });

    test('text put into the search box keeps the focus there when the page arrives', async ({ page, request }) => {
      const data = (await (await request.get('/data/all.json')).json()) as DataFile;
      const underQc = Object.values(data.index.surveys).find((s) => s.flags.qcInProgress)!;
      await signIn(page, '/captures');
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/SurveyQcPage-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const search = page.getByRole('combobox', { name: 'Search' });
      const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
      await search.fill(underQc.surveyId.slice(0, 8));
      await suggestions.getByRole('group', { name: 'Surveys' }).getByRole('option').first().click();
      await expect(page.getByText('Loading…')).toBeVisible();
      // Filled, as a paste from the context menu is: an input event, and no key pressed.
      await search.fill('TS007');
      release();
      await expect(page.getByRole('heading', { level: 1, name: /^Survey QC/ })).toBeVisible();
      await expect(search).toBeFocused();
      await expect(suggestions.getByRole('group', { name: 'Media' })).toBeVisible();
    });
  });

  test('the dashboard: a pipeline overview whose bars open the filtered list, and lists that open in full', async ({ page }) => {
    await signIn(page, '/');
    const captures = page.getByRole('region', { name: 'Captures by stage' });
    await expect(captures).toBeVisible();
    const bar = captures.getByRole('link', { name: /^Receiving Surveys and QC: \d+ captures?$/ });
    await expect(page.getByRole('region', { name: 'Surveys by stage' }).getByText(/Processing/).first()).toBeVisible();
    await expectNoSeriousViolationsShown(page, 'the dashboard with its pipeline overview');
    await bar.click();
    await expect(page).toHaveURL(/\/captures\?stage=/);
    // The clock keeps moving captures between stages: the list is checked against its own count
    // line, and that against the bar's count as the dashboard shows it now, give or take a move.
    const rows = page.getByRole('table', { name: 'Captures' }).locator('tbody tr');
    const line = page.getByText(/^\d+ captures? at Receiving Surveys and QC/);
    let shown = 0;
    await expect(async () => {
      shown = Number((await line.textContent())!.match(/^(\d+)/)![1]);
      await expect(rows).toHaveCount(shown, { timeout: 1000 });
    }).toPass();
    await page.goBack();
    await expect(async () => {
      const now = Number((await bar.getAttribute('aria-label'))!.match(/(\d+) capture/)![1]);
      expect(Math.abs(now - shown)).toBeLessThanOrEqual(2);
    }).toPass({ timeout: 10_000 });

    await openPath(page, '/');
    const recent = page.getByRole('region', { name: 'Recent' });
    const all = recent.getByRole('link', { name: /^Recent: show all \d+$/ });
    const total = Number((await all.getAttribute('aria-label'))!.match(/(\d+)$/)![1]);
    await all.click();
    await expect(page.getByRole('region', { name: 'Recent' }).getByRole('listitem')).toHaveCount(Math.min(total, 150));
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  });

  test('the Process dialog selects only processable surveys, with a select-all and reasons for the others', async ({ page }) => {
    await signIn(page, '/captures');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Process', exact: true }) }).first();
    await row.getByRole('button', { name: 'Process', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const all = dialog.getByRole('checkbox', { name: 'Select all processable surveys' });
    await expect(all).toBeChecked();
    await all.click();
    await expect(all).not.toBeChecked();
    await expect(dialog.getByText(/^Choose the QC-approved surveys to process\. 0 of \d+ processable selected\.$/)).toBeVisible();
    await all.click();
    await expect(all).toBeChecked();
    const unselectable = dialog.getByRole('checkbox', { name: /^Select survey / }).and(page.locator(':disabled'));
    if ((await unselectable.count()) > 0) await expect(dialog.getByText(/not selectable: /).first()).toBeVisible();
    await expectNoSeriousViolationsShown(page, 'the Process dialog');
  });

  test('the ⋯ menu offers Download Frames and View History as built, and Reassign assigns the survey', async ({ page, request }) => {
    const data = (await (await request.get('/data/all.json')).json()) as DataFile;
    const survey = Object.values(data.index.surveys).find((s) => s.receivedOn && s.display === 'Waiting for Applanix')!;
    const id = survey.surveyId.slice(0, 8).toUpperCase();
    await signIn(page, `/captures/${survey.captureId}/surveys`);
    const row = rowOf(page, id);
    await row.getByRole('button', { name: `More actions for survey ${id}` }).click();
    // Neither Download Frames nor View History is coming soon any more: both are built.
    await expect(page.getByRole('menuitem', { name: 'Download Frames', exact: true })).toHaveText('Download Frames');
    await expect(page.getByRole('menuitem', { name: 'View History', exact: true })).toHaveText('View History');
    await expectNoSeriousViolationsShown(page, 'the ⋯ menu');
    await page.getByRole('menuitem', { name: 'Reassign' }).click();
    const dialog = page.getByRole('dialog', { name: `Reassign survey ${id}` });
    await dialog.getByRole('combobox', { name: `Assign survey ${id} to` }).click();
    const other = page.getByRole('option').filter({ hasNotText: 'jane.doe' }).first();
    const name = (await other.innerText()).split(' (')[0]!;
    await other.click();
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect(flash(page, 'assigned surveys')).toBeVisible();
    const initials = name.split(' ').map((w) => w[0]).join('').toUpperCase();
    await expect(row).toContainText(initials);
  });
});

test.describe('every count and label true', () => {
  test("a survey not yet received is not 'Cancelled' in SAMPLE007's breakdown", async ({ page }) => {
    await signIn(page, '/captures');
    const row = page.locator('tr', { has: page.getByRole('link', { name: 'SAMPLE007', exact: true }) });
    await row.getByTestId('survey-count').hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText('Not yet received');
    await expect(tip).not.toContainText('Cancelled');
  });

  test('/surveys shows as many rows as it says', async ({ page }) => {
    await signIn(page, '/settings');
    await page.getByRole('switch', { name: 'Include (All) Surveys Page' }).click();
    await expect.poll(() => page.evaluate(() => (localStorage.getItem('flags') ?? '').includes('"surveys":true'))).toBe(true);
    await page.getByRole('link', { name: 'Surveys' }).click();
    const note = page.getByText(/^Showing the first (\d+) of (\d+) surveys\.$/);
    const [, first] = (await note.innerText()).match(/first (\d+)/)!;
    await expect(page.getByRole('table', { name: 'Surveys' }).locator('tbody tr')).toHaveCount(Number(first));
  });

  test('time left at 100× is real time, with the simulated time beside it', async ({ page }) => {
    await signIn(page, '/settings');
    await page.getByLabel('Simulation speed').selectOption('100');
    await page.getByRole('link', { name: 'Drives' }).click();
    const meta = rowOf(page, 'ingest-04').getByText(/^\d+% · (\d+)([smh]) left \((\d+)([smh]) simulated\)$/);
    const [, real, realUnit, sim, simUnit] = (await meta.innerText()).match(/(\d+)([smh]) left \((\d+)([smh])/)!;
    const seconds = (n: string, u: string) => Number(n) * (u === 'h' ? 3600 : u === 'm' ? 60 : 1);
    expect(seconds(real!, realUnit!)).toBeLessThan(seconds(sim!, simUnit!));
  });
});
