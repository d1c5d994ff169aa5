/**
 * Roles in a team world (issue 52), end to end: a geomatics technician's laptop, in a team world,
 * shows what their role does not allow disabled with the reason at hand (Assign on a drive's row,
 * the team's speed in Settings), and the user menu says the role. What the server holds, for every
 * action kind and role, is the engine's, shown in Node (tests/engine/teamRoles.test.ts,
 * teamRolesCurl.test.ts).
 */
import { expect, test } from './fixtures';
import { openPath, rowOf } from './helpers';
import { expectNoUnexpectedErrors, join, laptop, newWorldName, passwordOf, SYNC_URL } from './syncLaptops';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
test.describe.configure({ timeout: 120_000 });
expectNoUnexpectedErrors();

const TED = 'ted.okafor@aerial.example';

test('a technician sees Assign and the team’s speed disabled, each with why, and the user menu says his role', async ({ browser }) => {
  const world = newWorldName();
  const page = await laptop(browser, TED, { withAccount: false });
  expect(await (await page.request.post('/__accounts', { data: { name: TED, password: passwordOf(TED), roles: ['technician'] } })).json()).toMatchObject({ ok: true });
  await join(page, world, `t-${world}`);

  // The sample's drive ingest-06 holds media waiting for its assignment: the coordinator's to do.
  await openPath(page, '/drives');
  const assign = rowOf(page, 'ingest-06').getByRole('button', { name: 'Assign' });
  await expect(assign).toBeDisabled();
  await assign.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Only a data coordinator assigns surveys');

  await openPath(page, '/settings');
  await expect(page.getByLabel('Simulation speed')).toBeDisabled();
  await expect(page.getByText('Only a data coordinator sets the team’s simulation speed')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu', { name: 'User menu' }).getByText('Role: geomatics technician', { exact: true })).toBeVisible();
  await page.context().close();
});
