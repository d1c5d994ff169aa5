/**
 * Persistence (docs/architecture.md#arch-persistence): every commit on disk before its answer, writing only what it
 * changed; the localStorage mirror; boot choosing the newest valid copy; version mismatch, expiry,
 * corrupt copies, malformed all.json; a reload in the middle of an automatic stage; IndexedDB
 * itself (fake-indexeddb); a store that refuses.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { harness, type Harness, type RecordedChange } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { T0, aWorld } from '../helpers/builders';
import { CORRUPT_NOTICE } from '../../worker/engine/persistence';
import { memoryStore, type MemoryStore, type StoreMeta, type WorldBatch } from '../../worker/engine/store/worldStore';
import { wholeWorldBatch } from '../../worker/engine/commitRecords';
import { idbStore, READ_PAGE } from '../../worker/engine/store/idbStore';
import { DEMO_EXPIRY_MS, LOCAL_MIRROR_MAX_CHARS } from '../../worker/domain/constants';
import { makeProject } from '../../worker/domain/entities';
import { ownersOf } from '../../worker/domain/history';
import { allEntries } from '../../worker/engine/historyExport';
import { NAMES_PAGE } from '../../worker/engine/store/historyRecords';
import { HISTORY_KIND } from '../../worker/engine/store/worldStore';
import { actOut, intent } from '../helpers/randomActions';
import fc from 'fast-check';

let historyDbs = 0;

async function withMedia(h: Harness) {
  await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
  await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A1'] });
}

const record = (store: MemoryStore, kind: string, id: string) => store.data.get(`${kind}\u0000${id}`) as Record<string, unknown> | undefined;
const meta = (store: MemoryStore) => store.data.get('~meta\u0000world') as StoreMeta;
const entitiesIn = (e: RecordedChange) => Object.values(e.changed).reduce((n, m) => n + Object.keys(m ?? {}).length, 0);
const removedIn = (e: RecordedChange) => Object.values(e.removed).reduce((n, l) => n + (l?.length ?? 0), 0);

/** Boots a second engine on the same store, as a reload does. */
const reboot = (h: Harness, opts: Parameters<typeof harness>[0] = {}) =>
  harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false, world: '{"broken":', ...opts });

describe('durable commits', () => {
  it('an action is on disk when its answer comes, and its event follows the write', async () => {
    const h = await harness();
    const before = h.store.commits.length;
    await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    expect(h.store.commits.length).toBe(before + 1);
    const mediaId = h.engine.world.ids.media[0]!;
    const surveyId = h.engine.world.ids.surveys[0]!;
    expect(record(h.store, 'media', mediaId)).toBeDefined();
    expect(record(h.store, 'surveys', surveyId)).toMatchObject({ captureId: 'cap-1', flightPlanId: 'fp-1', mediaId });
    expect(meta(h.store).current.loggedIn).toBe(true);
  });

  it('a commit writes exactly the entities its event carries, the meta record, and apart its history records', async () => {
    const h = await harness();
    await withMedia(h);
    const n = h.events.length;
    const commits = h.store.commits.length;
    await h.do({ type: 'setFlags', flags: { projects: true } });
    await h.do({ type: 'cancelReceive', host: 'drive-01' });
    const events = h.events.slice(n).filter((e): e is RecordedChange => e.kind === 'delta');
    const written = h.store.commits.slice(commits);
    expect(written).toEqual(events.map((e) => entitiesIn(e) + removedIn(e) + 1));
    // Cancelling a receive is in the history of the media set and of its drive (docs/history.md#stored-form).
    expect(h.store.historyCommits.slice(commits)).toEqual([0, 2]);
    expect(written[0]).toBe(1); // a flag: the meta record alone
  });

  it('progress alone writes nothing; a tick that ends a stage writes that entity', async () => {
    const h = await harness();
    await withMedia(h);
    const commits = h.store.commits.length;
    h.advance(10_000);
    await h.engine.settled();
    expect(h.store.commits.length).toBe(commits);
    h.advance(50_000); // the 60 s copy ends: media and survey move on
    await h.engine.settled();
    expect(h.store.commits.length).toBeGreaterThan(commits);
    const mediaId = h.engine.world.ids.media[0]!;
    const h2 = await reboot(h);
    expect(h2.engine.world.index.media[mediaId]!.stage.name).toBe('receive');
  });

  it('a refused write answers the action as failed and keeps nothing of it, in memory or on disk', async () => {
    const h = await harness();
    await withMedia(h);
    const before = JSON.parse(h.engine.serialise());
    const full = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    h.store.failWith = full;
    const n = h.events.length;
    const result = await h.do({ type: 'cancelReceive', host: 'drive-01' });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/storage is full.*Export demo data.*Clean Demo/), storage: true });
    expect(JSON.parse(h.engine.serialise())).toEqual(before);
    // The views follow the world back: a snapshot, never the refused delta.
    expect(h.events.slice(n).map((e) => e.kind)).toEqual(['snapshot']);
    h.store.failWith = null;
    const h2 = await reboot(h);
    expect(JSON.parse(h2.engine.serialise())).toEqual(before);
  });
});

