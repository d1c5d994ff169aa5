/**
 * A boot's first look (issue 11): a stored world answers the capture table from the capture
 * records alone while the whole world is still being read; actions and the views of other kinds
 * wait for the whole world, whose arrival every view hears; anything doubtful takes the whole
 * path at once.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../worker/engine/engine';
import { memoryStore, type MemoryStore, type WorldStore } from '../../worker/engine/store/worldStore';
import { isBucketKey, unpackRows, type RowBucket } from '../../worker/engine/store/rowBuckets';
import { bootInput, harness, type Harness } from '../helpers/engineHarness';
import { pagesOver, type TestPage } from '../helpers/pages';
import type { ViewSpec } from '../../worker/screens';
import { ManualClock } from '../helpers/manualClock';
import { aWorld, aSurvey, ANN } from '../helpers/builders';
import { SAMPLE } from '../../worker/domain/constants';
import fc from 'fast-check';
import { generateWorld } from '../../scripts/generate/world';
import { wholeWorldBatch } from '../../worker/engine/commitRecords';
import type { StoredRecord } from '../../worker/engine/store/storedForm';
import { actOut, intent } from '../helpers/randomActions';

/**
 * The packed rows the store holds are those the whole world makes. A working stage's figures are
 * written when its capture changes, not at every tick: the first look brings them up to its time.
 */
async function expectRowsOfTheWholeWorld(h: Harness): Promise<void> {
  const steady = ({ stage, ...row }: Record<string, unknown>) => {
    const { progress: _p, remainingS: _s, remainingText: _t, ...rest } = stage as Record<string, unknown>;
    return { ...row, stage: rest };
  };
  const rowsIn = (records: readonly (readonly [string, StoredRecord])[]) =>
    new Map((unpackRows(records.filter(([key]) => isBucketKey(key))) ?? []).map(([id, { r, ...row }]) => [id, { ...row, r: steady(r as Record<string, unknown>) }]));
  const stored = rowsIn((await h.store.readKinds(['captureRows'])).records.captureRows ?? []);
  const whole = rowsIn(wholeWorldBatch(h.engine.world).put.filter((p) => p.kind === 'captureRows').map((p) => [p.id, p.record] as const));
  expect(stored).toEqual(whole);
}

/** A store whose whole read waits until released (a large world takes seconds to read). */
function slowStore(inner: MemoryStore): WorldStore & { release(): void } {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  return {
    ...inner,
    readKinds: (kinds) => inner.readKinds(kinds),
    readAll: async () => {
      await gate;
      return inner.readAll();
    },
    release,
  };
}

/**
 * The seq of the page event that first answered the view of `spec` on this page (its own
 * listener, beside the screen's), or undefined while it is unanswered.
 */
function firstAnsweredAt(tab: TestPage, spec: ViewSpec): () => number | undefined {
  const answered = () => tab.answers.view(spec).answer !== undefined;
  let at = answered() ? tab.answers.lastSeq : undefined;
  tab.answers.subscribeView(spec, () => {
    if (at === undefined && answered()) at = tab.answers.lastSeq;
  });
  return () => at;
}

async function storedWorld() {
  const world = aWorld();
  aSurvey(world, { surveyId: 's-1', mediaId: 'm-1', captureId: 'cap-1', stage: 'survey-qc', receivedOn: '2026-06-10', assignedTo: ANN });
  const h = await harness({ world });
  await h.engine.settled();
  h.engine.stop();
  return h;
}

