/**
 * Every survey's history (issue 34, docs/history.md): each action writes its entries in its own
 * commit, each automatic stage is derived at its own instant, a refused or replayed action writes
 * nothing (more), and the history is kept across a reload, Export/Import, and starts anew with
 * Reset Demo. The page's answer is the worker's (worker/views/history.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../worker/api';
import { harness, type Harness } from '../helpers/engineHarness';
import { historyOf, told } from '../helpers/history';
import { ManualClock } from '../helpers/manualClock';
import { samplePodconfig } from '../helpers/podconfigFiles';
import { ANN, BOB, T0 } from '../helpers/builders';
import { historyId, sealed, type HistoryEntry } from '../../worker/domain/history';
import { readHistoryEntry } from '../../worker/domain/historyFile';
import { HISTORY_KIND } from '../../worker/engine/store/worldStore';
import { appendTo, entriesOf, namesOf, NAMES_PAGE, ownerOfPage, PAGE_MS, pageOf } from '../../worker/engine/store/historyRecords';
import { memoryStore, type MemoryStore } from '../../worker/engine/store/worldStore';

const reboot = (h: Harness) => harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false, world: '{"broken":' });
/** The entities' history records (the names they refer to apart). */
/** An entry's id (`<at>:<laptop>:<tx>:<n>:<proof>`, docs/history.md#the-entry) in its parts. */
const idParts = (id: string) => {
  const [at, laptop, tx] = id.split(':');
  return { id, at, laptop, tx: tx! };
};
const assigned = (answer: { rows: { key: string; what: string }[] }) => idParts(answer.rows.find((r) => r.what.startsWith('Assigned'))!.key);
const historyRecords = (h: Harness) => [...h.store.data.entries()].filter(([key]) => key.startsWith(`${HISTORY_KIND}\u0000`) && key !== `${HISTORY_KIND}\u0000${NAMES_PAGE}`);

async function inserted(h: Harness) {
  await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'teeny', flownOn: '2026-06-14' }] });
  const media = h.engine.world.index.media[h.engine.world.index.drives['drive-01']!.mediaId!]!;
  return { mediaId: media.mediaId, sid: media.surveyIds[0]! };
}

/** Insert to Published, with Bob approving the survey's QC and flagging a frame. */
async function walked(h: Harness) {
  const { mediaId, sid } = await inserted(h);
  await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
  h.advance(100_000);
  await h.do({ type: 'assignSurveys', mediaId, assignments: [{ surveyId: sid, email: BOB }] });
  await h.do({ type: 'processApplanix', surveyId: sid });
  await h.do({ type: 'processPodconfig', surveyId: sid, files: samplePodconfig('pod.XML') });
  h.advance(60_000);
  await h.do({ type: 'logout' });
  await h.do({ type: 'login', email: BOB, password: 'demo' });
  await h.do({ type: 'startSurveyQc', surveyId: sid });
  await h.do({ type: 'flagFrame', surveyId: sid, line: 3, camera: 'Cam04', frame: 12, reason: 'Cloud' });
  await h.do({ type: 'approveSurveyQc', surveyId: sid });
  await h.do({ type: 'logout' });
  await h.do({ type: 'login', email: ANN, password: 'demo' });
  await h.do({ type: 'processCapture', captureId: 'cap-1', surveyIds: [sid] });
  h.advance(240_000);
  await h.do({ type: 'startCaptureQc', captureId: 'cap-1' });
  await h.do({ type: 'approveCaptureQc', captureId: 'cap-1' });
  await h.do({ type: 'publishCapture', captureId: 'cap-1' });
  h.advance(60_000);
  await h.engine.settled();
  return { mediaId, sid };
}