describe('stored form', () => {
  it('is compact: at most 500 bytes a survey, whatever its stage', async () => {
    const h = await harness();
    for (let i = 0; i < 3; i++) await withMediaOn(h, i);
    h.advance(200_000);
    await h.engine.settled();
    await h.do({ type: 'setFlags', flags: { speed: 100 } });
    const surveys = [...h.store.data].filter(([k]) => k.startsWith('surveys\u0000'));
    expect(surveys.length).toBeGreaterThan(0);
    for (const [, value] of surveys) expect(JSON.stringify(value).length).toBeLessThanOrEqual(500);
  });

  async function withMediaOn(h: Harness, i: number) {
    const host = i % 2 ? 'drive-02' : 'drive-01';
    await h.do({ type: 'ejectMedia', host });
    await h.do({ type: 'insertMedia', host, bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'huge', flownOn: '2026-06-14' }] });
    await h.do({ type: 'receiveMedia', host, itemIds: [`A${i}`] });
  }
});

describe('the localStorage mirror', () => {
  it('is handed over 500 ms after a change, in the all.json shape', async () => {
    const h = await harness();
    const afterBoot = h.persisted.length;
    await withMedia(h);
    h.advance(499);
    expect(h.persisted.length).toBe(afterBoot);
    h.advance(1);
    expect(h.persisted.length).toBe(afterBoot + 1);
    const message = h.persisted[h.persisted.length - 1]!;
    expect(message).toMatchObject({ version: 45, current: { loggedIn: true } });
    expect(JSON.parse(message.db!)).toMatchObject({ version: 45, ids: { media: h.engine.world.ids.media } });
  });

  it('hands the main thread no db when the world is larger than localStorage holds', async () => {
    const world = aWorld();
    // Every text is bounded now (issue 19): many projects with long addresses make the world that large.
    for (let i = 0; i <= LOCAL_MIRROR_MAX_CHARS / 2000; i++) {
      world.index.projects[`big-${i}`] = makeProject({ projectId: `big-${i}`, url: 'x'.repeat(2000) });
      world.ids.projects.push(`big-${i}`);
    }
    const h = await harness({ world });
    await withMedia(h);
    await h.engine.flush();
    const message = h.persisted[h.persisted.length - 1]!;
    expect(message.db).toBeNull();
    expect(message.current.loggedIn).toBe(true);
  });
});

