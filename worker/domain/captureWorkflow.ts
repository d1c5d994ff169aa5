/**
 * The capture workflow of docs/requirements.md#req-capture-stages (docs/workflow-rules.md, Captures): waiting for its first
 * survey, receiving surveys and QC, four automatic processing stages, capture QC and publishing.
 * Pure, deterministic factories.
 */
import { DEFAULT_WORKFLOW_SECONDS } from './constants';
import { PROCESSING_STAGES, type Workflow } from './types';
import { createWorkflow, stageFromDef, type StageDef } from './workflow';
import { positionAt, type StageAtOptions } from './surveyWorkflow';

export const CAPTURE_STAGES = ['waiting', 'receive', ...PROCESSING_STAGES, 'capture-qc', 'publish'] as const;
export type CaptureStageName = (typeof CAPTURE_STAGES)[number];

export function captureStageDefs(): StageDef[] {
  const d = DEFAULT_WORKFLOW_SECONDS;
  return [
    { name: 'waiting', label: 'Waiting for Surveys', automatic: false },
    { name: 'receive', label: 'Receiving Surveys and QC', automatic: false },
    { name: 'feature-matching', label: 'Feature Matching', automatic: true, durationS: d },
    { name: 'bundle-adjustment', label: 'Bundle Adjustment', automatic: true, durationS: d },
    { name: 'rolling-shutter', label: 'Rolling Shutter', automatic: true, durationS: d },
    { name: 'orthorectification', label: 'Orthorectification', automatic: true, durationS: d },
    {
      name: 'capture-qc',
      label: 'Capture QC',
      labels: { waiting: 'Ready for QC', completed: 'QC Approved', failed: 'QC Rejected' },
      automatic: false,
    },
    {
      name: 'publish',
      label: 'Publish',
      labels: { waiting: 'Ready for Publishing', working: 'Publishing', completed: 'Published' },
      // Waits for Publish, then runs for its duration.
      automatic: false,
      durationS: d,
    },
  ];
}

/** A capture no survey of which has been received yet. */
export function createCaptureWorkflow(now = 0): Workflow {
  return createWorkflow(captureStageDefs(), now);
}

export type CaptureAtOptions = StageAtOptions;

export function captureWorkflowAt(stage: CaptureStageName, opts: CaptureAtOptions = {}): Workflow {
  const wf: Workflow = { stages: captureStageDefs().map((d) => stageFromDef(d)), current: 0 };
  positionAt(wf, stage, opts);
  return wf;
}