const WALK = [
  'Media X inserted into drive drive-01 (bay 1) (Ann Lee)',
  'Received from drive drive-01 as 260615_A (Ann Lee)',
  'Copying started (automatic)',
  'Copying completed (automatic)',
  'Receiving started (automatic)',
  'Receiving completed (automatic)',
  'Assigned to Bob Smith (Ann Lee)',
  'Applanix confirmed (Ann Lee)',
  'PodConfig confirmed (Ann Lee)',
  'Frame extraction started (automatic)',
  'Frame extraction completed (automatic)',
  'QC started (Bob Smith)',
  'Frame 12 of line 3 Cam04 flagged "Cloud" (Bob Smith)',
  'QC approved (Bob Smith)',
  'Processing started (Ann Lee)',
  'Feature matching started (automatic)',
  'Feature matching completed (automatic)',
  'Bundle adjustment started (automatic)',
  'Bundle adjustment completed (automatic)',
  'Rolling shutter correction started (automatic)',
  'Rolling shutter correction completed (automatic)',
  'Orthorectification started (automatic)',
  'Orthorectification completed (automatic)',
  'Capture QC started (Ann Lee)',
  'Capture QC approved (Ann Lee)',
  'Publish started (Ann Lee)',
  'Published (automatic)',
];
const named = (lines: string[], mediaId: string) => lines.map((l) => l.replace(`Media ${mediaId} `, 'Media X '));

describe('a survey walked from insert to Published', () => {
  it('lists every step with its author, oldest last on the page', async () => {
    const h = await harness();
    const { mediaId, sid } = await walked(h);
    const answer = await historyOf(h.engine, 'surveys', sid);
    expect(answer).toMatchObject({ found: true, title: expect.stringMatching(/^Survey /), loading: false });
    expect(named(told(answer), mediaId)).toEqual(WALK);
    expect(answer.rows.every((r) => r.automatic === (r.by === null))).toBe(true);
    expect(answer.rows.filter((r) => !r.automatic).every((r) => r.laptop === 'This laptop')).toBe(true);
  });

  it('lists each automatic stage at its own instant, not the tick that saw it', async () => {
    const h = await harness();
    const { sid } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
    // One step far past both stages: the copy (60 s) and the receive (the survey's size, 10 s) end on their own.
    h.advance(500_000);
    await h.engine.settled();
    const rows = (await historyOf(h.engine, 'surveys', sid)).rows;
    const at = (what: string) => rows.find((r) => r.what === what)?.at;
    expect(at('Copying started')).toBe(T0);
    expect(at('Copying completed')).toBe(T0 + 60_000);
    expect(at('Receiving started')).toBe(T0 + 60_000);
    expect(at('Receiving completed')).toBe(T0 + 70_000);
  });

  it('a capture\u2019s history holds its surveys\u2019 entries, naming the survey, and its processing once', async () => {
    const h = await harness();
    const { sid } = await walked(h);
    const answer = await historyOf(h.engine, 'captures', 'cap-1');
    const lines = told(answer);
    expect(lines[0]).toBe('Loaded with the sample data (automatic)');
    expect(lines).toContain('QC approved (Bob Smith)');
    expect(lines.filter((l) => l === 'Feature matching started (automatic)')).toHaveLength(1);
    expect(answer.rows.find((r) => r.what === 'QC approved')?.surveys).toBe(`Survey ${sid.slice(0, 8).toUpperCase()}`);
  });

  it('a media set\u2019s and a drive\u2019s history: their own events, the drive\u2019s from the sample data on', async () => {
    const h = await harness();
    const { mediaId } = await walked(h);
    expect(named(told(await historyOf(h.engine, 'media', mediaId)), mediaId)).toEqual(WALK.slice(0, 7));
    await h.do({ type: 'ejectMedia', host: 'drive-01' });
    expect(named(told(await historyOf(h.engine, 'drives', 'drive-01')), mediaId)).toEqual([
      'Loaded with the sample data (automatic)',
      WALK[0],
      WALK[1],
      'Media X ejected from drive drive-01 (Ann Lee)',
    ]);
  });
});

