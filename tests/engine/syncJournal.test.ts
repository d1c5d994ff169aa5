/**
 * Sync's part of an action's commit (issue 21): while sync is on, the action's outbox records and
 * the laptop's held revisions land in the action's own transaction; a refused commit leaves
 * neither, and the next action starts from the same base; what time alone changed is committed
 * first, as a tick, and never sent. The drainer moves the stored outbox into PouchDB, and a new
 * leader's journal goes on from the store.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../worker/engine/engine';
import { memoryStore, type MemoryStore } from '../../worker/engine/store/worldStore';
import { HELD_KIND, OUTBOX_KIND } from '../../worker/sync/records';
import { entityKey } from '../../worker/domain/names';
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import { enginePort } from '../../worker/sync/enginePort';
import { SyncJournal } from '../../worker/sync/out/journal';
import { conflictOf } from '../../worker/sync/in/conflicts';
import { drain } from '../../worker/sync/out/outbox';
import { drainStored, openJournal } from '../../worker/sync/out/drainer';
import { heldPacks, heldRecords, readHeld } from '../../worker/sync/doc/heldStore';
import type { Held } from '../../worker/sync/doc/held';
import { outboxRecords, type OutboxRecord } from '../../worker/sync/out/outbox';
import { SAMPLE_STAMP, syncedDocs } from '../../worker/sync/doc/syncedForm';
import { flagDocId } from '../../worker/sync/doc/docIds';
import { bootInput } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { ANN, T0, aSurvey, aWorld } from '../helpers/builders';

PouchDB.plugin(memory);
let databases = 0;

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-copy', mediaId: 'M2', stage: 'copy' });
  return w;
}

const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };

/** A syncing engine over a memory store, signed in as Ann, its world held as the sample's. */
async function syncing(store: MemoryStore = memoryStore(), journal = new SyncJournal('van-1', new Map<string, Held>())) {
  const clock = new ManualClock(T0);
  const world = JSON.stringify(qcWorld());
  let n = 0;
  const held = journal.held;
  const engine = createEngine({ clock, store, newId: () => `tx-${++n}`, loadText: async () => world, sync: enginePort(journal) });
  await engine.boot(bootInput());
  await engine.dispatch({ type: 'login', email: ANN, password: 'demo' });
  await engine.settled();
  // Joining the world: every document held, in the store too, as the sample's.
  const seed = outboxRecords(syncedDocs(engine.world.toDb(clock.now()), 1, SAMPLE_STAMP), [], SAMPLE_STAMP, held);
  await store.commit({ put: heldPacks(held), del: [] });
  const db = new PouchDB(`journal-${++databases}`, { adapter: 'memory' });
  await drain(db, seed);
  // What was sent before this point (the sign-in sends nothing synced) is not the test's.
  for (const key of [...store.data.keys()]) if (key.startsWith(`${OUTBOX_KIND}\u0000`)) store.data.delete(key);
  return { engine, store, clock, held, db };
}

/** Every record of the outbox. */
const outboxAll = (store: MemoryStore): OutboxRecord[] => [...store.data].filter(([key]) => key.startsWith(`${OUTBOX_KIND}\u0000`)).map(([, v]) => v as OutboxRecord);
/** The outbox's records of the world's documents (an action's history entries travel beside them: docs/history.md#sync). */
const outbox = (store: MemoryStore): OutboxRecord[] => outboxAll(store).filter((r) => !r.id.startsWith('history:'));

