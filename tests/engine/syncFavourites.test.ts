/**
 * Stars in team sync (issue 36), through real engines: each star is its person's own document,
 * `favourite:<person>:<kind>:<id>`, removed by a tombstone. A person's stars reach that person's
 * other laptop, survive its next leading tab, and come with a world a laptop joins; two people's
 * stars on one survey are two documents that never conflict; one person starring the same thing on
 * both laptops is no conflict either; starring what is in conflict is allowed; a malformed star
 * is refused with why.
 */
import { describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb-core';
import type { Action } from '../../worker/api';
import { DATA_VERSION } from '../../worker/domain/constants';
import { restore } from '../../worker/domain/restore';
import { canonical, SAMPLE_STAMP, syncedDocs } from '../../worker/sync/doc/syncedForm';
import { takeIntoWorld } from '../../worker/sync/in/takenIntoWorld';
import { World } from '../../worker/engine/world';
import type { StoredDoc } from '../../worker/sync/doc/database';
import { favouriteDoc } from '../../worker/sync/doc/favouriteDocs';
import { favouriteDocId } from '../../worker/sync/doc/docIds';
import { exported, handover, laptop as joined, lateJoiner, outboxOf, reconnect, type Laptop } from '../helpers/syncLaptops';
import { ANN, BOB, aSurvey, aWorld } from '../helpers/builders';

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  return JSON.stringify(w);
}
const WORLD = qcWorld();
const laptop = (name: string, email: string) => joined(name, email, WORLD);
const star = (kind: 'captures' | 'surveys' | 'media', id: string, starred = true): Action => ({ type: 'setFavourite', kind, id, starred });
const ok = async (l: Laptop, action: Action) => expect(await l.engine.dispatch(action)).toMatchObject({ ok: true });
const mine = (l: Laptop, email: string) => l.engine.world.favourites.of(email);