describe('every action writes its entry', () => {
  it('cancel, reject with a reason, unflag, reassign, receive cancelled, capture QC rejected, a capture cleaned', async () => {
    const h = await harness();
    const { mediaId, sid } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
    h.advance(1_000);
    await h.do({ type: 'cancelReceive', host: 'drive-01' });
    expect(told(await historyOf(h.engine, 'media', mediaId)).at(-1)).toBe('Receiving cancelled on drive drive-01 (Ann Lee)');
    await h.do({ type: 'reassignSurvey', surveyId: sid, email: BOB });
    expect(told(await historyOf(h.engine, 'surveys', sid)).at(-1)).toBe('Reassigned to Bob Smith (Ann Lee)');
    await h.do({ type: 'cleanCapture', captureId: 'cap-1' });
    expect(told(await historyOf(h.engine, 'captures', 'cap-1')).at(-1)).toBe('Capture cleaned: its surveys and media removed (Ann Lee)');
    // The removed survey's and media set's records went with them (Clean Demo makes room).
    expect(historyRecords(h).map(([k]) => ownerOfPage(k.split('\u0000')[1]!))).toEqual(['d:drive-01', 'c:cap-1']);

    const next = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['B'] });
    h.advance(200_000);
    await h.do({ type: 'processApplanix', surveyId: next.sid });
    await h.do({ type: 'processPodconfig', surveyId: next.sid, files: samplePodconfig('pod.XML') });
    h.advance(60_000);
    await h.do({ type: 'startSurveyQc', surveyId: next.sid });
    await h.do({ type: 'flagFrame', surveyId: next.sid, line: 1, camera: 'Cam01', frame: 2, reason: 'Blur', note: 'soft' });
    await h.do({ type: 'unflagFrame', surveyId: next.sid, line: 1, camera: 'Cam01', frame: 2 });
    await h.do({ type: 'rejectSurveyQc', surveyId: next.sid, reason: 'Smoke over line 2' });
    expect(told(await historyOf(h.engine, 'surveys', next.sid)).slice(-4)).toEqual([
      'QC started (Ann Lee)',
      'Frame 2 of line 1 Cam01 flagged "Blur": soft (Ann Lee)',
      'Frame 2 of line 1 Cam01 unflagged (Ann Lee)',
      'QC rejected: Smoke over line 2 (Ann Lee)',
    ]);
  });

  it('media ejected before it was received goes with its history; its drive keeps both events', async () => {
    const h = await harness();
    const { mediaId } = await inserted(h);
    await h.do({ type: 'ejectMedia', host: 'drive-01' });
    expect(historyRecords(h).map(([k]) => ownerOfPage(k.split('\u0000')[1]!))).toEqual(['d:drive-01']);
    expect(named(told(await historyOf(h.engine, 'drives', 'drive-01')), mediaId)).toEqual([
      'Loaded with the sample data (automatic)',
      WALK[0],
      'Media X ejected from drive drive-01 (Ann Lee)',
    ]);
  });

  it('a survey cancelled while it waits', async () => {
    const h = await harness();
    const { sid } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
    h.advance(100_000);
    expect((await h.do({ type: 'cancelSurvey', surveyId: sid })).ok).toBe(true);
    expect(told(await historyOf(h.engine, 'surveys', sid)).at(-1)).toBe('Survey cancelled (Ann Lee)');
  });

  it('capture QC rejected names the surveys it failed', async () => {
    const h = await harness();
    const { sid } = await walked(h);
    expect(told(await historyOf(h.engine, 'surveys', sid))).toContain('Capture QC approved (Ann Lee)');
    const other = await harness();
    const o = await inserted(other);
    await other.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
    other.advance(100_000);
    await other.do({ type: 'processApplanix', surveyId: o.sid });
    await other.do({ type: 'processPodconfig', surveyId: o.sid, files: samplePodconfig('pod.XML') });
    other.advance(60_000);
    await other.do({ type: 'approveSurveyQc', surveyId: o.sid });
    await other.do({ type: 'processCapture', captureId: 'cap-1', surveyIds: [o.sid] });
    other.advance(240_000);
    await other.do({ type: 'rejectCaptureQc', captureId: 'cap-1' });
    expect(told(await historyOf(other.engine, 'surveys', o.sid)).at(-1)).toBe('Capture QC rejected (Ann Lee)');
  });
});

