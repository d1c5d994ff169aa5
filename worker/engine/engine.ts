/**
 * The engine: owns the world, runs the 500 ms clock, applies actions, emits versioned delta events,
 * answers search, and saves (ARCHITECTURE §1, §3, §4). Everything it touches outside itself (time,
 * storage, fetching all.json, ids) is injected, so the same code runs in the worker and in Node tests.
 */
import type { Action, ActionResult, BootInput, EngineApi, EngineEvent, Flash, PersistMessage } from '../api';
import { DATA_VERSION, LOCAL_MIRROR_MAX_CHARS, SAVE_DELAY_MS, TICK_MS } from '../domain/constants';
import { restore } from '../domain/restore';
import type { Db, SearchEntry } from '../domain/types';
import { applyAction, type SyncAction } from './actions/dispatch';
import type { ActionContext } from './actions/context';
import { realClock, type Cancel, type Clock } from './clock';
import {
  bootCopies,
  chooseStored,
  memoryStore,
  parseCurrent,
  parseFlags,
  readStore,
  serialise,
  storeEntries,
  type KeyValueStore,
  type StoredCopy,
} from './persistence';
import { SEARCHED_KINDS, SearchIndex } from './search';
import { step } from './simulation';
import { emptyIds, emptyMaps, World } from './world';

export interface EngineDeps {
  clock?: Clock;
  store?: KeyValueStore;
  /** Fetches a URL as text (all.json). */
  loadText: (url: string) => Promise<string>;
  newId?: () => string;
  /**
   * Deep-copy entities into events (default true). The worker turns it off: postMessage copies
   * anyway, and the copy would be paid twice.
   */
  cloneEvents?: boolean;
}

export interface Engine extends EngineApi {
  /** One clock tick now (tests step the clock and call this, or let the clock do it). */
  tick(): void;
  /** Stops the clock and any pending save. */
  stop(): void;
  /** The world, for tests and the benchmark. */
  readonly world: World;
  /** Replaces the world with a restored db without fetching (benchmark, tests). */
  loadWorld(db: Db): void;
  serialise(): string;
}

type Listener = (event: EngineEvent) => void;