describe('stars in team sync (issue 36)', () => {
  it("a person's stars reach their other laptop, and an unstar follows; no conflict, equal exports", async () => {
    const [a, b] = [await laptop('ann-office', ANN), await laptop('ann-van', ANN)];
    await ok(a, star('surveys', 's-qc'));
    await ok(a, star('media', 'M1'));
    await ok(a, star('captures', 'cap-2'));
    await reconnect(a, b);
    expect(mine(b, ANN)).toEqual({ captures: ['cap-2'], surveys: ['s-qc'], media: ['M1'] });
    await ok(b, star('media', 'M1', false));
    await reconnect(a, b);
    expect(mine(a, ANN)).toEqual({ captures: ['cap-2'], surveys: ['s-qc'], media: [] });
    expect(await exported(b)).toEqual(await exported(a));
    for (const l of [a, b]) expect(await l.session.conflicts()).toEqual([]);
  });

  it('a star is one document of its own, and unstarring it writes a tombstone: nothing else is sent', async () => {
    const a = await laptop('ann-office', ANN);
    await ok(a, star('surveys', 's-qc'));
    const id = favouriteDocId({ email: ANN, kind: 'surveys', id: 's-qc' });
    expect(id).toBe('favourite:ann.lee%40example.com:surveys:s-qc');
    expect(outboxOf(a.store).map((r) => [r.id, r.base, r.doc._deleted ?? false])).toEqual([[id, null, false]]);
    expect(outboxOf(a.store)[0]!.doc).toMatchObject({ kind: 'favourite', star: { email: ANN, kind: 'surveys', id: 's-qc' }, stamp: { by: ANN } });
    await a.session.drain();
    await ok(a, star('surveys', 's-qc', false));
    const [removal] = outboxOf(a.store);
    expect(removal).toMatchObject({ id, doc: { _deleted: true } });
    expect(removal!.base).toMatch(/^1-/);
  });

  it("two people's stars on one survey are two documents: both laptops hold both, and neither is in conflict", async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, star('surveys', 's-qc'));
    await ok(b, star('surveys', 's-qc'));
    await ok(b, star('surveys', 's-qc', false));
    await ok(b, star('surveys', 's-qc'));
    await reconnect(a, b);
    for (const l of [a, b]) {
      expect(mine(l, ANN).surveys).toEqual(['s-qc']);
      expect(mine(l, BOB).surveys).toEqual(['s-qc']);
      expect(await l.session.conflicts()).toEqual([]);
    }
    expect(await exported(b)).toEqual(await exported(a));
  });

  it('one person starring the same survey on both laptops at once says the same: no conflict', async () => {
    const [a, b] = [await laptop('ann-office', ANN), await laptop('ann-van', ANN)];
    await ok(a, star('surveys', 's-qc'));
    await ok(b, star('surveys', 's-qc'));
    await reconnect(a, b);
    await reconnect(a, b);
    for (const l of [a, b]) {
      expect(mine(l, ANN).surveys).toEqual(['s-qc']);
      expect(await l.session.conflicts()).toEqual([]);
    }
  });

  it('starring a survey that is in conflict is allowed, and reaches the other laptop', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, { type: 'approveSurveyQc', surveyId: 's-qc' });
    await ok(b, { type: 'rejectSurveyQc', surveyId: 's-qc', reason: 'Smoke over line 3' });
    await reconnect(a, b);
    expect((await a.session.conflicts()).map((c) => c.id)).toEqual(['surveys:s-qc']);
    await ok(a, star('surveys', 's-qc'));
    await reconnect(a, b);
    expect(mine(b, ANN).surveys).toEqual(['s-qc']);
  });

  it("the stars survive the laptop's next leading tab, and come with the world a laptop joins", async () => {
    const [a, b] = [await laptop('ann-office', ANN), await laptop('ann-van', ANN)];
    await ok(a, star('captures', 'cap-1'));
    await reconnect(a, b);
    const next = await handover(b);
    expect(mine(next, ANN).captures).toEqual(['cap-1']);
    // A laptop that joins takes the world in from the documents: the stars are in it.
    const late = await lateJoiner(a);
    expect(mine(late, ANN).captures).toEqual(['cap-1']);
    expect(await exported(late)).toEqual(await exported(a));
  });

  it('a malformed star from a bad laptop or server is refused with why, and the world keeps its stars', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(b, star('surveys', 's-qc'));
    const good = { email: ANN, kind: 'surveys' as const, id: 's-qc' };
    const bad = [
      { ...favouriteDoc(good, { by: ANN, laptop: 'x', at: 0, tx: 't1', n: 1 }), star: { ...good, kind: 'drives' } },
      { ...favouriteDoc(good, { by: ANN, laptop: 'x', at: 0, tx: 't2', n: 1 }), _id: favouriteDocId({ ...good, id: 'cap-1' }) },
    ];
    await a.db.bulkDocs(bad.map((d, i) => ({ ...d, _rev: `1-bad${i}`, _revisions: { start: 1, ids: [`bad${i}`] } })), { new_edits: false });
    await PouchDB.replicate(a.db, b.db);
    const took = await b.session.takeIn();
    const refused = (took.world?.refused ?? []).map((r) => ({ id: r.doc._id, why: r.why }));
    expect(refused.sort((x, y) => (x.id < y.id ? 1 : -1))).toEqual([
      { id: bad[0]!._id, why: expect.stringMatching(/holds another favorite than its id names/) as string },
      { id: bad[1]!._id, why: expect.stringMatching(/holds another favorite than its id names/) as string },
    ]);
    expect(mine(b, ANN).surveys).toEqual([]);
    expect(mine(b, BOB).surveys).toEqual(['s-qc']);
  });

  it("a world's stars are among its documents (a laptop seeding its team world sends them), and come back from them", () => {
    const data = { ...JSON.parse(WORLD), favourites: [{ email: ANN, kind: 'surveys', id: 's-qc' }, { email: BOB, kind: 'media', id: 'M1' }] };
    const restored = restore(data, 0);
    if (!restored.ok) throw new Error(restored.error);
    const docs = syncedDocs(restored.db, 1, SAMPLE_STAMP);
    expect(docs.filter((d) => d.kind === 'favourite').map((d) => d._id)).toEqual([
      'favourite:ann.lee%40example.com:surveys:s-qc',
      'favourite:bob.smith%40example.com:media:M1',
    ]);
    // Taken into a world without stars, the documents give them back.
    const empty = restore({ version: DATA_VERSION, index: { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} } }, 0);
    if (!empty.ok) throw new Error(empty.error);
    const world = new World();
    world.load(empty.db);
    takeIntoWorld(world, docs.map((d) => ({ ...d, _rev: '1-read' })) as unknown as StoredDoc[], 0);
    expect(world.favourites.all()).toEqual(restored.db.favourites);
  });

  it('a star document is written in the synced form\'s key order', () => {
    const doc = favouriteDoc({ email: ANN, kind: 'media', id: 'M1' }, { by: ANN, laptop: 'x', at: 1, tx: 't', n: 1 });
    const { stamp: _s, ...body } = doc;
    const { stamp: _c, ...ordered } = canonical(doc);
    expect(JSON.stringify(body)).toBe(JSON.stringify(ordered));
  });
});