describe('nothing written twice, nothing written for nothing', () => {
  it('a refused action writes no entry: an unavailable action, a bad input, a full disk', async () => {
    const h = await harness();
    const { sid } = await inserted(h);
    const before = JSON.stringify(historyRecords(h));
    expect((await h.do({ type: 'approveSurveyQc', surveyId: sid })).ok).toBe(false);
    expect((await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: [''] })).ok).toBe(false);
    h.store.failWith = new DOMException('full', 'QuotaExceededError');
    expect((await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] })).ok).toBe(false);
    h.store.failWith = null;
    expect(JSON.stringify(historyRecords(h))).toBe(before);
    expect(told(await historyOf(h.engine, 'surveys', sid))).toHaveLength(1);
  });

  it('a replayed call (the same call id) writes its entries once', async () => {
    const h = await harness();
    const { sid } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
    h.advance(100_000);
    // Reassign may be done again and again: only the call id tells a replay from a second reassign.
    const reassign = { type: 'reassignSurvey', surveyId: sid, email: BOB } as const;
    expect((await h.engine.dispatch(reassign, 'tab:7')).ok).toBe(true);
    expect((await h.engine.dispatch(reassign, 'tab:7')).ok).toBe(true);
    // A new leader booted on the same store answers the replay from the store.
    const h2 = await reboot(h);
    expect((await h2.engine.dispatch(reassign, 'tab:7')).ok).toBe(true);
    expect(told(await historyOf(h2.engine, 'surveys', sid)).filter((l) => l.startsWith('Reassigned'))).toHaveLength(1);
    expect((await h2.engine.dispatch(reassign, 'tab:8')).ok).toBe(true);
    expect(told(await historyOf(h2.engine, 'surveys', sid)).filter((l) => l.startsWith('Reassigned'))).toHaveLength(2);
  });
});

