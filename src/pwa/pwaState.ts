/**
 * What the header needs to know about the service worker and the network: whether the console is
 * offline, whether a new version waits, whether a service worker controls the page. A tiny store
 * read with useSyncExternalStore, written only by register.ts.
 */
import { useSyncExternalStore } from 'react';

export interface PwaState {
  /** The browser says there is no network (navigator.onLine, online/offline events). */
  offline: boolean;
  /** A newer service worker is installed and waits for the person to click Reload. */
  updateReady: boolean;
  /** Reload was clicked: the new version is taking over and the page will reload once. */
  updating: boolean;
  /** A service worker controls this page, so cached data and photos are served offline. */
  controlled: boolean;
}

let state: PwaState = {
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  updateReady: false,
  updating: false,
  controlled: typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller),
};
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function setPwaState(patch: Partial<PwaState>): void {
  const next = { ...state, ...patch };
  if ((Object.keys(patch) as (keyof PwaState)[]).every((key) => next[key] === state[key])) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribePwaState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribePwaState, getPwaState, getPwaState);
}
