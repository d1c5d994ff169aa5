/**
 * The Team page (issue 52, docs/requirements.md#req-team-roles), end to end: Marco, a data
 * coordinator, gives a new team world its world (his Team page shows him alone, and says no
 * teammate is heard from yet); Dana, a geomatics technician, joins it and stars a
 * capture. Each laptop's Team page then shows both people, their roles, their laptops and when each
 * was last heard from, reached from Settings → Team sync, and reads at 360 px wide, nothing of it wider. With team sync off it says the laptop is in no team world. The record the take keeps
 * (several people and laptops, garbage stamps) is the engine's, shown in Node (teamHeard.test.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './axe';
import { openPath } from './helpers';
import { badge, DANA, expectNoUnexpectedErrors, join, laptop, MARCO, newWorldName, passwordOf, SYNC_URL } from './syncLaptops';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
// Two consoles boot, sign in and join before the walk begins (as sync.spec.ts's walks).
test.describe.configure({ timeout: 120_000 });
expectNoUnexpectedErrors();

const member = (page: Page, email: string) => page.getByRole('region', { name: email, exact: true });
const laptops = (page: Page, email: string) => member(page, email).getByRole('list', { name: `Laptops of ${email}` }).getByRole('listitem');
/** What a laptop's line says when a change made on it was taken: when, to the second. */
const LAST_HEARD = /^Laptop [0-9a-f]{8} · Last heard from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d:\d\d · Nothing waiting from it$/;

test('two people in a team world: each one’s Team page shows both, their roles, their laptops and when each was last heard from', async ({ browser }) => {
  const world = newWorldName();
  const marco = await laptop(browser, MARCO);
  await join(marco, world, `a-${world}`);
  // Alone in it so far: himself, and words for the teammates not heard from yet.
  await openPath(marco, '/team');
  await expect(laptops(marco, MARCO)).toHaveText(['This laptop · In use now']);
  await expect(marco.getByText('No teammate’s change has reached this laptop yet.')).toBeVisible();
  const dana = await laptop(browser, DANA, { withAccount: false });
  expect(await (await dana.request.post('/__accounts', { data: { name: DANA, password: passwordOf(DANA), roles: ['technician'] } })).json()).toMatchObject({ ok: true });
  await join(dana, world, `b-${world}`);

  // Dana acts: a capture starred is a change of hers that reaches the team.
  await openPath(dana, '/captures');
  const star = dana.getByRole('button', { name: 'Favorite capture SAMPLE007', exact: true });
  await expect(star).not.toHaveAttribute('aria-disabled', 'true');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(badge(dana)).toHaveAccessibleName('Team sync: Up to date');

  // Marco reaches the Team page from Settings → Team sync.
  await openPath(marco, '/settings');
  await marco.getByRole('region', { name: 'Team sync' }).getByRole('link', { name: 'Team', exact: true }).click();
  await expect(marco.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(marco).toHaveURL('/team');
  // Himself first, in the role his session gave, on this laptop.
  await expect(member(marco, MARCO).getByRole('heading', { level: 2 })).toHaveText(`${MARCO} (you)`);
  await expect(member(marco, MARCO)).toContainText('Role: data coordinator');
  await expect(laptops(marco, MARCO)).toHaveText(['This laptop · In use now']);
  // Dana once her star has reached this laptop: her laptop, when it was last heard from. Her role is
  // what her change's stamp says: a console whose stamps do not say it yet leaves it not known.
  await expect(laptops(marco, DANA)).toHaveText([LAST_HEARD]);
  await expect(member(marco, DANA).getByText(/^(Role: geomatics technician|Role not known yet)$/)).toBeVisible();
  await expect(marco.getByRole('region', { name: 'Waiting for the team' })).toContainText('This laptop’s changes: Nothing waiting to be sent.');
  const admin = marco.getByRole('region', { name: 'Adding people and changing roles' });
  await expect(admin).toContainText('Only the team server’s admin adds people to the team world');
  await expect(admin).toContainText(`npm run sync:setup -- <server url> ${world} --members <email>`);
  await expectNoSeriousViolations(marco, 'the Team page');

  // On Dana's laptop: herself, a geomatics technician, and Marco, heard from when his world became the team's.
  await openPath(dana, '/team');
  await expect(member(dana, DANA)).toContainText('Role: geomatics technician');
  await expect(laptops(dana, DANA)).toHaveText(['This laptop · In use now']);
  await expect(laptops(dana, MARCO)).toHaveText([LAST_HEARD]);
  await expect(member(dana, MARCO).getByRole('heading', { level: 2 })).toHaveText(MARCO);

  // At 360 px wide the members stack, long names and the commands wrap: nothing of the page is wider.
  await dana.setViewportSize({ width: 360, height: 900 });
  await expect(member(dana, MARCO)).toBeVisible();
  // The header too: its badges and tools fit, the user menu within reach (the offline badge its icon alone).
  expect(await dana.getByRole('banner').evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  await expect(dana.getByRole('button', { name: 'User menu' })).toBeInViewport();
  for (const region of await dana.getByRole('main').getByRole('region').all()) {
    const box = (await region.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await dana.screenshot({ path: test.info().outputPath('team-360.png'), fullPage: true });
  // What a person looks at on a laptop's screen and in a narrow window (test output only).
  for (const [width, height] of [[1280, 800], [800, 600]] as const) {
    await marco.setViewportSize({ width, height });
    await marco.screenshot({ path: test.info().outputPath(`team-${width}.png`), fullPage: true });
  }
  for (const page of [marco, dana]) await page.context().close();
});

test('with team sync off, the Team page says the laptop is in no team world and leads to Settings → Team sync', async ({ browser }) => {
  const page = await laptop(browser, MARCO, { withAccount: false });
  await openPath(page, '/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByText(/^This laptop is in no team world/)).toBeVisible();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.screenshot({ path: test.info().outputPath('team-off-360.png') });
  await page.getByRole('link', { name: 'Settings → Team sync' }).click();
  await expect(page).toHaveURL('/settings#team-sync');
  await expect(page.getByRole('region', { name: 'Team sync' }).getByRole('button', { name: 'Join team world' })).toBeVisible();
  await page.context().close();
});