describe('boot', () => {
  async function saved(): Promise<Harness> {
    const h = await harness({ store: memoryStore() });
    await withMedia(h);
    h.engine.stop();
    return h;
  }

  it('store → boot is identity, with the session and flags, and no fetch', async () => {
    const h = await saved();
    await h.do({ type: 'setFlags', flags: { projects: true } });
    const h2 = await reboot(h);
    expect(h2.fetched).toEqual([]);
    expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
    expect(h2.engine.world.current.loggedIn).toBe(true);
    expect(h2.engine.world.flags.projects).toBe(true);
    expect(h2.boot.notices).toBeUndefined();
  });

  it('a reload in the middle of an automatic stage resumes from wall-clock time', async () => {
    const h = await saved();
    const mediaId = h.engine.world.ids.media[0]!;
    const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now() + 30_000), login: false });
    expect(h2.engine.world.index.media[mediaId]!.stage).toMatchObject({ name: 'copy', progress: 50 });
    h2.advance(30_000);
    expect(h2.engine.world.index.media[mediaId]!.stage.name).toBe('receive');
  });

  it('the newest valid copy wins: a localStorage copy newer than the store', async () => {
    const h = await saved();
    const newer = JSON.parse(h.engine.serialise());
    newer.savedAt += 1000;
    newer.index.captures['cap-1'].description = 'from local storage';
    const h2 = await reboot(h, { stored: { db: JSON.stringify(newer), version: '45' } });
    expect(h2.engine.world.index.captures['cap-1']!.description).toBe('from local storage');
    // ...and is written to the store whole, so the next boot needs no localStorage.
    const h3 = await reboot(h);
    expect(h3.engine.world.index.captures['cap-1']!.description).toBe('from local storage');
    const older = { ...newer, savedAt: newer.savedAt - 5000, index: { ...newer.index } };
    older.index.captures = { ...newer.index.captures, 'cap-1': { ...newer.index.captures['cap-1'], description: 'old' } };
    const h4 = await reboot(h, { stored: { db: JSON.stringify(older), version: '45' } });
    expect(h4.engine.world.index.captures['cap-1']!.description).toBe('from local storage');
  });

  it('a localStorage version other than 45 discards every stored copy, the store included', async () => {
    const h = await saved();
    const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false, stored: { version: '44' } });
    expect(h2.fetched).toHaveLength(1);
    expect(h2.fetched[0]).toMatch(/^http:\/\/app\.test\/data\/all\.json\?v=\d+$/);
    expect(h2.engine.world.ids.media).toEqual([]);
    const h3 = await reboot(h);
    expect(h3.engine.world.ids.media).toEqual([]);
  });

  it('a store of another version is discarded', async () => {
    const h = await saved();
    h.store.data.set('~meta\u0000world', { ...meta(h.store), version: 44 });
    const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false });
    expect(h2.fetched).toHaveLength(1);
    expect(h2.engine.world.ids.media).toEqual([]);
  });

  it('an expired demo is discarded', async () => {
    const h = await saved();
    const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now() + DEMO_EXPIRY_MS + 1), login: false });
    expect(h2.fetched).toHaveLength(1);
    expect(h2.engine.world.ids.media).toEqual([]);
    expect(h2.engine.world.loadedAt).toBe(h2.clock.now());
  });

  it('a stored record that cannot be read is dropped with a notice naming it, and the rest is kept (issue 19)', async () => {
    const h = await saved();
    const surveyId = h.engine.world.ids.surveys[0]!;
    h.store.data.set(`surveys\u0000${surveyId}`, { o: 0, captureId: 'nowhere' });
    const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false });
    const path = `surveys.${surveyId}`;
    expect(h2.boot.notices).toEqual([
      { category: 'warning', text: `Some stored data was of the wrong shape and was repaired: ${path}.captureId names a missing capture nowhere, so ${path} was dropped.` },
    ]);
    expect(h2.fetched).toEqual([]);
    expect(h2.engine.world.ids.captures).toEqual(['cap-1', 'cap-2']);
    expect(h2.engine.world.index.surveys[surveyId]).toBeUndefined();
    // The repaired world is what the store holds now: the next boot has nothing to say.
    expect(h.store.data.has(`surveys\u0000${surveyId}`)).toBe(false);
    const h3 = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false });
    expect(h3.boot.notices ?? []).toEqual([]);
  });

  it('a stored copy that cannot be read at all is replaced by the sample data, with a notice', async () => {
    const h = await harness({ login: false, stored: { db: '{"version":45', version: '45' } });
    expect(h.boot.notices).toEqual([{ category: 'warning', text: CORRUPT_NOTICE }]);
    expect(h.fetched).toHaveLength(1);
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
    const h = await saved();
    const h2 = await harness({
      store: h.store,
      clock: new ManualClock(h.clock.now() + DEMO_EXPIRY_MS + 1),
      login: false,
      fetchError: 'offline',
    });
    expect(h2.boot.notices?.[0]?.text).toBe('The sample data could not be loaded: all.json could not be fetched (offline)');
    expect(h2.engine.world.ids.media).toHaveLength(1);
  });

  it('runs over IndexedDB (one transaction a commit, read back by kind)', async () => {
    const store = Object.assign(idbStore('engine-test', 'world'), { data: new Map(), commits: [], historyCommits: [], failWith: null });
    const h = await harness({ store });
    await withMedia(h);
    h.engine.stop();
    const h2 = await harness({ store, clock: new ManualClock(h.clock.now()), login: false, world: '{"broken":' });
    expect(h2.fetched).toEqual([]);
    expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
    expect(h2.engine.world.current).toEqual(h.engine.world.current);
  });

  it('reads a kind longer than a page of IndexedDB whole, each record once and in key order', async () => {
    const store = idbStore('paged-read', 'world');
    const ids = Array.from({ length: READ_PAGE * 2 + 7 }, (_, i) => `p-${String(i).padStart(6, '0')}`);
    await store.commit({ put: ids.map((id) => ({ kind: 'projects' as const, id, record: { o: 0, n: id } })), del: [] });
    // Beside it, a kind whose keys sort just after: none of its records is read as a project.
    await store.commit({ put: [{ kind: 'surveys', id: 'a', record: { o: 0 } }], del: [] });
    const read = await store.readAll();
    expect(read.records.projects!.map(([id]) => id)).toEqual(ids);
    expect(read.records.projects![READ_PAGE]).toEqual([ids[READ_PAGE], { o: 0, n: ids[READ_PAGE] }]);
    expect(read.records.surveys!.map(([id]) => id)).toEqual(['a']);
  });

  it('keeps the history over IndexedDB as the memory store does: each entry once, its people and laptops named once for the store', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 5, maxLength: 20 }), async (intents) => {
        const idb = Object.assign(idbStore(`history-${++historyDbs}`, 'world'), { data: new Map(), commits: [], historyCommits: [], failWith: null });
        const [memory, onDisk] = await Promise.all([harness({ store: memoryStore() }), harness({ store: idb })]);
        for (const h of [memory, onDisk]) {
          await actOut(h, intents);
          h.engine.stop();
        }
        const entries = await allEntries(memory.store);
        expect(await allEntries(idb)).toEqual(entries);
        const owners = [...new Set(entries.flatMap((e) => ownersOf(e)))];
        expect(await idb.readHistory(owners)).toEqual(await memory.store.readHistory(owners));
        const names = (await idb.readKind(HISTORY_KIND)).find(([page]) => page === NAMES_PAGE)?.[1];
        expect(names ?? []).toEqual(memory.store.data.get(`${HISTORY_KIND}\u0000${NAMES_PAGE}`) ?? []);
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('starts from T0 with the sample data written whole', async () => {
    const h = await harness({ login: false });
    expect(h.engine.world.loadedAt).toBe(T0);
    // The meta record, one record per entity, and a row record per capture.
    expect(h.store.data.size).toBe(1 + Object.values(h.engine.world.ids).reduce((n, l) => n + l.length, 0) + h.engine.world.ids.captures.length);
  });
});

