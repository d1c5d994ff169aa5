/**
 * Property test (docs/architecture.md#arch-testing): random action sequences through the engine, with time passing,
 * keep the invariants: a survey is in exactly one stage; capture counts equal what their surveys
 * say; references agree; errors change nothing; save → load is identity.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { harness, type Harness, type RecordedChange } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { aWorld } from '../helpers/builders';
import { intent, toAction } from '../helpers/randomActions';
import { firstLook } from '../../worker/engine/firstLook';

const LIVE = new Set(['waiting', 'working', 'cancelled', 'failed']);
const COUNT_KEY: Record<string, string> = {
  'Copy/Receiving': 'receiving', 'Waiting for Applanix': 'waitingForApplanix', 'Waiting for PodConfig': 'waitingForPodConfig',
  'Extracting Frames': 'extractingFrames', 'Ready for QC': 'qcReady', 'QC in Progress': 'qcInProgress', 'QC Rejected': 'qcRejected',
  'Ready for Processing': 'qcApproved', Processing: 'processing', 'Waiting for Capture QC': 'waitingForCaptureQc',
  'Ready for Publishing': 'canPublish', Publishing: 'publishing', Published: 'published', New: 'notReceived',
};

function checkInvariants(h: Harness): void {
  const w = h.engine.world;
  for (const s of Object.values(w.index.surveys)) {
    const live = s.workflow.stages.map((st, i) => (LIVE.has(st.state) ? i : -1)).filter((i) => i >= 0);
    expect(live.length).toBeLessThanOrEqual(1);
    if (live.length) expect(live[0]).toBe(s.workflow.current);
    s.workflow.stages.forEach((st, i) => {
      if (i < s.workflow.current) expect(st.state).toBe('completed');
    });
    expect(s.status).toBe(s.workflow.stages[s.workflow.current]!.name);
    expect(w.index.captures[s.captureId]!.surveyIds).toContain(s.surveyId);
    expect(w.index.media[s.mediaId]!.surveyIds).toContain(s.surveyId);
  }
  for (const c of Object.values(w.index.captures)) {
    const expected: Record<string, number> = {};
    for (const id of c.surveyIds) {
      const s = w.index.surveys[id]!;
      expect(s.captureId).toBe(c.captureId);
      const key = COUNT_KEY[s.display];
      if (key) expected[key] = (expected[key] ?? 0) + 1;
    }
    for (const [key, n] of Object.entries(c.counts)) {
      if (key === 'surveys') expect(n).toBe(c.surveyIds.length);
      else if (key === 'flightPlans') expect(n).toBe(c.flightPlanIds.length);
      else expect(n).toBe(expected[key] ?? 0);
    }
  }
  for (const d of Object.values(w.index.drives)) {
    if (d.mediaId) expect(w.index.media[d.mediaId]!.host).toBe(d.host);
  }
  expect(w.ids.surveys.length).toBe(Object.keys(w.index.surveys).length);
  expect(new Set(w.ids.surveys).size).toBe(w.ids.surveys.length);
}

describe('random action sequences keep the invariants', () => {
  it('holds for every sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 30, maxLength: 120 }), async (intents) => {
        const h = await harness({ world: aWorld() });
        for (const i of intents) {
          const action = toAction(h, i);
          h.advance(i.dt % 2 ? i.dt : 500);
          if (!action) continue;
          h.engine.tick();
          const before = h.engine.serialise();
          const session = JSON.stringify([h.engine.world.current, h.engine.world.flags]);
          const result = await h.do(action);
          if (!result.ok) {
            expect(h.engine.serialise()).toBe(before);
            expect(JSON.stringify([h.engine.world.current, h.engine.world.flags])).toBe(session);
          }
          checkInvariants(h);
        }
        h.engine.tick();
        await h.engine.flush();
        h.engine.stop();
        const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false });
        expect(h2.fetched).toEqual([]);
        expect(JSON.parse(h2.engine.serialise())).toEqual(JSON.parse(h.engine.serialise()));
        // The whole world as the UI sees it, derived fields included.
        expect(h2.engine.world.toDb(h.clock.now())).toEqual(h.engine.world.toDb(h.clock.now()));
        expect(h2.engine.world.current).toEqual(h.engine.world.current);
        h2.engine.stop();
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('after any answer, a new engine booted on the same store shows the same world; a commit writes only what changed', async () => {
    const reached = { captureQc: 0, published: 0, runs: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 60, maxLength: 200 }), async (intents) => {
        const h = await harness({ world: aWorld() });
        reached.runs++;
        let sawQc = false;
        let sawPublished = false;
        for (const i of intents) {
          const action = toAction(h, i);
          h.advance(i.dt % 2 ? i.dt : 500);
          if (!action) continue;
          await h.engine.settled(); // the clock's own writes land first
          const events = h.events.length;
          const commits = h.store.commits.length;
          await h.do(action);
          // Every commit since the last answer wrote exactly what its event carried (+ the meta
          // record): a capture its record and its row record, or its row record alone when only
          // its row changed; a capture removed, both; a star its own record.
          const written = h.store.commits.slice(commits);
          const carried = h.events
            .slice(events)
            .filter((e): e is RecordedChange => e.kind === 'delta' && !!(Object.keys(e.changed).length || Object.keys(e.removed).length || e.current || e.flags || e.favourites));
          expect(written).toHaveLength(carried.length);
          carried.forEach((e, k) => {
            const keys = Object.values(e.changed).reduce((n, m) => n + Object.keys(m ?? {}).length, 0) + Object.values(e.removed).reduce((n, l) => n + (l?.length ?? 0), 0) + 1 + (e.favourites ? 1 : 0);
            const captures = Object.keys(e.changed.captures ?? {}).length;
            expect(written[k]).toBeGreaterThanOrEqual(keys + (e.removed.captures?.length ?? 0));
            expect(written[k]).toBeLessThanOrEqual(keys + captures + (e.removed.captures?.length ?? 0));
          });
          // The lid closes now: a new engine on the same store.
          const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false, world: '{"broken":' });
          expect(h2.fetched).toEqual([]);
          expect(h2.engine.world.toDb(h.clock.now())).toEqual(h.engine.world.toDb(h.clock.now()));
          expect(h2.engine.world.current).toEqual(h.engine.world.current);
          expect(h2.engine.world.flags).toEqual(h.engine.world.flags);
          h2.engine.stop();
          // The capture rows a first look would show are the rows the whole world derives, even
          // for captures whose row alone was written since.
          const first = await firstLook(h.store, h.clock.now());
          expect(first).not.toBeNull();
          expect(first!.favourites).toEqual(h.engine.world.favourites.all());
          const rowOf = (c: object) =>
            JSON.parse(JSON.stringify(c, (key, value) => (['progress', 'remainingS', 'remainingText'].includes(key) ? undefined : value)));
          for (const [id, c] of Object.entries(h.engine.world.index.captures)) {
            const shown = first!.captures[id]!;
            for (const key of ['stage', 'counts', 'flags', 'firstFlownOn', 'lastFlownOn', 'firstReceivedOn', 'lastReceivedOn', 'cpid', 'description', 'qc'] as const) {
              expect(rowOf({ v: shown[key] })).toEqual(rowOf({ v: c[key] }));
            }
          }
          const captures = Object.values(h.engine.world.index.captures);
          sawQc ||= captures.some((c) => c.qc === 'started' || c.qc === 'approved');
          sawPublished ||= captures.some((c) => c.published);
        }
        if (sawQc) reached.captureQc++;
        if (sawPublished) reached.published++;
        h.engine.stop();
      }),
      { numRuns: 25 },
    );
    console.log(`durability property: ${reached.runs} sequences, ${reached.captureQc} reached capture QC, ${reached.published} reached publishing`);
    expect(reached.captureQc).toBeGreaterThan(0);
  }, 180_000);
});
