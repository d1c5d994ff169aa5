import { describe, expect, it } from 'vitest';
import {
  createWorkflow,
  formatDuration,
  moveNext,
  rebaseStage,
  stageStatusLabel,
  stageView,
  stepWorkflow,
  currentStage,
  progressAt,
  type StageDef,
} from '../../worker/domain/workflow';
import { createSurveyWorkflow, surveyWorkflowAt } from '../../worker/domain/surveyWorkflow';
import type { Stage } from '../../worker/domain/types';

const defs: StageDef[] = [
  { name: 'start', automatic: false },
  { name: 'run', automatic: true, durationS: 10 },
  { name: 'run-again', automatic: true, durationS: 20 },
  { name: 'end', automatic: false, labels: { waiting: 'All done?' } },
];

describe('generic workflow (docs/requirements.md#req-workflow)', () => {
  it('moving to the next stage completes the current one', () => {
    const wf = createWorkflow(defs, 1000);
    expect(currentStage(wf).state).toBe('waiting');
    moveNext(wf, 2000, 1);
    expect(wf.stages[0]!.state).toBe('completed');
    expect(wf.stages[0]!.endedAt).toBe(2000);
    const run = currentStage(wf);
    expect(run).toMatchObject({ name: 'run', state: 'working', startedAt: 2000, expectedEndAt: 12000, progress: 0 });
    expect(wf.stages[2]!.state).toBe('future');
  });

  it('automatic stages progress by elapsed time and move on at 100 % at their exact end instant', () => {
    const wf = createWorkflow(defs, 0);
    moveNext(wf, 0, 1);
    expect(stepWorkflow(wf, 5000, 1)).toBe(0);
    expect(currentStage(wf).progress).toBe(50);
    const completed: string[] = [];
    // 35 s later: run (10 s) and run-again (20 s) both finished; the second started at 10 000.
    expect(stepWorkflow(wf, 35_000, 1, (s, at) => completed.push(`${s.name}@${at}`))).toBe(2);
    expect(completed).toEqual(['run@10000', 'run-again@30000']);
    expect(wf.stages[2]!.startedAt).toBe(10_000);
    expect(currentStage(wf)).toMatchObject({ name: 'end', state: 'waiting', startedAt: 30_000 });
  });

  it('simulation speed scales the wall-clock span; a change of speed keeps progress continuous', () => {
    const wf = createWorkflow(defs, 0);
    moveNext(wf, 0, 10);
    expect(currentStage(wf).expectedEndAt).toBe(1000);
    stepWorkflow(wf, 500, 10);
    expect(currentStage(wf).progress).toBe(50);
    rebaseStage(currentStage(wf), 500, 1);
    expect(progressAt(currentStage(wf), 500)).toBeCloseTo(50);
    expect(currentStage(wf).expectedEndAt).toBe(5500);
  });

  it('the last stage completes without moving further', () => {
    const wf = createWorkflow(defs, 0);
    wf.current = 3;
    wf.stages[3]!.state = 'waiting';
    expect(moveNext(wf, 10, 1)).toBe(false);
    expect(wf.current).toBe(3);
    expect(currentStage(wf).state).toBe('completed');
  });

  it('status label falls back: state-specific label, then label, then the humanised state', () => {
    const s = (p: Partial<Stage>): Stage => ({ name: 'x', automatic: false, state: 'waiting', ...p });
    expect(stageStatusLabel(s({ labels: { waiting: 'Ready to Receive' }, label: 'Media' }))).toBe('Ready to Receive');
    expect(stageStatusLabel(s({ labels: { working: 'Copying' }, label: 'Copy' }))).toBe('Copy');
    expect(stageStatusLabel(s({}))).toBe('Waiting');
    expect(stageStatusLabel(s({ state: 'cancelled' }))).toBe('Cancelled');
    expect(stageStatusLabel(s({ state: 'future' }))).toBe('Future');
  });

  it('progress shows only for working, cancelled and failed stages', () => {
    const wf = createWorkflow(defs, 0);
    expect(stageView(wf, 0, 1).progress).toBeUndefined();
    moveNext(wf, 0, 1);
    expect(stageView(wf, 2500, 1)).toMatchObject({ progress: 25, remainingS: 8, remainingText: '8s' });
    currentStage(wf).state = 'cancelled';
    currentStage(wf).progress = 25;
    expect(stageView(wf, 2500, 1).progress).toBe(25);
    expect(stageView(wf, 2500, 1).remainingText).toBeUndefined();
    currentStage(wf).state = 'failed';
    expect(stageView(wf, 2500, 1).progress).toBe(25);
    currentStage(wf).state = 'completed';
    expect(stageView(wf, 2500, 1).progress).toBeUndefined();
  });
});

describe('formatDuration (docs/requirements.md#req-durations: s under 90 s, m under 90 min, else h)', () => {
  it.each([
    [0, '0s'],
    [0.2, '1s'],
    [45, '45s'],
    [89, '89s'],
    [89.5, '90s'],
    [90, '2m'],
    [720, '12m'],
    [5399, '90m'],
    [5400, '2h'],
    [3 * 3600, '3h'],
    [-5, '0s'],
  ])('%s s → %s', (s, text) => expect(formatDuration(s)).toBe(text));
});

describe('survey workflow factories', () => {
  it('starts hidden at new and skips Applanix and PodConfig already provided', () => {
    const wf = createSurveyWorkflow({ applanix: true, podconfig: false, sizeS: 30 }, 0);
    expect(currentStage(wf)).toMatchObject({ name: 'new', hidden: true, state: 'waiting' });
    moveNext(wf, 0, 1); // copy
    moveNext(wf, 60_000, 1); // receive
    moveNext(wf, 90_000, 1);
    expect(currentStage(wf).name).toBe('podconfig');
    const both = createSurveyWorkflow({ applanix: true, podconfig: true }, 0);
    both.current = 2;
    both.stages[2]!.state = 'working';
    moveNext(both, 5, 1);
    expect(currentStage(both).name).toBe('frame-extraction');
  });

  it('positions a workflow at any stage and state', () => {
    const wf = surveyWorkflowAt('bundle-adjustment', { startedAt: 1000, durationS: 60, speed: 10 });
    expect(wf.stages.slice(0, 8).every((s) => s.state === 'completed')).toBe(true);
    expect(currentStage(wf)).toMatchObject({ state: 'working', startedAt: 1000, expectedEndAt: 7000 });
    expect(wf.stages.slice(9).every((s) => s.state === 'future')).toBe(true);
    const cancelled = surveyWorkflowAt('receive', { state: 'cancelled', progress: 40 });
    expect(currentStage(cancelled)).toMatchObject({ state: 'cancelled', progress: 40 });
  });
});
