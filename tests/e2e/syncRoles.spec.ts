/**
 * Roles in a team world (issue 52), end to end: a geomatics technician's laptop, in a team world,
 * shows what their role does not allow disabled with the reason at hand (Assign on a drive's row,
 * the team's speed in Settings; on a colleague's survey, its QC decisions and frame flags, before any
 * dialog opens), and the user menu says the role; a survey the coordinator assigns him reaches his
 * laptop, at the top of his list. What the server holds, for every
 * action kind and role, is the engine's, shown in Node (tests/engine/teamRoles.test.ts,
 * teamRolesCurl.test.ts).
 */
import { expect, test } from './fixtures';
import { flash, openPath, photoIndex, rowOf, sampleData } from './helpers';
import { expectNoUnexpectedErrors, join, laptop, newWorldName, passwordOf, SYNC_URL } from './syncLaptops';
import { frame } from './qcHelpers';
import type { Page } from '@playwright/test';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
test.describe.configure({ timeout: 120_000 });
expectNoUnexpectedErrors();

const TED = 'ted.okafor@aerial.example';
const CORA = 'cora.ng@aerial.example';

/** A technician's laptop: his account made with the technician's role, then joined to `world`. */
async function technician(page: Page, world: string): Promise<void> {
  expect(await (await page.request.post('/__accounts', { data: { name: TED, password: passwordOf(TED), roles: ['technician'] } })).json()).toMatchObject({ ok: true });
  await join(page, world, `t-${world}`);
}

/** The rows of a survey table, in the order shown. */
const surveyRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('button', { name: /^More actions for survey / }) });
const shown = (surveyId: string) => surveyId.slice(0, 8).toUpperCase();

test('a technician sees Assign and the team’s speed disabled, each with why, and the user menu says his role', async ({ browser }) => {
  const world = newWorldName();
  const page = await laptop(browser, TED, { withAccount: false });
  await technician(page, world);

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

test('the coordinator assigns the technician a survey: his laptop shows it his, at the top of his list; on a colleague’s survey his QC decisions and flags are disabled with why, before any dialog', async ({ browser }) => {
  const world = newWorldName();
  // The technician's laptop gives the team its world (the sample, and him among its people); the coordinator's joins it.
  const ted = await laptop(browser, TED, { withAccount: false });
  await technician(ted, world);
  const cora = await laptop(browser, CORA);
  await join(cora, world, `c-${world}`);

  const data = await sampleData(cora);
  // Under QC, assigned to a colleague where the sample has one (else to no one yet: not Ted's either).
  const underQc = Object.values(data.index.surveys).filter((s) => s.flags.qcInProgress);
  const colleagues = underQc.find((s) => s.assignedTo) ?? underQc[0]!;
  // Of the same capture, the received survey flown first: the last of its list, newest first, until it is Ted's.
  const received = Object.values(data.index.surveys).filter((s) => s.captureId === colleagues.captureId && s.receivedOn && s.surveyId !== colleagues.surveyId);
  const his = received.sort((a, b) => (a.flownOn < b.flownOn ? -1 : a.flownOn > b.flownOn ? 1 : 0))[0]!;
  const id = shown(his.surveyId);

  await openPath(ted, `/captures/${colleagues.captureId}/surveys`);
  await expect(surveyRows(ted).first()).not.toContainText(id);

  await openPath(cora, `/captures/${colleagues.captureId}/surveys`);
  await rowOf(cora, id).getByRole('button', { name: `More actions for survey ${id}` }).click();
  await cora.getByRole('menuitem', { name: 'Reassign' }).click();
  const dialog = cora.getByRole('dialog', { name: `Reassign survey ${id}` });
  await dialog.getByRole('combobox', { name: `Assign survey ${id} to` }).click();
  await cora.getByRole('option').filter({ hasText: TED }).click();
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(flash(cora, 'assigned surveys')).toBeVisible();

  // His laptop: the survey is his, and leads his list, the rest newest first as before.
  await expect(surveyRows(ted).first()).toContainText(id);
  await expect(surveyRows(ted).first().getByLabel('TO (Ted Okafor)')).toBeVisible();

  // A colleague's survey under QC: Approve and Reject disabled with why, and flagging too, before any dialog.
  const why = new RegExp(`^A geomatics technician works only the surveys assigned to them: survey ${colleagues.surveyId} is assigned to ${colleagues.assignedTo ?? 'no one'}$`);
  await openPath(ted, `/surveys/${colleagues.surveyId}/qc`);
  const approve = ted.getByRole('button', { name: 'Approve Survey' });
  await expect(approve).toBeDisabled();
  await expect(ted.getByRole('button', { name: 'Reject Survey' })).toBeDisabled();
  await approve.hover();
  await expect(ted.getByRole('tooltip')).toHaveText(why);
  await expect(ted.getByText(new RegExp(`^Flags: ${why.source.slice(1)}`))).toBeVisible();
  const index = await photoIndex(ted);
  const cam1 = index.cameras[0]!;
  const thumb = frame(ted, cam1, index.index[cam1]![0]!);
  await thumb.click({ button: 'right' });
  await expect(ted.getByRole('menuitem', { name: /^Flag frame…/ })).toBeDisabled();
  await thumb.press('Escape');
  await thumb.press('f');
  await expect(ted.getByRole('dialog')).toHaveCount(0);
  await ted.context().close();
  await cora.context().close();
});