describe('the history is kept', () => {
  it('across a reload, read only when a history is opened', async () => {
    const h = await harness();
    const { sid } = await walked(h);
    const h2 = await reboot(h);
    expect(h2.engine.world.laptop).toBe(h.engine.world.laptop);
    const spec = { of: 'surveys', id: sid, person: null, group: null } as const;
    const { history } = await import('../../worker/views/history');
    // Nothing of it was read by the boot: the first answer is still loading.
    expect(history(h2.engine.world, h2.engine.history, spec).loading).toBe(true);
    expect(told(await historyOf(h2.engine, 'surveys', sid))).toEqual(told(await historyOf(h.engine, 'surveys', sid)));
  });

  /** A laptop's action, and the engine that leads after it on a store read before that action landed (`readEarly`), or on `store`. */
  async function leadAfter(dying: Harness, next: Partial<Parameters<typeof harness>[0]> = {}, readEarly = true) {
    const { sid } = await inserted(dying);
    await dying.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
    dying.advance(100_000);
    await dying.engine.settled();
    const early = memoryStore();
    for (const [key, value] of dying.store.data) early.data.set(key, structuredClone(value));
    const assign: Action = { type: 'assignSurveys', mediaId: dying.engine.world.index.surveys[sid]!.mediaId, assignments: [{ surveyId: sid, email: BOB }] };
    expect((await dying.do(assign)).ok).toBe(true);
    await dying.engine.settled();
    const given = assigned(await historyOf(dying.engine, 'surveys', sid));
    // The next tab's boot, at the same instant of the engine's clock (the tests' stepped clock).
    const h = await harness({ store: readEarly ? early : dying.store, clock: new ManualClock(dying.clock.now()), login: false, world: '{"broken":', ...next });
    await h.do({ type: 'login', email: ANN, password: 'demo' });
    // On the store the dying engine wrote, Bob has the survey already: his Applanix is next.
    expect(await h.do(readEarly ? assign : { type: 'processApplanix', surveyId: sid })).toMatchObject({ ok: true });
    await h.engine.settled();
    const answer = await historyOf(h.engine, 'surveys', sid);
    const mine = idParts(answer.rows.filter((r) => /^(Assigned|Applanix)/.test(r.what)).map((r) => r.key).find((key) => key !== given.id)!);
    expect([mine.at, mine.laptop]).toEqual([given.at, given.laptop]);
    // Later than every number the dying engine gave, so the laptop's order of actions holds.
    expect(parseInt(mine.tx, 36)).toBeGreaterThan(parseInt(given.tx, 36));
    return mine;
  }

  it('a tab that leads after a dying one never gives an action number twice, even from a meta record read before its last commit', async () => {
    const mine = await leadAfter(await harness());
    expect(mine.tx).toHaveLength(6);
  });

  it('nor when the meta record cannot be read: its numbers begin at the wall clock', async () => {
    const dying = await harness();
    const failOnce = (store: MemoryStore): MemoryStore => {
      let failed = false;
      return Object.assign(Object.create(store) as MemoryStore, {
        readKinds: (kinds: Parameters<MemoryStore['readKinds']>[0]) => (failed ? store.readKinds(kinds) : ((failed = true), Promise.reject(new Error('unreadable')))),
      });
    };
    const wall = 1_800_000_000_000;
    const mine = await leadAfter(dying, { store: failOnce(dying.store), wallClock: () => wall }, false);
    expect(parseInt(mine.tx, 36)).toBeGreaterThan(wall);
  });

  it('an action number of any length the engine gives is stored and read back as given', () => {
    for (const tx of ['000001', 'zzzzzz', '1000000', (1_800_000_000_123).toString(36)]) {
      const entry: HistoryEntry = { id: historyId(T0, 'lap', tx, 0), at: T0, by: ANN, laptop: 'lap', tx, n: 0, what: { kind: 'applanix' }, on: { surveys: ['s-1'] } };
      const names = namesOf(null);
      const record = appendTo('s:s-1', undefined, [entry], names);
      expect(entriesOf('s:s-1', record, names)).toEqual([entry]);
    }
  });

  it('through Export and Import, and an export without history imports with its history starting then', async () => {
    const h = await harness();
    const { sid } = await walked(h);
    const text = await h.engine.exportWorld();
    const file = JSON.parse(text);
    expect(file.history.entries.length).toBeGreaterThan(10);
    const h2 = await harness();
    expect(await h2.do({ type: 'importWorld', text })).toMatchObject({ ok: true });
    expect(told(await historyOf(h2.engine, 'surveys', sid))).toEqual(told(await historyOf(h.engine, 'surveys', sid)));
    expect(JSON.parse(await h2.engine.exportWorld()).history).toEqual(file.history);

    delete file.history;
    h2.clock.advance(1_000);
    expect(await h2.do({ type: 'importWorld', text: JSON.stringify(file) })).toMatchObject({ ok: true });
    expect(told(await historyOf(h2.engine, 'captures', 'cap-2'))).toEqual(['Loaded from an imported file (automatic)']);
    expect((await historyOf(h2.engine, 'captures', 'cap-2')).rows[0]!.at).toBe(h2.clock.now());
  });

  it('an import whose history is of the wrong shape is refused, naming what is wrong', async () => {
    const h = await harness();
    await walked(h);
    const file = JSON.parse(await h.engine.exportWorld());
    file.history.entries[1].by = 'not an email';
    expect(await h.do({ type: 'importWorld', text: JSON.stringify(file) })).toEqual({ ok: false, error: 'The file: history.entries.1: by is not an email address' });
    file.history.entries[1].by = ANN;
    file.history.entries[1].id = 'forged';
    expect((await h.do({ type: 'importWorld', text: JSON.stringify(file) })).ok).toBe(false);
  });

  it('Reset Demo starts a new history, at the instant the sample data is loaded again', async () => {
    const h = await harness();
    await walked(h);
    h.clock.advance(5_000);
    expect((await h.do({ type: 'resetDemo' })).ok).toBe(true);
    expect(historyRecords(h)).toEqual([]);
    const answer = await historyOf(h.engine, 'drives', 'drive-01');
    expect(told(answer)).toEqual(['Loaded with the sample data (automatic)']);
    expect(answer.rows[0]!.at).toBe(h.clock.now());
  });
});

