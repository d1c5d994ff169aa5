/**
 * The generic workflow of docs/requirements.md#req-workflow: an ordered list of stages, one current. Waiting stages wait for
 * a person; working (automatic) stages progress by elapsed wall-clock time against their expected
 * duration, scaled by the simulation speed, and move on at 100 % at the exact instant they end.
 * Pure functions over plain JSON; they mutate the workflow handed to them (the engine owns it).
 */
import { DEFAULT_WORKFLOW_SECONDS } from './constants';
import type { Stage, StageState, StageView, Workflow } from './types';

export const STAGE_STATES: readonly StageState[] = ['waiting', 'working', 'completed', 'cancelled', 'failed', 'future'];

/** What a factory needs to know about a stage before it is placed in a workflow. */
export interface StageDef {
  name: string;
  label?: string;
  labels?: Partial<Record<StageState, string>>;
  automatic: boolean;
  hidden?: boolean;
  durationS?: number;
}

export function stageFromDef(def: StageDef, state: StageState = 'future'): Stage {
  const stage: Stage = { name: def.name, automatic: def.automatic, state };
  if (def.label !== undefined) stage.label = def.label;
  if (def.labels !== undefined) stage.labels = { ...def.labels };
  if (def.hidden) stage.hidden = true;
  if (def.automatic || def.durationS !== undefined) stage.durationS = def.durationS ?? DEFAULT_WORKFLOW_SECONDS;
  return stage;
}

/** A workflow at its first stage, started at `now`. */
export function createWorkflow(defs: readonly StageDef[], now: number, speed = 1): Workflow {
  const wf: Workflow = { stages: defs.map((d) => stageFromDef(d)), current: 0 };
  startStage(wf.stages[0]!, now, speed);
  return wf;
}

export function currentStage(wf: Workflow): Stage {
  return wf.stages[wf.current]!;
}

export function stageIndex(wf: Workflow, name: string): number {
  return wf.stages.findIndex((s) => s.name === name);
}

/** Wall-clock span of an automatic stage at a speed, in ms. */
export function spanMs(durationS: number, speed: number): number {
  return (durationS * 1000) / speed;
}

/** Enters a stage: automatic ones start working from `at`, manual ones wait. */
export function startStage(stage: Stage, at: number, speed: number, durationS?: number): void {
  delete stage.endedAt;
  if (stage.automatic) {
    startWorking(stage, at, speed, durationS);
  } else {
    stage.state = 'waiting';
    stage.startedAt = at;
    delete stage.expectedEndAt;
    delete stage.progress;
  }
}

/**
 * Starts the timed part of a stage: automatic stages on entry, and manual stages a person sets
 * going (publishing waits for Publish, then runs for its duration).
 */
export function startWorking(stage: Stage, at: number, speed: number, durationS?: number): void {
  if (durationS !== undefined) stage.durationS = durationS;
  const d = stage.durationS ?? DEFAULT_WORKFLOW_SECONDS;
  stage.durationS = d;
  stage.state = 'working';
  stage.startedAt = at;
  stage.expectedEndAt = at + spanMs(d, speed);
  stage.progress = 0;
  delete stage.endedAt;
}

export function completeStage(stage: Stage, at: number): void {
  stage.state = 'completed';
  stage.endedAt = at;
  if (stage.durationS !== undefined) stage.progress = 100;
}

/**
 * Moves to the next stage: completes the current one and starts the next one that is not already
 * completed (a stage completed in advance, e.g. Applanix already provided, is skipped). At the last
 * stage the workflow simply ends, completed. Answers whether the current index moved.
 */
export function moveNext(wf: Workflow, at: number, speed: number): boolean {
  const stage = currentStage(wf);
  if (stage.state !== 'completed') completeStage(stage, at);
  let next = wf.current + 1;
  while (next < wf.stages.length && wf.stages[next]!.state === 'completed') next++;
  if (next >= wf.stages.length) return false;
  wf.current = next;
  startStage(wf.stages[next]!, at, speed);
  return true;
}

/** Jumps to a named stage (later in the workflow), completing every stage passed on the way. */
export function moveTo(wf: Workflow, name: string, at: number, speed: number): void {
  const target = stageIndex(wf, name);
  if (target < 0) throw new Error(`no stage ${name}`);
  for (let i = wf.current; i < target; i++) {
    const s = wf.stages[i]!;
    if (s.state !== 'completed') completeStage(s, at);
  }
  wf.current = target;
  startStage(wf.stages[target]!, at, speed);
}

/** Stops the current stage where it is (cancel or fail), keeping its progress. */
export function haltStage(wf: Workflow, state: 'cancelled' | 'failed', at: number): void {
  const stage = currentStage(wf);
  // Where it stands at `at`: the clock does not keep a working stage's figure current.
  if (stage.state === 'working') stage.progress = progressAt(stage, at);
  stage.state = state;
  stage.endedAt = at;
  delete stage.expectedEndAt;
}

/** Progress 0..100 of a working stage at `now` (fractional). */
export function progressAt(stage: Stage, now: number): number {
  if (stage.state !== 'working' || stage.startedAt === undefined || stage.expectedEndAt === undefined) {
    return stage.progress ?? 0;
  }
  const span = stage.expectedEndAt - stage.startedAt;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, ((now - stage.startedAt) / span) * 100));
}

