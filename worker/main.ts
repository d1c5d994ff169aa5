/**
 * The engine worker's entry: builds the engine with the browser's real clock, the IndexedDB world
 * store and fetch; lets the tabs of one browser share one leading engine (Web Locks and a
 * BroadcastChannel, tabs.ts); and exposes the page's API (api.ts) with Comlink. Page events and
 * the localStorage mirror go to the page on the same port as Comlink's answers, so an action's
 * rows arrive before its answer. The end-to-end build alone (`__TEST_CLOCK__`) runs on a clock the
 * tests step (engine/steppedClock.ts), reached through the same API; production contains none of it.
 */
import * as Comlink from 'comlink';
import { clear, getMany } from 'idb-keyval';
import type { BootProgress, WorkerMessage } from './api';
import { createPageApi } from './pageApi';
import { createEngine } from './engine/engine';
import { TEAM_WORLD_RECORD } from './sync/records';
import { idbStore } from './engine/store/idbStore';
import type { WorldStore } from './engine/store/worldStore';
import { realClock, type Clock } from './engine/clock';
import type { SteppedClock } from './engine/steppedClock';
import { Leader } from './leader';
import { TeamSync } from './sync/teamSync';
import { Tabs, type LockManagerLike } from './tabs';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const toPage = (message: WorkerMessage) => scope.postMessage(message);

/** Progress of a boot, told at most every PROGRESS_MS (reading a file is told chunk by chunk). */
const PROGRESS_MS = 100;
let progressAt = 0;
function tellProgress(progress: BootProgress): void {
  const now = performance.now();
  if (progress.step === 'reading' && now - progressAt < PROGRESS_MS) return;
  progressAt = now;
  toPage({ type: 'boot-progress', progress });
}

/** all.json as text, its bytes counted as they arrive (a large world is hundreds of MB). */
async function loadText(url: string): Promise<string> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
    tellProgress({ step: 'reading', bytes, total });
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * The end-to-end build's full disk on demand (`__testClock.refuseWrites`): every commit of this
 * tab's store refused as a full one is, while on. DevTools' quota override does not reach a store
 * already in use, and a test of what a full disk does to the team's incoming changes needs one.
 */
let refusing = false;
function refusable(store: WorldStore): WorldStore {
  return {
    ...store,
    commit: (batch) => (refusing ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : store.commit(batch)),
  };
}

/** The engine this tab leads with, should it lead. */
function makeLeaderWith(clock: Clock, stepped: SteppedClock | null) {
  return (deliver: ConstructorParameters<typeof Leader>[1]) => {
    const store = __TEST_CLOCK__ ? refusable(idbStore()) : idbStore();
    const engine = createEngine({
      clock,
      store,
      // Versions before the per-entity store kept the world as one string in idb-keyval's default store.
      legacy: { getMany: (keys) => getMany(keys), clear: () => clear() },
      loadText,
      bootProgress: tellProgress,
      // A large world shows its capture table while the rest is read.
      firstLook: true,
      // A team world is the team's work: it never expires as the demo's sample does.
      keptWorld: TEAM_WORLD_RECORD,
    });
    engine.onPersist((message) => toPage({ type: 'persist', message }));
    if (stepped) {
      // A step is answered once the leading engine has written what it changed, and has ticked at
      // the step's own instant (a tick an action held back is not left undone).
      stepped.leading = true;
      stepped.settle = async () => {
        await engine.loaded();
        await engine.settled();
        engine.tick();
        await engine.settled();
      };
    }
    const sync = new TeamSync(
      engine,
      store,
      async () => (await import('./sync/link/pouch')).databases,
      scope.location.origin,
      undefined,
      // The end-to-end build says what replication did (tests/e2e/fixtures.ts shows it when a test fails).
      __TEST_CLOCK__ ? (line) => console.debug(`[sync] ${line}`) : undefined,
    );
    // Team sync goes on once the whole world is in (a laptop that had joined a team world).
    // Only once the page's boot has begun does `loaded()` wait for the world: started before it, sync
    // read its 170 000 held revisions (at 100 000 surveys) beside the first look, and took changes
    // into a world not yet read (reload → rows 2.0 s with sync on, against 0.4 s without).
    void sync.start(engine.bootAsked.then(() => engine.loaded()));
    scope.addEventListener('offline', () => sync.connectivity(false));
    scope.addEventListener('online', () => sync.connectivity(true));
    return new Leader(engine, deliver, sync);
  };
}

function pageApi(clock: Clock, stepped: SteppedClock | null) {
  const lockManager = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  const locks: LockManagerLike | undefined = lockManager
    ? {
        request: (name, options, callback) => lockManager.request(name, options, (lock) => callback(lock)),
        held: async () => ((await lockManager.query()).held ?? []).flatMap((l) => (l.name ? [l.name] : [])),
      }
    : undefined;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('aerial-survey-engine') : undefined;
  const tabId = crypto.randomUUID();
  const tabs = new Tabs({
    makeLeader: makeLeaderWith(clock, stepped),
    toPage,
    ...(locks && channel ? { locks, channel } : {}),
    tabId,
    // The end-to-end build says who leads and what crosses the channel (tests/e2e/fixtures.ts shows it when a test fails).
    ...(__TEST_CLOCK__ ? { trace: (line: string) => console.debug(`[tabs ${tabId.slice(0, 4)}] ${line}`) } : {}),
  });
  return createPageApi(tabs);
}

type Method = (...args: unknown[]) => unknown;

if (__TEST_CLOCK__) {
  // The stepped clock reads its time from IndexedDB first. The API is exposed at once all the
  // same (a message that reaches a worker before it listens is lost), and each call waits for it.
  const api = import('./engine/steppedClock').then(async ({ SteppedClock }) => {
    const stepped = await SteppedClock.open();
    const refuseWrites = (on: boolean) => {
      refusing = on;
    };
    return { ...pageApi(stepped, stepped), advanceClock: (ms: number) => stepped.advanceClock(ms), refuseWrites } as unknown as Record<string, Method>;
  });
  Comlink.expose(new Proxy({}, { get: (_, name: string) => async (...args: unknown[]) => (await api)[name]!(...args) }));
} else {
  Comlink.expose(pageApi(realClock, null));
}
