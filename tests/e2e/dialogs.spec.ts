/**
 * Dialogs stay mounted and toggle `open` (issue 10, Fluent conventions): a dialog opens afresh each
 * time, without the drafts and errors of the last opening, and once it has closed (Cancel, Escape
 * or OK) the page is back for a screen reader: its buttons are found by role again.
 */
import { expect, test } from './fixtures';
import { WITHOUT_SERVICE_WORKER, flash, rowOf, signIn } from './helpers';

test.use(WITHOUT_SERVICE_WORKER);

test('the Insert dialog forgets its drafts and errors when closed, and the page is back after each close', async ({ page }) => {
  await signIn(page, '/drives');
  const insert = () => rowOf(page, 'ingest-10').getByRole('button', { name: 'Insert' });
  const dialog = page.getByRole('dialog', { name: 'Insert media into ingest-10' });

  await insert().click();
  await dialog.getByRole('button', { name: 'Add survey' }).click();
  const second = dialog.getByRole('group', { name: 'Survey 2' });
  await second.getByRole('textbox', { name: 'Flown on' }).fill('01 Jan 2099');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'Flown-on date cannot be in the future' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Reopened: one survey again, no message.
  await insert().click();
  await expect(dialog.getByRole('group', { name: 'Survey 1' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Survey 2' })).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // And OK still inserts, after which the row offers the next step.
  await insert().click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(flash(page, 'media inserted into ingest-10')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, 'ingest-10').getByRole('button', { name: 'Receive' })).toBeVisible();
});

test('a preset confirmation that navigates away leaves the next page readable', async ({ page }) => {
  await signIn(page, '/settings');
  await page.getByRole('button', { name: 'Clean Demo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/captures');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
});
