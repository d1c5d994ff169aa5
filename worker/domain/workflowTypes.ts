/**
 * The generic workflow's types (docs/requirements.md#req-workflow): an entity's ordered stages, each
 * waiting, working, completed, cancelled, failed or future, and the display data of its current
 * stage the engine derives so the page only renders. Every workflow entity in types.ts holds one.
 */
export type StageState = 'waiting' | 'working' | 'completed' | 'cancelled' | 'failed' | 'future';

export interface Stage {
  name: string;
  /** Generic label of the stage; see `stageStatusLabel` for the fallback order. */
  label?: string;
  /** State-specific labels, preferred over `label`. */
  labels?: Partial<Record<StageState, string>>;
  /** Automatic stages progress by elapsed time and move on at 100 %; manual ones wait. */
  automatic: boolean;
  /** Hidden stages are never displayed (the survey's `new`). */
  hidden?: boolean;
  state: StageState;
  /** Expected duration of an automatic stage, in simulated seconds. */
  durationS?: number;
  /** Wall-clock epoch ms; with `expectedEndAt`, lets a reload resume a working stage. */
  startedAt?: number;
  expectedEndAt?: number;
  /** 0..100, meaningful for working, cancelled and failed stages. */
  progress?: number;
  endedAt?: number;
}

export interface Workflow {
  stages: Stage[];
  /** Index of the current stage. */
  current: number;
}

/** Display data of the current stage, derived by the engine so the UI only renders. */
export interface StageView {
  name: string;
  state: StageState;
  statusLabel: string;
  /** Present only for working, cancelled or failed stages (docs/requirements.md#req-progress-shown). */
  progress?: number;
  /** Present only while working: simulated seconds left and its text ("12s", "3m", "2h"). */
  remainingS?: number;
  remainingText?: string;
  /**
   * Cancelled or failed, when the status label does not already say so (a halted stage's label may
   * be its plain name, "Receive"): the badge the status shows beside it.
   */
  halted?: 'Cancelled' | 'Failed';
}
