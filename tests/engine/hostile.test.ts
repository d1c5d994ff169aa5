/**
 * Issue 13, every bad input answered: hostile parameters for every action (full-unicode strings,
 * markup, path and prototype names, huge strings, wrong types) and hostile upload bytes. The engine
 * answers ok or a message, never throws, and a refused call leaves the world exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Action, ActionResult } from '../../worker/api';
import { aMedia, aSurvey, aWorld, aCaptureAt, ANN } from '../helpers/builders';
import { harness, type Harness } from '../helpers/engineHarness';
import { SAMPLE_PODCONFIG_TEXT } from '../helpers/podconfigFiles';

const HUGE = 'x'.repeat(200_000);
const NASTY = [
  '', ' ', '\u0000', '\uFEFF', '\uD800', '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '__proto__',
  'constructor', 'prototype', 'hasOwnProperty', '../../etc/passwd', 'C:\\Windows', 'TS007', 'ingest-01', 'drive-01',
  's-pod', 'cap-1', 'NEW1', ANN, '%00', '{{7*7}}', '${7*7}', 'a@b.co', HUGE,
];

const text = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', minLength: 1000, maxLength: 20_000 }),
);
/** Anything a caller might send where a value is expected: mostly strings, sometimes not. */
const value = fc.oneof({ weight: 6, arbitrary: text }, fc.anything({ maxDepth: 2 }));
const list = fc.array(value, { maxLength: 5 });

const xmlish = fc.oneof(
  fc.constant(SAMPLE_PODCONFIG_TEXT),
  fc.string({ unit: 'binary', maxLength: 2000 }).map((s) => `<PodConfig serial="${s}">${s}</PodConfig>`),
  fc.string({ unit: 'binary', maxLength: 2000 }).map((s) => SAMPLE_PODCONFIG_TEXT.replace('POD-0042', s)),
  fc.constantFrom('<!DOCTYPE x>', '<?xml version="1.0"?>', '<a><b></a></b>', '<PodConfig/>', '<![CDATA[x]]>'),
  text,
);
const bytes = fc.oneof(
  xmlish.map((s) => new TextEncoder().encode(s)),
  fc.uint8Array({ maxLength: 4096 }),
);
const upload = fc.oneof(
  fc.record({ name: fc.oneof(fc.constant('p.xml'), text), size: fc.oneof(fc.nat(), fc.double()), bytes }),
  fc.anything({ maxDepth: 2 }),
);
const files = fc.oneof(fc.array(upload, { maxLength: 3 }), fc.anything({ maxDepth: 1 }));

