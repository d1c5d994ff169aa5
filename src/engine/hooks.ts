/**
 * React bindings of the read model. Each hook subscribes to exactly what it reads; reading an
 * entity or a view is what makes the page hold it.
 */
import { useCallback, useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react';
import type { Current, EntityKind, SentOf, Flags, Id } from '../../worker/domain/types';
import type { ViewResultOf, ViewSpec } from '../../worker/views/types';
import { engineClient } from './client';

export function useEntity<K extends EntityKind>(kind: K, id: Id | null | undefined): SentOf<K> | undefined {
  const { model } = engineClient();
  const subscribe = useCallback((l: () => void) => (id ? model.subscribeEntity(kind, id, l) : () => {}), [model, kind, id]);
  return useSyncExternalStore(subscribe, () => model.get(kind, id));
}

/**
 * An entity as a table row shows it: its updates render in the background, in time slices. A
 * world's reset (the end of a boot's first look, an import) updates every row at once, and an
 * external store's own updates would render them all in one uninterrupted task. Pair it with an
 * element memoised on the value, as the rows do: otherwise the store's own pass renders the row
 * again anyway, with the old value.
 */
export function useRowEntity<K extends EntityKind>(kind: K, id: Id | null | undefined): SentOf<K> | undefined {
  return useDeferredValue(useEntity(kind, id));
}

/**
 * An entity and whether the page knows yet: `known` is false while it is being fetched, so a page
 * can wait rather than say "not found".
 */
export function useEntityState<K extends EntityKind>(kind: K, id: Id | null | undefined): { entity: SentOf<K> | undefined; known: boolean } {
  const { model } = engineClient();
  const entity = useEntity(kind, id);
  const subscribe = useCallback((l: () => void) => (id ? model.subscribeEntity(kind, id, l) : () => {}), [model, kind, id]);
  const known = useSyncExternalStore(subscribe, () => model.known(kind, id));
  return { entity, known };
}

/** Several entities of a kind (those present), held while mounted; changes when any of them does. */
export function useEntities<K extends EntityKind>(kind: K, ids: readonly Id[]): SentOf<K>[] {
  const { model } = engineClient();
  const key = ids.join('\u0000');
  const subscribe = useCallback(
    (l: () => void) => {
      const offs = ids.map((id) => model.subscribeEntity(kind, id, l));
      return () => offs.forEach((off) => off());
    },
    // `key` stands for the ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model, kind, key],
  );
  const version = useSyncExternalStore(subscribe, () => model.kindVersion(kind));
  return useMemo(
    () => ids.map((id) => model.get(kind, id)).filter((e): e is SentOf<K> => e !== undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model, kind, key, version],
  );
}

/** A view's answer, opened in the worker while mounted; undefined until the first answer. */
export function useView<S extends ViewSpec>(spec: S): ViewResultOf<S> | undefined {
  const { model } = engineClient();
  const key = JSON.stringify(spec);
  // `key` stands for the spec, whose object identity changes at every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((l: () => void) => model.subscribeView(spec, l), [model, key]);
  const value = useSyncExternalStore(subscribe, () => model.view(spec));
  // A new answer may mount a table's worth of rows: rendered in the background, in slices, so the
  // page never stalls for it (an external store's own updates render in one uninterrupted task).
  // Deferred with its spec: an answer to the spec before is never passed off as this one's.
  const deferred = useDeferredValue(useMemo(() => ({ key, value }), [key, value]));
  return deferred.key === key ? deferred.value : undefined;
}

/** A number that changes whenever a held entity of the kind changes; key memoised views on it. */
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

/** True while the worker still reads a large world (its first look already answered). */
export function useWorldLoading(): boolean {
  const { model } = engineClient();
  return useSyncExternalStore(
    useCallback((l: () => void) => model.subscribeSession(l), [model]),
    () => model.loading,
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

const NO_IDS: Id[] = [];

/** Every entity of a small kind (users, drives, projects) in the engine's order. */
export function useAllOf<K extends 'drives' | 'users' | 'projects'>(kind: K): { ids: Id[]; entities: SentOf<K>[]; answered: boolean } {
  const answer = useView({ view: 'allOf', kind });
  const ids = answer?.ids ?? NO_IDS;
  return { ids, entities: useEntities(kind, ids), answered: answer !== undefined };
}

/**
 * A view's answer that stays on screen while a changed spec (another sort) is answered: the answer
 * shown and the spec it answers, so what the page says about the rows (a column's sort order) is
 * always true of the rows it shows. `family`: rows of another family (another capture's surveys)
 * never stand in.
 */
export function useViewKeepingLast<S extends ViewSpec>(spec: S, family = ''): { result: ViewResultOf<S> | undefined; answers: S | undefined } {
  const result = useView(spec);
  const [last, setLast] = useState<{ spec: S; result: ViewResultOf<S>; family: string } | null>(null);
  if (result !== undefined && last?.result !== result) setLast({ spec, result, family });
  if (result !== undefined) return { result, answers: spec };
  return last?.family === family ? { result: last.result, answers: last.spec } : { result: undefined, answers: undefined };
}
