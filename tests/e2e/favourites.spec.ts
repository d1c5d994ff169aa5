/**
 * Favourites (issue 36), as a person uses them: a star on a capture's row, on a survey's page and
 * on a media set's row, pressed by mouse or keyboard; kept after a reload; shown under "My
 * favorites" on the lists and on the dashboard, and taken off from there. A star crossing to the
 * person's other laptop through team sync is the engine's, in Node (tests/engine/syncFavourites.test.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPath, rowOf, sampleData, signIn } from './helpers';

const shortId = (id: string) => id.slice(0, 8).toUpperCase();
const star = (page: Page, name: string) => page.getByRole('button', { name: `Favorite ${name}`, exact: true });
/** A star answers once the person's stars are read: until then it stays disabled (and focusable). */
const ready = (button: ReturnType<typeof star>) => expect(button).not.toHaveAttribute('aria-disabled', 'true');
const favorites = (page: Page) => page.getByRole('region', { name: 'My favorites' });

test('a capture starred from its row stays starred after a reload, and shows under My favorites and on the dashboard', async ({ page }) => {
  await signIn(page, '/captures');
  const sample = star(page, 'capture SAMPLE007');
  await ready(sample);
  await expect(sample).toHaveAttribute('aria-pressed', 'false');
  await sample.click();
  await expect(sample).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(star(page, 'capture SAMPLE007')).toHaveAttribute('aria-pressed', 'true');
  await expect(star(page, 'capture TXS26F01')).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('switch', { name: 'My favorites' }).click();
  await expect(page).toHaveURL('/captures?favorites=1');
  const table = page.getByRole('table', { name: 'Captures' });
  await expect(table.getByRole('link', { name: 'SAMPLE007' })).toBeVisible();
  await expect(table.getByRole('button', { name: /^Favorite capture / })).toHaveCount(1);

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(favorites(page).getByRole('link', { name: 'SAMPLE007' })).toBeVisible();
});

test('a survey starred on its page and a media set from its row, by keyboard, are on the dashboard, and unstarring one there takes it off everywhere', async ({ page }) => {
  const data = await sampleData(page);
  const survey = Object.values(data.index.surveys).find((s) => s.flags.qcInProgress)!;
  await signIn(page, `/surveys/${survey.surveyId}/qc`);
  const surveyStar = star(page, `survey ${shortId(survey.surveyId)}`);
  await ready(surveyStar);
  await surveyStar.focus();
  await page.keyboard.press('Space');
  await expect(surveyStar).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('link', { name: 'Media', exact: true }).click();
  const mediaStar = rowOf(page, 'TS007').getByRole('button', { name: 'Favorite media set TS007' });
  await ready(mediaStar);
  await mediaStar.focus();
  await page.keyboard.press('Enter');
  await expect(mediaStar).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('switch', { name: 'My favorites' }).click();
  await expect(page).toHaveURL('/media?favorites=1');
  await expect(page.getByRole('group', { name: 'Media filters' }).getByRole('status')).toHaveText('1 media set matches');

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(favorites(page).getByRole('link', { name: `Survey ${shortId(survey.surveyId)}` })).toBeVisible();
  await expect(favorites(page).getByRole('link', { name: 'TS007' })).toBeVisible();
  await favorites(page).getByRole('button', { name: 'Favorite media set TS007' }).click();
  await expect(favorites(page).getByRole('link', { name: 'TS007' })).toHaveCount(0);
  await openPath(page, '/media?favorites=1');
  await expect(page.getByText('No media sets match these filters.')).toBeVisible();
});
