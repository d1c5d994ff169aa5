/**
 * A team world that holds (issue 32), end to end: what a buggy laptop or a script writes straight
 * into a team world on the server, as curl would. A design document and documents of no kind do
 * not stop a laptop from joining; a change the laptop cannot take is named in Settings with its
 * reason, and the badge counts it; a flood of such documents does not stop a flag from crossing.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { frame } from './qcHelpers';
import { sampleData } from './helpers';
import type { PhotoIndex } from '../../worker/domain/types';
import { badge, DANA, expectNoUnexpectedErrors, flagFrame, join, laptop, MARCO, SYNC_URL } from './syncLaptops';

test.use({ baseURL: SYNC_URL, serviceWorkers: 'block' });
expectNoUnexpectedErrors();

const newWorld = () => `hostile-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const SCRIPT = { by: 'script@aerial.example', laptop: 'curl', at: Date.parse('2026-06-15T12:00:00Z'), tx: 'curl-1', n: 1 };

/** Writes documents into the team world as a script would, through the server's CouchDB API. */
async function written(request: APIRequestContext, world: string, docs: Record<string, unknown>[]): Promise<void> {
  const answer = await request.post(`/couch/${world}/_bulk_docs`, { data: { docs } });
  expect(answer.ok()).toBe(true);
}

/** A survey document of the world, as the server holds it. */
async function aSurveyDoc(request: APIRequestContext, world: string): Promise<Record<string, unknown>> {
  const list = (await (await request.get(`/couch/${world}/_all_docs?startkey="surveys:"&endkey="surveys:\uffff"&limit=1&include_docs=true`)).json()) as { rows: { doc: Record<string, unknown> }[] };
  const { _rev: _r, ...doc } = list.rows[0]!.doc;
  return doc;
}

const notTaken = (page: Page) => page.getByRole('table', { name: 'Changes not taken' });

test('a design document and documents of no kind in a team world: a laptop still joins, and names what it did not take', async ({ browser }) => {
  const world = newWorld();
  const a = await laptop(browser, MARCO);
  await join(a, world, `a-${world}`);
  await written(a.request, world, [{ _id: '_design/validate', validate_doc_update: 'function(){}' }, { _id: 'x:1' }, { _id: 'nocolon', kind: 'surveys', stamp: SCRIPT }]);

  const b = await laptop(browser, DANA);
  // The world is the team's; the two documents of no kind are named, the design document is the server's.
  await join(b, world, `b-${world}`, 'Team sync: Up to date, 2 changes not taken');
  await expect(notTaken(b).getByRole('row')).toHaveCount(3);
  await expect(notTaken(b).getByRole('row', { name: /A document named “x:1”/ })).toContainText('names no kind of entity');
  await expect(notTaken(b).getByRole('row', { name: /A document named “nocolon”/ })).toContainText('script@aerial.example');
  await a.context().close();
  await b.context().close();
});

test('a change no laptop can take is named in Settings with its reason; one a laptop holds is answered with its own version', async ({ browser }) => {
  const world = newWorld();
  const a = await laptop(browser, MARCO);
  await join(a, world, `a-${world}`);
  const survey = await aSurveyDoc(a.request, world);
  const { _id: id, ...body } = survey;
  const e = body.e as Record<string, unknown>;
  await written(a.request, world, [
    // A new survey naming a capture that does not exist: it waits for it, named.
    { ...body, _id: 'surveys:orphan-1', e: { ...e, captureId: 'no-such-capture' }, stamp: SCRIPT },
  ]);
  await expect(badge(a)).toHaveAccessibleName('Team sync: Up to date, 1 change not taken', { timeout: 30_000 });
  await a.getByRole('banner').getByRole('link', { name: '1 change not taken' }).click();
  await expect(notTaken(a).getByRole('row', { name: /Survey orphan-1/ })).toContainText('Waiting: surveys:orphan-1 names capture no-such-capture, which this laptop does not hold');

  // An edit of a survey this laptop holds, of a size that is no size: refused, and answered.
  const current = (await (await a.request.get(`/couch/${world}/${encodeURIComponent(String(id))}`)).json()) as Record<string, unknown>;
  await a.request.put(`/couch/${world}/${encodeURIComponent(String(id))}`, { data: { ...current, e: { ...(current.e as object), size: 'enormous' }, stamp: { ...SCRIPT, tx: 'curl-2' } } });
  const answered = a.getByRole('table', { name: 'Refused and answered' });
  await expect(answered.getByRole('row', { name: new RegExp(`Survey ${String(id).slice('surveys:'.length, 'surveys:'.length + 20)}`) })).toContainText('size', { timeout: 30_000 });
  // The server holds the laptop's version again, not the refused one.
  await expect.poll(async () => ((await (await a.request.get(`/couch/${world}/${encodeURIComponent(String(id))}`)).json()) as { e: { size?: unknown } }).e.size).not.toBe('enormous');
  await a.context().close();
});

test('after a flood of 20 000 refused documents, a flag still crosses to the other laptop', async ({ browser }) => {
  test.setTimeout(180_000);
  const world = newWorld();
  const a = await laptop(browser, MARCO);
  await join(a, world, `a-${world}`);
  const b = await laptop(browser, DANA);
  await join(b, world, `b-${world}`);
  const survey = await aSurveyDoc(a.request, world);
  const { _id: _i, ...body } = survey;
  const e = body.e as Record<string, unknown>;
  const flood = Array.from({ length: 20_000 }, (_, i) => ({ ...body, _id: `surveys:flood-${i}`, e: { ...e, captureId: 'no-such-capture' }, stamp: { ...SCRIPT, tx: 'flood', n: 20_000 } }));
  for (let i = 0; i < flood.length; i += 5_000) await written(a.request, world, flood.slice(i, i + 5_000));

  const data = await sampleData(a);
  const index = (await (await a.request.get('/data/photos.json')).json()) as PhotoIndex;
  const qc = Object.values(data.index.surveys).find((s) => s.flags.qcInProgress)!;
  const cam1 = index.cameras[0]!;
  const names = index.index[cam1]!;
  for (const page of [a, b]) await page.goto(`/surveys/${qc.surveyId}/qc`);
  await flagFrame(a, frame(a, cam1, names[3]!), 'Cloud');
  await expect(frame(b, cam1, names[3]!)).toHaveAccessibleName(/, flagged: Cloud$/, { timeout: 60_000 });
  // The flood is one change of one action, named; neither laptop is stuck on it.
  for (const page of [a, b]) await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date, 1 change not taken', { timeout: 60_000 });
  await flagFrame(b, frame(b, cam1, names[4]!), 'Blur');
  await expect(frame(a, cam1, names[4]!)).toHaveAccessibleName(/, flagged: Blur$/);
  await a.context().close();
  await b.context().close();
});