describe('filters, and what team sync adds', () => {
  it('filters by person and by kind of event, and lists the people and kinds there are', async () => {
    const h = await harness();
    const { sid } = await walked(h);
    const all = await historyOf(h.engine, 'surveys', sid);
    expect(all.people.map((p) => p.name)).toEqual(['Ann Lee', 'Bob Smith']);
    expect(all.groups.map((g) => g.label)).toContain('Survey QC and frame flags');
    expect(told(await historyOf(h.engine, 'surveys', sid, { person: BOB }))).toEqual(['QC started (Bob Smith)', 'Frame 12 of line 3 Cam04 flagged "Cloud" (Bob Smith)', 'QC approved (Bob Smith)']);
    expect(told(await historyOf(h.engine, 'surveys', sid, { group: 'positioning' }))).toEqual(['Applanix confirmed (Ann Lee)', 'PodConfig confirmed (Ann Lee)']);
    expect((await historyOf(h.engine, 'surveys', sid, { person: BOB, group: 'positioning' })).rows).toEqual([]);
  });

  it('an entry from another laptop shows when it arrived and its conflict, and is kept once however often it comes', async () => {
    const h = await harness();
    const { sid } = await inserted(h);
    const at = T0 - 3_600_000;
    const elsewhere: HistoryEntry = {
      id: historyId(at, 'laptop-b', '00000a', 0),
      at,
      by: BOB,
      laptop: 'laptop-b',
      tx: '00000a',
      n: 0,
      what: { kind: 'qcApproved' },
      on: { surveys: [sid] },
      conflict: { versions: [{ by: ANN, laptop: 'laptop-a', at: at - 10, what: 'QC rejected' }, { by: BOB, laptop: 'laptop-b', at, what: 'QC approved' }], settledBy: BOB, settledAt: at + 50, how: 'kept Bob Smith\u2019s version' },
    };
    h.clock.advance(1_000);
    await h.engine.team.takeHistory([elsewhere]);
    await h.engine.team.takeHistory([elsewhere, { ...elsewhere, arrivedAt: T0 + 9 }]);
    const row = (await historyOf(h.engine, 'surveys', sid)).rows.find((r) => r.what === 'QC approved')!;
    expect(row).toMatchObject({ at, arrivedAt: T0 + 1_000, laptop: 'Laptop LAPTOP-B', by: { name: 'Bob Smith' } });
    expect(row.conflict).toMatchObject({ settledBy: { name: 'Bob Smith' }, how: 'kept Bob Smith\u2019s version', versions: [{ by: { name: 'Ann Lee' }, laptop: 'Laptop LAPTOP-A', what: 'QC rejected' }, { what: 'QC approved' }] });
    expect(told(await historyOf(h.engine, 'surveys', sid)).filter((l) => l.startsWith('QC approved'))).toHaveLength(1);
  });

  it('an entry made here, arriving at the instant it was made, does not say when it arrived', async () => {
    const h = await harness();
    const { sid } = await inserted(h);
    const laptop = h.engine.world.laptop;
    await h.engine.team.takeHistory([{ id: historyId(T0, laptop, 'zzzzzz', 0), at: T0, by: ANN, laptop, tx: 'zzzzzz', n: 0, what: { kind: 'applanix' }, on: { surveys: [sid] } }]);
    const row = (await historyOf(h.engine, 'surveys', sid)).rows.find((r) => r.what === 'Applanix confirmed')!;
    expect(row.arrivedAt).toBeUndefined();
  });
});

