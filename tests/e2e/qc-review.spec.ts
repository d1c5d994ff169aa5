/**
 * Survey QC review by keyboard alone (issue 8): a line of the grid is one Tab stop, arrows move
 * between frames and cameras, Enter opens the viewer, and Esc or browser Back returns to the
 * grid with the place kept (scroll, open lines, focused frame). Axe scans the grid and viewer.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { DataFile, PhotoIndex } from '../../worker/domain/types';
import { login } from './helpers';

test.use({ serviceWorkers: 'block' });

async function openQc(page: Page, query = ''): Promise<{ surveyId: string; index: PhotoIndex }> {
  await login(page, '/captures');
  await page.waitForFunction(() => (localStorage.getItem('current') ?? '').includes('"loggedIn":true'));
  const data = (await (await page.request.get('/data/all.json')).json()) as DataFile;
  const index = (await (await page.request.get('/data/photos.json')).json()) as PhotoIndex;
  const surveyId = data.ids.surveys[0]!;
  await page.goto(`/surveys/${surveyId}/qc${query}`);
  return { surveyId, index };
}

/** The thumbnail link of a camera's frame, by the name a screen reader reads. */
function frame(page: Page, camera: string, image: string) {
  return page.getByRole('link', { name: new RegExp(`^${camera} ${image} at `) });
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('review a line by keyboard alone: one Tab stop per line, arrows, Enter, Esc and Back keep the place', async ({ page }) => {
  const { surveyId, index } = await openQc(page);
  const [cam1, cam2, cam3] = index.cameras;
  const names = (cam: string) => index.index[cam]!;
  const line1 = page.getByRole('button', { name: /^Line 1 / });
  const line2 = page.getByRole('button', { name: /^Line 2 / });
  await expect(line1).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousViolations(page);

  // From the Line 1 toggle, one Tab reaches the grid's first frame; one more leaves the grid.
  await line1.focus();
  await page.keyboard.press('Tab');
  await expect(frame(page, cam1!, names(cam1!)[0]!)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(line2).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(frame(page, cam1!, names(cam1!)[0]!)).toBeFocused();

  // Arrows between frames (rows) and cameras (columns); Home/End within the row.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(frame(page, cam2!, names(cam2!)[3]!)).toBeFocused();
  await page.keyboard.press('End');
  await expect(frame(page, index.cameras.at(-1)!, names(index.cameras.at(-1)!)[3]!)).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const target = frame(page, cam3!, names(cam3!)[3]!);
  await expect(target).toBeFocused();
  // The focus is visible: an outline is drawn round the thumbnail.
  await expect(target).toHaveCSS('outline-style', 'solid');

  // Open Line 2 too, then come back into Line 1's grid: its tab stop is still the same frame.
  await page.keyboard.press('Tab');
  await expect(line2).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(line2).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Shift+Tab');
  await expect(target).toBeFocused();

  // Enter opens the viewer; Esc returns with the place kept.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/qc/1/${cam3}/${names(cam3!)[3]}$`));
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/surveys/${surveyId}/qc$`));
  await expect(target).toBeFocused();
  await expect(line2).toHaveAttribute('aria-expanded', 'true');

  // Browser Back from the viewer does the same.
  await page.keyboard.press('ArrowDown');
  const below = frame(page, cam3!, names(cam3!)[4]!);
  await expect(below).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${cam3}/${names(cam3!)[4]}$`));
  await page.goBack();
  await expect(below).toBeFocused();
  await expect(line2).toHaveAttribute('aria-expanded', 'true');

  // The viewer's metadata counts the frame in the survey from 1, like in the line.
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: 'Metadata' }).click();
  const meta = page.getByRole('table', { name: 'Image metadata' });
  await expect(meta).toContainText(`5 of ${names(cam3!).length}`);
});

test('a long line: Ctrl+End and PageUp jump, the focused frame is scrolled into view, and the scroll is kept', async ({ page }) => {
  const { index } = await openQc(page, '?rows=3600');
  await page.getByRole('button', { name: /^Line 1 / }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+End');
  const last = page.getByRole('link', { name: new RegExp(`^${index.cameras.at(-1)} .* at 10:59:58$`) });
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press('PageUp');
  const focused = page.locator(':focus');
  await expect(focused).toBeInViewport();
  const before = await page.evaluate<number>('window.scrollY');
  expect(before).toBeGreaterThan(100_000);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/qc\/1\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/qc\?rows=3600$/);
  await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(before - 200);
  await expect(focused).toBeInViewport();
});
