/**
 * The one shape of the UI's small module-level stores (flash messages, row highlights, preset
 * modals, PWA state): a value replaced, never mutated, and read with useSyncExternalStore, so a
 * component re-renders only when what it selects changes.
 */
import { useSyncExternalStore } from 'react';
import { Emitter } from '../../worker/domain/emitter';

export interface Store<S> {
  get(): S;
  /** Replaces the value and tells the readers (nothing happens when it is the same value). */
  set(next: S): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S>(initial: S): Store<S> {
  let value = initial;
  const changes = new Emitter<void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      changes.emit();
    },
    subscribe: (listener) => changes.on(listener),
  };
}

/** The store's value, or what `select` picks from it (a primitive or a kept reference). */
export function useStore<S>(store: Store<S>): S;
export function useStore<S, T>(store: Store<S>, select: (value: S) => T): T;
export function useStore<S, T>(store: Store<S>, select?: (value: S) => T): S | T {
  const read = () => (select ? select(store.get()) : store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
