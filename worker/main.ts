/**
 * The engine worker's entry: builds the engine with the browser's real clock, IndexedDB (through
 * idb-keyval) and fetch, and exposes it with Comlink.
 */
import * as Comlink from 'comlink';
import { getMany, setMany } from 'idb-keyval';
import { createEngine } from './engine/engine';
import { realClock } from './engine/clock';
import { remoteApi } from './engine/remote';

const engine = createEngine({
  clock: realClock,
  store: { getMany: (keys) => getMany(keys), setMany: (entries) => setMany(entries) },
  loadText: async (url) => {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.text();
  },
  // postMessage copies every event anyway.
  cloneEvents: false,
});

Comlink.expose(remoteApi(engine));
