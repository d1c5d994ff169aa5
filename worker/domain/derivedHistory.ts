/**
 * The entries of a history that are derived, never stored or synced (docs/history.md#derived):
 * - the simulation's own stage changes, read from the workflows' stored times: each automatic stage
 *   started and completed, and a timed stage a person started (publishing) completed, each at its
 *   own instant (not the tick's);
 * - the sample data's start: an entity the history does not see created began with it.
 * Every laptop derives them alike from the same stored times, so they cost no byte and cannot
 * disagree. Only what happened since the history began is listed: the sample data's own past is
 * summed up by its one "loaded" entry.
 */
import { historyId, type HistoryEntry, type HistoryStart, type HistorySubjects } from './history';
import type { Id, Workflow } from './types';

export type WorkflowKind = 'surveys' | 'media' | 'captures';
const LETTER: Record<WorkflowKind, string> = { surveys: 's', media: 'm', captures: 'c' };

/** The subjects of an entity of a workflow kind. */
export function subjectOf(kind: WorkflowKind | 'drives', id: Id): HistorySubjects {
  return kind === 'surveys' ? { surveys: [id] } : kind === 'captures' ? { capture: id } : kind === 'media' ? { media: id } : { drive: id };
}

/**
 * A derived entry's id: at its instant, in its workflow's order (a stage's end before the next
 * one's start). What time alone did at an instant (a stage that ended, and the one it led to)
 * sorts before any laptop's action then, as the clock steps before every action; a stage an action
 * started sorts after the actions of that instant.
 */
function derivedId(at: number, afterActions: boolean, order: number, kind: string, id: Id): string {
  return historyId(at, afterActions ? '~' : '', `~${String(order).padStart(3, '0')}-${kind}-${id.replace(/:/g, '-')}`, 0);
}

/**
 * The stage changes of a workflow since `since`. `skip` leaves out stages another history says
 * already (a capture's history lists its processing once, not once per survey).
 */
export function stageEntries(kind: WorkflowKind, id: Id, workflow: Workflow, since: number, skip?: (stage: string) => boolean): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const on = subjectOf(kind, id);
  const timed = (i: number) => {
    const stage = workflow.stages[i]!;
    return stage.automatic || (stage.durationS !== undefined && stage.startedAt !== undefined);
  };
  /**
   * Entered by time: the stage that ended last before it (the later one of a tie) is a timed stage
   * that ended at the instant it started. A stage completed in advance (Applanix already given)
   * ended long before and is passed over.
   */
  const enteredByTime = (i: number): boolean => {
    let last = -1;
    for (let j = 0; j < i; j++) {
      const s = workflow.stages[j]!;
      if (s.state === 'completed' && s.endedAt !== undefined && (last < 0 || s.endedAt >= workflow.stages[last]!.endedAt!)) last = j;
    }
    return last >= 0 && timed(last) && workflow.stages[last]!.endedAt === workflow.stages[i]!.startedAt;
  };
  workflow.stages.forEach((stage, i) => {
    if (skip?.(stage.name)) return;
    const push = (at: number, step: 'started' | 'completed', order: number, afterActions: boolean) => {
      if (at < since) return;
      out.push({ id: derivedId(at, afterActions, order, LETTER[kind], id), at, by: '', laptop: '', tx: '', n: 0, what: { kind: 'stage', stage: stage.name, step }, on });
    };
    // A stage a person starts (publishing) says so in that person's entry; its end is the clock's.
    if (stage.automatic && stage.state !== 'future' && stage.startedAt !== undefined) {
      const at = stage.startedAt;
      push(at, 'started', 2 * i + 1, !enteredByTime(i));
    }
    if (timed(i) && stage.state === 'completed' && stage.endedAt !== undefined) push(stage.endedAt, 'completed', 2 * i, false);
  });
  return out;
}

/** "Loaded with the sample data" (or an import that held no history), at the instant it was. */
export function loadedEntry(kind: WorkflowKind | 'drives', id: Id, start: HistoryStart): HistoryEntry {
  return { id: derivedId(start.since, false, 0, `load-${kind}`, id), at: start.since, by: '', laptop: '', tx: '', n: 0, what: { kind: 'loaded', from: start.origin }, on: subjectOf(kind, id) };
}
