/**
 * "Highlight row when action performed" (SPEC §2 Settings): the rows an action touched glow for a
 * moment. Rows ask `useHighlighted(kind, id)`.
 */
import { useSyncExternalStore } from 'react';
import type { Highlight } from '../../worker/api';
import type { EntityKind, Id } from '../../worker/domain/types';

export const HIGHLIGHT_MS = 2500;

const active = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let version = 0;

const keyOf = (kind: EntityKind, id: Id) => `${kind}:${id}`;

export function highlightRows(highlights: Highlight[]): void {
  for (const h of highlights) {
    const k = keyOf(h.kind, h.id);
    clearTimeout(active.get(k));
    active.set(
      k,
      setTimeout(() => {
        active.delete(k);
        version++;
        listeners.forEach((l) => l());
      }, HIGHLIGHT_MS),
    );
  }
  version++;
  listeners.forEach((l) => l());
}

export function useHighlighted(kind: EntityKind, id: Id): boolean {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
  return active.has(keyOf(kind, id));
}
