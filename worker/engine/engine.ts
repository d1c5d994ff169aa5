/**
 * The engine: owns the world, runs the 500 ms clock, applies actions, emits versioned delta events,
 * answers search, and keeps the world on disk (ARCHITECTURE §1, §3, §4). Every commit (an action,
 * or a tick that starts or ends stages) writes exactly what it changed in one store transaction,
 * and only once that transaction has completed are its event sent and its answer given: what the
 * console shows as done is on disk. Everything it touches outside itself (time, storage, fetching
 * all.json, ids) is injected, so the same code runs in the worker and in Node tests.
 */
import type { Action, ActionResult, BootInput, EngineApi, EngineEvent, Flash } from '../api';
import { DATA_VERSION, TICK_MS } from '../domain/constants';
import { Emitter } from '../domain/emitter';
import { restore } from '../domain/restore';
import type { Db, EntityKind, SearchEntry } from '../domain/types';
import { applyAction, type SyncAction } from './actions/dispatch';
import { actionFault, type ActionContext } from './actions/context';
import { realClock, type Cancel, type Clock } from './clock';
import { captureRowsBatch, commitBatch, judgeStored, parseCurrent, parseFlags, serialise, wholeWorldBatch, type LegacyStore } from './persistence';
import { LiveSearch } from './liveSearch';
import { step } from './simulation';
import { CAPTURE_ROWS, memoryStore, type WorldBatch, type WorldStore } from './store/worldStore';
import { emptyIds, emptyMaps, World } from './world';
import { CallLog } from './callLog';
import { WriteQueue } from './writeQueue';
import { Mirror } from './mirror';
import { storageFailure } from './storageFailure';
import { FIRST_LOOK_GRACE_MS, FIRST_LOOK_KINDS, firstLook } from './firstLook';
import { answerView, readsOf, refKindsOf } from '../views/answer';
import { chooseBootWorld, discardsStored, loadSample } from './bootChoice';
import { entitiesOf, isViewSpec } from '../views/refs';
import type { EntityRef, LookupAnswer, ViewAnswer, ViewSpec } from '../views/types';

export interface EngineDeps {
  clock?: Clock;
  store?: WorldStore;
  /** An earlier version's store, read once at boot to carry its world over. */
  legacy?: LegacyStore;
  /** Fetches a URL as text (all.json). */
  loadText: (url: string) => Promise<string>;
  newId?: () => string;
  /**
   * Deep-copy entities into events (default true). The worker turns it off: postMessage copies
   * anyway, and the copy would be paid twice.
   */
  cloneEvents?: boolean;
  /**
   * Snapshot events (boot, reset, import, a refused write) say only "everything may have
   * changed", without the world (default false). The worker turns it on: its views ask for what
   * they show, and no whole world ever crosses to a page or another tab.
   */
  lightSnapshots?: boolean;
  /**
   * Boot from the store in two steps (default false): first the capture table, projects and users
   * from their own records (firstLook.ts), answered at once; then the whole world, after which a
   * snapshot event says everything may have changed. Until then actions, ticks and the views of
   * other kinds wait. The worker turns it on: a large world shows its captures in well under a
   * second while the rest is read.
   */
  firstLook?: boolean;
}

export interface Engine extends EngineApi, ViewSource {
  /** One clock tick now (tests step the clock and call this, or let the clock do it). */
  tick(): void;
  /** Stops the clock and any pending mirror. */
  stop(): void;
  /** The world, for tests and the benchmark. */
  readonly world: World;
  /** Replaces the world with a restored db without fetching or writing (benchmark, tests). */
  loadWorld(db: Db): void;
  /** The world in the all.json shape (the localStorage mirror and Export). */
  serialise(): string;
  /** Resolves when every commit started so far has landed (tests, the benchmark). */
  settled(): Promise<void>;
  /** Resolves once the whole world is loaded (after boot's first look, if it took one). */
  loaded(): Promise<void>;
}

/** What views read from an engine, local or in the leading tab. */
export interface ViewSource {
  query(spec: ViewSpec): Promise<ViewAnswer>;
  lookup(refs: EntityRef[]): Promise<LookupAnswer>;
}

