/**
 * A team world only its members reach (issue 33), end to end: each person signs in to the team
 * server with their own team account, and Settings says who is signed in. A laptop with no
 * account, a wrong password or no membership is refused, sees why, and keeps its own world. A
 * session the server ended while a van was off the network (a short session timeout: a laptop that
 * reaches the server keeps its session alive) says "Sign in to sync"; work goes on here, and after
 * the next sign-in the waiting changes reach the other laptop.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { frame } from './qcHelpers';
import { advanceClock, openPath, sampleData } from './helpers';
import { SESSION_RENEW_MS } from '../../worker/sync/sessionKeeper';
import { startSyncServer, type SyncServer } from '../../scripts/syncServer';
import { account, ADMIN, askToJoin, badge, bothOnQcPage, cutVan, DANA, expectNoUnexpectedErrors, flagFrame, join, laptop, MARCO, newWorldName, passwordOf, refusals, setUpWorld, SYNC_URL } from './syncLaptops';

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
  await expect(badge(c)).toHaveAccessibleName('Team sync: Up to date');
  await expect(teamSync(c)).toContainText(`Signed in to the team server as ${ROSA}`);
  for (const page of [a, c]) await page.context().close();
});

/**
 * How long a session lasts without a request, on this test's own server. Longer than a long poll
 * of the changes is held open (10 s) with room to spare: this server sends a poll's headers when it
 * ends, and the cookie they bring, of the poll's start, replaces a fresher one
 * (docs/sync.md#signing-in). The van stays away longer than it, and Dana's laptop, whose team is
 * quiet meanwhile, must not lose its session for it.
 */
const SESSION_S = 20;

/** Until the team server takes the laptop's session cookie for no one: the session has ended. */
async function sessionEnded(page: Page, server: SyncServer): Promise<void> {
  await expect
    .poll(
      async () => {
        const cookie = (await page.context().cookies(server.url)).find((c) => c.name === 'AuthSession');
        if (!cookie) return null;
        const answer = (await (await fetch(`${server.url}/couch/_session`, { headers: { cookie: `AuthSession=${cookie.value}` } })).json()) as { userCtx: { name: string | null } };
        return answer.userCtx.name;
      },
      { timeout: 4 * SESSION_S * 1000, intervals: [500] },
    )
    .toBeNull();
}

/**
 * The laptop's clock turns a renewal's worth every 2 s of the test, as it would on a desk: its
 * team sync renews its session (sync/sessionKeeper.ts) well within SESSION_S, however long the
 * test's other steps take on a busy machine. Answers how to stop.
 */
function clockTurning(page: Page): () => void {
  const timer = setInterval(() => void advanceClock(page, SESSION_RENEW_MS).catch(() => undefined), 2_000);
  return () => clearInterval(timer);
}

test('a session the server ended while the van was away says Sign in to sync; work goes on, and after the next sign-in it reaches the other laptop', async ({ browser }) => {
  test.setTimeout(120_000);
  // A server of this test's own, its sessions short: the shared one's would end under the other tests.
  const server = await startSyncServer({ port: 0, app: process.env.BUILD_OUT_DIR ?? 'dist-e2e', vans: true, empty: true, admin: ADMIN, sessionTimeoutS: SESSION_S });
  refusals.expected = true;
  let stopClock = () => undefined as void;
  try {
    const world = newWorldName();
    const a = await laptop(browser, MARCO, { baseURL: server.url });
    const vanA = `a-${world}`;
    await join(a, world, vanA);
    const b = await laptop(browser, DANA, { baseURL: server.url });
    await join(b, world, `b-${world}`);
    stopClock = clockTurning(b);
    const { cam1, names } = await bothOnQcPage(a, b);

    // Marco's van loses its network, long enough for the server to end his session; he works on.
    await cutVan(a, vanA, true);
    await flagFrame(a, frame(a, cam1, names[3]!), 'Cloud');
    await expect(badge(a)).toHaveAccessibleName('Team sync: Offline · 1 waiting');
    await sessionEnded(a, server);
    // Back on the network: the server no longer knows the laptop, and the badge says so. Work goes on.
    await cutVan(a, vanA, false);
    await expect(badge(a)).toHaveAccessibleName('Team sync: Sign in to sync · 1 waiting');
    await flagFrame(a, frame(a, cam1, names[4]!), 'Blur');
    await expect(badge(a)).toHaveAccessibleName('Team sync: Sign in to sync · 2 waiting');
    // Dana's laptop, on the network all along, kept its session alive.
    await expect(badge(b)).toHaveAccessibleName('Team sync: Up to date');

    // Settings says why, and signs in again; what waited goes out to Dana.
    await badge(a).getByRole('link').click();
    await expect(teamSync(a).getByRole('alert')).toContainText('The team server ended this laptop’s session');
    await teamSync(a).getByLabel('Password').fill(passwordOf(MARCO));
    await teamSync(a).getByRole('button', { name: 'Sign in to sync' }).click();
    await expect(teamSync(a)).toContainText(`Signed in to the team server as ${MARCO}`);
    await expect(badge(a)).toHaveAccessibleName('Team sync: Up to date');
    await expect(frame(b, cam1, names[3]!)).toHaveAccessibleName(/, flagged: Cloud$/);
    await expect(frame(b, cam1, names[4]!)).toHaveAccessibleName(/, flagged: Blur$/);
    for (const page of [a, b]) await page.context().close();
  } finally {
    stopClock();
    await server.close();
  }
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