export function createEngine(deps: EngineDeps): Engine {
  const clock = deps.clock ?? realClock;
  const store = deps.store ?? memoryStore();
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const clone = deps.cloneEvents ?? true;
  const world = new World();
  const search = new SearchIndex(() => world.index);
  const listeners = new Set<Listener>();
  let persistListener: ((m: PersistMessage) => void) | null = null;
  let seq = 0;
  let booting: Promise<EngineEvent> | null = null;
  let baseUrl = '';
  let stopTick: Cancel | null = null;
  let pendingSave: Cancel | null = null;
  let saving: Promise<void> = Promise.resolve();

  const send = (event: EngineEvent) => {
    for (const l of listeners) {
      try {
        // A listener in a closed page rejects (Comlink); it is dropped, not fatal.
        const r = l(event) as unknown;
        if (r instanceof Promise) r.catch(() => listeners.delete(l));
      } catch {
        listeners.delete(l);
      }
    }
  };

  const commit = (now: number) => {
    for (const kind of SEARCHED_KINDS) {
      for (const id of world.changedIds(kind)) search.update(kind, id);
      for (const id of world.removedIds(kind)) search.update(kind, id);
    }
    const body = world.commit(now, clone);
    if (body) send({ seq: ++seq, ...body });
    if (world.dirty) scheduleSave();
  };

  const snapshotEvent = (notices?: Flash[]): EngineEvent => {
    const event: EngineEvent = { seq, ...world.snapshot(clone) };
    if (notices?.length) event.notices = notices;
    return event;
  };

  /** How long the last serialisation took (real ms): a huge world saves less often. */
  let lastSaveCostMs = 0;

  function scheduleSave() {
    if (pendingSave) return;
    // SPEC §9's 500 ms, unless a save is slow (over 50 ms): then wait twenty times its cost, since
    // a world of 100 000 surveys takes seconds to serialise and must not stop the worker ticking.
    const delay = lastSaveCostMs > 50 ? Math.max(SAVE_DELAY_MS, 20 * lastSaveCostMs) : SAVE_DELAY_MS;
    pendingSave = clock.after(delay, () => {
      pendingSave = null;
      void save();
    });
  }

  function save(): Promise<void> {
    world.dirty = false;
    world.savedAt = clock.now();
    const started = performance.now();
    const db = serialise(world.toDb());
    lastSaveCostMs = performance.now() - started;
    const message: PersistMessage = {
      db: db.length <= LOCAL_MIRROR_MAX_CHARS ? db : null,
      version: DATA_VERSION,
      savedAt: world.savedAt,
      current: world.current,
      flags: world.flags,
    };
    saving = saving
      .then(() => store.setMany(storeEntries(db, world.current, world.flags)))
      .catch(() => {
        // The localStorage mirror below still holds the save; the next change retries here.
      });
    try {
      persistListener?.(message);
    } catch {
      persistListener = null;
    }
    return saving;
  }

  async function loadSample(now: number): Promise<{ ok: true; db: Db } | { ok: false; error: string }> {
    let text: string;
    const url = new URL(`data/all.json?v=${now}`, baseUrl || 'http://localhost/').href;
    try {
      text = await deps.loadText(url);
    } catch (e) {
      return { ok: false, error: `all.json could not be fetched (${e instanceof Error ? e.message : String(e)})` };
    }
    const result = restore(text, now, { source: 'all.json', speed: world.flags.speed });
    if (result.ok) {
      result.db.version = DATA_VERSION;
      result.db.loadedAt = now;
    }
    return result;
  }

  function startClock() {
    stopTick ??= clock.every(TICK_MS, () => engine.tick());
  }

  async function doBoot(input: BootInput): Promise<EngineEvent> {
    baseUrl = input.baseUrl;
    const now = clock.now();
    let idb: StoredCopy | null = null;
    try {
      idb = await readStore(store);
    } catch {
      idb = null;
    }
    const choice = chooseStored(bootCopies(input, idb), now);
    const notices = [...choice.notices];
    let candidate = choice.chosen;
    let fresh = false;
    if (!candidate) {
      world.flags = parseFlags(input.stored.flags);
      const sample = await loadSample(now);
      if (sample.ok) {
        candidate = { db: sample.db, current: parseCurrent(input.stored.current), flags: world.flags, source: 'all.json' };
        fresh = true;
      } else {
        notices.push({ category: 'danger', text: `The sample data could not be loaded: ${sample.error}` });
        candidate = choice.fallback;
      }
    }
    if (candidate) {
      world.load(candidate.db);
      world.current = candidate.current;
      world.flags = candidate.flags;
    } else {
      world.load({ version: DATA_VERSION, index: emptyMaps(), ids: emptyIds(), savedAt: 0, loadedAt: now });
    }
    search.rebuild();
    if (fresh) {
      world.dirty = true;
      scheduleSave();
    }
    startClock();
    return snapshotEvent(notices);
  }

  async function reload(keepSession: boolean): Promise<ActionResult> {
    const now = clock.now();
    const sample = await loadSample(now);
    if (!sample.ok) return { ok: false, error: `The sample data could not be loaded: ${sample.error}` };
    const current = keepSession ? world.current : { loggedIn: false, user: null };
    world.load(sample.db);
    world.current = current;
    world.dirty = true;
    search.rebuild();
    seq++;
    send(snapshotEvent());
    scheduleSave();
    return keepSession
      ? { ok: true, flash: { category: 'success', text: 'The sample data has been reloaded' } }
      : { ok: true, flash: { category: 'info', text: 'The demo has been reset.' } };
  }

  const engine: Engine = {
    world,
    loadWorld(db) {
      world.load(db);
      search.rebuild();
      booting ??= Promise.resolve(snapshotEvent());
    },
    boot(input) {
      if (!booting) {
        booting = doBoot(input);
        return booting;
      }
      return booting.then(() => snapshotEvent());
    },
    async dispatch(action: Action): Promise<ActionResult> {
      if (!booting) return { ok: false, error: 'The engine has not started' };
      await booting;
      if (!action || typeof action !== 'object') return { ok: false, error: 'Unknown action' };
      if (action.type === 'resetDemo') return reload(false);
      if (action.type === 'reloadData') return reload(true);
      const now = clock.now();
      step(world, now);
      const ctx: ActionContext = { world, now, newId };
      const result = applyAction(ctx, action as SyncAction);
      commit(now);
      return result;
    },
    async subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async onPersist(listener) {
      persistListener = listener;
      return () => {
        if (persistListener === listener) persistListener = null;
      };
    },
    async snapshot() {
      return snapshotEvent();
    },
    async search(query: string): Promise<SearchEntry[]> {
      return search.query(query);
    },
    async flush() {
      if (pendingSave) {
        pendingSave();
        pendingSave = null;
        await save();
      } else if (world.dirty) {
        await save();
      }
      await saving;
    },
    tick() {
      const now = clock.now();
      step(world, now);
      commit(now);
    },
    stop() {
      stopTick?.();
      stopTick = null;
      pendingSave?.();
      pendingSave = null;
    },
    serialise() {
      return serialise(world.toDb());
    },
  };
  return engine;
}
