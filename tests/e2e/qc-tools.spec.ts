/**
 * Survey QC, issue 8 part 3: the "Flagged only" filter, review progress ("n of N frames seen"),
 * the viewer (fit, zoom, pan, keys, real metadata), the capture QC report and pre-screening.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { downloadQcReport, expectNoSeriousViolations, flashText, frame, openQcInProgress } from './qcHelpers';
import { WITHOUT_SERVICE_WORKER, openPath, painted } from './helpers';

test.use(WITHOUT_SERVICE_WORKER);

async function flagFocused(page: Page, reason: string, frameNo: number): Promise<void> {
  await page.keyboard.press('f');
  await page.getByRole('dialog').getByRole('radio', { name: reason, exact: true }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Flag frame' }).click();
  await expect(flashText(page, `frame ${frameNo} flagged: ${reason}`)).toBeVisible();
  // The dialog animates out (it stays mounted): the grid has the keys again once it is gone.
  await expect(page.getByRole('dialog')).toHaveCount(0);
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

  // Paging through the line by keyboard brings every row into view: the whole line is seen. A
  // person looks at each page; keys pressed faster than the page paints skip rows never shown.
  await line1.focus();
  await page.keyboard.press('Tab');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('PageDown');
    await painted(page);
  }
  await expect(line1).toHaveAccessibleName(/ · 120 of 120 frames seen$/);
  await expect(page.getByText('120 of 360 frames seen', { exact: true })).toBeVisible();

  // A frame opened in the viewer counts too, though its line is closed; a reload keeps it all.
  const line2Frame = names(cam2!)[25]!;
  await openPath(page, `/surveys/${surveyId}/qc/2/${cam2}/${line2Frame}`);
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

  // A page load at once after the flash: the flag is kept (no other test reloads after a frame flag).
  await page.goto(`/captures/${captureId}/qc`);
  const table = page.getByRole('table', { name: /^Flagged frames of / });
  await expect(table.getByRole('row', { name: new RegExp(` 1 ${cam1} 2 09:00:02 Over-exposed sun glint, lake `) })).toBeVisible();
  await expectNoSeriousViolations(page);
  const lines = await downloadQcReport(page);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,1,${cam1},2,09:00:02,Over-exposed,"sun glint, lake",`);
});

test('the viewer opens fitted on the best rendition; zoom, pan, 1:1 and the keys; real metadata', async ({ page }) => {
  const { surveyId, index } = await openQcInProgress(page);
  const cam1 = index.cameras[0]!;
  const [first, second, third] = index.index[cam1]!;
  await openPath(page, `/surveys/${surveyId}/qc/1/${cam1}/${first}`);
  const img = page.getByRole('img', { name: `${cam1} frame ${first} of line 1` });
  const stage = page.getByRole('group', { name: 'Frame' });
  const zoom = page.getByRole('toolbar', { name: 'Zoom' }).getByRole('status');
  // 1280 × 800: the fitted frame is larger than 1/2, so the full frame is fetched.
  await expect(page.getByRole('tab', { name: 'Full Frame' })).toHaveAttribute('aria-selected', 'true');
  await expect(img).toHaveAttribute('src', /\.full\.jpg$/);
  await expect.poll(() => img.evaluate((i) => (i as unknown as { complete: boolean }).complete)).toBe(true);
  // Fitted: wholly inside the window and the stage, centred in the stage.
  const box = (await img.boundingBox())!;
  const stageBox = (await stage.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  expect(box.y).toBeGreaterThanOrEqual(stageBox.y - 1);
  expect(Math.abs(box.x + box.width / 2 - (stageBox.x + stageBox.width / 2))).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - (stageBox.y + stageBox.height / 2))).toBeLessThan(2);
  await expectNoSeriousViolations(page);

  // + zooms in; the arrows then pan (same frame); 0 fits again and the arrows change frame.
  const fitted = await zoom.textContent();
  await page.keyboard.press('+');
  await expect(zoom).not.toHaveText(fitted!);
  const before = (await img.boundingBox())!;
  // (Zoomed 1.25 × the frame is still narrower than the stage: it pans up and down only.)
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await img.boundingBox())!.y).toBeLessThan(before.y);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/${first}$`));
  // Dragging pans too.
  const dragFrom = (await img.boundingBox())!;
  await page.mouse.move(stageBox.x + 300, stageBox.y + 200);
  await page.mouse.down();
  await page.mouse.move(stageBox.x + 310, stageBox.y + 260, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await img.boundingBox())!.y).toBeGreaterThan(dragFrom.y);
  await page.keyboard.press('0');
  await expect(zoom).toHaveText(fitted!);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/${second}$`));

  // The wheel zooms; 1 shows actual pixels (100 %).
  await page.mouse.move(stageBox.x + stageBox.width / 2, stageBox.y + stageBox.height / 2);
  await page.mouse.wheel(0, -300);
  await expect(zoom).not.toHaveText(fitted!);
  await page.keyboard.press('1');
  await expect(zoom).toHaveText('100%');

  // A tab chosen with the mouse does not keep the arrows: they still change frame.
  await page.getByRole('tab', { name: '1/4' }).click();
  const quarter = page.getByRole('img', { name: `${cam1} frame ${second} of line 1` });
  await expect(quarter).toHaveAttribute('src', /\.4\.jpg$/);
  await page.keyboard.press('0');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/${third}$`));
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(new RegExp(`/${index.cameras[1]}/${index.index[index.cameras[1]!]![2]}$`));

  // Metadata: where the frame is, what is on screen, where it comes from.
  await page.getByRole('tab', { name: 'Metadata' }).click();
  const meta = page.getByRole('table', { name: 'Image metadata' });
  const value = (term: string) => meta.getByRole('row', { name: new RegExp(`^${term} `) }).getByRole('cell');
  await expect(value('Frame in line')).toHaveText('3 of 20');
  await expect(value('Frame in survey')).toHaveText(`3 of ${index.index[cam1]!.length}`);
  await expect(value('Flight plan')).not.toHaveText('—');
  await expect(value('Altitude')).toHaveText(/^[\d,]+ ft$/);
  await expect(value('Position along the line')).toHaveText(/^\d\.\d{3} of [\d.]+ mi/);
  await expect(value('Rendition')).toHaveText('1/4 · 256 × 192 px');
  await expect(value('Source')).toHaveText(`1/${index.cameras[1]}/${index.index[index.cameras[1]!]![2]}.jp2`);
  await expect(value('Capture time')).toHaveText(/ 09:00:04$/);
  await expect(value('Flag')).toHaveText('Not flagged');
  await expectNoSeriousViolations(page);

  // Esc goes back to the grid.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/surveys/${surveyId}/qc$`));
});

interface DefectManifest {
  defects: { line: number; camera: string; frame: number; image: string; defect: string }[];
}
const spoiledFrames = async (page: Page) => ((await (await page.request.get('/photos/defects.json')).json()) as DefectManifest).defects;

test('the pre-screen suggests the spoiled frames and only them; S accepts a suggestion as a flag', async ({ page, context }) => {
  // Each line's thumbnails come in one pack, a little slow, so the pre-screen's progress can be seen.
  const packsRead: string[] = [];
  await context.route('**/photos/*/thumbnails.32.pack', async (route) => {
    packsRead.push(new URL(route.request().url()).pathname);
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  const { surveyId, index } = await openQcInProgress(page);
  const defects = await spoiledFrames(page);
  const reason: Record<string, string> = { cloud: 'Cloud', blur: 'Blur', overexposed: 'Over-exposed', black: 'Under-exposed / black' };
  await expect(page.getByRole('progressbar', { name: 'Pre-screen' })).toBeVisible();
  await expect(page.getByText(`Pre-screen: ${defects.length} frames suggested`)).toBeVisible({ timeout: 30_000 });
  expect(packsRead.sort()).toEqual(index.lines.map(({ line }) => `/photos/${line}/thumbnails.32.pack`));
  await expectNoSeriousViolations(page);

  // Line 1, every row brought into view: the suggested frames are exactly the spoiled ones.
  const grid = page.getByRole('grid', { name: 'Line 1 thumbnails' });
  const suggested = new Map<string, string>();
  const readSuggestions = async () => {
    for (const name of await grid.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''))) {
      const m = /^(\S+) (\S+) at .*, suggested: ([^(]+) \(/.exec(name);
      if (m) suggested.set(m[2]!, m[3]!);
    }
  };
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  const lastFrame = String(index.lines[0]!.count).padStart(5, '0');
  await page.getByRole('button', { name: /^Line 1 / }).focus();
  await page.keyboard.press('Tab');
  // A page down at a time, each read once the focus has moved (its rows are then in the page): read
  // at once, on a slow machine, a page's rows could be passed over before they were drawn.
  for (let i = 0; i < 20; i++) {
    await readSuggestions();
    const before = await focusedName();
    if (before.includes(`_${lastFrame} at `)) break;
    await page.keyboard.press('PageDown');
    const moved = await page
      .waitForFunction((was) => (document.activeElement?.getAttribute('aria-label') ?? '') !== was, before, { timeout: 3_000 })
      .then(() => true, () => false);
    if (!moved) break; // the last row has the focus
  }
  await expect(grid.getByRole('link', { name: new RegExp(`_${lastFrame} at `) }).first()).toBeVisible();
  await readSuggestions();
  const spoiled = defects.filter((d) => d.line === 1);
  expect(spoiled.length).toBeGreaterThan(0);
  expect(Object.fromEntries(suggested)).toEqual(Object.fromEntries(spoiled.map((d) => [d.image, reason[d.defect]])));
  expect(index.cameras).toContain(spoiled[0]!.camera);

  // S on a suggested frame flags it with the suggested reason; the badge becomes the flag's.
  const first = spoiled[0]!;
  const link = page.getByRole('link', { name: new RegExp(`^${first.camera} ${first.image} at `) });
  await link.focus();
  await expect(link.getByTestId('suggested-badge')).toContainText(`Suggested: ${reason[first.defect]}`);
  await page.keyboard.press('s');
  await expect(flashText(page, `frame ${first.frame} flagged: ${reason[first.defect]}`)).toBeVisible();
  await expect(link).toHaveAccessibleName(new RegExp(`, flagged: ${reason[first.defect]!.replace('/', '\\/')}$`));
  await expect(link.getByTestId('suggested-badge')).toHaveCount(0);

  // The viewer's metadata gives the frame's figures and its flag.
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: 'Metadata' }).click();
  const meta = page.getByRole('table', { name: 'Image metadata' });
  await expect(meta.getByRole('row', { name: /^Pre-screen / })).toContainText(`Suggested: ${reason[first.defect]}`);
  await expect(meta.getByRole('row', { name: /^Flag / })).toContainText(`${reason[first.defect]} (Pre-screen: `);

  // In the viewer of another spoiled frame, S accepts its suggestion too.
  const second = spoiled[1]!;
  await page.goto(`/surveys/${surveyId}/qc/1/${second.camera}/${second.image}`);
  await expect(page.getByText(new RegExp(`^Suggested: ${reason[second.defect]!.replace('/', '\\/')} \\(`))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Accept suggestion (S)' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('s');
  await expect(page.getByText(new RegExp(`^Flagged: ${reason[second.defect]!.replace('/', '\\/')} \\(Pre-screen: `))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept suggestion (S)' })).toHaveCount(0);
});

test('with the thumbnail packs out of reach, the pre-screen reads each thumbnail alone and suggests the same frames', async ({ page, context }) => {
  await context.route('**/photos/*/thumbnails.32.pack', (route) => route.abort('internetdisconnected'));
  const { surveyId } = await openQcInProgress(page);
  const defects = await spoiledFrames(page);
  await expect(page.getByText(`Pre-screen: ${defects.length} frames suggested`)).toBeVisible({ timeout: 30_000 });
  const last = defects[defects.length - 1]!;
  await page.goto(`/surveys/${surveyId}/qc/${last.line}/${last.camera}/${last.image}`);
  await expect(page.getByRole('button', { name: 'Accept suggestion (S)' })).toBeVisible();
});

test("a thumbnail's context menu flags, unflags and opens the viewer, by mouse and by keyboard", async ({ page }) => {
  const { index } = await openQcInProgress(page);
  const [cam1, cam2] = index.cameras;
  const names = (cam: string) => index.index[cam]!;
  const thumb = frame(page, cam2!, names(cam2!)[1]!);
  const menu = page.getByRole('menu', { name: `Frame 2 · ${cam2} · Line 1` });

  // By mouse: a right-click opens the menu at the pointer; a frame without a flag cannot be unflagged.
  await thumb.click({ button: 'right' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /^Unflag frame/ })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: /^Open in viewer/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await menu.getByRole('menuitem', { name: /^Flag frame…/ }).click();
  const dialog = page.getByRole('dialog', { name: `Flag frame 2 · ${cam2} · Line 1` });
  await dialog.getByRole('radio', { name: 'Cloud', exact: true }).check();
  await dialog.getByRole('button', { name: 'Flag frame' }).click();
  await expect(flashText(page, 'frame 2 flagged: Cloud')).toBeVisible();
  await expect(thumb).toHaveAccessibleName(/, flagged: Cloud$/);
  await expect(thumb).toBeFocused();
  await thumb.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /^Unflag frame/ }).click();
  await expect(flashText(page, 'frame 2 unflagged')).toBeVisible();
  await expect(thumb).toHaveAccessibleName(/at \d\d:\d\d:\d\d$/);
  await expect(thumb).toBeFocused();

  // By keyboard: Shift+F10 opens the menu on the focused frame with its first item focused.
  // (Frame 3, so its flashes differ from frame 2's, which may still show.)
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  const other = frame(page, cam1!, names(cam1!)[2]!);
  await expect(other).toBeFocused();
  await page.keyboard.press('Shift+F10');
  const otherMenu = page.getByRole('menu', { name: `Frame 3 · ${cam1} · Line 1` });
  await expect(otherMenu.getByRole('menuitem', { name: /^Flag frame…/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('radio', { name: 'Blur', exact: true }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Flag frame' }).click();
  await expect(flashText(page, 'frame 3 flagged: Blur')).toBeVisible();
  await expect(other).toBeFocused();
  // Esc closes the menu and leaves the focus on the frame.
  await page.keyboard.press('Shift+F10');
  await expect(otherMenu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(otherMenu).toBeHidden();
  await expect(other).toBeFocused();
  // The context-menu key: Unflag frame is the second item.
  await page.keyboard.press('ContextMenu');
  await expect(otherMenu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(otherMenu.getByRole('menuitem', { name: /^Unflag frame/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(flashText(page, 'frame 3 unflagged')).toBeVisible();
  await expect(other).toBeFocused();

  // Open in viewer.
  await page.keyboard.press('Shift+F10');
  await otherMenu.getByRole('menuitem', { name: /^Open in viewer/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${cam1}/${names(cam1!)[2]}$`));
});

test('N/P walk the flagged frames across lines, opening the line that holds the next one', async ({ page }) => {
  const { index } = await openQcInProgress(page);
  const [cam1, cam2] = index.cameras;
  const names = (cam: string) => index.index[cam]!;
  const line3 = index.lines.find((l) => l.line === 3)!;
  const first = frame(page, cam1!, names(cam1!)[1]!);
  const last = frame(page, cam2!, names(cam2!)[line3.start + 14]!);

  // A flag on line 1 (frame 2) and one on line 3 (frame 15); line 2 has none.
  await page.getByRole('button', { name: /^Line 1 / }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await flagFocused(page, 'Cloud', 2);
  await page.getByRole('button', { name: /^Line 3 / }).click();
  await page.getByRole('grid', { name: 'Line 3 thumbnails' }).getByRole('link').first().focus();
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await flagFocused(page, 'Blur', 15);
  // Line 3 closed again: N must open it.
  await page.getByRole('button', { name: /^Line 3 / }).click();
  await expect(page.getByRole('grid', { name: 'Line 3 thumbnails' })).toBeHidden();

  await first.focus();
  await page.keyboard.press('n');
  await expect(page.getByRole('grid', { name: 'Line 3 thumbnails' })).toBeVisible();
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press('n');
  await expect(page.getByText('No more flagged frames', { exact: true })).toBeVisible();
  await expect(last).toBeFocused();
  await page.keyboard.press('p');
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await expect(page.getByText('No more flagged frames', { exact: true })).toBeHidden();
  await page.keyboard.press('p');
  await expect(page.getByText('No flagged frames before this one', { exact: true })).toBeVisible();
  await expect(first).toBeFocused();
});
