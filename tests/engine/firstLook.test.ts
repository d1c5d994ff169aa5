/**
 * A boot's first look (issue 11): a stored world answers the capture table from the capture
 * records alone while the whole world is still being read; actions and the views of other kinds
 * wait for the whole world, whose arrival every view hears; anything doubtful takes the whole
 * path at once.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../worker/engine/engine';
import { memoryStore, type MemoryStore, type WorldStore } from '../../worker/engine/store/worldStore';
import { bootInput, harness } from '../helpers/engineHarness';
import { pagesOver, type TestPage } from '../helpers/pages';
import type { ViewSpec } from '../../worker/screens';
import { ManualClock } from '../helpers/manualClock';
import { aWorld, aSurvey, ANN } from '../helpers/builders';

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

    const table = tab.open({ view: 'captures', by: 'captureId', dir: 'asc', stage: null, start: 0, count: 60 });
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
    for (const [key, record] of again.store.data) if (key.startsWith('captureRows\u0000')) delete (record as { r?: unknown }).r;
    const rowless = createEngine({ clock: new ManualClock(again.clock.now()), store: again.store, loadText: async () => '', firstLook: true });
    expect((await rowless.boot(bootInput())).loading).toBeUndefined();
    expect(rowless.world.ids.surveys).toEqual(['s-1']);
    rowless.stop();

    // A store from before row records: the whole path, which writes them once for the next boot.
    const older = await storedWorld();
    for (const key of [...older.store.data.keys()]) if (key.startsWith('captureRows\u0000')) older.store.data.delete(key);
    const upgraded = createEngine({ clock: new ManualClock(older.clock.now()), store: older.store, loadText: async () => '', firstLook: true });
    expect((await upgraded.boot(bootInput())).loading).toBeUndefined();
    await upgraded.settled();
    upgraded.stop();
    expect(await older.store.count('captureRows')).toBe(upgraded.world.ids.captures.length);
    const next = createEngine({ clock: new ManualClock(older.clock.now()), store: older.store, loadText: async () => '', firstLook: true });
    expect((await next.boot(bootInput())).loading).toBe(true);
    next.stop();
  });
});

describe('a boot from all.json tells how far it has come (issue 22)', () => {
  it('checking, then storing with the number of surveys; a boot from the store tells nothing', async () => {
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
    expect(told).toEqual([]);
  });
});
