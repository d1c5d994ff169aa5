/**
 * Persistence (ARCHITECTURE §3): delayed save, flush, the localStorage mirror, boot choosing the
 * newest valid copy, version mismatch, expiry, corrupt copies, malformed all.json, and a reload in
 * the middle of an automatic stage. One test runs over IndexedDB itself (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createStore, getMany, setMany } from 'idb-keyval';
import { harness, type Harness } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { T0, aWorld } from '../helpers/builders';
import { memoryStore, CORRUPT_NOTICE, type KeyValueStore } from '../../worker/engine/persistence';
import { DEMO_EXPIRY_MS, LOCAL_MIRROR_MAX_CHARS } from '../../worker/domain/constants';

async function withMedia(h: Harness) {
  await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
  await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A1'] });
}

describe('saving', () => {
  it('saves at most once per 500 ms after a change, to the store and to the main thread', async () => {
    const h = await harness();
    const afterBoot = h.persisted.length;
    await withMedia(h);
    expect(h.persisted.length).toBe(afterBoot);
    h.advance(499);
    expect(h.persisted.length).toBe(afterBoot);
    h.advance(1);
    await h.engine.flush();
    expect(h.persisted.length).toBe(afterBoot + 1);
    const message = h.persisted[h.persisted.length - 1]!;
    expect(message).toMatchObject({ version: 45, savedAt: T0 + 500, current: { loggedIn: true } });
    expect(h.store.data.get('db')).toBe(message.db);
    expect(h.store.data.get('version')).toBe('45');
    expect(JSON.parse(h.store.data.get('current') as string).user.email).toBe('ann.lee@example.com');
    // Progress alone does not make a save: it is recomputed from the stored times.
    const n = h.persisted.length;
    h.advance(5_000);
    await h.engine.flush();
    expect(h.persisted.length).toBe(n);
  });

  it('keeps a world too large for localStorage in IndexedDB only, and hands the main thread no db', async () => {
    const world = aWorld();
    world.index.captures['cap-1']!.description = 'x'.repeat(LOCAL_MIRROR_MAX_CHARS);
    const h = await harness({ world });
    await withMedia(h);
    h.advance(500);
    await h.engine.flush();
    const message = h.persisted[h.persisted.length - 1]!;
    expect(message.db).toBeNull();
    expect(message.current.loggedIn).toBe(true);
    expect((h.store.data.get('db') as string).length).toBeGreaterThan(LOCAL_MIRROR_MAX_CHARS);
  });

  it('flush writes pending changes now', async () => {
    const h = await harness();
    await h.engine.flush();
    const n = h.persisted.length;
    await h.do({ type: 'setFlags', flags: { projects: true } });
    await h.engine.flush();
    expect(h.persisted.length).toBe(n + 1);
    expect(JSON.parse(h.store.data.get('flags') as string).projects).toBe(true);
  });
});

describe('boot', () => {
  async function saved(): Promise<{ h: Harness; store: KeyValueStore & { data: Map<string, unknown> } }> {
    const store = memoryStore();
    const h = await harness({ store });
    await withMedia(h);
    await h.engine.flush();
    h.engine.stop();
    return { h, store };
  }

  it('save → load is identity, and the session and flags come back', async () => {
    const { h, store } = await saved();
    const db = store.data.get('db') as string;
    const clock = new ManualClock(h.clock.now());
    const h2 = await harness({ store, clock, login: false, world: '{"broken":' });
    expect(h2.fetched).toEqual([]);
    expect(h2.engine.serialise()).toBe(db);
    h.engine.tick();
    expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
    expect(h2.engine.world.current.loggedIn).toBe(true);
    expect(h2.boot.kind).toBe('snapshot');
    expect(h2.boot.notices).toBeUndefined();
  });

  it('a reload in the middle of an automatic stage resumes from wall-clock time', async () => {
    const { h, store } = await saved();
    const mediaId = h.engine.world.ids.media[0]!;
    const clock = new ManualClock(h.clock.now() + 30_000);
    const h2 = await harness({ store, clock, login: false });
    expect(h2.engine.world.index.media[mediaId]!.stage).toMatchObject({ name: 'copy', progress: 50 });
    h2.advance(30_000);
    expect(h2.engine.world.index.media[mediaId]!.stage.name).toBe('receive');
  });

  it('the newest valid copy wins: a localStorage copy newer than IndexedDB', async () => {
    const { h, store } = await saved();
    const idbDb = store.data.get('db') as string;
    const newer = JSON.parse(idbDb);
    newer.savedAt += 1000;
    newer.index.captures['cap-1'].description = 'from local storage';
    const h2 = await harness({
      store,
      clock: new ManualClock(h.clock.now()),
      login: false,
      stored: { db: JSON.stringify(newer), version: '45' },
    });
    expect(h2.engine.world.index.captures['cap-1']!.description).toBe('from local storage');
    const older = { ...newer, savedAt: newer.savedAt - 5000 };
    const h3 = await harness({ store, clock: new ManualClock(h.clock.now()), login: false, stored: { db: JSON.stringify(older), version: '45' } });
    expect(h3.engine.world.index.captures['cap-1']!.description).toBe('Coastal strip');
  });

  it('a stored version other than 45 is discarded and all.json loaded', async () => {
    const { h, store } = await saved();
    store.data.set('version', '44');
    const h2 = await harness({ store, clock: new ManualClock(h.clock.now()), login: false });
    expect(h2.fetched).toHaveLength(1);
    expect(h2.fetched[0]).toMatch(/^http:\/\/app\.test\/data\/all\.json\?v=\d+$/);
    expect(h2.engine.world.ids.media).toEqual([]);
    expect(h2.boot.notices).toBeUndefined();
  });

  it('an expired demo is discarded', async () => {
    const { h, store } = await saved();
    const h2 = await harness({ store, clock: new ManualClock(h.clock.now() + DEMO_EXPIRY_MS + 1), login: false });
    expect(h2.fetched).toHaveLength(1);
    expect(h2.engine.world.ids.media).toEqual([]);
    expect(h2.engine.world.loadedAt).toBe(h2.clock.now());
  });

  it.each([
    ['not JSON', '{"version":45,'],
    ['a survey without workflow', 'MISSING_WORKFLOW'],
  ])('a corrupt copy (%s) is ignored with a notice', async (_what, raw) => {
    const { h, store } = await saved();
    let db = raw;
    if (raw === 'MISSING_WORKFLOW') {
      const parsed = JSON.parse(store.data.get('db') as string);
      const sid = Object.keys(parsed.index.surveys)[0];
      delete parsed.index.surveys[sid].workflow;
      db = JSON.stringify(parsed);
    }
    store.data.set('db', db);
    const h2 = await harness({ store, clock: new ManualClock(h.clock.now()), login: false });
    expect(h2.boot.notices).toEqual([{ category: 'warning', text: CORRUPT_NOTICE }]);
    expect(h2.fetched).toHaveLength(1);
    expect(h2.engine.world.ids.captures).toEqual(['cap-1', 'cap-2']);
  });

  it('a malformed all.json gives a notice naming what is wrong', async () => {
    const w = aWorld() as unknown as { index: { captures: Record<string, Record<string, unknown>> } };
    delete w.index.captures['cap-1']!.workflow;
    const h = await harness({ world: JSON.stringify(w), login: false });
    expect(h.boot.notices).toEqual([
      { category: 'danger', text: 'The sample data could not be loaded: all.json: captures.cap-1.workflow is missing' },
    ]);
    expect(h.engine.world.ids.captures).toEqual([]);
  });

  it('never a blank world: a stale stored copy is kept when all.json cannot be loaded', async () => {
    const { h, store } = await saved();
    const h2 = await harness({
      store,
      clock: new ManualClock(h.clock.now() + DEMO_EXPIRY_MS + 1),
      login: false,
      fetchError: 'offline',
    });
    expect(h2.boot.notices?.[0]?.text).toBe('The sample data could not be loaded: all.json could not be fetched (offline)');
    expect(h2.engine.world.ids.media).toHaveLength(1);
  });

  it('runs over IndexedDB through idb-keyval', async () => {
    const idbStore = createStore('engine-test', 'kv');
    const store: KeyValueStore = {
      getMany: (keys) => getMany(keys, idbStore),
      setMany: (entries) => setMany(entries, idbStore),
    };
    const h = await harness({ store: Object.assign(store, { data: new Map() }) });
    await withMedia(h);
    await h.engine.flush();
    h.engine.stop();
    const h2 = await harness({ store: Object.assign(store, { data: new Map() }), clock: new ManualClock(h.clock.now()), login: false });
    expect(h2.fetched).toEqual([]);
    expect(h2.engine.serialise()).toBe(h.engine.serialise());
  });
});
