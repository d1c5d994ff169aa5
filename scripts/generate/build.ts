/**
 * Second pass of the generator: gives every capture, survey and media set its workflow from its
 * target, with times and progress that agree with each other (a survey copying moves with its
 * media; a selected survey moves with its capture; receive progress follows each survey's size).
 */
import { DEFAULT_WORKFLOW_SECONDS } from '../../worker/domain/constants';
import type { PlannedMedia } from './assign';
import type { PlannedCapture } from './captures';
import { REFERENCE_DATE } from './dates';
import type { Rng } from './prng';
import type { PlannedSurvey } from './surveys';
import { applyCaptureWorkflow, applyMediaWorkflow, applySurveyWorkflow, provisionalFlags } from './workflows';

const round1 = (n: number) => Math.round(n * 10) / 10;

export function buildWorkflows(
  rng: Rng,
  captures: readonly PlannedCapture[],
  surveys: readonly PlannedSurvey[],
  media: readonly PlannedMedia[],
  instantOf: (day: string) => number,
): void {
  for (const pc of captures) {
    const c = pc.capture;
    applyCaptureWorkflow(c, pc.target, {
      progress: rng.int(5, 90),
      completedAt: instantOf(c.lastReceivedOn ?? REFERENCE_DATE),
    });
  }
  const mediaOf = new Map<string, PlannedMedia>();
  for (const m of media) for (const s of m.surveys) mediaOf.set(s.survey.surveyId, m);
  // Copy and receive run for every survey of a media set at once, from the same instant.
  const elapsedS = new Map<PlannedMedia, number>();
  for (const m of media) {
    const sizes = m.surveys.map((s) => s.survey.size);
    const largest = Math.max(DEFAULT_WORKFLOW_SECONDS, ...sizes);
    let progress = rng.int(10, 80);
    if (m.target === 'receiving') {
      // Started long enough ago to show, not so long that the smallest survey has finished.
      const elapsed = Math.max(5, Math.floor(Math.min(...sizes) * rng.range(0.1, 0.7)));
      elapsedS.set(m, elapsed);
      progress = round1((elapsed / largest) * 100);
    } else if (m.target === 'copying') {
      elapsedS.set(m, (progress / 100) * DEFAULT_WORKFLOW_SECONDS);
    }
    const cancelledAt = m.surveys.some((s) => s.target.kind === 'cancelled' && s.target.at === 'copy') ? 'copy' : 'receive';
    applyMediaWorkflow(m.media, m.target, m.surveys.map((s) => s.survey), {
      progress,
      completedAt: instantOf(m.media.receivedOn ?? REFERENCE_DATE),
      cancelledAt,
    });
  }
  for (const s of surveys) {
    const survey = s.survey;
    const m = mediaOf.get(survey.surveyId);
    const elapsed = m ? elapsedS.get(m) : undefined;
    let progress = rng.int(5, 95);
    if (s.target.kind === 'copy' && elapsed !== undefined) progress = round1((elapsed / DEFAULT_WORKFLOW_SECONDS) * 100);
    if (s.target.kind === 'receive' && elapsed !== undefined) progress = round1((elapsed / survey.size) * 100);
    if (s.target.kind === 'cancelled' && m?.target === 'cancelled') progress = currentProgress(m);
    applySurveyWorkflow(
      survey,
      s.target,
      { target: s.capture.target, workflow: s.capture.capture.workflow },
      { completedAt: instantOf(survey.receivedOn ?? survey.flownOn), progress, copyS: DEFAULT_WORKFLOW_SECONDS },
      s.capture.capture.cpid === 'SAMPLE007' ? { applanix: false, podconfig: false } : provisionalFlags(rng),
    );
  }
}

function currentProgress(m: PlannedMedia): number {
  const wf = m.media.workflow;
  return wf.stages[wf.current]!.progress ?? 0;
}
