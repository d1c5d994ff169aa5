/**
 * The media workflow of docs/requirements.md#req-media-stages (docs/workflow-rules.md, Media): new (Ready to Receive), copy and
 * receive (automatic), assign (waiting). Pure, deterministic factories.
 */
import { DEFAULT_WORKFLOW_SECONDS } from './constants';
import type { Workflow } from './types';
import { createWorkflow, stageFromDef, type StageDef } from './workflow';
import { positionAt, type StageAtOptions } from './surveyWorkflow';

export const MEDIA_STAGES = ['new', 'copy', 'receive', 'assign'] as const;
export type MediaStageName = (typeof MEDIA_STAGES)[number];

export function mediaStageDefs(opts: { receiveS?: number } = {}): StageDef[] {
  return [
    { name: 'new', label: 'Ready to Receive', automatic: false },
    { name: 'copy', label: 'Copy', labels: { working: 'Copying' }, automatic: true, durationS: DEFAULT_WORKFLOW_SECONDS },
    {
      name: 'receive',
      label: 'Receive',
      labels: { working: 'Receiving' },
      automatic: true,
      durationS: opts.receiveS ?? DEFAULT_WORKFLOW_SECONDS,
    },
    { name: 'assign', label: 'Assignment', labels: { completed: 'Assigned' }, automatic: false },
  ];
}

/** A media set just inserted: waiting at `new`. */
export function createMediaWorkflow(now = 0): Workflow {
  return createWorkflow(mediaStageDefs(), now);
}

export interface MediaAtOptions extends StageAtOptions {
  /** Length of the receive stage: the largest survey size (docs/requirements.md#req-media-stages). */
  receiveS?: number;
}

export function mediaWorkflowAt(stage: MediaStageName, opts: MediaAtOptions = {}): Workflow {
  const stages = mediaStageDefs(opts.receiveS !== undefined ? { receiveS: opts.receiveS } : {}).map((d) =>
    stageFromDef(d),
  );
  const wf: Workflow = { stages, current: 0 };
  positionAt(wf, stage, opts);
  return wf;
}
