/**
 * A console that guides the demo (issue 9): flash messages that do not move the page and can be
 * closed by hand, confirmations that say what they do, errors beside the field they are about and
 * in view, the next step in reach (defaults and pre-fills), and counts and labels that are true.
 * Each changed page and dialog also gets an axe scan.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { flash, login } from './helpers';

async function signIn(page: Page, redirect: string) {
  await login(page, redirect);
  await page.waitForFunction(() => (localStorage.getItem('current') ?? '').includes('"loggedIn":true'));
}

async function expectNoSeriousViolations(page: Page, what: string) {
  // Let pop-ups finish fading in: axe measures contrast with the opacity of the moment.
  await page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))');
  const results = await new AxeBuilder({ page })
    .exclude('[data-tabster-dummy]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(serious, `${what}\n${serious.join('\n')}`).toEqual([]);
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
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
    await expectNoSeriousViolations(page, 'a success flash over /drives');

    // Every message can be closed by hand, not only danger.
    await message.getByRole('button', { name: 'Close message' }).click();
    await expect(flash(page, 'media inserted into ingest-10')).toHaveCount(0);
  });

  test('confirmations say what they do; a destructive one is an alert dialog', async ({ page }) => {
    await signIn(page, '/drives');
    // ingest-04 receives for close to an hour at 1×: it is still working whenever this runs.
    const drive = rowOf(page, 'ingest-04');
    await drive.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel receiving' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel receiving' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the Cancel receiving alert dialog');
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
    await expectNoSeriousViolations(page, '/login with both errors');
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
    await expectNoSeriousViolations(page, 'the Insert dialog with a field error');
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

    const shown = (await drive.getByRole('cell').nth(1).innerText()).trim();
    await drive.getByRole('button', { name: 'Receive' }).click();
    const receive = page.getByRole('dialog');
    const mediaId = receive.getByRole('textbox', { name: 'Media ID' });
    await expect(mediaId).toHaveValue(shown);
    await mediaId.fill('');
    await receive.getByRole('button', { name: 'OK' }).click();
    const error = receive.getByRole('alert').filter({ hasText: 'missing media id' });
    await expect(error).toBeInViewport();
    await expectNoSeriousViolations(page, 'the Receive dialog with a missing media id');
    await mediaId.fill('HD42');
    await expect(error).toHaveCount(0);
    await receive.getByRole('button', { name: 'OK' }).click();
    await expect(flash(page, 'started receiving media on ingest-10')).toBeVisible();
  });
});
