/**
 * The simulation step run by the 500 ms clock (and before every action): advances every active
 * workflow to `now`, applies the domain rules of stages that complete on their own (a survey's
 * receive sets its received date and wakes its capture; publishing marks published), and records
 * progress patches for workflows whose only change is progress. Cost: the active set only.
 */
import type { ProgressKind } from '../api';
import { isoDay } from '../domain/dates';
import type { Capture, Media, Stage, StageView, Survey, Workflow } from '../domain/types';
import { formatDuration, moveNext, progressAt, rebaseStage, remainingSAt, currentStage, stepWorkflow } from '../domain/workflow';
import { PROGRESS_KINDS, type World } from './world';

export function step(world: World, now: number): void {
  const speed = world.speed;
  for (const kind of PROGRESS_KINDS) {
    const map = world.index[kind] as Record<string, Survey | Media | Capture>;
    for (const id of world.active[kind]) {
      const entity = map[id];
      if (!entity) continue;
      const wf = entity.workflow;
      const stage = currentStage(wf);
      // The common case, allocation-free: still running, only its progress moves.
      if (stage.state === 'working' && stage.expectedEndAt !== undefined && now < stage.expectedEndAt) {
        stage.progress = progressAt(stage, now);
        patchProgress(world, kind, id, wf, entity.stage, now, speed);
        continue;
      }
      const steps = stepWorkflow(wf, now, speed, (done, at) => onComplete(world, kind, entity, done, at));
      if (steps > 0) world.touch(kind, id);
      else patchProgress(world, kind, id, wf, entity.stage, now, speed);
    }
  }
}

/** Updates the derived view of a working stage in place; a patch only when what is shown changes. */
function patchProgress(
  world: World,
  kind: ProgressKind,
  id: string,
  wf: Workflow,
  view: StageView,
  now: number,
  speed: number,
): void {
  const stage = currentStage(wf);
  const percent = Math.floor(progressAt(stage, now));
  const left = Math.ceil(remainingSAt(stage, now, speed));
  if (percent === view.progress && left === view.remainingS) return;
  const text = formatDuration(left);
  if (percent === view.progress && text === view.remainingText) {
    view.remainingS = left;
    return;
  }
  view.progress = percent;
  view.remainingS = left;
  view.remainingText = text;
  world.addProgress(kind, id, percent, left);
}

function onComplete(world: World, kind: ProgressKind, entity: Survey | Media | Capture, stage: Stage, at: number): void {
  if (kind === 'surveys') {
    const survey = entity as Survey;
    if (stage.name === 'receive') surveyReceived(world, survey, at);
    if (stage.name === 'publish') survey.published = true;
  } else if (kind === 'captures') {
    if (stage.name === 'publish') (entity as Capture).published = true;
  }
}

/** A survey finished receiving: its received date, and its capture starts receiving (SPEC §4). */
function surveyReceived(world: World, survey: Survey, at: number): void {
  survey.receivedOn = isoDay(at);
  const capture = world.index.captures[survey.captureId];
  if (!capture) return;
  const stage = currentStage(capture.workflow);
  if (stage.name === 'waiting') moveNext(capture.workflow, at, world.speed);
  world.touch('captures', capture.captureId);
}

/** A change of simulation speed keeps every working stage's progress continuous. */
export function rebaseAll(world: World, now: number): void {
  for (const kind of PROGRESS_KINDS) {
    const map = world.index[kind] as Record<string, Survey | Media | Capture>;
    for (const id of world.active[kind]) {
      const entity = map[id];
      if (!entity) continue;
      rebaseStage(currentStage(entity.workflow), now, world.speed);
      world.touch(kind, id);
    }
  }
}
