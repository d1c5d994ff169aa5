/**
 * Boots a real engine over a tiny world with a manual clock and a memory store, logged in as Ann,
 * and records every change the engine tells (as the views hear it), so tests read like the demo:
 * dispatch, advance time, look.
 */
import type { Action, ActionResult, BootAnswer, BootInput, Flash, PersistMessage } from '../../worker/api';
import type { Current, EntityKind, Flags, Id } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';
import { createEngine, type Engine } from '../../worker/engine/engine';
import type { ProgressKind } from '../../worker/engine/activeTable';
import type { WorldChange } from '../../worker/engine/worldChange';
import { memoryStore, type MemoryStore } from '../../worker/engine/store/worldStore';
import { ManualClock } from './manualClock';
import { ANN, T0, aWorld } from './builders';

/**
 * What the engine told, as recorded: a change (`delta`: the entities it changed, copies as they
 * were then, what it removed, progress) or the world replaced (`snapshot`).
 */
export interface Recorded {
  kind: 'delta' | 'snapshot';
  seq: number;
  changed: Partial<Record<EntityKind, Record<Id, Record<string, unknown>>>>;
  removed: Partial<Record<EntityKind, Id[]>>;
  lists?: EntityKind[];
  progress: [ProgressKind, Id, number, number][];
  current?: Current;
  flags?: Flags;
  notices?: Flash[];
  loaded?: true;
  /** A star was set or taken off (issue 36). */
  favourites?: true;
}

/** A recorded change (kept for the tests that name it). */
export type RecordedChange = Recorded;

/** What a change told, with copies of the entities it changed as they were at that moment. */
export function recordChange(engine: Engine, change: WorldChange, seq: number): RecordedChange {
  const changed: RecordedChange['changed'] = {};
  for (const [kind, ids] of change.changed) {
    const map: Record<Id, Record<string, unknown>> = {};
    for (const id of ids) {
      const entity = (engine.world.index[kind] as Record<Id, object>)[id];
      if (entity) map[id] = structuredClone(entity) as Record<string, unknown>;
    }
    if (Object.keys(map).length) changed[kind] = map;
  }
  const removed: RecordedChange['removed'] = {};
  for (const [kind, ids] of change.removed) if (ids.size) removed[kind] = [...ids];
  const out: RecordedChange = { kind: 'delta', seq, changed, removed, progress: [...change.progress] };
  if (change.lists.size) out.lists = [...change.lists];
  if (change.kinds.has('favourites')) out.favourites = true;
  if (change.session) {
    out.current = structuredClone(engine.world.current);
    out.flags = { ...engine.world.flags };
  }
  return out;
}

/** Records every change and replacement the engine tells, numbered in order. */
export function record(engine: Engine): Recorded[] {
  const events: Recorded[] = [];
  engine.changes.on((change) => events.push(recordChange(engine, change, events.length + 1)));
  engine.replacements.on((r) => events.push({ kind: 'snapshot', seq: events.length + 1, changed: {}, removed: {}, progress: [], ...r }));
  return events;
}

export interface Harness {
  engine: Engine;
  clock: ManualClock;
  store: MemoryStore;
  events: Recorded[];
  persisted: PersistMessage[];
  boot: BootAnswer;
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
  /** Boot from the store in two steps, as the worker does (docs/views.md#a-boots-first-look). */
  firstLook?: boolean;
  /** The wall clock the boot's action numbers begin from (default Date.now). */
  wallClock?: () => number;
}

export function emptyStored(): BootInput['stored'] {
  return { db: null, version: null, current: null, flags: null };
}

/** A boot input as a page makes it, read now. */
export function bootInput(stored: Partial<BootInput['stored']> = {}, readAt = 0): BootInput {
  return { stored: { ...emptyStored(), ...stored }, readAt, baseUrl: 'http://app.test/' };
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
    firstLook: opts.firstLook ?? false,
    ...(opts.wallClock ? { wallClock: opts.wallClock } : {}),
    newId: () => `id${String(++n).padStart(6, '0')}-0000-4000-8000-000000000000`,
    loadText: async (url) => {
      fetched.push(url);
      if (opts.fetchError) throw new Error(opts.fetchError);
      return typeof world === 'string' ? world : JSON.stringify(world);
    },
  });
  const persisted: PersistMessage[] = [];
  engine.onPersist((m) => persisted.push(m));
  const boot = await engine.boot(bootInput(opts.stored));
  // Recorded from after the boot, as a page that booted hears them.
  const events = record(engine);
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
