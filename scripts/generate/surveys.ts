/**
 * The surveys of the generated operation: how many each capture gets, what each one is (flight
 * plan, lines flown, size, dates, bucket path) and where it stands (its target). Surveys that ride
 * on the special media in the drives are described in `media.ts` and planned first.
 */
import type { FlightPlan, Survey } from '../../worker/domain/types';
import { SIZE_PRESETS_S, type SizePreset } from '../../worker/domain/constants';
import { assembleSurvey } from '../../worker/domain/entities';
import type { PlannedCapture } from './captures';
import { addDays, dayBetween, maxDay, REFERENCE_DATE, seasonWindow } from './dates';
import { capturedLineCount } from './flightPlans';
import type { Rng } from './prng';
import { isPastReceive, type SurveyTarget, type SurveyTargetKind } from './targets';

export interface PlannedSurvey {
  survey: Survey;
  target: SurveyTarget;
  capture: PlannedCapture;
}

const SIZE_WEIGHTS: readonly (readonly [SizePreset, number])[] = [
  ['teeny', 1],
  ['tiny', 2],
  ['small', 5],
  ['medium', 5],
  ['large', 3],
  ['huge', 1],
];

type Cancellable = Extract<SurveyTarget, { kind: 'cancelled' }>['at'];
const OPERATOR_CANCELS: readonly Cancellable[] = ['applanix', 'podconfig', 'survey-qc'];

const RECEIVING_WEIGHTS: readonly (readonly [SurveyTargetKind, number])[] = [
  ['applanix', 3],
  ['podconfig', 2],
  ['frame-extraction', 1.2],
  ['qc-ready', 4],
  ['qc-started', 2],
  ['qc-rejected', 1],
  ['cancelled', 0.6],
];

/** The ordinary targets of a capture's surveys, given the capture's own target. */
export function drawSurveyTargets(rng: Rng, planned: PlannedCapture, count: number): SurveyTarget[] {
  const targets: SurveyTarget[] = [];
  const t = planned.target;
  for (let i = 0; i < count; i++) {
    let kind: SurveyTargetKind;
    if (isPastReceive(t)) {
      kind = i === 0 ? 'selected' : rng.weighted([['selected', 88], ['qc-rejected', 7], ['cancelled', 5]] as const);
    } else if (t === 'receive-processable' && i === 0) {
      kind = 'qc-approved';
    } else {
      const extra = t === 'receive-processable' ? ([['qc-approved', 4]] as const) : [];
      kind = rng.weighted([...RECEIVING_WEIGHTS, ...extra]);
    }
    targets.push(kind === 'cancelled' ? { kind, at: rng.pick(OPERATOR_CANCELS) } : ({ kind } as SurveyTarget));
  }
  return targets;
}

/** Received surveys have a received-on date; those still on media or copying do not. */
export function isReceived(target: SurveyTarget): boolean {
  if (target.kind === 'new' || target.kind === 'copy' || target.kind === 'receive') return false;
  return !(target.kind === 'cancelled' && (target.at === 'copy' || target.at === 'receive'));
}

export interface SurveyInput {
  surveyId: string;
  planned: PlannedCapture;
  plans: readonly FlightPlan[];
  target: SurveyTarget;
  mediaId: string;
  /** Fixed flown-on day (special media); otherwise drawn within the capture's season. */
  flownOn?: string;
  size?: SizePreset;
}

export function planSurvey(rng: Rng, input: SurveyInput): PlannedSurvey {
  const { planned, target } = input;
  const plan = rng.pick(input.plans);
  const planned_ = capturedLineCount(plan);
  const [from, to] = seasonWindow(planned.capture.season as Parameters<typeof seasonWindow>[0]);
  const flownOn = input.flownOn ?? dayBetween(rng, from, to);
  const receivedOn = isReceived(target) ? maxDay(flownOn, minReference(addDays(flownOn, rng.int(1, 6)))) : null;
  const size = SIZE_PRESETS_S[input.size ?? rng.weighted(SIZE_WEIGHTS)];
  // Only the stored fields are planned; the domain's factory fills in the rest (path included).
  const survey = assembleSurvey({
    surveyId: input.surveyId,
    captureId: planned.capture.captureId,
    cpid: planned.capture.cpid,
    flightPlanId: plan.flightPlanId,
    mediaId: input.mediaId,
    flownOn,
    receivedOn,
    size,
    linesFlown: rng.chance(0.5) ? planned_ : rng.int(1, planned_),
  });
  plan.surveyIds.push(survey.surveyId);
  planned.capture.surveyIds.push(survey.surveyId);
  return { survey, target, capture: planned };
}

function minReference(day: string): string {
  return day < REFERENCE_DATE ? day : REFERENCE_DATE;
}

/**
 * Splits `total` surveys among captures by random weight; captures still waiting get none
 * (nothing of theirs has been received). Every other capture gets at least one when possible.
 */
export function shareSurveys(rng: Rng, captures: readonly PlannedCapture[], total: number): number[] {
  const weights = captures.map((c) => (c.target === 'waiting' ? 0 : rng.range(0.5, 1.6)));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((w / sum) * total));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length) {
    if (weights[i]! > 0) {
      shares[i]!++;
      left--;
    }
  }
  return shares;
}
