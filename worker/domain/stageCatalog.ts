/**
 * The stage definitions of each kind of workflow by stage name, so a stored workflow may leave out
 * what never changes (labels, automatic, hidden) and restore() puts it back.
 */
import type { Stage, Workflow } from './types';
import type { StageDef } from './workflow';
import { surveyStageDefs } from './surveyWorkflow';
import { mediaStageDefs } from './mediaWorkflow';
import { captureStageDefs } from './captureWorkflow';

export type WorkflowKind = 'surveys' | 'media' | 'captures';

const catalog: Record<WorkflowKind, Map<string, StageDef>> = {
  surveys: new Map(surveyStageDefs().map((d) => [d.name, d])),
  media: new Map(mediaStageDefs().map((d) => [d.name, d])),
  captures: new Map(captureStageDefs().map((d) => [d.name, d])),
};

export function stageDef(kind: WorkflowKind, name: string): StageDef | undefined {
  return catalog[kind].get(name);
}

/** Fills a stored stage's static fields from its definition (stored values win). */
export function withDefinition(kind: WorkflowKind, stage: Stage): Stage {
  const def = stageDef(kind, stage.name);
  if (!def) return stage;
  if (stage.label === undefined && def.label !== undefined) stage.label = def.label;
  if (stage.labels === undefined && def.labels !== undefined) stage.labels = { ...def.labels };
  if (stage.hidden === undefined && def.hidden) stage.hidden = true;
  return stage;
}

/** The stage as stored: what can change, without what its definition says. */
export function slimStage(kind: WorkflowKind, stage: Stage): Stage {
  const def = stageDef(kind, stage.name);
  const { label, labels, hidden, ...rest } = stage;
  const out: Stage = rest;
  if (!def) Object.assign(out, label !== undefined ? { label } : {}, labels ? { labels } : {}, hidden ? { hidden } : {});
  return out;
}

export function slimWorkflow(kind: WorkflowKind, wf: Workflow): Workflow {
  return { stages: wf.stages.map((s) => slimStage(kind, s)), current: wf.current };
}
