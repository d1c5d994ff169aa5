/**
 * React bindings of the page's answers. A screen reads one view: its answer is its rows, as
 * values, and each row renders again only when its own value changed (the answers keep the
 * identity of every row a patch does not touch).
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { BootProgress, SyncStatus } from '../../worker/api';
import type { Current, Flags } from '../../worker/domain/types';
import type { AnswerOf, ViewSpec } from '../../worker/screens';
import { engineClient } from './client';

/**
 * A view's answer, opened in the worker while mounted; undefined until the first answer. A view
 * the worker could not answer throws, for the route's error boundary to say so.
 */
export function useView<S extends ViewSpec>(spec: S): AnswerOf<S> | undefined {
  const { model } = engineClient();
  const key = JSON.stringify(spec);
  // `key` stands for the spec, whose object identity changes at every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((l: () => void) => model.subscribeView(spec, l), [model, key]);
  const state = useSyncExternalStore(subscribe, () => model.view(spec));
  if (state.error !== undefined) throw new Error(`This page could not be shown: ${state.error}`);
  // A new answer may mount a table's worth of rows: rendered in the background, in slices, so the
  // page never stalls for it (an external store's own updates render in one uninterrupted task).
  // Deferred with its spec: an answer to the spec before is never passed off as this one's.
  const deferred = useDeferredValue(useMemo(() => ({ key, answer: state.answer }), [key, state.answer]));
  return deferred.key === key ? deferred.answer : undefined;
}

/**
 * A view's answer that stays on screen while a changed spec (another sort, another window) is
 * answered: the answer shown and the spec it answers, so what the page says about the rows (a
 * column's sort order) is always true of the rows it shows. `family`: rows of another family
 * (another capture's surveys) never stand in.
 */
export function useViewKeepingLast<S extends ViewSpec>(spec: S, family = ''): { answer: AnswerOf<S> | undefined; answers: S | undefined } {
  const answer = useView(spec);
  const [last, setLast] = useState<{ spec: S; answer: AnswerOf<S>; family: string } | null>(null);
  if (answer !== undefined && last?.answer !== answer) setLast({ spec, answer, family });
  if (answer !== undefined) return { answer, answers: spec };
  return last?.family === family ? { answer: last.answer, answers: last.spec } : { answer: undefined, answers: undefined };
}

function useSession<T>(read: () => T): T {
  const { model } = engineClient();
  return useSyncExternalStore(
    useCallback((l: () => void) => model.subscribeSession(l), [model]),
    read,
  );
}

export function useCurrent(): Current {
  const { model } = engineClient();
  return useSession(() => model.current);
}

export function useFlags(): Flags {
  const { model } = engineClient();
  return useSession(() => model.flags);
}

/** True while the worker still reads a large world (its first look already answered). */
export function useWorldLoading(): boolean {
  const { model } = engineClient();
  return useSession(() => model.loading);
}

/** Why the store cannot hold the world (the banner's words), or null. */
export function useUnsaved(): string | null {
  const { model } = engineClient();
  return useSession(() => model.unsaved);
}

/** How team sync stands, asked once when first read; null until answered. */
export function useTeamSync(): SyncStatus | null {
  const client = engineClient();
  const status = useSession(() => client.model.sync);
  useEffect(() => {
    if (client.model.sync === null) void client.teamSync({ op: 'status' });
  }, [client]);
  return status;
}

/** How far the engine's boot from all.json has come, or null (not booting from it, or booted). */
export function useBootProgress(): BootProgress | null {
  const { model } = engineClient();
  return useSession(() => model.bootProgress);
}

/** False until the engine has booted. */
export function useEngineReady(): boolean {
  const { model } = engineClient();
  return useSession(() => model.ready);
}
