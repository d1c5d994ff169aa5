/**
 * The survey workflow of docs/requirements.md#req-survey-stages (docs/workflow-rules.md, Surveys): its stage definitions and pure,
 * deterministic factories, used by the engine, the data generator and the tests alike.
 */
import { DEFAULT_WORKFLOW_SECONDS } from './constants';
import { SURVEY_STAGES } from './types';
import type { QcState, StageState, SurveyStageName, Workflow } from './types';
import { completeStage, spanMs, stageFromDef, type StageDef } from './workflow';

/** Automatic survey stages that follow the capture while it processes. */
export const SURVEY_PROCESSING_STAGES: readonly SurveyStageName[] = [
  'feature-matching',
  'bundle-adjustment',
  'rolling-shutter',
  'orthorectification',
];

export function surveyStageDefs(opts: { sizeS?: number; copyS?: number } = {}): StageDef[] {
  const d = DEFAULT_WORKFLOW_SECONDS;
  const defs: Record<SurveyStageName, StageDef> = {
    new: { name: 'new', label: 'New', automatic: false, hidden: true },
    copy: { name: 'copy', label: 'Copy/Receiving', labels: { working: 'Copying' }, automatic: true, durationS: opts.copyS ?? d },
    receive: {
      name: 'receive',
      label: 'Copy/Receiving',
      labels: { working: 'Receiving' },
      automatic: true,
      durationS: opts.sizeS ?? d,
    },
    applanix: { name: 'applanix', label: 'Applanix', labels: { waiting: 'Waiting for Applanix' }, automatic: false },
    podconfig: { name: 'podconfig', label: 'PodConfig', labels: { waiting: 'Waiting for PodConfig' }, automatic: false },
    'frame-extraction': {
      name: 'frame-extraction',
      label: 'Extracting Frames',
      automatic: true,
      durationS: d,
    },
    'survey-qc': {
      name: 'survey-qc',
      label: 'Survey QC',
      labels: { waiting: 'Ready for QC', completed: 'Ready for Processing', failed: 'QC Rejected' },
      automatic: false,
    },
    'feature-matching': { name: 'feature-matching', label: 'Processing', automatic: true, durationS: d },
    'bundle-adjustment': { name: 'bundle-adjustment', label: 'Processing', automatic: true, durationS: d },
    'rolling-shutter': { name: 'rolling-shutter', label: 'Processing', automatic: true, durationS: d },
    orthorectification: { name: 'orthorectification', label: 'Processing', automatic: true, durationS: d },
    'capture-qc': {
      name: 'capture-qc',
      label: 'Capture QC',
      labels: { waiting: 'Waiting for Capture QC', failed: 'QC Rejected' },
      automatic: false,
    },
    publish: {
      name: 'publish',
      label: 'Publish',
      labels: { waiting: 'Ready for Publishing', working: 'Publishing', completed: 'Published' },
      // Waits for Publish, then runs for its duration (startWorking).
      automatic: false,
      durationS: d,
    },
  };
  return SURVEY_STAGES.map((n) => defs[n]);
}

export interface SurveyWorkflowInput {
  applanix: boolean;
  podconfig: boolean;
  /** Survey size in seconds: the length of its receive stage. */
  sizeS?: number;
  /** Length of the copy stage: its media's copy. */
  copyS?: number;
}

/**
 * A survey workflow at `new` (hidden, waiting for its media to be received). Applanix and PodConfig
 * stages already provided are marked completed, so moving on skips them (docs/requirements.md#req-survey-stages).
 */
export function createSurveyWorkflow(input: SurveyWorkflowInput, now = 0): Workflow {
  const stages = surveyStageDefs(input).map((d) => stageFromDef(d));
  const wf: Workflow = { stages, current: 0 };
  stages[0]!.state = 'waiting';
  stages[0]!.startedAt = now;
  if (input.applanix) completeStage(stages[3]!, now);
  if (input.podconfig) completeStage(stages[4]!, now);
  return wf;
}

/** Where a factory places a workflow: shared by the media, survey and capture factories. */
export interface StageAtOptions {
  /** State of the current stage; defaults to working for automatic stages, else waiting. */
  state?: StageState;
  /** Start of the current stage (epoch ms). Omit for a working stage in sample data: restore()
   * then places it relative to load time from `progress`. */
  startedAt?: number;
  /** Overrides the current stage's duration in simulated seconds. */
  durationS?: number;
  /** Progress 0..100 of a working, cancelled or failed stage. */
  progress?: number;
  speed?: number;
  /** Instant the earlier stages completed; defaults to startedAt or 0. */
  completedAt?: number;
}

export interface SurveyAtOptions extends Partial<SurveyWorkflowInput>, StageAtOptions {
  /** Survey QC (or capture QC) state; only shapes `survey-qc` defaults. */
  qc?: QcState;
}

/**
 * A survey workflow positioned at any stage and state, every earlier stage completed (except
 * Applanix/PodConfig when not provided: those cannot be passed without being provided, so they are
 * completed too, and the caller sets the survey's flags accordingly).
 */
export function surveyWorkflowAt(stage: SurveyStageName, opts: SurveyAtOptions = {}): Workflow {
  const wf = createSurveyWorkflow({
    applanix: opts.applanix ?? false,
    podconfig: opts.podconfig ?? false,
    ...(opts.sizeS !== undefined ? { sizeS: opts.sizeS } : {}),
    ...(opts.copyS !== undefined ? { copyS: opts.copyS } : {}),
  }, opts.completedAt ?? opts.startedAt ?? 0);
  positionAt(wf, stage, opts);
  return wf;
}

/** Shared by the media, survey and capture factories: places `wf` at a named stage and state. */
export function positionAt(
  wf: Workflow,
  name: string,
  opts: StageAtOptions,
): void {
  const index = wf.stages.findIndex((s) => s.name === name);
  if (index < 0) throw new Error(`no stage ${name}`);
  const doneAt = opts.completedAt ?? opts.startedAt ?? 0;
  for (let i = 0; i < index; i++) {
    const s = wf.stages[i]!;
    if (s.state !== 'completed') completeStage(s, doneAt);
  }
  for (let i = index + 1; i < wf.stages.length; i++) {
    const s = wf.stages[i]!;
    // Stages provided in advance (Applanix, PodConfig) stay completed; the rest lie ahead.
    if (s.state !== 'completed') s.state = 'future';
  }
  wf.current = index;
  const stage = wf.stages[index]!;
  const state = opts.state ?? (stage.automatic ? 'working' : 'waiting');
  const timed = stage.durationS !== undefined;
  stage.state = state;
  if (opts.durationS !== undefined) stage.durationS = opts.durationS;
  const speed = opts.speed ?? 1;
  if (state === 'working') {
    stage.progress = opts.progress ?? 0;
    if (opts.startedAt !== undefined) {
      stage.startedAt = opts.startedAt;
      stage.expectedEndAt = opts.startedAt + spanMs(stage.durationS ?? DEFAULT_WORKFLOW_SECONDS, speed);
    } else {
      delete stage.startedAt;
      delete stage.expectedEndAt;
    }
  } else {
    if (opts.startedAt !== undefined) stage.startedAt = opts.startedAt;
    if (state === 'cancelled' || state === 'failed') {
      if (timed) stage.progress = opts.progress ?? 0;
      stage.endedAt = doneAt;
    } else if (state === 'completed') {
      completeStage(stage, doneAt);
    }
  }
}