describe('first look', () => {
  it('answers the capture table before the whole world is read, as the whole world then derives it', async () => {
    const h = await storedWorld();
    const store = slowStore(h.store);
    const clock = new ManualClock(h.clock.now());
    const engine = createEngine({ clock, store, loadText: async () => '', firstLook: true });
    const { leader, page } = pagesOver(engine);
    const tab = page();
    const boot = await leader.boot(tab.tab, bootInput());
    expect(boot).toMatchObject({ loading: true, current: { loggedIn: true } });

    const table = tab.open({ view: 'captures', by: 'captureId', dir: 'asc', stage: null, starredBy: null, start: 0, count: 60 });
    expect(table()).toMatchObject({ total: 2, start: 0 });
    expect(table()!.rows.map((r) => r.key)).toEqual(['cap-1', 'cap-2']);
    const early = table()!.rows[0]!;
    expect(early.counts.surveys).toBe(1);

    // An action, and a view of the surveys, wait for the whole world rather than act on part of it:
    // told by the order of what the page hears (the page event that says the whole world is in
    // comes first), never by how long nothing happened.
    const loadedAt = () => tab.events.find((e) => e.loaded)?.seq;
    const logout = engine.dispatch({ type: 'logout' }).then((answer) => ({ answer, loadedAt: loadedAt() }));
    const spec = { view: 'dashboard', email: ANN, full: null } as const;
    const dashboard = tab.open(spec);
    const dashboardAt = firstAnsweredAt(tab, spec);
    expect(loadedAt()).toBeUndefined();

    // The rest is read once a first view has been answered (the clock's next turn).
    store.release();
    clock.advance(0);
    const loggedOut = await logout;
    expect(loggedOut.answer.ok).toBe(true);
    // The logout was answered after the page heard the whole world arrive, and the dashboard was
    // first answered by that page event or a later one.
    expect(loggedOut.loadedAt).toBeDefined();
    expect(dashboardAt()).toBeGreaterThanOrEqual(loggedOut.loadedAt!);
    expect(dashboard()).toMatchObject({ mine: { total: 1 } });
    // The row the first look showed is the row the whole world derives.
    const late = engine.world.index.captures['cap-1']!;
    for (const key of ['stage', 'counts', 'flags', 'firstFlownOn', 'lastFlownOn', 'firstReceivedOn', 'lastReceivedOn'] as const) {
      expect(early[key]).toEqual(late[key]);
    }
    engine.stop();
  });

  it('reads the rows an action changed, and no row of a capture removed, from the packed buckets', async () => {
    const world = aWorld();
    aSurvey(world, { surveyId: 's-1', mediaId: 'm-1', captureId: 'cap-1', stage: 'survey-qc', receivedOn: '2026-06-10', assignedTo: ANN });
    // SAMPLE ONLY keeps cap-1 and removes cap-2.
    world.index.captures['cap-1']!.cpid = SAMPLE.cpid;
    const h = await harness({ world });
    expect((await h.do({ type: 'approveSurveyQc', surveyId: 's-1' })).ok).toBe(true);
    expect(h.engine.world.index.captures['cap-1']!.counts.qcApproved).toBe(1);
    await h.engine.settled();
    const rowOf = async (id: string) => new Map(unpackRows((await h.store.readKinds(['captureRows'])).records.captureRows!)).get(id);
    expect(await rowOf('cap-1')).toMatchObject({ r: { counts: { qcApproved: 1 } } });
    expect((await h.do({ type: 'sampleOnly' })).ok).toBe(true);
    expect(h.engine.world.ids.captures).toEqual(['cap-1']);
    await h.engine.settled();
    h.engine.stop();
    const stored = (await h.store.readKinds(['captureRows'])).records.captureRows!;
    expect(stored.length).toBeLessThanOrEqual(32);
    expect(unpackRows(stored)?.map(([id]) => id)).toEqual(['cap-1']);

    const engine = createEngine({ clock: new ManualClock(h.clock.now()), store: h.store, loadText: async () => '', firstLook: true });
    const { leader, page } = pagesOver(engine);
    const tab = page();
    expect(await leader.boot(tab.tab, bootInput())).toMatchObject({ loading: true });
    const table = tab.open({ view: 'captures', by: 'captureId', dir: 'asc', stage: null, starredBy: null, start: 0, count: 60 });
    const [row] = table()!.rows;
    expect(table()!.rows).toHaveLength(1);
    const late = h.engine.world.index.captures['cap-1']!;
    for (const key of ['stage', 'counts', 'flags', 'firstFlownOn', 'lastFlownOn', 'firstReceivedOn', 'lastReceivedOn'] as const) expect(row![key]).toEqual(late[key]);
    engine.stop();
  });

  it('the packed rows a commit writes are those the whole world makes, after any actions and ticks', async () => {
    // 40 captures over 32 buckets: most buckets hold one or two, some none.
    const h = await harness({ world: generateWorld({ surveys: 300, activeWorkflows: 20 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 5, maxLength: 30 }), async (intents) => {
        await actOut(h, intents);
        await expectRowsOfTheWholeWorld(h);
      }),
      { numRuns: 20 },
    );
    h.engine.stop();
  });

  it('rows made ahead of the commits that write them are the rows those commits would make: a world read from the store, acted on while its rows are made', async () => {
    const written = await harness({ world: generateWorld({ surveys: 300, activeWorkflows: 20 }) });
    await written.engine.settled();
    written.engine.stop();
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 5, maxLength: 30 }), async (intents) => {
        // Each run reads its own copy of the stored world: no row is made yet.
        const store = memoryStore();
        for (const [key, value] of written.store.data) store.data.set(key, structuredClone(value));
        const h = await harness({ store, clock: new ManualClock(written.clock.now()) });
        // A few slices of rows are made between the actions (50 ms each), not all of them.
        await actOut(h, intents, (i) => i.dt % 160);
        await expectRowsOfTheWholeWorld(h);
        h.engine.stop();
      }),
      { numRuns: 15 },
    );
  });

  it('takes the whole path at once for another version, an empty store, a store without row records or a row record without its row', async () => {
    const h = await storedWorld();
    const versions = await (async () => {
      const engine = createEngine({ clock: new ManualClock(h.clock.now()), store: h.store, loadText: async () => JSON.stringify(aWorld()), firstLook: true });
      const boot = await engine.boot(bootInput({ version: '44' }));
      engine.stop();
      return boot;
    })();
    expect(versions.loading).toBeUndefined();

    const empty = createEngine({ clock: new ManualClock(h.clock.now()), store: memoryStore(), loadText: async () => JSON.stringify(aWorld()), firstLook: true });
    expect((await empty.boot(bootInput())).loading).toBeUndefined();
    empty.stop();

    const again = await storedWorld();
    for (const [key, bucket] of again.store.data) if (key.startsWith('captureRows\u0000')) for (const [, row] of (bucket as RowBucket).rows) delete row.r;
    const rowless = createEngine({ clock: new ManualClock(again.clock.now()), store: again.store, loadText: async () => '', firstLook: true });
    expect((await rowless.boot(bootInput())).loading).toBeUndefined();
    expect(rowless.world.ids.surveys).toEqual(['s-1']);
    rowless.stop();

    // A store from before the rows were packed (one row record per capture), or from before row
    // records: the whole path, which packs them once for the next boot and leaves no old record.
    for (const form of ['one per capture', 'none'] as const) {
      const older = await storedWorld();
      for (const [key, bucket] of [...older.store.data]) {
        if (!key.startsWith('captureRows\u0000')) continue;
        older.store.data.delete(key);
        if (form === 'one per capture') for (const [id, row] of (bucket as RowBucket).rows) older.store.data.set(`captureRows\u0000${id}`, row);
      }
      const upgraded = createEngine({ clock: new ManualClock(older.clock.now()), store: older.store, loadText: async () => '', firstLook: true });
      expect((await upgraded.boot(bootInput())).loading).toBeUndefined();
      await upgraded.settled();
      upgraded.stop();
      const stored = (await older.store.readKinds(['captureRows'])).records.captureRows!;
      expect(stored.every(([key]) => isBucketKey(key)), form).toBe(true);
      expect(unpackRows(stored)?.map(([id]) => id).sort(), form).toEqual([...upgraded.world.ids.captures].sort());
      const next = createEngine({ clock: new ManualClock(older.clock.now()), store: older.store, loadText: async () => '', firstLook: true });
      expect((await next.boot(bootInput())).loading, form).toBe(true);
      next.stop();
    }
  });
});

describe('a boot from all.json tells how far it has come (issue 22)', () => {
  it('checking, then storing with the number of surveys; a boot from the store, what it opens', async () => {
    const { createEngine } = await import('../../worker/engine/engine');
    const { memoryStore } = await import('../../worker/engine/store/worldStore');
    const { ManualClock } = await import('../helpers/manualClock');
    const { aWorld, T0 } = await import('../helpers/builders');
    const { bootInput } = await import('../helpers/engineHarness');
    const store = memoryStore();
    const told: unknown[] = [];
    const make = () =>
      createEngine({ clock: new ManualClock(T0), store, loadText: async () => JSON.stringify(aWorld()), bootProgress: (p) => told.push(p), firstLook: true });
    await make().boot(bootInput());
    expect(told).toEqual([{ step: 'checking' }, { step: 'storing', surveys: aWorld().ids.surveys.length }]);
    told.length = 0;
    await make().boot(bootInput());
    // Said from the meta record alone, before the first look reads anything (issue 54).
    expect(told).toEqual([{ step: 'opening', surveys: aWorld().ids.surveys.length }]);
  });
});
