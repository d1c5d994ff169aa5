/**
 * React bindings of the read model. Each hook subscribes to exactly what it reads.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Current, EntityKind, EntityOf, Flags, Id } from '../../worker/domain/types';
import { engineClient } from './client';

export function useEntity<K extends EntityKind>(kind: K, id: Id | null | undefined): EntityOf<K> | undefined {
  const { model } = engineClient();
  const subscribe = useCallback((l: () => void) => (id ? model.subscribeEntity(kind, id, l) : () => {}), [model, kind, id]);
  return useSyncExternalStore(subscribe, () => model.get(kind, id));
}

/** The engine's ordered id list of a kind; changes only when the list itself changes. */
export function useIds(kind: EntityKind): Id[] {
  const { model } = engineClient();
  const subscribe = useCallback((l: () => void) => model.subscribeKind(kind, l), [model, kind]);
  return useSyncExternalStore(subscribe, () => model.ids(kind));
}

/** A number that changes whenever any entity of the kind changes; key memoised views on it. */
export function useKindVersion(kind: EntityKind): number {
  const { model } = engineClient();
  const subscribe = useCallback((l: () => void) => model.subscribeKind(kind, l), [model, kind]);
  return useSyncExternalStore(subscribe, () => model.kindVersion(kind));
}

export function useCurrent(): Current {
  const { model } = engineClient();
  return useSyncExternalStore(
    useCallback((l: () => void) => model.subscribeSession(l), [model]),
    () => model.current,
  );
}

export function useFlags(): Flags {
  const { model } = engineClient();
  return useSyncExternalStore(
    useCallback((l: () => void) => model.subscribeSession(l), [model]),
    () => model.flags,
  );
}

/** False until the engine has booted and sent its first snapshot. */
export function useEngineReady(): boolean {
  const { model } = engineClient();
  return useSyncExternalStore(
    useCallback((l: () => void) => model.subscribeSession(l), [model]),
    () => model.ready,
  );
}
