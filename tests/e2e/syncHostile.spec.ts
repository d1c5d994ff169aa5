/**
 * A team world that holds (issues 32 and 33), end to end: what a buggy laptop or a script writes
 * straight into a team world on the server, as curl would. A script with a member's account gets
 * past the server's validation only what the server cannot judge (a survey naming a capture that
 * does not exist); the rest it refuses, and says why. Where a server has no validation (its admin
 * never ran sync:setup, or took it off), the laptops still check: a design document and documents
 * of no kind do not stop a laptop from joining; a change the laptop cannot take is named in
 * Settings with its reason, and the badge counts it. A flood of such documents is the engine's, in
 * Node (tests/engine/syncFlood.test.ts), and its cost at 20 000 `npm run bench:sync`'s (issue 50).
 */
import { request as requests, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { account, asAdmin, asMember, badge, setUpWorld, DANA, expectNoUnexpectedErrors, join, laptop, MARCO, newWorldName, SYNC_URL } from './syncLaptops';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
expectNoUnexpectedErrors();

const newWorld = newWorldName;
const SCRIPT = { by: 'script@aerial.example', laptop: 'curl', at: Date.parse('2026-06-15T12:00:00Z'), tx: 'curl-1', n: 1 };

/** A script's own way to the server, as curl: none of a laptop's cookies (a signed-in browser's would be taken first). */
const curl = (): Promise<APIRequestContext> => requests.newContext({ baseURL: SYNC_URL });

/** The script's account, made a member of the world by its admin, and its own way to the server. */
async function scriptIn(page: Page, world: string): Promise<APIRequestContext> {
  await account(page.request, SCRIPT.by);
  await setUpWorld(page.request, world, [SCRIPT.by]);
  return curl();
}

/** Writes documents into the team world as a script would, through the server's CouchDB API: each written, or why not. */
async function written(request: APIRequestContext, world: string, docs: Record<string, unknown>[], headers = asMember(SCRIPT.by)): Promise<{ id: string; error?: string; reason?: string }[]> {
  const answer = await request.post(`/couch/${world}/_bulk_docs`, { data: { docs }, headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { id: string; error?: string; reason?: string }[];
}

/** The team world's validation taken off by its admin, as on a server sync:setup never set up: what is written then, only the laptops check. */
async function withoutValidation(request: APIRequestContext, world: string): Promise<void> {
  const design = (await (await request.get(`/couch/${world}/_design/team-rules`, { headers: asAdmin() })).json()) as { _rev: string };
  expect((await request.delete(`/couch/${world}/_design/team-rules?rev=${design._rev}`, { headers: asAdmin() })).ok()).toBe(true);
}

/** A survey document of the world, as the server holds it. */
async function aSurveyDoc(request: APIRequestContext, world: string): Promise<Record<string, unknown>> {
  const list = (await (await request.get(`/couch/${world}/_all_docs?startkey="surveys:"&endkey="surveys:\uffff"&limit=1&include_docs=true`, { headers: asAdmin() })).json()) as { rows: { doc: Record<string, unknown> }[] };
  const { _rev: _r, ...doc } = list.rows[0]!.doc;
  return doc;
}

const notTaken = (page: Page) => page.getByRole('table', { name: 'Changes not taken' });

test('a design document and documents of no kind in a team world: a laptop still joins, and names what it did not take', async ({ browser }) => {
  const world = newWorld();
  const a = await laptop(browser, MARCO);
  await join(a, world, `a-${world}`);
  // A member's script is refused each of them, with why.
  const script = await scriptIn(a, world);
  const refused = await written(script, world, [{ _id: '_design/validate', validate_doc_update: 'function(){}' }, { _id: 'x:1' }, { _id: 'nocolon', kind: 'surveys', stamp: SCRIPT }]);
  expect(refused).toEqual([
    expect.objectContaining({ id: '_design/validate', error: 'forbidden' }),
    expect.objectContaining({ id: 'x:1', error: 'forbidden', reason: expect.stringMatching(/does not say who wrote it/) }),
    expect.objectContaining({ id: 'nocolon', error: 'forbidden', reason: expect.stringMatching(/names no kind of entity/) }),
  ]);
  await withoutValidation(script, world);
  await written(script, world, [{ _id: '_design/validate', validate_doc_update: 'function(){}' }, { _id: 'x:1' }, { _id: 'nocolon', kind: 'surveys', stamp: SCRIPT }], asAdmin());

  const b = await laptop(browser, DANA);
  // The world is the team's; the two documents of no kind are named, the design document is the server's.
  await join(b, world, `b-${world}`, 'Team sync: Up to date, 2 changes not taken');
  await expect(notTaken(b).getByRole('row')).toHaveCount(3);
  await expect(notTaken(b).getByRole('row', { name: /A document named “x:1”/ })).toContainText('does not say who wrote it');
  await expect(notTaken(b).getByRole('row', { name: /A document named “nocolon”/ })).toContainText('script@aerial.example');
  await a.context().close();
  await b.context().close();
});

test('a change no laptop can take is named in Settings with its reason; one a laptop holds is answered with its own version', async ({ browser }) => {
  const world = newWorld();
  const a = await laptop(browser, MARCO);
  await join(a, world, `a-${world}`);
  const script = await scriptIn(a, world);
  const survey = await aSurveyDoc(script, world);
  const { _id: id, ...body } = survey;
  const e = body.e as Record<string, unknown>;
  // The server cannot judge what names another document: this one gets in.
  await written(script, world, [
    // A new survey naming a capture that does not exist: it waits for it, named.
    { ...body, _id: 'surveys:orphan-1', e: { ...e, captureId: 'no-such-capture' }, stamp: SCRIPT },
  ]);
  await expect(badge(a)).toHaveAccessibleName('Team sync: Up to date, 1 change not taken', { timeout: 30_000 });
  await a.getByRole('banner').getByRole('link', { name: '1 change not taken' }).click();
  await expect(notTaken(a).getByRole('row', { name: /Survey orphan-1/ })).toContainText('Until what it names arrives: surveys:orphan-1 names capture no-such-capture, which this laptop does not hold');

  // An edit of a survey this laptop holds, of a size that is no size: the server refuses it, and says why.
  const url = `/couch/${world}/${encodeURIComponent(String(id))}`;
  const current = (await (await script.get(url, { headers: asAdmin() })).json()) as Record<string, unknown>;
  const enormous = { ...current, e: { ...(current.e as object), size: 'enormous' }, stamp: { ...SCRIPT, tx: 'curl-2' } };
  const put = await script.put(url, { data: enormous, headers: asMember(SCRIPT.by) });
  expect(put.status()).toBe(403);
  expect(((await put.json()) as { reason: string }).reason).toMatch(/\.size is not/);
  // Where nothing checks it on the server, the laptop does not take it, and answers it.
  await withoutValidation(script, world);
  await script.put(url, { data: enormous, headers: asAdmin() });
  const answered = a.getByRole('table', { name: 'Not taken and answered' });
  await expect(answered.getByRole('row', { name: new RegExp(`Survey ${String(id).slice('surveys:'.length, 'surveys:'.length + 20)}`) })).toContainText('size', { timeout: 30_000 });
  // The server holds the laptop's version again, not the one it did not take.
  await expect.poll(async () => ((await (await script.get(url, { headers: asAdmin() })).json()) as { e: { size?: unknown } }).e.size).not.toBe('enormous');
  await a.context().close();
});
