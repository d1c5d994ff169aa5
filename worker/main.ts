/**
 * The engine worker's entry: builds the engine with the browser's real clock, IndexedDB (through
 * idb-keyval) and fetch, and exposes it with Comlink. Functions handed back to the main thread
 * (unsubscribe) are proxied, so calling them there releases the listener here.
 */
import * as Comlink from 'comlink';
import { getMany, setMany } from 'idb-keyval';
import type { EngineApi } from './api';
import { createEngine } from './engine/engine';
import { realClock } from './engine/clock';

const engine = createEngine({
  clock: realClock,
  store: { getMany: (keys) => getMany(keys), setMany: (entries) => setMany(entries) },
  loadText: async (url) => {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.text();
  },
  cloneEvents: false,
});

const api: EngineApi = {
  boot: (input) => engine.boot(input),
  dispatch: (action) => engine.dispatch(action),
  subscribe: async (listener) => Comlink.proxy(await engine.subscribe(listener)),
  onPersist: async (listener) => Comlink.proxy(await engine.onPersist(listener)),
  snapshot: () => engine.snapshot(),
  search: (query) => engine.search(query),
  flush: () => engine.flush(),
};

Comlink.expose(api);
