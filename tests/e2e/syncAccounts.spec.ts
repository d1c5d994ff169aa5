/**
 * A team world only its members reach (issue 33), end to end: each person signs in to the team
 * server with their own team account, and Settings says who is signed in. A laptop with no
 * account, a wrong password or no membership is refused, sees why, and keeps its own world. A
 * person changes their own team password, signs out and in again. A session the server ended
 * while a van was off the network is the engine's, shown in Node (tests/engine/teamSync.test.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPath, sampleData } from './helpers';
import { account, askToJoin, badge, expectNoUnexpectedErrors, join, laptop, MARCO, newWorldName, passwordOf, refusals, setUpWorld, SYNC_URL } from './syncLaptops';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
expectNoUnexpectedErrors();

const ROSA = 'rosa.mendes@aerial.example';
const teamSync = (page: Page) => page.getByRole('region', { name: 'Team sync' });

test('a laptop with no account, a wrong password or no membership is refused, sees why, and keeps its world; once a member, it joins', async ({ browser }) => {
  refusals.expected = true;
  const world = newWorldName();
  const a = await laptop(browser, MARCO);
  await join(a, world, `a-${world}`);
  await expect(teamSync(a)).toContainText(`Signed in to the team server as ${MARCO}`);

  // Nobody has made Rosa an account yet.
  const c = await laptop(browser, ROSA, { withAccount: false });
  const van = `c-${world}`;
  await askToJoin(c, world, van, { account: ROSA, password: 'a guess' });
  await expect(teamSync(c).getByText('The team server does not know this account with this password')).toBeVisible();
  // Her account is made, and she mistypes its password.
  await account(c.request, ROSA);
  await askToJoin(c, world, van, { account: ROSA, password: `${passwordOf(ROSA)}x` });
  await expect(teamSync(c).getByText('The team server does not know this account with this password')).toBeVisible();
  // The right password, but she is no member of the team world.
  await askToJoin(c, world, van, { account: ROSA, password: passwordOf(ROSA) });
  await expect(teamSync(c).getByRole('alert')).toHaveText(`The team account ${ROSA} is not a member of the team world ${world}: ask your team’s admin to add it`);
  // Her laptop is not in the team world, and its own world stands.
  await expect(badge(c)).toHaveCount(0);
  await expect(teamSync(c).getByRole('button', { name: 'Join team world' })).toBeEnabled();
  const own = await sampleData(c);
  const capture = Object.values(own.index.captures)[0]!;
  await openPath(c, `/captures/${capture.captureId}`);
  await expect(c.getByRole('heading', { level: 1 })).toContainText(capture.cpid);

  // The admin adds her: she joins, signed in as herself.
  await setUpWorld(c.request, world, [ROSA]);
  await openPath(c, '/settings');
  await askToJoin(c, world, van, { account: ROSA, password: passwordOf(ROSA) });
  // A join takes the team's world whole: on a busy machine, longer than an expectation's 10 s.
  await expect(badge(c)).toHaveAccessibleName('Team sync: Up to date', { timeout: 30_000 });
  await expect(teamSync(c)).toContainText(`Signed in to the team server as ${ROSA}`);
  for (const page of [a, c]) await page.context().close();
});

test('a person changes their own team password in Settings, signs out, and signs in with the new one (the old one no longer works)', async ({ browser }) => {
  refusals.expected = true;
  const PAULA = 'paula.nunes@aerial.example';
  const world = newWorldName();
  const page = await laptop(browser, PAULA);
  await join(page, world, `p-${world}`);
  const sync = teamSync(page);
  await sync.getByRole('button', { name: 'Change your password' }).click();
  const form = sync.getByRole('form', { name: 'Change your team password' });
  const fresh = `${passwordOf(PAULA)}-new`;
  // A wrong current password, then two new ones that differ: each said beside its field, nothing changed.
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password', { exact: true }).fill(fresh);
  await form.getByLabel('New password again').fill(fresh);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The team server does not know this account with this password')).toBeVisible();
  await form.getByLabel('Current password').fill(passwordOf(PAULA));
  await form.getByLabel('New password again').fill(`${fresh}x`);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The two new passwords differ: type the same one twice')).toBeVisible();
  await form.getByLabel('New password again').fill(fresh);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your team password is changed: this laptop is signed in with the new one')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');

  await sync.getByRole('button', { name: 'Sign out of the team server' }).click();
  await expect(badge(page)).toHaveAccessibleName(/^Team sync: Sign in to sync/);
  const signIn = sync.getByRole('form', { name: 'Sign in to the team server' });
  await signIn.getByLabel('Password', { exact: true }).fill(passwordOf(PAULA));
  await signIn.getByRole('button', { name: 'Sign in to sync' }).click();
  await expect(signIn.getByText('The team server does not know this account with this password')).toBeVisible();
  await signIn.getByLabel('Password', { exact: true }).fill(fresh);
  await signIn.getByRole('button', { name: 'Sign in to sync' }).click();
  await expect(sync).toContainText(`Signed in to the team server as ${PAULA}`);
  await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
  await page.context().close();
});