/** Simulated seconds left of a working stage at `now`. */
export function remainingSAt(stage: Stage, now: number, speed: number): number {
  if (stage.state !== 'working' || stage.expectedEndAt === undefined) return 0;
  return Math.max(0, ((stage.expectedEndAt - now) / 1000) * speed);
}

/** The workflow's current stage is automatic and running: the clock has to look at it. */
export function isActive(wf: Workflow): boolean {
  return currentStage(wf).state === 'working';
}

/**
 * Steps a workflow to `now`: every working stage whose end has passed completes at its own end
 * instant and the next one starts there (so a reload or a slow tick resumes exactly). `onEnter` is
 * told of each stage completed, so the caller can apply its domain rules (e.g. set receivedOn) and
 * may itself move the workflow. Answers the number of stages completed.
 */
export function stepWorkflow(
  wf: Workflow,
  now: number,
  speed: number,
  onComplete?: (completed: Stage, at: number) => void,
): number {
  let steps = 0;
  for (;;) {
    const stage = currentStage(wf);
    if (stage.state !== 'working') break;
    const end = stage.expectedEndAt ?? now;
    if (now < end) {
      stage.progress = progressAt(stage, now);
      break;
    }
    const before = wf.current;
    moveNext(wf, end, speed);
    steps++;
    onComplete?.(wf.stages[before]!, end);
    // Guard: a workflow that did not move and is still working would loop forever.
    if (wf.current === before && currentStage(wf).state === 'working') break;
  }
  return steps;
}

/**
 * Keeps progress continuous when the simulation speed changes: the elapsed fraction is kept and the
 * remaining simulated time now passes at the new speed.
 */
export function rebaseStage(stage: Stage, now: number, speed: number): void {
  if (stage.state !== 'working' || stage.startedAt === undefined) return;
  const fraction = progressAt(stage, now) / 100;
  const span = spanMs(stage.durationS ?? DEFAULT_WORKFLOW_SECONDS, speed);
  stage.startedAt = now - fraction * span;
  stage.expectedEndAt = stage.startedAt + span;
  // The same figure a reload computes from the stored times (not the pre-rebase one, which can
  // differ in the last bits).
  stage.progress = progressAt(stage, now);
}

/** The status label's fallback (docs/requirements.md#req-stage-labels): state-specific label, then label, then the humanised state name. */
export function stageStatusLabel(stage: Pick<Stage, 'state' | 'label' | 'labels'>): string {
  return stage.labels?.[stage.state] ?? stage.label ?? humanise(stage.state);
}

export function humanise(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** docs/requirements.md#req-progress-shown: progress shows only for working, cancelled or failed stages. */
export function showsProgress(state: StageState): boolean {
  return state === 'working' || state === 'cancelled' || state === 'failed';
}

/**
 * Durations (docs/requirements.md#req-durations): seconds under 90 s, minutes under 90 min, else hours. Seconds round up, so a
 * stage that still runs never shows "0s"; minutes and hours round to the nearest whole unit.
 * Examples: 0.2 → "1s", 45 → "45s", 89.5 → "90s", 90 → "2m", 720 → "12m", 5400 → "2h".
 */
export function formatDuration(seconds: number): string {
  const key = durationKey(seconds);
  let text = DURATION_TEXTS.get(key);
  if (text === undefined) {
    text = key < 1_000 ? `${key}s` : key < 1_000_000 ? `${key - 1_000}m` : `${key - 1_000_000}h`;
    if (DURATION_TEXTS.size < 4_096) DURATION_TEXTS.set(key, text);
  }
  return text;
}

/**
 * The texts made so far, by `durationKey`: the clock shows a thousand of them a tick, and a text
 * made anew each time is a young string written into an old entity's stage view, which every young
 * collection must then trace from that entity.
 */
const DURATION_TEXTS = new Map<number, string>();

/**
 * A number for the text `formatDuration(seconds)` gives, without making the text: equal numbers,
 * equal texts. The clock asks it a thousand times a tick.
 */
export function durationKey(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  if (seconds < 90) return Math.ceil(seconds);
  if (seconds < 90 * 60) return 1_000 + Math.round(seconds / 60);
  return 1_000_000 + Math.round(seconds / 3600);
}

/** A stage view moved on by a progress patch: the engine sends the numbers, the text is made here. */
export function withProgress(view: StageView, percent: number, remainingS: number): StageView {
  return { ...view, progress: percent, remainingS, remainingText: formatDuration(remainingS) };
}

/** The display data of the current stage; `statusLabel` may be overridden by the entity's rules. */
export function stageView(wf: Workflow, now: number, speed: number, statusLabel?: string): StageView {
  const stage = currentStage(wf);
  const view: StageView = {
    name: stage.name,
    state: stage.state,
    statusLabel: statusLabel ?? stageStatusLabel(stage),
  };
  if (showsProgress(stage.state)) view.progress = Math.floor(progressAt(stage, now));
  if (stage.state === 'cancelled' || stage.state === 'failed') {
    const word = stage.state === 'cancelled' ? 'Cancelled' : 'Failed';
    if (!view.statusLabel.toLowerCase().includes(word === 'Cancelled' ? 'cancel' : 'fail')) view.halted = word;
  }
  if (stage.state === 'working') {
    const left = Math.ceil(remainingSAt(stage, now, speed));
    view.remainingS = left;
    view.remainingText = formatDuration(left);
  }
  return view;
}