/** Every action of api.ts (but reset and reload, which fetch), each with hostile parameters. */
const action: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constant('login'), email: value, password: value }),
  fc.record({ type: fc.constant('logout') }),
  fc.record({ type: fc.constant('setFlags'), flags: fc.oneof(fc.record({ projects: value, surveys: value, highlighter: value, speed: value, imageProxy: value }, { requiredKeys: [] }), value) }),
  fc.record({ type: fc.constant('insertMedia'), host: fc.oneof(fc.constant('drive-02'), value), bays: fc.oneof(fc.array(fc.oneof(fc.integer(), value), { maxLength: 4 }), value), surveys: fc.oneof(fc.array(fc.record({ flightPlanId: fc.oneof(fc.constant('fp-1'), value), size: fc.oneof(fc.constantFrom('tiny', '__proto__', 'constructor', 'toString'), value), flownOn: fc.oneof(fc.constant('2026-06-01'), value), linesFlown: fc.oneof(fc.integer({ min: -5, max: 10 }), value) }, { requiredKeys: ['flightPlanId', 'size', 'flownOn'] }), { maxLength: 3 }), value) }),
  fc.record({ type: fc.constant('receiveMedia'), host: fc.oneof(fc.constant('drive-01'), value), itemIds: fc.oneof(list, value) }),
  fc.record({ type: fc.constantFrom('cancelReceive', 'ejectMedia'), host: value }),
  fc.record({ type: fc.constant('assignSurveys'), mediaId: fc.oneof(fc.constantFrom('NEW1', 'AS1'), value), assignments: fc.oneof(fc.array(fc.oneof(fc.record({ surveyId: fc.oneof(fc.constant('s-as1'), value), email: fc.oneof(fc.constant(ANN), value) }), value), { maxLength: 3 }), value) }),
  fc.record({ type: fc.constantFrom('cancelSurvey', 'processApplanix', 'startSurveyQc', 'approveSurveyQc', 'rejectSurveyQc'), surveyId: fc.oneof(fc.constantFrom('s-pod', 's-qc'), value) }),
  fc.record({ type: fc.constant('rejectSurveyQc'), surveyId: fc.oneof(fc.constant('s-qc'), value), reason: fc.oneof(fc.constant('Cloud'), value) }),
  fc.record({ type: fc.constantFrom('flagFrame', 'unflagFrame'), surveyId: fc.oneof(fc.constant('s-qc'), value), line: fc.oneof(fc.integer({ min: -1, max: 3 }), value), camera: fc.oneof(fc.constant('Cam01'), value), frame: fc.oneof(fc.integer({ min: -1, max: 5 }), value), reason: fc.oneof(fc.constant('Blur'), value), note: fc.oneof(fc.constant('haze'), value) }, { requiredKeys: ['type', 'surveyId'] }),
  fc.record({ type: fc.constant('processPodconfig'), surveyId: fc.oneof(fc.constant('s-pod'), value), files }),
  fc.record({ type: fc.constant('checkPodconfig'), files }),
  fc.record({ type: fc.constant('processCapture'), captureId: fc.oneof(fc.constant('cap-1'), value), surveyIds: fc.oneof(list, value) }),
  fc.record({ type: fc.constantFrom('startCaptureQc', 'approveCaptureQc', 'rejectCaptureQc', 'publishCapture', 'cleanCapture'), captureId: fc.oneof(fc.constant('cap-1'), value) }),
  fc.record({ type: fc.constant('setFavourite'), kind: fc.oneof(fc.constantFrom('captures', 'surveys', 'media', 'drives', '__proto__'), value), id: fc.oneof(fc.constantFrom('cap-1', 's-qc', 'AS1'), value), starred: fc.oneof(fc.boolean(), value) }),
  fc.record({ type: value }),
  value,
);

function hostileWorld() {
  const w = aWorld();
  aMedia(w, { mediaId: 'NEW1', stage: 'new', host: 'drive-01', bays: [1, 2] });
  aMedia(w, { mediaId: 'AS1', stage: 'assign' });
  aSurvey(w, { surveyId: 's-as1', mediaId: 'AS1', stage: 'applanix' });
  aSurvey(w, { surveyId: 's-pod', mediaId: 'M1', stage: 'podconfig' });
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc' });
  aCaptureAt(w, 'cap-1', 'receive');
  return w;
}

function snapshot(h: Harness): string {
  return JSON.stringify([h.engine.serialise(), h.engine.world.current, h.engine.world.flags]);
}

function isAnswer(r: unknown): r is ActionResult {
  if (!r || typeof r !== 'object') return false;
  const a = r as { ok?: unknown; error?: unknown };
  return a.ok === true || (a.ok === false && typeof a.error === 'string' && a.error.length > 0);
}

describe('hostile input (issue 13)', () => {
  it('every action answers ok or a message, never throws; a refused call changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 6 }), async (actions) => {
        const h = await harness({ world: hostileWorld() });
        for (const a of actions) {
          h.engine.tick();
          const before = snapshot(h);
          let result: unknown;
          try {
            result = await h.engine.dispatch(a as Action);
          } catch (e) {
            throw new Error(`threw on ${JSON.stringify(a)?.slice(0, 300)}: ${String(e)}`);
          }
          expect(isAnswer(result), JSON.stringify(result)?.slice(0, 300)).toBe(true);
          if (!(result as ActionResult).ok) expect(snapshot(h)).toBe(before);
          // Nothing reached Object.prototype.
          expect(Object.keys(Object.prototype)).toEqual([]);
        }
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 300) },
    );
  }, 120_000);
});