describe("sync's part of an action's commit (issue 21)", () => {
  it("writes the action's outbox records and held revisions in the action's own transaction", async () => {
    const { engine, store, held } = await syncing();
    const commits = store.commits.length;
    expect((await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    expect(store.commits.length).toBe(commits + 1);
    const id = flagDocId('s-qc', frame);
    expect(outbox(store).map((r) => r.id)).toEqual([id]);
    expect(outbox(store)[0]).toMatchObject({ base: null, doc: { _id: id, flag: { reason: 'Cloud', by: ANN }, stamp: { by: ANN, laptop: 'van-1', n: 2 } } });
    expect(store.data.get(entityKey(HELD_KIND, id))).toMatchObject(held.get(id)!);
    expect(held.get(id)?.rev).toBe(outbox(store)[0]!.doc._rev);
  });

  it('taking a flag off sends its removal, found in the journal\'s index of held flags', async () => {
    const { engine, store } = await syncing();
    await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' });
    expect((await engine.dispatch({ type: 'unflagFrame', ...frame })).ok).toBe(true);
    expect(outbox(store).map((r) => [r.id, r.doc._deleted === true])).toEqual([
      [flagDocId('s-qc', frame), false],
      [flagDocId('s-qc', frame), true],
    ]);
  });

  it('a refused commit leaves no record and no revision, and the next action starts from the same base', async () => {
    const { engine, store, held } = await syncing();
    store.failWith = new Error('QuotaExceededError');
    expect((await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(false);
    expect(outbox(store)).toEqual([]);
    expect(held.has(flagDocId('s-qc', frame))).toBe(false);
    store.failWith = null;
    expect((await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Blur' })).ok).toBe(true);
    expect(outbox(store).map((r) => [r.base, (r.doc.flag as { reason: string }).reason])).toEqual([[null, 'Blur']]);
  });

  it('what time alone changed is committed first, as a tick, and not sent', async () => {
    const { engine, store, clock } = await syncing();
    // The copy finishes with time; the flag is the person's.
    clock.advance(10 * 60_000);
    const commits = store.commits.length;
    expect((await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await engine.settled();
    expect(store.commits.length).toBeGreaterThan(commits + 1);
    expect(outbox(store).map((r) => r.id)).toEqual([flagDocId('s-qc', frame)]);
  });

  it('the drainer moves the stored outbox into PouchDB, oldest first, and empties it', async () => {
    const { engine, store, db } = await syncing();
    await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' });
    await engine.dispatch({ type: 'flagFrame', ...frame, frame: 8, reason: 'Blur' });
    expect(new Set(await drainStored(store, db)).size, "the actions drained").toBe(2);
    expect(outbox(store)).toEqual([]);
    expect((await db.get(flagDocId('s-qc', { ...frame, frame: 8 }))).flag).toMatchObject({ reason: 'Blur', by: ANN });
    expect(new Set(await drainStored(store, db)).size, "the actions drained").toBe(0);
  });

  it('a drain stopped before the outbox was emptied writes nothing new when it starts again', async () => {
    const { engine, store, db } = await syncing();
    await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' });
    // Written to PouchDB, and the lid closed before the outbox was emptied.
    await drain(db, outboxAll(store));
    const seq = (await db.info()).update_seq;
    expect(new Set(await drainStored(store, db)).size, "the actions drained").toBe(1);
    expect((await db.info()).update_seq).toBe(seq);
  });

  it("a new leader's journal goes on from the store: the same held revisions, the outbox's next number, no conflict", async () => {
    const { engine, store, db, held } = await syncing();
    await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' });
    await drainStored(store, db);
    await engine.dispatch({ type: 'flagFrame', ...frame, frame: 8, reason: 'Blur' });
    // The leading tab closes with one record not drained; the next tab's engine opens the journal.
    const next = await openJournal(store, 'van-1');
    expect(new Map(next.held)).toEqual(new Map(held));
    const engine2 = createEngine({ clock: new ManualClock(T0 + 1000), store, newId: () => 'tx-next', loadText: async () => JSON.stringify(qcWorld()), sync: enginePort(next) });
    await engine2.boot(bootInput());
    expect((await engine2.dispatch({ type: 'flagFrame', ...frame, reason: 'Other', note: 'bird' })).ok).toBe(true);
    const ids = [...store.data.keys()].filter((k) => k.startsWith(`${OUTBOX_KIND}\u0000`));
    expect(ids).toEqual([...ids].sort());
    expect(new Set(await drainStored(store, db)).size, "the actions drained").toBe(2);
    // The change of frame 7 extends the one drained before the handover: no conflict.
    expect(await conflictOf(db, flagDocId('s-qc', frame))).toBeNull();
    expect((await db.get(flagDocId('s-qc', frame))).flag).toMatchObject({ reason: 'Other', note: 'bird' });
  });

  it('a join holds every revision in packs of a thousand; what actions move on is written alone and read over the packs', async () => {
    const joined = new Map<string, Held>(Array.from({ length: 2500 }, (_, i) => [`surveys:s-${i}`, { rev: `1-${i}`, content: `c${i}`, at: { captures: i } }]));
    joined.set('speed', { rev: '1-speed', content: 'one' });
    const packs = heldPacks(joined);
    expect(packs).toHaveLength(3);
    const moved: [string, Held][] = [['surveys:s-7', { rev: '2-7', content: 'd7', at: { captures: 7 } }], ['frameFlag:s-1:1:7:Cam02', { rev: '1-f', content: 'f' }]];
    const store = memoryStore();
    await store.commit({ put: [...packs, ...heldRecords(moved)], del: [] });
    const read = readHeld(await store.readKind(HELD_KIND));
    expect(read).toEqual(new Map([...joined, ...moved]));
  });
});
