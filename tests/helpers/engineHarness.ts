/**
 * Boots a real engine over a tiny world with a manual clock and a memory store, logged in as Ann,
 * and records every event, so tests read like the demo: dispatch, advance time, look.
 */
import type { Action, ActionResult, BootInput, EngineEvent, PersistMessage } from '../../worker/api';
import type { DataFile } from '../../worker/domain/types';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { memoryStore, type MemoryStore } from '../../worker/engine/store/worldStore';
import { ManualClock } from './manualClock';
import { ANN, T0, aWorld } from './builders';

export interface Harness {
  engine: Engine;
  clock: ManualClock;
  store: MemoryStore;
  events: EngineEvent[];
  persisted: PersistMessage[];
  boot: EngineEvent;
  fetched: string[];
  do(action: Action): Promise<ActionResult>;
  /** Advances simulated time by `ms` of wall clock (ticks run on the way). */
  advance(ms: number): void;
}

export interface HarnessOptions {
  world?: DataFile | string;
  login?: boolean;
  stored?: Partial<BootInput['stored']>;
  store?: MemoryStore;
  clock?: ManualClock;
  /** all.json fails to load with this error. */
  fetchError?: string;
}

export function emptyStored(): BootInput['stored'] {
  return { db: null, version: null, current: null, flags: null };
}

export async function harness(opts: HarnessOptions = {}): Promise<Harness> {
  const clock = opts.clock ?? new ManualClock(T0);
  const store = opts.store ?? memoryStore();
  const world = opts.world ?? aWorld();
  const fetched: string[] = [];
  let n = 0;
  const engine = createEngine({
    clock,
    store,
    newId: () => `id${String(++n).padStart(6, '0')}-0000-4000-8000-000000000000`,
    loadText: async (url) => {
      fetched.push(url);
      if (opts.fetchError) throw new Error(opts.fetchError);
      return typeof world === 'string' ? world : JSON.stringify(world);
    },
  });
  const events: EngineEvent[] = [];
  const persisted: PersistMessage[] = [];
  await engine.subscribe((e) => events.push(e));
  await engine.onPersist((m) => persisted.push(m));
  const boot = await engine.boot({ stored: { ...emptyStored(), ...opts.stored }, baseUrl: 'http://app.test/' });
  const h: Harness = {
    engine,
    clock,
    store,
    events,
    persisted,
    boot,
    fetched,
    do: (action) => engine.dispatch(action),
    advance: (ms) => clock.advance(ms),
  };
  if (opts.login !== false) await h.do({ type: 'login', email: ANN, password: 'demo' });
  return h;
}
