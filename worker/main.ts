/**
 * The engine worker's entry: builds the engine with the browser's real clock, the IndexedDB world
 * store and fetch; lets the tabs of one browser share one leading engine (Web Locks and a
 * BroadcastChannel, see engine/tabs.ts); and exposes to the page the views over it (views/hub.ts)
 * with Comlink.
 */
import * as Comlink from 'comlink';
import { clear, getMany } from 'idb-keyval';
import { createEngine } from './engine/engine';
import { idbStore } from './engine/store/idbStore';
import { realClock } from './engine/clock';
import { remoteApi } from './engine/remote';
import { viewHub } from './views/hub';
import { coordinatedEngine, type LockManagerLike } from './engine/tabs';

const makeEngine = () =>
  createEngine({
    clock: realClock,
    store: idbStore(),
    // Versions before the per-entity store kept the world as one string in idb-keyval's default store.
    legacy: { getMany: (keys) => getMany(keys), clear: () => clear() },
    loadText: async (url) => {
      const response = await fetch(url, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    },
    // postMessage copies every event anyway.
    cloneEvents: false,
    // Views ask for what they show; no whole world crosses to the page or another tab.
    lightSnapshots: true,
    // A large world shows its capture table while the rest is read.
    firstLook: true,
  });

const lockManager = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
const locks: LockManagerLike | undefined = lockManager
  ? { request: (name, options, callback) => lockManager.request(name, options, (lock) => callback(lock)) }
  : undefined;
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('aerial-survey-engine') : undefined;

const engine = coordinatedEngine({
  makeEngine,
  ...(locks && channel ? { locks, channel } : {}),
  tabId: crypto.randomUUID(),
});

Comlink.expose(remoteApi(viewHub(engine)));
