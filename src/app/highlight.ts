/**
 * "Highlight row when action performed" (Settings, docs/requirements.md#req-screen-settings): the rows an action touched glow for a
 * moment. Rows ask `useHighlighted(kind, id)`, and re-render only when their own glow changes.
 */
import type { Highlight } from '../../worker/api';
import type { EntityKind, Id } from '../../worker/domain/types';
import { createStore, useStore } from './store';
import { entityKey as keyOf } from '../../worker/domain/names';

export const HIGHLIGHT_MS = 2500;

/** The rows glowing now, as `kind:id`. */
const glowing = createStore<ReadonlySet<string>>(new Set());
const timers = new Map<string, ReturnType<typeof setTimeout>>();


function end(key: string): void {
  timers.delete(key);
  const next = new Set(glowing.get());
  next.delete(key);
  glowing.set(next);
}

export function highlightRows(highlights: Highlight[]): void {
  const next = new Set(glowing.get());
  for (const h of highlights) {
    const key = keyOf(h.kind, h.id);
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(() => end(key), HIGHLIGHT_MS));
    next.add(key);
  }
  glowing.set(next);
}

export function useHighlighted(kind: EntityKind, id: Id): boolean {
  const key = keyOf(kind, id);
  return useStore(glowing, (rows) => rows.has(key));
}
