/**
 * Property test (ARCHITECTURE §8): random action sequences through the engine, with time passing,
 * keep the invariants: a survey is in exactly one stage; capture counts equal what their surveys
 * say; references agree; errors change nothing; save → load is identity.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Action } from '../../worker/api';
import type { Survey } from '../../worker/domain/types';
import { SIZE_PRESETS_S, type SizePreset } from '../../worker/domain/constants';
import { harness, type Harness } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { ANN, BOB, aWorld } from '../helpers/builders';
import { samplePodconfig } from '../helpers/podconfigFiles';

const SIZES = Object.keys(SIZE_PRESETS_S) as SizePreset[];
const OPS = 26;
const intent = fc.record({ op: fc.integer({ min: 0, max: OPS - 1 }), a: fc.nat(1000), b: fc.nat(1000), dt: fc.integer({ min: 0, max: 90_000 }) });
type Intent = { op: number; a: number; b: number; dt: number };

function pick<T>(list: T[], n: number): T | undefined {
  return list.length ? list[n % list.length] : undefined;
}

/** Prefers entities the action suits (half the time), so sequences reach the later stages. */
function toAction(h: Harness, { op, a, b }: Intent): Action | null {
  const w = h.engine.world;
  const drives = w.ids.drives;
  const surveys = Object.values(w.index.surveys);
  const survey = (flag: keyof Survey['flags']) => pick(a % 2 ? surveys : surveys.filter((s) => s.flags[flag]), b)?.surveyId ?? 'none';
  const captures = Object.values(w.index.captures);
  const capture = (flag: keyof (typeof captures)[number]['flags']) =>
    pick(a % 2 ? captures : captures.filter((c) => c.flags[flag]), b)?.captureId ?? 'none';
  const host = pick(drives, a)!;
  switch (op) {
    case 0:
      return {
        type: 'insertMedia',
        host,
        bays: [1],
        surveys: Array.from({ length: b % 4 }, (_, i) => ({
          flightPlanId: pick(w.ids.flightPlans, a + i)!,
          size: SIZES[(b + i) % 3]!,
          flownOn: b % 9 === 0 ? '2030-01-01' : '2026-06-01',
        })),
      };
    case 1:
      return { type: 'receiveMedia', host, itemIds: b % 5 === 0 ? [] : ['IT' + b] };
    case 2:
      return { type: 'cancelReceive', host };
    case 3:
      return { type: 'ejectMedia', host };
    case 4:
      return { type: 'assignSurveys', mediaId: pick(w.ids.media, a) ?? 'none' };
    case 5:
      return b % 3 === 0 ? { type: 'cancelSurvey', surveyId: survey('canCancel') } : null;
    case 6:
      return { type: 'processApplanix', surveyId: survey('waitingForApplanix') };
    case 7:
      return { type: 'processPodconfig', surveyId: survey('waitingForPodconfig'), files: b % 4 === 0 ? [] : samplePodconfig(b % 4 === 1 ? 'x.txt' : 'p.xml') };
    case 8:
      return { type: 'startSurveyQc', surveyId: survey('qcReady') };
    case 9:
      return { type: 'approveSurveyQc', surveyId: survey('qcInProgress') };
    case 10:
      return b % 4 === 0 ? { type: 'rejectSurveyQc', surveyId: survey('qcInProgress'), reason: 'Blur' } : null;
    case 11: {
      const c = pick(a % 2 ? captures : captures.filter((x) => x.flags.canProcess), b);
      if (!c) return null;
      const ids = c.surveyIds.filter((id) => w.index.surveys[id]?.flags.canProcess);
      return { type: 'processCapture', captureId: c.captureId, surveyIds: b % 5 === 0 ? [] : b % 5 === 1 ? c.surveyIds : ids };
    }
    case 12:
      return { type: 'startCaptureQc', captureId: capture('qcReady') };
    case 13:
      return { type: 'approveCaptureQc', captureId: capture('qcInProgress') };
    case 14:
      return b % 4 === 0 ? { type: 'rejectCaptureQc', captureId: capture('qcInProgress') } : null;
    case 15:
      return { type: 'publishCapture', captureId: capture('canPublish') };
    case 16:
      return b % 7 === 0 ? { type: 'cleanCapture', captureId: pick(captures, a)!.captureId } : null;
    case 17:
      return { type: 'setFlags', flags: { speed: pick([1, 10, 100] as const, b)! } };
    case 18:
      return b % 2 ? { type: 'logout' } : { type: 'login', email: b % 3 ? ANN : BOB, password: 'demo' };
    default:
      return guided(h, b);
  }
}

/** The next step of the demo for some entity that can take it, so sequences reach publishing. */
function guided(h: Harness, n: number): Action | null {
  const w = h.engine.world;
  const options: Action[] = [];
  for (const c of Object.values(w.index.captures)) {
    if (c.flags.canProcess) {
      options.push({ type: 'processCapture', captureId: c.captureId, surveyIds: c.surveyIds.filter((id) => w.index.surveys[id]?.flags.canProcess) });
    }
    if (c.flags.qcReady) options.push({ type: 'startCaptureQc', captureId: c.captureId });
    if (c.flags.qcInProgress) options.push({ type: 'approveCaptureQc', captureId: c.captureId });
    if (c.flags.canPublish) options.push({ type: 'publishCapture', captureId: c.captureId });
  }
  for (const s of Object.values(w.index.surveys)) {
    if (s.flags.waitingForApplanix) options.push({ type: 'processApplanix', surveyId: s.surveyId });
    if (s.flags.waitingForPodconfig) options.push({ type: 'processPodconfig', surveyId: s.surveyId, files: samplePodconfig() });
    if (s.flags.qcReady) options.push({ type: 'startSurveyQc', surveyId: s.surveyId });
    if (s.flags.qcInProgress) options.push({ type: 'approveSurveyQc', surveyId: s.surveyId });
  }
  for (const d of Object.values(w.index.drives)) {
    if (d.flags.canReceive) options.push({ type: 'receiveMedia', host: d.host, itemIds: ['G1', 'G2'] });
    if (d.flags.canAssign && w.current.loggedIn) options.push({ type: 'assignSurveys', mediaId: d.mediaId! });
  }
  return pick(options, n) ?? null;
}

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
        expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
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
          // Every commit since the last answer wrote exactly what its event carried (+ the meta record).
          const written = h.store.commits.slice(commits);
          const carried = h.events.slice(events).filter((e) => e.kind === 'delta' && (Object.keys(e.changed).length || Object.keys(e.removed).length || e.current || e.flags));
          expect(written).toEqual(
            carried.map(
              (e) =>
                Object.values(e.changed).reduce((n, m) => n + Object.keys(m ?? {}).length, 0) +
                Object.values(e.removed).reduce((n, l) => n + (l?.length ?? 0), 0) +
                1,
            ),
          );
          // The lid closes now: a new engine on the same store.
          const h2 = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false, world: '{"broken":' });
          expect(h2.fetched).toEqual([]);
          expect(h2.engine.world.toDb()).toEqual(h.engine.world.toDb());
          expect(h2.engine.world.current).toEqual(h.engine.world.current);
          expect(h2.engine.world.flags).toEqual(h.engine.world.flags);
          h2.engine.stop();
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
