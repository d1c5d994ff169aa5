/**
 * Laptops of a team world, end to end (docs/testing.md, team sync's tests): each a browser context
 * of its own (its own IndexedDB) against the team-sync test server beside the app, signed in, with
 * its way in to the server (`/van/<name>/couch`) that a test can cut and restore. Every spec that
 * uses them checks, after each test, that no page wrote an error it did not expect.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { frame } from './qcHelpers';
import { openPath, sampleData, photoIndex } from './helpers';

export const SYNC_URL = `http://127.0.0.1:${Number(process.env.E2E_SYNC_PORT ?? Number(process.env.E2E_PORT ?? 4317) + 1)}`;
export const MARCO = 'marco.alvarez@aerial.example';
export const DANA = 'dana.whitfield@aerial.example';

/** A new team world's name, its own in every test (tests that run at once never share one). */
export const newWorldName = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * The console errors of every laptop's pages. PouchDB's one expected line is a 404 for a checkpoint
 * not written yet (`_local/…`); a request refused while the test has cut the van off is the cut.
 */
export const errors: { text: string; url: string }[] = [];
export const vans = { cut: false };
/** What the laptops' team sync said (`[sync] …`, the end-to-end build's trace), by email. */
export const syncSaid: string[] = [];

export async function cutVan(page: Page, van: string, off: boolean): Promise<void> {
  if (off) vans.cut = true;
  await page.request.post(`/__vans/${van}/${off ? 'cut' : 'restore'}`);
}

/** A test that has the server refuse a laptop (a wrong password, no membership, a session ended) expects the browser to say so in its console. */
export const refusals = { expected: false };

const expected = (e: { text: string; url: string }) =>
  (/status of 404/.test(e.text) && e.url.includes('/_local/')) ||
  (vans.cut && /net::ERR_(EMPTY_RESPONSE|CONNECTION_(RESET|CLOSED|REFUSED))/.test(e.text)) ||
  (refusals.expected && /status of 40[13]/.test(e.text));

/** After each test of the spec that calls it: no page wrote an error it did not expect. */
export function expectNoUnexpectedErrors(): void {
  test.afterEach(() => {
    const unexpected = errors.filter((e) => !expected(e));
    errors.length = 0;
    syncSaid.length = 0;
    vans.cut = false;
    refusals.expected = false;
    expect(unexpected.map((e) => `${e.text} ${e.url}`)).toEqual([]);
  });
}

/** Whom each laptop's console is signed in as. */
const people = new WeakMap<Page, string>();

/** The test server's admin (playwright.config.ts gives it to the server). */
export const ADMIN = { name: 'e2e-admin', password: 'e2e-admin-password' };
/** A person's team account password on the test server. */
export const passwordOf = (email: string) => `pw-${email}`;
const basic = (account: { name: string; password: string }) => ({ authorization: `Basic ${Buffer.from(`${account.name}:${account.password}`).toString('base64')}` });
/** Headers of a request as the server's admin, or as a member (a script with an account, as curl sends). */
export const asAdmin = () => basic(ADMIN);
export const asMember = (email: string) => basic({ name: email, password: passwordOf(email) });

/**
 * The team's admin makes `email` an account on the test server, a data coordinator's: the team walks
 * here are not about roles, and a coordinator may take every action (what a technician may not is
 * syncRoles.spec.ts's, docs/requirements.md#req-team-roles).
 */
export async function account(request: APIRequestContext, email: string): Promise<void> {
  expect(await (await request.post('/__accounts', { data: { name: email, password: passwordOf(email), roles: ['coordinator'] } })).json()).toMatchObject({ ok: true });
}

/** The team's admin sets a team world up (members: every account made so far, or those named). */
export async function setUpWorld(request: APIRequestContext, world: string, members?: string[]): Promise<void> {
  expect(await (await request.post(`/__world/${world}`, { data: members ? { members } : {} })).json()).toMatchObject({ ok: true });
}

/** A laptop signed in to the console as `email`, on Settings; its person has a team account unless `account: false`. */
export async function laptop(browser: Browser, email: string, { withAccount = true, baseURL = SYNC_URL }: { withAccount?: boolean; baseURL?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', reducedMotion: 'reduce' });
  context.on('console', (m) => m.type() === 'error' && errors.push({ text: m.text(), url: m.location().url }));
  context.on('console', (m) => m.text().startsWith('[sync] ') && syncSaid.push(`${email} ${m.text()}`));
  if (process.env.SYNC_TRACE) context.on('console', (m) => console.log(`${(performance.now() / 1000).toFixed(2)} ${process.pid} ${email.slice(0, 4)} ${m.text()}`));
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fsettings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  if (withAccount) await account(page.request, email);
  people.set(page, email);
  return page;
}

export const badge = (page: Page) => page.getByRole('banner').getByRole('status', { name: /^Team sync:/ });

/** Fills Settings → Team sync's join form (through the van's own way in) and presses Join. */
export async function askToJoin(page: Page, world: string, van: string, as: { account: string; password: string }): Promise<void> {
  const section = page.getByRole('region', { name: 'Team sync' });
  await section.getByLabel('Server path').fill(`/van/${van}/couch`);
  await section.getByLabel('World name').fill(world);
  await section.getByLabel('Team account').fill(as.account);
  await section.getByLabel('Password').fill(as.password);
  await section.getByRole('button', { name: 'Join team world' }).click();
  await page.getByRole('dialog', { name: 'Join a team world' }).getByRole('button', { name: 'Join' }).click();
}

/**
 * Joins, signed in as the laptop's person, through the van's own way in to the server, which the
 * test can cut (scripts/syncServer.ts); the team's admin has set the world up first.
 */
export async function join(page: Page, world: string, van: string, then = 'Team sync: Up to date'): Promise<void> {
  await setUpWorld(page.request, world);
  const email = people.get(page) ?? '';
  await askToJoin(page, world, van, { account: email, password: passwordOf(email) });
  await expect(page.getByText(`Joined the team world ${world} as ${email}`, { exact: true })).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName(then);
}

export async function flagFrame(page: Page, thumb: ReturnType<typeof frame>, reason: string, note = ''): Promise<void> {
  await thumb.click({ button: 'right' });
  await page.getByRole('menuitem', { name: /^Flag frame…/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Flag frame/ });
  await dialog.getByRole('radio', { name: reason, exact: true }).check();
  if (note) await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Flag frame' }).click();
  await expect(thumb).toHaveAccessibleName(new RegExp(`, flagged: ${reason}$`));
}


/** Both laptops open the QC page of the sample's survey under QC; answers it, its first camera and that camera's frame names. */
export async function bothOnQcPage(a: Page, b: Page) {
  const data = await sampleData(a);
  const index = await photoIndex(a);
  const survey = Object.values(data.index.surveys).find((s) => s.flags.qcInProgress)!;
  const cam1 = index.cameras[0]!;
  const names = index.index[cam1]!;
  for (const page of [a, b]) await openPath(page, `/surveys/${survey.surveyId}/qc`);
  return { survey, cam1, names };
}
