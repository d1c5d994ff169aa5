/**
 * What the header needs to know about the service worker and the network: whether the console is
 * offline, whether a new version waits, whether a service worker controls the page. A tiny store
 * read with the shared store helper, written only by register.ts.
 */
import { createStore, useStore } from '../app/store';

export interface PwaState {
  /** The browser says there is no network (navigator.onLine, online/offline events). */
  offline: boolean;
  /** A newer service worker is installed and waits for the person to click Reload. */
  updateReady: boolean;
  /** Reload was clicked: the new version is taking over and the page will reload once. */
  updating: boolean;
  /** A service worker controls this page, so cached data and photos are served offline. */
  controlled: boolean;
  /**
   * Why the console cannot work offline in this browser (its service worker could not register or
   * install, e.g. the site's storage is full), or null. Said in the header, never silently dropped.
   */
  offlineUnavailable: string | null;
}

const pwaState = createStore<PwaState>({
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  updateReady: false,
  updating: false,
  controlled: typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller),
  offlineUnavailable: null,
});

export function getPwaState(): PwaState {
  return pwaState.get();
}

export function setPwaState(patch: Partial<PwaState>): void {
  const state = pwaState.get();
  const next = { ...state, ...patch };
  if ((Object.keys(patch) as (keyof PwaState)[]).every((key) => next[key] === state[key])) return;
  pwaState.set(next);
}

export function usePwaState(): PwaState {
  return useStore(pwaState);
}
