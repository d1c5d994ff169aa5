/**
 * Sync's part of an action's commit (issue 21): while sync is on, the action's outbox records and
 * the laptop's held revisions land in the action's own transaction; a refused commit leaves
 * neither, and the next action starts from the same base; what time alone changed is committed
 * first, as a tick, and never sent.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../worker/engine/engine';
import { HELD_KIND, memoryStore, OUTBOX_KIND, type MemoryStore } from '../../worker/engine/store/worldStore';
import { entityKey } from '../../worker/domain/names';
import { SyncJournal } from '../../worker/sync/journal';
import { outboxRecords, type Held, type OutboxRecord } from '../../worker/sync/outbox';
import { flagDocId, SAMPLE_STAMP, syncedDocs } from '../../worker/sync/syncedForm';
import { bootInput } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { ANN, T0, aSurvey, aWorld } from '../helpers/builders';

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-copy', mediaId: 'M2', stage: 'copy' });
  return w;
}

const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };

/** A syncing engine over a memory store, signed in as Ann, its world held as the sample's. */
async function syncing(store: MemoryStore = memoryStore()) {
  const clock = new ManualClock(T0);
  const world = JSON.stringify(qcWorld());
  let n = 0;
  const held = new Map<string, Held>();
  const journal = new SyncJournal('van-1', held);
  const engine = createEngine({ clock, store, newId: () => `tx-${++n}`, loadText: async () => world, sync: journal });
  await engine.boot(bootInput());
  await engine.dispatch({ type: 'login', email: ANN, password: 'demo' });
  await engine.settled();
  outboxRecords(syncedDocs(engine.world.toDb(clock.now()), SAMPLE_STAMP), [], SAMPLE_STAMP, held);
  // What was sent before this point (the sign-in sends nothing synced) is not the test's.
  for (const key of [...store.data.keys()]) if (key.startsWith(`${OUTBOX_KIND}\u0000`)) store.data.delete(key);
  return { engine, store, clock, held };
}

const outbox = (store: MemoryStore): OutboxRecord[] =>
  [...store.data].filter(([key]) => key.startsWith(`${OUTBOX_KIND}\u0000`)).map(([, v]) => v as OutboxRecord);

describe("sync's part of an action's commit (issue 21)", () => {
  it("writes the action's outbox records and held revisions in the action's own transaction", async () => {
    const { engine, store, held } = await syncing();
    const commits = store.commits.length;
    expect((await engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    expect(store.commits.length).toBe(commits + 1);
    const id = flagDocId('s-qc', frame);
    expect(outbox(store).map((r) => r.id)).toEqual([id]);
    expect(outbox(store)[0]).toMatchObject({ base: null, doc: { _id: id, flag: { reason: 'Cloud', by: ANN }, stamp: { by: ANN, laptop: 'van-1', n: 1 } } });
    expect(store.data.get(entityKey(HELD_KIND, id))).toMatchObject(held.get(id)!);
    expect(held.get(id)?.rev).toBe(outbox(store)[0]!.doc._rev);
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
});
