/**
 * The simulation step run by the 500 ms clock (and before every action): advances every active
 * workflow to `now`, applies the domain rules of stages that complete on their own (a survey's
 * receive sets its received date and wakes its capture; publishing marks published), and records
 * progress patches for workflows whose only change is what they show. Cost: the active set only,
 * read from the contiguous rows of activeTable.ts; an entity is touched only when it shows
 * something new or its stage ends.
 */
import type { ProgressKind } from './activeTable';
import { isoDay } from '../domain/dates';
import type { Capture, Media, Stage, Survey } from '../domain/types';
import { currentStage, durationKey, formatDuration, moveNext, progressAt, rebaseStage, remainingSAt, stepWorkflow } from '../domain/workflow';
import { PROGRESS_KINDS, type KindTable } from './activeTable';
import type { World } from './world';

/**
 * At most this many stage ends are taken in one tick of the clock (issue #11: "spread stage
 * changes"); the rest are taken first by the next tick, 500 ms later. A stage still ends at its
 * own instant (stepWorkflow works from the stored times), so only the moment it is shown moves,
 * and a tick's cost stays flat when many stages end together. Actions and a late tick (the clock
 * was asleep) take every one.
 */
export const STAGE_ENDS_PER_TICK = 12;

export interface StepOptions {
  /** Spread stage ends over ticks (the regular clock); otherwise every one due now. */
  spread?: boolean;
}

export function step(world: World, now: number, options: StepOptions = {}): void {
  let ends = options.spread ? STAGE_ENDS_PER_TICK : Infinity;
  for (const kind of PROGRESS_KINDS) ends = stepKind(world, kind, world.active.of(kind), now, ends);
}

/** Steps one kind's active workflows; answers how many stage ends may still be taken. */
function stepKind(world: World, kind: ProgressKind, table: KindTable, now: number, ends: number): number {
  const speed = world.speed;
  const n = table.size;
  // Taken in turn from the first stage end the last spread tick left, so none waits twice.
  const from = table.cursor < n ? table.cursor : 0;
  let left = false;
  for (let k = 0; k < n; k++) {
    const s = k + from < n ? k + from : k + from - n;
    const entity = table.entities[s];
    if (!entity) continue;
    const end = table.end[s]!;
    // The common case: still running, only its figures move; the entity is not visited unless they show.
    if (now < end) {
      const start = table.start[s]!;
      const span = end - start;
      const percent = span > 0 ? Math.floor(Math.max(0, Math.min(100, ((now - start) / span) * 100))) : 100;
      showIfChanged(table, s, percent, Math.ceil(((end - now) / 1000) * speed), speed);
      continue;
    }
    if (ends <= 0) {
      if (!left) table.cursor = s;
      left = true;
      continue;
    }
    const id = table.ids[s]!;
    const steps = stepWorkflow(entity.workflow, now, speed, (done, at) => onComplete(world, kind, entity, done, at));
    if (steps > 0) {
      world.stepped(kind, id);
      ends -= steps;
      continue;
    }
    const stage = currentStage(entity.workflow);
    showIfChanged(table, s, Math.floor(progressAt(stage, now)), Math.ceil(remainingSAt(stage, now, speed)), speed);
  }
  if (!left) table.cursor = 0;
  return Math.max(0, ends);
}

/**
 * A patch only when what a screen shows changes: the integer percent, or the time left as text
 * (the real time the person waits, and at other speeds the simulated time beside it).
 */
function showIfChanged(table: KindTable, s: number, percent: number, left: number, speed: number): void {
  const was = table.left[s]!;
  if (
    percent === table.percent[s] &&
    durationKey(left / speed) === durationKey(was / speed) &&
    (speed === 1 || durationKey(left) === durationKey(was))
  ) {
    return;
  }
  table.show(s, percent, left, formatDuration(left));
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

/** A survey finished receiving: its received date, and its capture starts receiving (docs/requirements.md#req-survey-stages). */
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
    const table = world.active.of(kind);
    for (const id of [...table.activeIds()]) {
      const entity = world.index[kind][id];
      if (!entity) continue;
      rebaseStage(currentStage(entity.workflow), now, world.speed);
      world.touch(kind, id);
    }
  }
}
