/**
 * What every action handler gets, and the shapes of its answers: the spec's flash on success, the
 * spec's message on error. Handlers validate everything before they change anything, so an error
 * leaves the world exactly as it was.
 */
import type { ActionResult, FlashCategory, FlashLink, Highlight } from '../../api';
import type { EntityKind, Id } from '../../domain/types';
import type { World } from '../world';
import type { HistorySubjects, HistoryWhat } from '../../domain/history';

export interface ActionContext {
  world: World;
  now: number;
  /** Fresh unique ids for inserted media and surveys (injected: tests make them deterministic). */
  newId(): string;
  /**
   * Notes what the action did, for the history of the entities it concerns (docs/history.md):
   * written in its commit, by whoever is signed in, only if it succeeds.
   */
  note(what: HistoryWhat, on: HistorySubjects): void;
}

export function ok(text: string, category: FlashCategory, highlight: Highlight[] = [], link?: FlashLink): ActionResult {
  const flash = link ? { category, text, link } : { category, text };
  return highlight.length ? { ok: true, flash, highlight } : { ok: true, flash };
}

/**
 * The next step after Assign: the assigned surveys' capture (the first one's, when they belong to
 * several). Carried by the answer, so the flash needs no second question.
 */
export function assignedLink(world: World, surveyIds: readonly Id[]): FlashLink | undefined {
  const captures = new Map<Id, string>();
  for (const id of surveyIds) {
    const s = own(world.index.surveys, id);
    if (s && !captures.has(s.captureId)) captures.set(s.captureId, world.index.captures[s.captureId]?.cpid ?? s.cpid);
  }
  const [first] = captures;
  if (!first) return undefined;
  const [captureId, cpid] = first;
  return { captureId, text: captures.size === 1 ? `View the assigned surveys of ${cpid}` : `View the assigned surveys (${cpid} first)` };
}

export function fail(error: string, field?: string): ActionResult {
  return field ? { ok: false, error, field } : { ok: false, error };
}

/** docs/workflow-rules.md: an action no longer allowed (another tab did it, a stale button). */
export function unavailable(entity: string): ActionResult {
  return fail(`This action is no longer available for ${entity}`);
}

/**
 * An entity named by an action's parameter: only the map's own entries count, so an id such as
 * "__proto__" or "hasOwnProperty" finds nothing rather than Object.prototype's members (issue 13).
 */
export function own<T>(map: Record<Id, T>, id: unknown): T | undefined {
  return typeof id === 'string' && Object.hasOwn(map, id) ? map[id] : undefined;
}

/** A parameter shown back in a message: a bounded string, whatever the caller sent. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `(${value === null ? 'null' : typeof value})`;
}

export function notFound(what: string, id: unknown): ActionResult {
  return fail(`No ${what} ${shown(id)}`);
}

/**
 * What the person reads when a handler throws (a bug, or input no check foresaw): the action is
 * refused and nothing of it is kept. The exception's own words, cut short, help a bug report.
 */
export function actionFault(error: unknown): string {
  const why = (error instanceof Error ? error.message : String(error)) || 'an unexpected error';
  return `This action failed inside the console and changed nothing: ${why.length > 200 ? `${why.slice(0, 200)}…` : why}`;
}

export function hl(kind: EntityKind, id: Id): Highlight {
  return { kind, id };
}
