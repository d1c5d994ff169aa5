/**
 * Survey QC review by keyboard alone (issue 8): a line of the grid is one Tab stop, arrows move
 * between frames and cameras, Enter opens the viewer, and Esc or browser Back returns to the
 * grid with the place kept (scroll, open lines, focused frame). Axe scans the grid and viewer.
 */
import { expect, test } from './fixtures';
import { WITHOUT_SERVICE_WORKER } from './helpers';
import { downloadQcReport, expectNoSeriousViolations, flashText, frame, openQc, openQcInProgress } from './qcHelpers';

test.use(WITHOUT_SERVICE_WORKER);

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

/** A survey whose QC is in progress (flags need it), opened on its QC page. */

test('flag and unflag frames by keyboard with a reason; N/P, the viewer, ? and the QC report', async ({ page }) => {
  const { index } = await openQcInProgress(page);
  const [cam1, cam2] = index.cameras;
  const names = (cam: string) => index.index[cam]!;
  await page.getByRole('button', { name: /^Line 1 / }).focus();
  await page.keyboard.press('Tab');
  await expect(frame(page, cam1!, names(cam1!)[0]!)).toBeFocused();

  // F opens the flag dialog; a reason is required; the badge then says it in words.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('f');
  const dialog = page.getByRole('dialog', { name: `Flag frame 3 · ${cam2} · Line 1` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Flag frame' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Cloud shadow' }).check();
  await dialog.getByRole('textbox', { name: /Note/ }).fill('shadow, "river"');
  await dialog.getByRole('button', { name: 'Flag frame' }).click();
  await expect(dialog).toBeHidden();
  await expect(flashText(page, 'frame 3 flagged: Cloud shadow')).toBeVisible();
  const flagged = page.getByRole('link', { name: new RegExp(`^${cam2} ${names(cam2!)[2]} at .*, flagged: Cloud shadow$`) });
  await expect(flagged).toBeVisible();
  await expect(flagged.getByTestId('flag-badge')).toHaveText('Cloud shadow');
  await expect(page.getByRole('status').filter({ hasText: /flagged frame/ })).toHaveText('1 flagged frame');

  // A second flag further down, then N and P move between them.
  await flagged.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('f');
  await page.getByRole('dialog').getByRole('radio', { name: 'Blur' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Flag frame' }).click();
  await expect(flashText(page, 'frame 6 flagged: Blur')).toBeVisible();
  await expect(frame(page, cam2!, names(cam2!)[5]!)).toBeFocused();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('n');
  await expect(flagged).toBeFocused();
  await page.keyboard.press('n');
  await expect(frame(page, cam2!, names(cam2!)[5]!)).toBeFocused();
  await page.keyboard.press('p');
  await expect(flagged).toBeFocused();

  // U unflags the focused frame.
  await page.keyboard.press('n');
  await page.keyboard.press('u');
  await expect(flashText(page, 'frame 6 unflagged')).toBeVisible();
  await expect(frame(page, cam2!, names(cam2!)[5]!)).toHaveAccessibleName(/at \d\d:\d\d:\d\d$/);

  // ? lists the shortcuts.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /N \/ P .*flagged frame/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await help.getByRole('button', { name: 'Close' }).click();

  // The QC report holds the flagged frame, its reason, note and reviewer.
  const lines = await downloadQcReport(page);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,1,${cam2},3,`);
  expect(lines[1]).toContain(',Cloud shadow,"shadow, ""river""",');

  // The viewer shows the flag and unflags it too.
  await flagged.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Flagged: Cloud shadow (shadow, "river")', { exact: true })).toBeVisible();
  await page.keyboard.press('u');
  await expect(flashText(page, 'frame 3 unflagged')).toBeVisible();
  await expect(page.getByText('Not flagged', { exact: true })).toBeVisible();
  await page.keyboard.press('f');
  await page.getByRole('dialog').getByRole('radio', { name: 'Over-exposed' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Flag frame' }).click();
  await expect(page.getByText('Flagged: Over-exposed', { exact: true })).toBeVisible();
});

test('reject requires a reason, shown on the survey row; approve with flags asks how many', async ({ page }) => {
  const { captureId, index } = await openQcInProgress(page);
  await page.getByRole('button', { name: /^Line 1 / }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('f');
  await page.getByRole('dialog').getByRole('radio', { name: 'Cloud', exact: true }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Flag frame' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^${index.cameras[0]} .*, flagged: Cloud$`) })).toBeVisible();

  await page.getByRole('button', { name: 'Approve Survey' }).click();
  await expect(page.getByRole('dialog')).toContainText('Approve with 1 flagged frame?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Reject Survey' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject Survey' });
  await reject.getByRole('button', { name: 'Reject Survey' }).click();
  await expect(reject.getByText('Choose a reason')).toBeVisible();
  await reject.getByRole('radio', { name: 'Other (describe)' }).check();
  await reject.getByRole('button', { name: 'Reject Survey' }).click();
  await expect(reject.getByText('Say why the survey is rejected')).toBeVisible();
  await expectNoSeriousViolations(page);
  await reject.getByRole('textbox', { name: /Describe the reason/ }).fill('Haze over line 2');
  await reject.getByRole('button', { name: 'Reject Survey' }).click();
  await expect(page).toHaveURL(new RegExp(`/captures/${captureId}/surveys$`));
  await expect(page.getByRole('row', { name: /Rejected: Haze over line 2/ })).toBeVisible();
});