describe('the stored form', () => {
  const entry = (at: number, n: number, what: HistoryEntry['what'] = { kind: 'applanix' }): HistoryEntry => ({
    id: historyId(at, 'lap', 'a', n), at, by: ANN, laptop: 'lap', tx: 'a', n, what, on: { surveys: ['s-1'] },
  });

  it('packs an entry and reads it back whole, its subjects implied by the record it is in', () => {
    const e = { ...entry(T0, 0, { kind: 'flagged', line: 3, camera: 'Cam04', frame: 12, reason: 'Cloud', note: 'a, "b"' }), arrivedAt: T0 + 5 } as HistoryEntry;
    const names: string[] = [];
    const record = appendTo('s:s-1', undefined, [e], names);
    expect(names).toEqual([ANN, 'lap']);
    expect(JSON.stringify(record)).not.toContain('s-1');
    expect(JSON.stringify(record)).not.toContain(ANN);
    expect(entriesOf('s:s-1', structuredClone(record), names)).toEqual([e]);
  });

  it('keeps an entry’s proof as read: it reads back, and imports, under the id it was sealed with (docs/history.md#its-proof)', () => {
    // A capture's step that moved no survey: sealed without the empty list, as the record keeps none.
    const step = sealed({ at: T0, by: ANN, laptop: 'lap', tx: '000001', n: 0, what: { kind: 'publishStarted' }, on: { capture: 'cap-1', surveys: [] } });
    const settled = { ...sealed({ at: T0 + 1, by: BOB, laptop: 'lap', tx: 'settle-x', n: 0, what: { kind: 'settled', subject: 'Survey s-1' }, on: { surveys: ['s-1'] }, conflict: { versions: [{ by: ANN, laptop: 'l1', at: T0, what: 'Removed' }], settledBy: BOB, settledAt: T0 + 1, how: 'merged field by field' } }), arrivedAt: T0 + 9 };
    for (const [owner, e] of [['c:cap-1', step], ['s:s-1', settled]] as const) {
      const names: string[] = [];
      const [read] = entriesOf(owner, structuredClone(appendTo(owner, undefined, [e], names)), names);
      expect(read).toEqual(e);
      expect(readHistoryEntry(structuredClone(read))).toEqual(e);
    }
    expect(step.on).toEqual({ capture: 'cap-1' });
  });

  it('names each person and laptop once for the whole store, and keeps a six-digit action id and a time within its week short', () => {
    const names = ['someone@else.example'];
    const at = T0 + 3 * PAGE_MS + 12_345;
    const laptop = '8a1d4e72-5c3b-4f09-b6e1-2d7c9a0f1e3b';
    const assigned: HistoryEntry = { id: historyId(at, laptop, '0001u8', 0), at, by: ANN, laptop, tx: '0001u8', n: 0, what: { kind: 'assigned', to: BOB }, on: { surveys: ['s-1'], media: 'M-1' } };
    const odd: HistoryEntry = { id: historyId(at + 1, laptop, 'Tx-9', 0), at: at + 1, by: BOB, laptop, tx: 'Tx-9', n: 0, what: { kind: 'qcApproved' }, on: { surveys: ['s-1'] } };
    const record = appendTo('s:s-1', undefined, [assigned, odd], names);
    expect(names).toEqual(['someone@else.example', BOB, ANN, laptop]);
    const stored = JSON.stringify(record);
    for (const long of [ANN, BOB, laptop, String(at)]) expect(stored).not.toContain(long);
    expect(entriesOf('s:s-1', JSON.parse(stored), names)).toEqual([assigned, odd]);
    // A second record names no one again.
    appendTo('s:s-2', undefined, [{ ...assigned, on: { surveys: ['s-2'] } }], names);
    expect(names).toHaveLength(4);
  });

  it('a name changed by hand in the store keeps its place: its entries are left out, never shown as someone else\u2019s', () => {
    const names: string[] = [];
    const mine: HistoryEntry = { id: historyId(T0, 'lap', '000001', 0), at: T0, by: ANN, laptop: 'lap', tx: '000001', n: 0, what: { kind: 'assigned', to: BOB }, on: { surveys: ['s-1'] } };
    const record = appendTo('s:s-1', undefined, [mine], names);
    expect(names).toEqual([BOB, ANN, 'lap']);
    const damaged = namesOf([7, ANN, 'lap']);
    expect(entriesOf('s:s-1', record, damaged)).toEqual([]);
    // Someone named after the damage is given a new place, not Bob's.
    const theirs: HistoryEntry = { ...mine, id: historyId(T0 + 1, 'lap', '000002', 0), at: T0 + 1, tx: '000002', by: 'cy@x.example', what: { kind: 'applanix' } };
    const next = appendTo('s:s-1', record, [theirs], damaged);
    expect(damaged).toEqual([null, ANN, 'lap', 'cy@x.example']);
    expect(entriesOf('s:s-1', next, damaged)).toEqual([theirs]);
  });

  it('reads a record of the first stored form, and appends to it in today\u2019s', () => {
    const laptop = 'lap';
    const first = { p: [ANN], l: [laptop], s: [], e: [[T0, 0, 0, '000001', 0, 4, [BOB], { m: 'M-1' }]] };
    const was: HistoryEntry = { id: historyId(T0, laptop, '000001', 0), at: T0, by: ANN, laptop, tx: '000001', n: 0, what: { kind: 'assigned', to: BOB }, on: { surveys: ['s-1'], media: 'M-1' } };
    const names: string[] = [];
    expect(entriesOf('s:s-1', first, names)).toEqual([was]);
    const next: HistoryEntry = { id: historyId(T0 + 1, laptop, '000002', 0), at: T0 + 1, by: BOB, laptop, tx: '000002', n: 0, what: { kind: 'applanix' }, on: { surveys: ['s-1'] } };
    const record = appendTo('s:s-1', structuredClone(first), [next, was], names);
    expect(record).not.toHaveProperty('p');
    expect(entriesOf('s:s-1', record, names)).toEqual([was, next]);
  });

  it('appends each entry once, and keeps an entity\u2019s entries a record a week', async () => {
    const store = memoryStore();
    const week = PAGE_MS;
    const entries = [entry(T0, 0), entry(T0 + 1, 1), entry(T0 + week, 2)];
    await store.commit({ put: [], del: [], history: [{ owner: 's:s-1', entries }] });
    await store.commit({ put: [], del: [], history: [{ owner: 's:s-1', entries: [entries[0]!, entries[2]!] }] });
    const keys = [...store.data.keys()].filter((k) => k.startsWith(HISTORY_KIND)).sort();
    expect(keys).toEqual([`${HISTORY_KIND}\u0000${NAMES_PAGE}`, `${HISTORY_KIND}\u0000${pageOf('s:s-1', T0)}`, `${HISTORY_KIND}\u0000${pageOf('s:s-1', T0 + week)}`]);
    expect(store.data.get(`${HISTORY_KIND}\u0000${NAMES_PAGE}`)).toEqual([ANN, 'lap']);
    expect((await store.readHistory(['s:s-1'])).get('s:s-1')).toEqual(entries);
    await store.commit({ put: [], del: [{ kind: HISTORY_KIND, id: 's:s-1' }] });
    expect([...store.data.keys()].filter((k) => k.startsWith(HISTORY_KIND))).toEqual([`${HISTORY_KIND}\u0000${NAMES_PAGE}`]);
  });
});