export function createEngine(deps: EngineDeps): Engine {
  const clock = deps.clock ?? realClock;
  const store = deps.store ?? memoryStore();
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const clone = deps.cloneEvents ?? true;
  const world = new World();
  const search = new LiveSearch(world, clock);
  const calls = new CallLog();
  const mirror = new Mirror(clock, world);
  const listeners = new Emitter<EngineEvent>();
  let seq = 0;
  let booting: Promise<EngineEvent> | null = null;
  /** The whole world is loaded (after a first look, later than `booting`). */
  let loaded: Promise<unknown> = Promise.resolve();
  /** Only the first look's kinds are in the world yet. */
  let looking = false;
  let firstAnswered = () => {};
  let baseUrl = '';
  let stopTick: Cancel | null = null;
  let lastTickAt = -Infinity;
  /** Every commit runs after the one before it has landed: one writer, in order. */
  const writes = new WriteQueue();

  // A listener in a closed page rejects (Comlink): the emitter drops it, not fatal.
  const send = (event: EngineEvent) => listeners.emit(event);

  const serial = <T>(work: () => Promise<T>) => writes.serial(work);
  const exclusive = <T>(work: () => Promise<T>) => writes.exclusive(work);

  const snapshotEvent = (notices?: Flash[], full = !deps.lightSnapshots): EngineEvent => {
    const event: EngineEvent = full
      ? { seq, ...world.snapshot(clone) }
      : { seq, kind: 'snapshot', changed: {}, removed: {}, ids: {}, slots: world.active.table(), current: world.current, flags: { ...world.flags } };
    if (notices?.length) event.notices = notices;
    return event;
  };

  /** Derives what changed: the event body, and the batch to write if anything stored changed. */
  function derive(now: number, extra: Partial<WorldBatch> = {}) {
    search.follow();
    const body = world.commit(now, clone);
    const session = world.lastWrites?.session ?? false;
    let batch: WorldBatch | null = null;
    if (world.hasWrites || extra.call) {
      world.savedAt = now;
      batch = { ...commitBatch(world), ...extra };
    }
    return { body, batch, session };
  }

  /**
   * An action's commit: what it changed, written in one transaction; its event goes out once that
   * has landed. If the store refuses, the world goes back to what the store holds (the state
   * before this action) and the error is thrown to the caller.
   */
  async function commit(now: number, extra: Partial<WorldBatch> = {}): Promise<boolean> {
    const { body, batch, session } = derive(now, extra);
    if (batch) {
      try {
        await store.commit(batch);
      } catch (error) {
        await rollBack();
        throw error;
      }
      mirror.schedule();
    }
    if (body) send({ seq: ++seq, ...body });
    return session;
  }

  /** After a refused commit: the world the store holds, and a snapshot so every view follows. */
  async function rollBack(): Promise<void> {
    try {
      const j = judgeStored(await store.readAll(), clock.now());
      if (j.kind === 'valid' || j.kind === 'stale') {
        if (j.candidate) {
          world.load(j.candidate.db, j.candidate.orders);
          world.current = j.candidate.current;
          world.flags = j.candidate.flags;
        }
      }
    } catch {
      /* the store cannot be read either: keep what is in memory */
    }
    search.rebuildSoon();
    seq++;
    send(snapshotEvent());
  }

  /** all.json, restored at the speed the world runs at. */
  const sampleNow = (now: number) => loadSample(deps.loadText, baseUrl, now, world.flags.speed);

  function startClock() {
    stopTick ??= clock.every(TICK_MS, () => engine.tick());
  }

  /** A whole new world in memory and on disk (boot from sample data, reset, reload, import). */
  async function replaceWorld(db: Db, now: number): Promise<void> {
    world.load(db);
    world.savedAt = now;
    search.rebuildSoon();
    await store.commit(wholeWorldBatch(world));
    mirror.schedule();
  }

  /**
   * Reset, reload and import: a whole new world, keeping or ending the session as it stands once
   * the writes before it have landed, on disk and then on every screen. Answers the failure if
   * the store refused it (the world is then what the store holds).
   */
  function replaceAndShow(db: Db, now: number, keepSession: boolean): Promise<ActionResult | null> {
    return exclusive(async () => {
      const before = world.current;
      if (!keepSession) world.current = { loggedIn: false, user: null };
      try {
        await replaceWorld(db, now);
      } catch (error) {
        world.current = before;
        await rollBack();
        return { ok: false, error: storageFailure(error), storage: true };
      }
      seq++;
      send(snapshotEvent());
      return null;
    });
  }

  async function doBoot(input: BootInput): Promise<EngineEvent> {
    baseUrl = input.baseUrl;
    const now = clock.now();
    const { candidate, notices, calls: answered } = await chooseBootWorld({
      stored: input.stored,
      store,
      legacy: deps.legacy,
      now,
      loadSample: (speed) => loadSample(deps.loadText, baseUrl, now, speed),
    });
    for (const id of answered) calls.remember(id);
    const db = candidate?.db ?? { version: DATA_VERSION, index: emptyMaps(), ids: emptyIds(), savedAt: 0, loadedAt: now };
    world.current = candidate?.current ?? parseCurrent(input.stored.current);
    world.flags = candidate?.flags ?? parseFlags(input.stored.flags);
    if (candidate?.fromStore) {
      world.load(db, candidate.orders);
      search.rebuildSoon();
      // A store written before capture row records existed gets them once, for its next first look.
      void serial(async () => {
        if ((await store.count(CAPTURE_ROWS)) !== world.ids.captures.length) await store.commit(captureRowsBatch(world));
      }).catch(() => undefined);
    } else {
      // Sample data, a newer localStorage copy or an earlier version's store: written whole, once.
      await exclusive(async () => {
        try {
          await replaceWorld(db, now);
        } catch (error) {
          notices.push({ category: 'warning', text: storageFailure(error) });
        }
      });
      if (deps.legacy) void deps.legacy.clear().catch(() => undefined);
    }
    startClock();
    return snapshotEvent(notices);
  }

  async function reload(keepSession: boolean): Promise<ActionResult> {
    const now = clock.now();
    const sample = await sampleNow(now);
    if (!sample.ok) return { ok: false, error: `The sample data could not be loaded: ${sample.error}` };
    const failed = await replaceAndShow(sample.db, now, keepSession);
    if (failed) return failed;
    const session = { current: world.current, flags: world.flags };
    return keepSession
      ? { ok: true, flash: { category: 'success', text: 'The sample data has been reloaded' }, session }
      : { ok: true, flash: { category: 'info', text: 'The demo has been reset.' }, session };
  }

  /** Import demo data: a file in the all.json shape, version 45, validated by restore(). */
  async function importWorld(text: unknown): Promise<ActionResult> {
    if (typeof text !== 'string' || !text.trim()) return { ok: false, error: 'The file is empty' };
    const now = clock.now();
    const result = restore(text, now, { source: 'The file', speed: world.flags.speed });
    if (!result.ok) return { ok: false, error: result.error };
    if (result.db.version !== DATA_VERSION) {
      return { ok: false, error: `The file is demo data version ${result.db.version}; this console reads version ${DATA_VERSION}` };
    }
    result.db.loadedAt = now;
    return (await replaceAndShow(result.db, now, true)) ?? { ok: true, flash: { category: 'success', text: 'The demo data has been imported' } };
  }

  async function apply(action: Action, callId: string | undefined): Promise<ActionResult> {
    if (callId) {
      const known = calls.answer(callId) ?? (await store.answerOf(callId).catch(() => undefined));
      if (known) return known;
    }
    const now = clock.now();
    step(world, now);
    const ctx: ActionContext = { world, now, newId };
    let result: ActionResult;
    try {
      result = applyAction(ctx, action as SyncAction);
    } catch (error) {
      // A handler that throws is a bug, and it may have changed part of the world first: memory goes
      // back to what the store holds (the world before this action) and the call is answered.
      await rollBack();
      return { ok: false, error: actionFault(error) };
    }
    try {
      const extra: Partial<WorldBatch> = {};
      if (callId) {
        extra.call = { id: callId, result };
        const forget = calls.add(callId, result);
        if (forget.length) extra.forget = forget;
      }
      const session = await commit(now, extra);
      return session && result.ok ? { ...result, session: { current: world.current, flags: world.flags } } : result;
    } catch (error) {
      if (callId) calls.drop(callId);
      return { ok: false, error: storageFailure(error), storage: true };
    }
  }

  /** Boots, answering after the first look when the store allows one. */
  async function bootInSteps(input: BootInput): Promise<EngineEvent> {
    const first = deps.firstLook && !discardsStored(input.stored) ? await firstLook(store, clock.now()) : null;
    if (!first) return doBoot(input);
    world.loadFirstLook(first);
    looking = true;
    // Reading the rest keeps this thread busy for seconds in a large world: it starts once the
    // first view has been answered (the page shows its rows), or after a moment if none asks.
    const gate = new Promise<void>((open) => {
      firstAnswered = open;
      clock.after(FIRST_LOOK_GRACE_MS, open);
    });
    loaded = gate.then(() => doBoot(input)).then((event) => {
      looking = false;
      seq++;
      send({ ...event, seq });
    });
    return { ...snapshotEvent(), loading: true };
  }

  /** Waits for the whole world unless the question needs only the first look's kinds. */
  async function whenAnswerable(kinds: readonly EntityKind[]): Promise<void> {
    if (booting) await booting;
    if (looking && kinds.some((k) => !FIRST_LOOK_KINDS.includes(k))) await loaded;
  }

  const engine: Engine = {
    world,
    loadWorld(db) {
      world.load(db);
      search.rebuildSoon();
      booting ??= Promise.resolve(snapshotEvent());
    },
    boot(input) {
      if (!booting) {
        booting = bootInSteps(input);
        return booting;
      }
      return booting.then(() => snapshotEvent());
    },
    loaded: async () => {
      if (booting) await booting;
      await loaded;
    },
    async dispatch(action: Action, callId?: string): Promise<ActionResult> {
      if (!booting) return { ok: false, error: 'The engine has not started' };
      await booting;
      await loaded;
      if (!action || typeof action !== 'object') return { ok: false, error: 'Unknown action' };
      if (action.type === 'resetDemo') return reload(false);
      if (action.type === 'reloadData') return reload(true);
      if (action.type === 'importWorld') return importWorld(action.text);
      return exclusive(() => apply(action, callId));
    },
    async subscribe(listener) {
      return listeners.on(listener);
    },
    async onPersist(listener) {
      return mirror.listen(listener);
    },
    async snapshot(light) {
      await engine.loaded();
      return snapshotEvent(undefined, !light);
    },
    async query(spec) {
      if (!isViewSpec(spec)) throw new Error('Unknown view');
      await whenAnswerable([...readsOf(spec), ...refKindsOf(spec)]);
      const { result, refs } = answerView(world, spec);
      const answer = { seq, result, refs, entities: entitiesOf(world, refs, clone).entities };
      if (looking) clock.after(0, firstAnswered);
      return answer;
    },
    async lookup(refs) {
      await whenAnswerable(refs.map((r) => r[0]));
      return { seq, ...entitiesOf(world, refs, clone) };
    },
    async search(query: string): Promise<SearchEntry[]> {
      await engine.loaded();
      return search.query(query);
    },
    async flush() {
      await writes.settled();
      mirror.flush();
    },
    async exportWorld() {
      await engine.loaded();
      await writes.settled();
      return serialise({ ...world.toDb(clock.now()), version: DATA_VERSION });
    },
    tick() {
      // An action's write in flight holds the clock: its event must go out first. Stages move on
      // by elapsed time, so this tick's work is simply done by the next one.
      if (writes.holding || looking) return;
      const now = clock.now();
      // A tick long after the last one (the machine slept) catches up at once; otherwise stage ends are spread.
      step(world, now, { spread: now - lastTickAt <= 2 * TICK_MS });
      lastTickAt = now;
      const { body, batch } = derive(now);
      if (body) send({ seq: ++seq, ...body });
      // A tick's changes follow from the stored times (restore() and step() redo them exactly), so
      // its event need not wait for its write; the write still lands before any later action's.
      if (batch) {
        void serial(async () => {
          await store.commit(batch);
          mirror.schedule();
        });
      }
    },
    stop() {
      stopTick?.();
      stopTick = null;
      search.stop();
      mirror.cancel();
    },
    serialise() {
      return serialise(world.toDb(clock.now()));
    },
    async settled() {
      await writes.settled();
    },
  };
  return engine;
}
