/**
 * Turns the generator's targets into real workflows with the engine's own factories
 * (worker/domain/*Workflow.ts), so the data never disagrees with the rules. Working stages carry a
 * progress and no start time: restore() places them relative to load time (worker/domain/restore.ts).
 */
import type { Capture, Media, Survey, Workflow } from '../../worker/domain/types';
import type { SurveyStageName } from '../../worker/domain/types';
import { surveyWorkflowAt, type SurveyAtOptions } from '../../worker/domain/surveyWorkflow';
import { mediaWorkflowAt } from '../../worker/domain/mediaWorkflow';
import { captureWorkflowAt, type CaptureStageName } from '../../worker/domain/captureWorkflow';
import { DEFAULT_WORKFLOW_SECONDS } from '../../worker/domain/constants';
import type { Rng } from './prng';
import type { CaptureTarget, MediaTarget, SurveyTarget } from './targets';

/** Where a capture target puts its workflow, and the state of its current stage. */
const CAPTURE_POSITION: Record<CaptureTarget, [CaptureStageName, 'waiting' | 'working' | 'completed' | 'failed']> = {
  waiting: ['waiting', 'waiting'],
  receive: ['receive', 'waiting'],
  'receive-processable': ['receive', 'waiting'],
  'feature-matching': ['feature-matching', 'working'],
  'bundle-adjustment': ['bundle-adjustment', 'working'],
  'rolling-shutter': ['rolling-shutter', 'working'],
  orthorectification: ['orthorectification', 'working'],
  'capture-qc-ready': ['capture-qc', 'waiting'],
  'capture-qc-started': ['capture-qc', 'waiting'],
  'capture-qc-rejected': ['capture-qc', 'failed'],
  'publish-ready': ['publish', 'waiting'],
  publishing: ['publish', 'working'],
  published: ['publish', 'completed'],
};

/** One progress per working capture, shared by its selected surveys so they move together. */
export interface CaptureTiming {
  progress: number;
  completedAt: number;
}

export function applyCaptureWorkflow(capture: Capture, target: CaptureTarget, timing: CaptureTiming): void {
  const [stage, state] = CAPTURE_POSITION[target];
  capture.workflow = captureWorkflowAt(stage, {
    state,
    completedAt: timing.completedAt,
    ...(state === 'working' ? { progress: timing.progress } : {}),
  });
  capture.qc = target === 'capture-qc-started' ? 'started' : target === 'capture-qc-rejected' ? 'rejected' : stage === 'publish' ? 'approved' : false;
  capture.published = target === 'published';
}

export interface SurveyTiming {
  completedAt: number;
  /** Progress of a working or cancelled current stage. */
  progress: number;
  /** Length of the copy stage (its media's copy). */
  copyS: number;
}

/** Applanix and PodConfig already provided for surveys not yet past them, at these odds. */
export function provisionalFlags(rng: Rng): { applanix: boolean; podconfig: boolean } {
  return { applanix: rng.chance(0.25), podconfig: rng.chance(0.2) };
}

export function applySurveyWorkflow(
  survey: Survey,
  target: SurveyTarget,
  capture: { target: CaptureTarget; workflow: Workflow },
  timing: SurveyTiming,
  provided: { applanix: boolean; podconfig: boolean },
): void {
  let stage: SurveyStageName;
  let opts: SurveyAtOptions = { completedAt: timing.completedAt, sizeS: survey.size, copyS: timing.copyS };
  let applanix = true;
  let podconfig = true;
  let qc: Survey['qc'] = false;
  switch (target.kind) {
    case 'new':
    case 'copy':
    case 'receive':
      stage = target.kind;
      ({ applanix, podconfig } = provided);
      if (target.kind !== 'new') opts.progress = timing.progress;
      break;
    case 'applanix':
      stage = 'applanix';
      applanix = false;
      podconfig = provided.podconfig;
      break;
    case 'podconfig':
      stage = 'podconfig';
      podconfig = false;
      break;
    case 'frame-extraction':
      stage = 'frame-extraction';
      opts.progress = timing.progress;
      break;
    case 'qc-ready':
      stage = 'survey-qc';
      break;
    case 'qc-started':
      stage = 'survey-qc';
      qc = 'started';
      break;
    case 'qc-approved':
      stage = 'survey-qc';
      qc = 'approved';
      opts.state = 'completed';
      break;
    case 'qc-rejected':
      stage = 'survey-qc';
      qc = 'rejected';
      opts.state = 'failed';
      break;
    case 'cancelled':
      stage = target.at;
      opts = { ...opts, state: 'cancelled', progress: timing.progress };
      if (target.at === 'copy' || target.at === 'receive') ({ applanix, podconfig } = provided);
      if (target.at === 'applanix') ({ applanix, podconfig } = { applanix: false, podconfig: provided.podconfig });
      if (target.at === 'podconfig') podconfig = false;
      if (target.at === 'survey-qc') qc = 'started';
      break;
    case 'selected': {
      // A selected survey mirrors its capture's current stage (docs/workflow-rules.md, Captures).
      const current = capture.workflow.stages[capture.workflow.current]!;
      stage = current.name as SurveyStageName;
      qc = 'approved';
      opts.state = current.state;
      if (current.state === 'working') opts.progress = current.progress ?? 0;
      break;
    }
  }
  survey.applanix = applanix;
  survey.podconfig = podconfig;
  survey.qc = qc;
  survey.published = target.kind === 'selected' && capture.target === 'published';
  survey.workflow = surveyWorkflowAt(stage, { ...opts, applanix, podconfig });
}

const MEDIA_POSITION: Record<Exclude<MediaTarget, 'cancelled'>, ['new' | 'copy' | 'receive' | 'assign', 'waiting' | 'working' | 'completed']> = {
  new: ['new', 'waiting'],
  copying: ['copy', 'working'],
  receiving: ['receive', 'working'],
  assign: ['assign', 'waiting'],
  assigned: ['assign', 'completed'],
};

export interface MediaTiming {
  completedAt: number;
  progress: number;
  /** Where a cancelled media set was stopped. */
  cancelledAt?: 'copy' | 'receive';
}

/** docs/requirements.md#req-media-stages: receiving lasts as long as the media's largest survey. */
export function applyMediaWorkflow(media: Media, target: MediaTarget, surveys: readonly Survey[], timing: MediaTiming): void {
  const receiveS = surveys.reduce((max, s) => Math.max(max, s.size), 0) || DEFAULT_WORKFLOW_SECONDS;
  if (target === 'cancelled') {
    media.workflow = mediaWorkflowAt(timing.cancelledAt ?? 'receive', {
      state: 'cancelled',
      progress: timing.progress,
      completedAt: timing.completedAt,
      receiveS,
    });
    return;
  }
  const [stage, state] = MEDIA_POSITION[target];
  media.workflow = mediaWorkflowAt(stage, {
    state,
    completedAt: timing.completedAt,
    receiveS,
    ...(state === 'working' ? { progress: timing.progress } : {}),
  });
}
