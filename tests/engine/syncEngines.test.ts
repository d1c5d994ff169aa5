/**
 * Two laptops, one world, through real engines (issue 21): each engine writes its actions to its
 * outbox, the drainer moves them into its PouchDB, the databases replicate, and each inbox takes
 * the other's changes into its world as an engine commit. Afterwards both exports are equal;
 * what both changed is a conflict on both; a refused inbox commit changes nothing; and the next
 * leading tab takes nothing twice.
 */
import { describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb-core';
import type { Engine } from '../../worker/engine/engine';
import type { EntityDoc } from '../../worker/sync/doc/syncedForm';
import { flagDocId } from '../../worker/sync/doc/docIds';
import { exported, handover, laptop as joined, lateJoiner, reconnect, type Laptop } from '../helpers/syncLaptops';
import { ANN, BOB, aSurvey, aWorld } from '../helpers/builders';

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-copy', mediaId: 'M2', stage: 'copy' });
  return JSON.stringify(w);
}
const WORLD = qcWorld();
const laptop = (name: string, email: string) => joined(name, email, WORLD);

const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };
const ok = async (l: Laptop, action: Parameters<Engine['dispatch']>[0]) => expect((await l.engine.dispatch(action)).ok).toBe(true);

describe('two laptops, one world, through their engines (issue 21)', () => {
  it("one laptop's actions reach the other's world, and both exports are equal", async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, { type: 'flagFrame', ...frame, reason: 'Cloud', note: 'low cloud' });
    await ok(a, { type: 'approveSurveyQc', surveyId: 's-qc' });
    expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toEqual([]);
    await reconnect(a, b);
    expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ reason: 'Cloud', note: 'low cloud', by: ANN }]);
    expect(b.engine.world.index.surveys['s-qc']!.flags).toEqual(a.engine.world.index.surveys['s-qc']!.flags);
    expect(await exported(b)).toEqual(await exported(a));
    expect(await a.session.conflicts()).toEqual([]);
    expect(await b.session.conflicts()).toEqual([]);
  });

  it('the same survey approved on one laptop and rejected on the other is a conflict on both, and both worlds hold the same version', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, { type: 'approveSurveyQc', surveyId: 's-qc' });
    await ok(b, { type: 'rejectSurveyQc', surveyId: 's-qc', reason: 'Smoke over line 3' });
    await reconnect(a, b);
    for (const l of [a, b]) {
      const conflicts = await l.session.conflicts();
      expect(conflicts.map((c) => c.id)).toEqual(['surveys:s-qc']);
      expect(conflicts[0]!.versions.map((v) => (v.doc as unknown as EntityDoc).stamp.by).sort()).toEqual([ANN, BOB].sort());
    }
    expect(await exported(b)).toEqual(await exported(a));
  });

  it('one frame flagged two ways is one conflict; different frames are none', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, { type: 'flagFrame', ...frame, reason: 'Cloud' });
    await ok(b, { type: 'flagFrame', ...frame, reason: 'Blur' });
    await ok(b, { type: 'flagFrame', ...frame, frame: 8, reason: 'Blur' });
    await reconnect(a, b);
    for (const l of [a, b]) expect((await l.session.conflicts()).map((c) => c.id)).toEqual([flagDocId('s-qc', frame)]);
    expect(a.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.frame)).toEqual([7, 8]);
    expect(await exported(b)).toEqual(await exported(a));
  });

  it('a survey cancelled on one laptop reaches the other', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, { type: 'cancelSurvey', surveyId: 's-copy' });
    await reconnect(a, b);
    expect(b.engine.world.index.surveys['s-copy']!.workflow).toEqual(a.engine.world.index.surveys['s-copy']!.workflow);
    expect(await exported(b)).toEqual(await exported(a));
  });

  it('media inserted on one laptop and ejected on the other: each world follows, lists and all', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    const host = a.engine.world.ids.drives.find((h) => !a.engine.world.index.drives[h]!.mediaId)!;
    const flightPlanId = a.engine.world.ids.flightPlans[0]!;
    const surveys = [0, 1].map(() => ({ flightPlanId, size: 'small' as const, flownOn: '2026-06-01' }));
    await ok(a, { type: 'insertMedia', host, bays: [1], surveys });
    await reconnect(a, b);
    const mediaId = b.engine.world.index.drives[host]!.mediaId!;
    expect(b.engine.world.index.media[mediaId]!.surveyIds).toHaveLength(2);
    expect(await exported(b)).toEqual(await exported(a));
    await ok(b, { type: 'ejectMedia', host });
    await reconnect(a, b);
    expect(a.engine.world.index.media[mediaId]).toBeUndefined();
    expect(await exported(a)).toEqual(await exported(b));
    expect(await a.session.conflicts()).toEqual([]);
  });

  it("an action that arrives in parts: what names what has not arrived waits, and is taken once it has", async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    const host = a.engine.world.ids.drives.find((h) => !a.engine.world.index.drives[h]!.mediaId)!;
    const flightPlanId = a.engine.world.ids.flightPlans[0]!;
    await ok(a, { type: 'insertMedia', host, bays: [1], surveys: [{ flightPlanId, size: 'small', flownOn: '2026-06-01' }] });
    await a.session.drain();
    const mediaId = a.engine.world.index.drives[host]!.mediaId!;
    const surveyId = a.engine.world.index.media[mediaId]!.surveyIds[0]!;
    // The survey arrives first: it names a media set B does not hold yet.
    await PouchDB.replicate(a.db, b.db, { doc_ids: [`surveys:${surveyId}`] });
    await b.session.takeIn();
    expect(b.engine.world.index.surveys[surveyId]).toBeUndefined();
    expect(b.session.notTaken.listed()).toEqual([
      [`surveys:${surveyId}`, expect.objectContaining({ state: 'waiting', needs: [`media:${mediaId}`], why: expect.stringMatching(`names media set ${mediaId}`) as string })],
    ]);
    await reconnect(a, b);
    expect(b.engine.world.index.surveys[surveyId]?.mediaId).toBe(mediaId);
    expect(b.session.notTaken.listed()).toEqual([]);
    expect(await exported(b)).toEqual(await exported(a));
  });

  it('a malformed document from a bad server or laptop is refused with what is wrong, the world stays as it was, and the laptop answers it with its own version', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    const before = await exported(b);
    const [leaf] = await b.db.get('surveys:s-qc', { open_revs: 'all' });
    if (!leaf || !('ok' in leaf)) throw new Error('the survey is not in the database');
    const doc = leaf.ok as { _id: string; _rev: string; e: Record<string, unknown> };
    const gen = Number(doc._rev.split('-')[0]) + 1;
    // Written as another laptop would, one generation on: its size is not a size.
    await b.db.bulkDocs([{ ...doc, e: { ...doc.e, size: 'enormous' }, _rev: `${gen}-bad`, _revisions: { start: gen, ids: ['bad', doc._rev.split('-')[1]!] } }], { new_edits: false });
    const took = await b.session.takeIn();
    expect(took.world?.refused).toEqual([{ doc: expect.objectContaining({ _rev: `${gen}-bad` }) as object, why: expect.stringMatching(/size/) as string, answered: true }]);
    expect(await exported(b)).toEqual(before);
    expect(b.session.notTaken.answered()).toEqual([['surveys:s-qc', expect.objectContaining({ rev: `${gen}-bad`, why: expect.stringMatching(/size/) as string })]]);
    // The answer is B's version written over the refused one: A, and any laptop that joins later, hold it.
    await reconnect(a, b);
    expect(await exported(a)).toEqual(await exported(b));
    expect(await exported(b)).toEqual(before);
    const [kept, ...others] = await a.db.get('surveys:s-qc', { open_revs: 'all' });
    expect(others).toEqual([]);
    expect(kept && 'ok' in kept && (kept.ok.e as { size?: unknown }).size).not.toBe('enormous');
  });

  it('storage refused while the inbox takes a change in changes nothing; the change is taken on the next try', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, { type: 'flagFrame', ...frame, reason: 'Cloud' });
    await a.session.drain();
    await PouchDB.replicate(a.db, b.db);
    const before = await exported(b);
    b.store.failWith = new Error('QuotaExceededError');
    await expect(b.session.takeIn()).rejects.toThrow('QuotaExceededError');
    expect(await exported(b)).toEqual(before);
    b.store.failWith = null;
    expect((await b.session.takeIn()).taken).toBe(1);
    expect(await exported(b)).toEqual(await exported(a));
  });

  it('the next leading tab goes on from the stored position: nothing is taken twice', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    await ok(a, { type: 'flagFrame', ...frame, reason: 'Cloud' });
    await a.session.drain();
    await PouchDB.replicate(a.db, b.db);
    expect((await b.session.takeIn()).taken).toBe(1);
    // B's leading tab closes; the next one opens the same store and database.
    const { engine, session: next } = await handover(b);
    expect(engine.world.index.surveys['s-qc']!.frameFlags).toHaveLength(1);
    expect((await next.takeIn()).taken).toBe(0);
    // Its next change extends what the world took in: no conflict.
    await engine.dispatch({ type: 'login', email: BOB, password: 'demo' });
    expect((await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Other', note: 'bird' })).ok).toBe(true);
    await next.drain();
    await PouchDB.replicate(b.db, a.db);
    await a.session.takeIn();
    expect(await next.conflicts()).toEqual([]);
    expect(await a.session.conflicts()).toEqual([]);
    expect(a.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ reason: 'Other', note: 'bird', by: BOB }]);
  });

  it('media inserted on both laptops at once keep one order on both, also once the next tab reads it from the store', async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    const insert = (host: string) => ({ type: 'insertMedia' as const, host, bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'small' as const, flownOn: '2026-06-01' }] });
    // Each puts its newcomer at the top: two of one place, ordered by id on every laptop.
    await ok(a, insert('drive-01'));
    await ok(b, insert('drive-02'));
    await reconnect(a, b);
    expect(await exported(b)).toEqual(await exported(a));
    const next = await handover(b);
    expect(next.engine.world.ids.media).toEqual(a.engine.world.ids.media);
    expect(next.engine.world.ids.surveys).toEqual(a.engine.world.ids.surveys);
    expect(await exported(next)).toEqual(await exported(a));
  });

  it("a change to another laptop's newcomer keeps its place in its capture's list: every laptop, and the documents, order the list alike", async () => {
    const [a, b] = [await laptop('van-a', ANN), await laptop('van-b', BOB)];
    const survey = { flightPlanId: 'fp-1', size: 'tiny' as const, flownOn: '2026-06-01' };
    // Both add to the end of one capture's list at once: A two surveys, B one, in the place of A's first.
    await ok(a, { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [survey, survey] });
    await ok(b, { type: 'insertMedia', host: 'drive-02', bays: [1], surveys: [survey] });
    await reconnect(a, b);
    const list = a.engine.world.index.captures['cap-1']!.surveyIds;
    expect(b.engine.world.index.captures['cap-1']!.surveyIds).toEqual(list);
    // A changes B's newcomer (receives B's media): it stays where it stood.
    await ok(a, { type: 'receiveMedia', host: 'drive-02', itemIds: ['G1'] });
    await reconnect(a, b);
    for (const l of [a, b]) {
      expect(l.engine.world.index.captures['cap-1']!.surveyIds).toEqual(list);
      // A laptop that joins now reads the list from the documents: the same order.
      expect((await lateJoiner(l)).engine.world.index.captures['cap-1']!.surveyIds).toEqual(list);
    }
    expect(await exported(b)).toEqual(await exported(a));
  });
});
