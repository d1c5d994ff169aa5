/**
 * Random intents turned into actions that suit the world as it stands (half the time), so random
 * sequences reach the later stages of the demo. Shared by the property tests.
 */
import fc from 'fast-check';
import type { Action } from '../../worker/api';
import type { Survey } from '../../worker/domain/types';
import { SIZE_PRESETS_S, type SizePreset } from '../../worker/domain/constants';
import type { Harness } from './engineHarness';
import { ANN, BOB } from './builders';
import { samplePodconfig } from './podconfigFiles';

const SIZES = Object.keys(SIZE_PRESETS_S) as SizePreset[];
const OPS = 26;
export const intent = fc.record({ op: fc.integer({ min: 0, max: OPS - 1 }), a: fc.nat(1000), b: fc.nat(1000), dt: fc.integer({ min: 0, max: 90_000 }) });
export type Intent = { op: number; a: number; b: number; dt: number };

/**
 * Acts out intents: each one's action dispatched (when it makes one), then the clock moved by
 * `dt(intent)` and ticked; resolves once every commit has landed.
 */
export async function actOut(h: Pick<Harness, 'engine' | 'clock'>, intents: readonly Intent[], dt = (i: Intent) => i.dt): Promise<void> {
  for (const i of intents) {
    const action = toAction(h, i);
    if (action) await h.engine.dispatch(action);
    h.clock.advance(dt(i));
    h.engine.tick();
  }
  await h.engine.settled();
}

function pick<T>(list: T[], n: number): T | undefined {
  return list.length ? list[n % list.length] : undefined;
}

/** Prefers entities the action suits (half the time), so sequences reach the later stages. */
export function toAction(h: Pick<Harness, 'engine'>, { op, a, b }: Intent): Action | null {
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
      return b % 7 === 0 ? { type: 'cleanCapture', captureId: pick(captures, a)?.captureId ?? 'none' } : null;
    case 17:
      return { type: 'setFlags', flags: { speed: pick([1, 10, 100] as const, b)! } };
    case 18:
      return b % 2 ? { type: 'logout' } : { type: 'login', email: b % 3 ? ANN : BOB, password: 'demo' };
    case 19: {
      // Issue 36: the signed-in person stars or unstars something (now and then what is not there).
      const kind = (['captures', 'surveys', 'media'] as const)[a % 3]!;
      const id = b % 11 === 0 ? 'gone' : pick(w.ids[kind], b);
      return id ? { type: 'setFavourite', kind, id, starred: b % 3 !== 0 } : null;
    }
    default:
      return guided(h, b);
  }
}

/** The next step of the demo for some entity that can take it, so sequences reach publishing. */
export function guided(h: Pick<Harness, 'engine'>, n: number): Action | null {
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

