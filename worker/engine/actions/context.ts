/**
 * What every action handler gets, and the shapes of its answers: the spec's flash on success, the
 * spec's message on error. Handlers validate everything before they change anything, so an error
 * leaves the world exactly as it was.
 */
import type { ActionResult, FlashCategory, Highlight } from '../../api';
import type { EntityKind, Id } from '../../domain/types';
import type { World } from '../world';

export interface ActionContext {
  world: World;
  now: number;
  /** Fresh unique ids for inserted media and surveys (injected: tests make them deterministic). */
  newId(): string;
}

export function ok(text: string, category: FlashCategory, highlight: Highlight[] = []): ActionResult {
  return highlight.length ? { ok: true, flash: { category, text }, highlight } : { ok: true, flash: { category, text } };
}

export function fail(error: string, field?: string): ActionResult {
  return field ? { ok: false, error, field } : { ok: false, error };
}

/** docs/workflow-rules.md: an action no longer allowed (another tab did it, a stale button). */
export function unavailable(entity: string): ActionResult {
  return fail(`This action is no longer available for ${entity}`);
}

export function notFound(what: string, id: Id): ActionResult {
  return fail(`No ${what} ${id}`);
}

export function hl(kind: EntityKind, id: Id): Highlight {
  return { kind, id };
}
