/**
 * Survey actions (docs/requirements.md#req-survey-actions, #req-validation): cancel, Process Applanix, Process PodConfig, survey QC start,
 * approve, reject. Flash texts name a survey by its short id.
 */
import type { ActionResult, PodconfigFile } from '../../api';
import { checkPodconfig } from '../../domain/podconfig';
import { REJECT_REASON_MAX } from '../../domain/frameFlags';
import { surveyLabel } from '../../domain/names';
import type { Id, Survey } from '../../domain/types';
import { completeStage, currentStage, haltStage, moveNext } from '../../domain/workflow';
import { own, fail, hl, notFound, ok, unavailable, type ActionContext } from './context';

function find(ctx: ActionContext, surveyId: Id): Survey | ActionResult {
  return own(ctx.world.index.surveys, surveyId) ?? notFound('survey', surveyId);
}

const isSurvey = (v: Survey | ActionResult): v is Survey => 'surveyId' in v;
const label = (s: Survey) => surveyLabel(s.surveyId);

export function cancelSurvey(ctx: ActionContext, surveyId: Id): ActionResult {
  const s = find(ctx, surveyId);
  if (!isSurvey(s)) return s;
  if (!s.flags.canCancel) return unavailable(label(s));
  haltStage(s.workflow, 'cancelled', ctx.now);
  ctx.world.touch('surveys', surveyId);
  ctx.note({ kind: 'cancelled' }, { surveys: [surveyId] });
  return ok(`${label(s)} cancelled`, 'warning', [hl('surveys', surveyId)]);
}

export function processApplanix(ctx: ActionContext, surveyId: Id): ActionResult {
  const s = find(ctx, surveyId);
  if (!isSurvey(s)) return s;
  if (!s.flags.waitingForApplanix) return unavailable(label(s));
  s.applanix = true;
  moveNext(s.workflow, ctx.now, ctx.world.speed);
  ctx.world.touch('surveys', surveyId);
  ctx.note({ kind: 'applanix' }, { surveys: [surveyId] });
  return ok(`processed applanix for ${label(s)}`, 'success', [hl('surveys', surveyId)]);
}

export function processPodconfig(ctx: ActionContext, surveyId: Id, files: PodconfigFile[]): ActionResult {
  const s = find(ctx, surveyId);
  if (!isSurvey(s)) return s;
  if (!s.flags.waitingForPodconfig) return unavailable(label(s));
  const check = checkPodconfig(files);
  if (!check.ok) return fail(check.error, 'file');
  s.podconfig = true;
  moveNext(s.workflow, ctx.now, ctx.world.speed);
  ctx.world.touch('surveys', surveyId);
  ctx.note({ kind: 'podconfig' }, { surveys: [surveyId] });
  return ok(`processed podconfig for ${label(s)}`, 'success', [hl('surveys', surveyId)]);
}

export function startSurveyQc(ctx: ActionContext, surveyId: Id): ActionResult {
  const s = find(ctx, surveyId);
  if (!isSurvey(s)) return s;
  if (!s.flags.qcReady) return unavailable(label(s));
  s.qc = 'started';
  ctx.world.touch('surveys', surveyId);
  ctx.note({ kind: 'qcStarted' }, { surveys: [surveyId] });
  return ok(`QC started for ${label(s)}`, 'info', [hl('surveys', surveyId)]);
}

/** Approve and reject are allowed once QC is ready or started (the QC page may be opened directly). */
function canDecide(s: Survey): boolean {
  return s.flags.qcReady || s.flags.qcInProgress;
}

export function approveSurveyQc(ctx: ActionContext, surveyId: Id): ActionResult {
  const s = find(ctx, surveyId);
  if (!isSurvey(s)) return s;
  if (!canDecide(s)) return unavailable(label(s));
  s.qc = 'approved';
  // Completed, but it stays the current stage until the capture processes the survey.
  completeStage(currentStage(s.workflow), ctx.now);
  ctx.world.touch('surveys', surveyId);
  ctx.note({ kind: 'qcApproved' }, { surveys: [surveyId] });
  return ok(`QC approved for ${label(s)}`, 'success', [hl('surveys', surveyId)]);
}

/** Issue 8: a rejection says why (a flag reason or free text), so the crew knows what to re-fly. */
export function rejectSurveyQc(ctx: ActionContext, surveyId: Id, reason: unknown): ActionResult {
  const s = find(ctx, surveyId);
  if (!isSurvey(s)) return s;
  if (!canDecide(s)) return unavailable(label(s));
  const why = typeof reason === 'string' ? reason.trim() : '';
  if (!why) return fail('A reason is required', 'reason');
  if (why.length > REJECT_REASON_MAX) return fail(`The reason is longer than ${REJECT_REASON_MAX} characters`, 'reason');
  s.qc = 'rejected';
  s.rejectReason = why;
  haltStage(s.workflow, 'failed', ctx.now);
  ctx.world.touch('surveys', surveyId);
  ctx.note({ kind: 'qcRejected', reason: why }, { surveys: [surveyId] });
  return ok(`QC rejected for ${label(s)}`, 'warning', [hl('surveys', surveyId)]);
}