describe('a replacement writes what differs', () => {
  /** The store's records, without the meta record and the calls' answers. */
  const worldIn = (store: MemoryStore) => new Map([...store.data].filter(([key]) => !key.startsWith('~meta') && !key.startsWith('~call')));
  const wholeWritten = async (h: Harness) => {
    const fresh = memoryStore();
    await fresh.commit(wholeWorldBatch(h.engine.world));
    return worldIn(fresh);
  };
  const batchesOf = (store: MemoryStore) => {
    const batches: WorldBatch[] = [];
    const commit = store.commit.bind(store);
    store.commit = async (batch) => {
      batches.push(batch);
      return commit(batch);
    };
    return batches;
  };

  it('Reset Demo over a store that mirrors the world writes only the records that differ, and the store is what a whole write gives', async () => {
    const h = await harness();
    await withMedia(h);
    h.clock.advance(3 * 86_400_000);
    const batches = batchesOf(h.store);
    expect((await h.do({ type: 'resetDemo' })).ok).toBe(true);
    await h.engine.settled();
    const reset = batches.find((b) => b.put.length + b.del.length > 10)!;
    expect(reset.clear).toBeFalsy();
    const entities = Object.values(h.engine.world.ids).reduce((n, l) => n + l.length, 0);
    expect(reset.put.filter((p) => p.kind !== 'captureRows').length).toBeLessThan(entities);
    // The media inserted before is gone from the store, as from the world.
    expect(reset.del.length).toBeGreaterThan(0);
    expect(worldIn(h.store)).toEqual(await wholeWritten(h));
    const h2 = await reboot(h);
    expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
  });

  it('after a refused write, the next replacement writes the world whole', async () => {
    const h = await harness();
    await withMedia(h);
    h.store.failWith = new Error('QuotaExceededError');
    h.clock.advance(61_000);
    h.engine.tick();
    await h.engine.settled();
    h.store.failWith = null;
    const batches = batchesOf(h.store);
    expect((await h.do({ type: 'resetDemo' })).ok).toBe(true);
    expect(batches.some((b) => b.clear)).toBe(true);
    expect(worldIn(h.store)).toEqual(await wholeWritten(h));
  });
});

