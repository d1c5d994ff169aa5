/**
 * Capture actions (docs/requirements.md#req-capture-actions, #req-validation): process the selected QC-approved surveys, capture QC start,
 * approve, reject, publish. Selected surveys follow the capture's stage through processing,
 * capture QC and publishing (docs/workflow-rules.md, Captures).
 */
import type { ActionResult } from '../../api';
import type { Capture, Id, Survey } from '../../domain/types';
import { currentStage, haltStage, moveNext, moveTo, startWorking } from '../../domain/workflow';
import type { World } from '../world';
import { own, fail, hl, notFound, ok, unavailable, type ActionContext } from './context';

function selectedSurveys(world: World, c: Capture, stage: string): Survey[] {
  return c.selectedIds
    .map((id) => own(world.index.surveys, id))
    .filter((s): s is Survey => !!s && currentStage(s.workflow).name === stage);
}

const isCapture = (v: Capture | ActionResult): v is Capture => 'captureId' in v;
function find(ctx: ActionContext, captureId: Id): Capture | ActionResult {
  return own(ctx.world.index.captures, captureId) ?? notFound('capture', captureId);
}

export function processCapture(ctx: ActionContext, captureId: Id, surveyIds: Id[]): ActionResult {
  const { world, now } = ctx;
  const c = find(ctx, captureId);
  if (!isCapture(c)) return c;
  if (!c.flags.canProcess) return unavailable(`capture ${c.cpid}`);
  const ids = [...new Set(surveyIds ?? [])];
  if (!ids.length) return fail('Please select at least one survey for processing');
  for (const id of ids) {
    const s = own(world.index.surveys, id);
    if (!s || s.captureId !== captureId || !s.flags.canProcess) return fail('Only QC-approved surveys can be processed');
  }
  c.selectedIds = ids;
  moveNext(c.workflow, now, world.speed);
  world.touch('captures', captureId);
  for (const id of ids) {
    const s = world.index.surveys[id]!;
    // Same start and duration as the capture, so each processing stage ends at the same instant.
    moveTo(s.workflow, currentStage(c.workflow).name, now, world.speed);
    world.touch('surveys', id);
  }
  ctx.note({ kind: 'processingStarted' }, { capture: captureId, surveys: ids });
  return ok(`Started Processing ${c.cpid}`, 'simulation', [hl('captures', captureId)]);
}

export function startCaptureQc(ctx: ActionContext, captureId: Id): ActionResult {
  const c = find(ctx, captureId);
  if (!isCapture(c)) return c;
  if (!c.flags.qcReady) return unavailable(`capture ${c.cpid}`);
  c.qc = 'started';
  ctx.world.touch('captures', captureId);
  ctx.note({ kind: 'captureQcStarted' }, { capture: captureId, surveys: selectedSurveys(ctx.world, c, 'capture-qc').map((s) => s.surveyId) });
  return ok(`QC started for capture ${c.cpid}`, 'info', [hl('captures', captureId)]);
}

export function decideCaptureQc(ctx: ActionContext, captureId: Id, approve: boolean): ActionResult {
  const { world, now } = ctx;
  const c = find(ctx, captureId);
  if (!isCapture(c)) return c;
  if (!c.flags.qcReady && !c.flags.qcInProgress) return unavailable(`capture ${c.cpid}`);
  const surveys = selectedSurveys(world, c, 'capture-qc');
  if (approve) {
    c.qc = 'approved';
    moveNext(c.workflow, now, world.speed);
    for (const s of surveys) moveNext(s.workflow, now, world.speed);
  } else {
    c.qc = 'rejected';
    haltStage(c.workflow, 'failed', now);
    for (const s of surveys) haltStage(s.workflow, 'failed', now);
  }
  world.touch('captures', captureId);
  for (const s of surveys) world.touch('surveys', s.surveyId);
  ctx.note({ kind: approve ? 'captureQcApproved' : 'captureQcRejected' }, { capture: captureId, surveys: surveys.map((s) => s.surveyId) });
  return approve
    ? ok(`QC approved for capture ${c.cpid}`, 'success', [hl('captures', captureId)])
    : ok(`QC rejected for capture ${c.cpid}`, 'warning', [hl('captures', captureId)]);
}

export function publishCapture(ctx: ActionContext, captureId: Id): ActionResult {
  const { world, now } = ctx;
  const c = find(ctx, captureId);
  if (!isCapture(c)) return c;
  if (!c.flags.canPublish) return unavailable(`capture ${c.cpid}`);
  startWorking(currentStage(c.workflow), now, world.speed);
  world.touch('captures', captureId);
  const started: Id[] = [];
  for (const s of selectedSurveys(world, c, 'publish')) {
    const stage = currentStage(s.workflow);
    if (stage.state !== 'waiting') continue;
    startWorking(stage, now, world.speed, currentStage(c.workflow).durationS);
    world.touch('surveys', s.surveyId);
    started.push(s.surveyId);
  }
  ctx.note({ kind: 'publishStarted' }, { capture: captureId, surveys: started });
  return ok(`Publishing ${c.cpid} Started`, 'simulation', [hl('captures', captureId)]);
}