describe('export and import', () => {
  it('Export → Clean Demo → Import gives back the same world, on disk too', async () => {
    const h = await harness();
    await withMedia(h);
    await h.do({ type: 'setFlags', flags: { projects: true } });
    const file = await h.engine.exportWorld();
    const exported = JSON.parse(file);
    expect(exported).toMatchObject({ version: 45, index: { surveys: expect.any(Object) }, ids: expect.any(Object) });
    expect(exported.current).toBeUndefined();
    expect(exported.flags).toBeUndefined();
    const before = structuredClone(h.engine.world.toDb());
    await h.do({ type: 'cleanDemo' });
    expect(h.engine.world.ids.surveys).toEqual([]);
    const n = h.events.length;
    expect(await h.do({ type: 'importWorld', text: file })).toEqual({ ok: true, flash: { category: 'success', text: 'The demo data has been imported' } });
    expect(h.events.slice(n).map((e) => e.kind)).toEqual(['snapshot']);
    const after = h.engine.world.toDb();
    expect({ ...after, savedAt: 0, loadedAt: 0 }).toEqual({ ...before, savedAt: 0, loadedAt: 0 });
    // The session is this browser's own: an import keeps it.
    expect(h.engine.world.current.loggedIn).toBe(true);
    expect(h.engine.world.flags.projects).toBe(true);
    const h2 = await reboot(h);
    expect(h2.engine.world.toDb()).toEqual(after);
  });

  it.each([
    ['a truncated file', (f: string) => f.slice(0, f.length / 2), 'The file is not valid JSON'],
    ['a file of another version', (f: string) => JSON.stringify({ ...JSON.parse(f), version: 44 }), 'The file is demo data version 44; this console reads version 45'],
    [
      'a survey pointing at a missing capture',
      (f: string) => {
        const data = JSON.parse(f);
        const id = Object.keys(data.index.surveys)[0];
        data.index.surveys[id].captureId = 'cap-404';
        return JSON.stringify(data);
      },
      /^The file: surveys\.[^.]+\.captureId names a missing capture cap-404$/,
    ],
    ['an empty file', () => '', 'The file is empty'],
    ['something that is not demo data', () => '[1,2,3]', 'The file: the file is not an object'],
  ])('%s gets a clear message and changes nothing', async (_what, spoil, message) => {
    const h = await harness();
    await withMedia(h);
    const file = await h.engine.exportWorld();
    await h.do({ type: 'cancelReceive', host: 'drive-01' });
    const before = JSON.parse(h.engine.serialise());
    const commits = h.store.commits.length;
    const result = await h.do({ type: 'importWorld', text: spoil(file) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
    expect(JSON.parse(h.engine.serialise())).toEqual(before);
    expect(h.store.commits.length).toBe(commits);
  });
});

describe('a store that refuses (QuotaExceededError after N writes)', () => {
  let dbs = 0;
  it.each([
    [0, 'memory'],
    [1, 'memory'],
    [2, 'memory'],
    [3, 'memory'],
    [0, 'IndexedDB'],
    [2, 'IndexedDB'],
  ] as const)('after %i more writes (%s): each refused action changes nothing, in memory or on disk', async (n, kind) => {
    const store = kind === 'memory' ? memoryStore() : Object.assign(idbStore(`quota-${++dbs}`, 'world'), { data: new Map(), commits: [], historyCommits: [], failWith: null });
    const h = await harness({ store });
    const commit = h.store.commit.bind(h.store);
    let left = n;
    h.store.commit = async (batch) => {
      if (left-- <= 0) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      return commit(batch);
    };
    const actions = [
      { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] },
      { type: 'receiveMedia', host: 'drive-01', itemIds: ['A1'] },
      { type: 'setFlags', flags: { projects: true } },
      { type: 'cancelReceive', host: 'drive-01' },
    ] as const;
    for (const action of actions) {
      const before = JSON.parse(h.engine.serialise());
      const session = JSON.stringify([h.engine.world.current, h.engine.world.flags]);
      const result = await h.do(action as Parameters<typeof h.do>[0]);
      if (!result.ok && /storage is full/.test(result.error)) {
        expect(JSON.parse(h.engine.serialise())).toEqual(before);
        expect(JSON.stringify([h.engine.world.current, h.engine.world.flags])).toBe(session);
      }
    }
    const h2 = await reboot(h);
    expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
    expect(h2.engine.world.flags).toEqual(h.engine.world.flags);
  });
});

describe('a store that cannot hold the world at boot (issue 19, item 2)', () => {
  const full = () => Object.assign(new Error('quota'), { name: 'QuotaExceededError' });

  it('says so, never "nothing is lost": changes are refused, the session lives in memory, and a later whole write that lands ends it', async () => {
    const store = memoryStore();
    store.failWith = full();
    const h = await harness({ store, login: false });
    expect(h.boot.unsaved).toMatch(/could not be saved: the browser’s storage for this site is full.*changes are refused/);
    expect(h.boot.notices ?? []).not.toContainEqual(expect.objectContaining({ text: expect.stringMatching(/nothing is lost|was not saved/) }));
    // The session changes in memory, as the banner says; nothing that would change the world is confirmed.
    expect(await h.do({ type: 'login', email: 'ann@example.com', password: 'demo' })).toMatchObject({ ok: true });
    const before = JSON.parse(h.engine.serialise());
    const refused = await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    expect(refused).toEqual({ ok: false, error: h.boot.unsaved, storage: true });
    expect(JSON.parse(h.engine.serialise())).toEqual(before);
    expect(store.commits).toHaveLength(0);
    // Space freed: Reload sample data writes the whole world, and changes are kept again.
    store.failWith = null;
    expect(await h.do({ type: 'reloadData' })).toMatchObject({ ok: true });
    expect(h.engine.unsaved).toBeNull();
    expect(await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] })).toMatchObject({ ok: true });
    expect(store.commits.length).toBeGreaterThan(1);
  });
});

describe('Reset Demo, Reload sample data and Import forwarded by another tab (issue 19)', () => {
  it('are answered once per call id: a re-send, to this engine or to the next leader, gets the first answer and replaces nothing again', async () => {
    const h = await harness();
    const first = await h.engine.dispatch({ type: 'reloadData' }, 'tab-b:1');
    expect(first).toMatchObject({ ok: true, flash: { text: 'The sample data has been reloaded' } });
    await withMedia(h);
    const after = JSON.parse(h.engine.serialise());
    expect(await h.engine.dispatch({ type: 'reloadData' }, 'tab-b:1')).toEqual(first);
    expect(JSON.parse(h.engine.serialise())).toEqual(after);
    // The next leader reads the answer from the store, written with the new world.
    const h2 = await reboot(h, { world: aWorld() });
    expect(await h2.engine.dispatch({ type: 'reloadData' }, 'tab-b:1')).toEqual(first);
    expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
    // A new call id is a new reload.
    expect(await h2.engine.dispatch({ type: 'resetDemo' }, 'tab-b:2')).toMatchObject({ ok: true, flash: { text: 'The demo has been reset.' } });
    expect(h2.engine.world.ids.media).not.toEqual(h.engine.world.ids.media);
  });
});
