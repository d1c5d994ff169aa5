/**
 * The page's side of the engine, in the page's own worker (docs/architecture.md#arch-views): it holds the views
 * the page has open and the set of entities the page holds, and turns the engine's events (local,
 * or relayed from the leading tab) into page events that carry only those. A view answers again
 * only when a kind it reads changed, and its new answer goes out only when it differs. The page
 * never receives the world: at boot it gets the session; everything else it asks for.
 */
import type { ActionResult, BootInput, EngineEvent, Flash, PersistMessage } from '../api';
import type { Current, EntityKind, Flags, Id, SentMaps, StageView } from '../domain/types';
import { withProgress } from '../domain/workflow';
import type { ViewSource } from '../engine/engine';
import { SlotTable } from '../engine/progressSlots';
import type { TabEngine } from '../engine/tabs';
import { readsOf } from './answer';
import { sameValue } from './sameValue';
import type { EntityRef, LookupAnswer, PageEvent, ViewAnswer, ViewName, ViewResults, ViewSpec } from './types';

export interface BootAnswer {
  current: Current;
  flags: Flags;
  notices?: Flash[];
  /** The whole world is still being read: a reset page event follows when it is. */
  loading?: true;
}

/** What the page calls (through Comlink). */
export interface PageApi {
  boot(input: BootInput): Promise<BootAnswer>;
  dispatch(action: Parameters<TabEngine['dispatch']>[0]): Promise<ActionResult>;
  search: TabEngine['search'];
  flush(): Promise<void>;
  exportWorld(): Promise<string>;
  /** Page events, in order; resolves to an unsubscribe function. */
  subscribe(listener: (event: PageEvent) => void): Promise<() => void>;
  onPersist(listener: (message: PersistMessage) => void): Promise<() => void>;
  /** Opens a view under the page's id for it; its answers arrive as page events. */
  openView(viewId: number, spec: ViewSpec): Promise<void>;
  closeView(viewId: number): Promise<void>;
  /** Entities the page needs and does not hold; they (or their absence) arrive as a page event. */
  fetch(refs: EntityRef[]): Promise<void>;
  /** Entities the page let go, as of the page event `seq` it had seen: no more updates for them. */
  release(refs: EntityRef[], seq: number): Promise<void>;
}

type Engine = Pick<TabEngine, 'boot' | 'dispatch' | 'search' | 'flush' | 'exportWorld' | 'subscribe' | 'onPersist' | 'snapshot'> & ViewSource;

interface OpenView {
  spec: ViewSpec;
  result: unknown;
  reads: readonly EntityKind[];
  dirty: boolean;
}

const keyOf = (kind: EntityKind, id: Id) => `${kind}\u0000${id}`;
const refOf = (key: string) => key.split('\u0000') as unknown as EntityRef;

export function viewHub(engine: Engine, defer: (fn: () => void) => void = (fn) => setTimeout(fn, 0)): PageApi {
  const listeners = new Set<(e: PageEvent) => void>();
  const views = new Map<number, OpenView>();
  /** Held entity key → the page event seq that last sent it. */
  const held = new Map<string, number>();
  let pageSeq = 0;
  let engineSeq = -1;
  /** Engine events seen while answers are on their way, to bring late answers up to date. */
  let inFlight = 0;
  let recent: EngineEvent[] = [];
  /** The progress of each recent event, read under the slot names of its time. */
  const recentProgress = new WeakMap<EngineEvent, [EntityKind, Id, number, number][]>();
  /** The names of the engine's progress slots, kept from its events in order. */
  const slots = new SlotTable();
  let refreshQueued = false;
  let resetting: Promise<void> | null = null;
  /** Outputs leave in the order their inputs came: one chain. */
  let chain: Promise<unknown> = Promise.resolve();

  const emit = (event: Omit<PageEvent, 'seq'>) => {
    const out: PageEvent = { seq: ++pageSeq, ...event };
    for (const l of listeners) {
      try {
        const r = l(out) as unknown;
        if (r instanceof Promise) r.catch(() => listeners.delete(l));
      } catch {
        listeners.delete(l);
      }
    }
    return out.seq;
  };

  function holdAll(entities: Partial<SentMaps>, seq: number) {
    for (const [kind, map] of Object.entries(entities) as [EntityKind, Record<Id, unknown>][]) {
      for (const id of Object.keys(map)) held.set(keyOf(kind, id), seq);
    }
  }

  /** Entities an answer computed at `seq` carries, brought up to the newest event seen. */
  function upToDate(answerSeq: number, entities: Partial<SentMaps>, absent: EntityRef[]) {
    const out = entities as Partial<Record<EntityKind, Record<Id, unknown>>>;
    let stale = false;
    for (const e of recent) {
      if (e.seq <= answerSeq) continue;
      if (e.kind === 'snapshot') stale = true;
      for (const [kind, map] of Object.entries(e.changed) as [EntityKind, Record<Id, unknown>][]) {
        const mine = out[kind];
        if (mine) for (const id of Object.keys(map)) if (id in mine) mine[id] = map[id];
      }
      for (const [kind, ids] of Object.entries(e.removed) as [EntityKind, Id[]][]) {
        const mine = out[kind];
        if (mine) for (const id of ids) if (id in mine) {
          delete mine[id];
          absent.push([kind, id]);
        }
      }
      for (const [kind, id, percent, remainingS] of recentProgress.get(e) ?? []) {
        const mine = out[kind] as Record<Id, { stage: StageView }> | undefined;
        const entity = mine?.[id];
        // A copy: the entity may be the engine's own object.
        if (entity) mine[id] = { ...entity, stage: withProgress(entity.stage, percent, remainingS) };
      }
    }
    return { entities: out as Partial<SentMaps>, stale };
  }

  /** The whole slot table as of a snapshot, brought up to the newest event seen. */
  function learnSlots(snapshot: EngineEvent) {
    slots.replace(snapshot.slots);
    for (const e of recent) if (e.seq > snapshot.seq) slots.learn(e.slots);
  }

  /** Asks the engine, with the events of the flight recorded until the answer has been used. */
  async function ask<T extends { seq: number }, R>(question: () => Promise<T>, use: (answer: T) => R): Promise<R> {
    inFlight++;
    try {
      return use(await question());
    } finally {
      if (--inFlight === 0) recent = [];
    }
  }

  /** Leaves out what the page already holds (it is kept fresh by the events). */
  function newOnly(entities: Partial<SentMaps>): Partial<SentMaps> {
    const out: Partial<Record<EntityKind, Record<Id, unknown>>> = {};
    for (const [kind, map] of Object.entries(entities) as [EntityKind, Record<Id, unknown>][]) {
      for (const [id, e] of Object.entries(map)) if (!held.has(keyOf(kind, id))) (out[kind] ??= {})[id] = e;
    }
    return out as Partial<SentMaps>;
  }

  async function answer(viewId: number, view: OpenView, force: boolean): Promise<void> {
    await ask(
      () => engine.query(view.spec),
      (a: ViewAnswer) => {
        if (views.get(viewId) !== view) return;
        const { entities, stale } = upToDate(a.seq, a.entities, []);
        if (stale) {
          view.dirty = true;
          queueRefresh();
          return;
        }
        if (!force && sameValue(view.result, a.result)) return;
        view.result = a.result;
        const fresh = newOnly(entities);
        const seq = emit({ changed: fresh, removed: {}, views: { [viewId]: { result: a.result, refs: a.refs } } });
        holdAll(fresh, seq);
      },
    );
  }

  function queueRefresh() {
    if (refreshQueued) return;
    refreshQueued = true;
    defer(() => {
      refreshQueued = false;
      chain = chain.then(async () => {
        for (const [id, view] of views) {
          if (!view.dirty) continue;
          view.dirty = false;
          await answer(id, view, false).catch(() => undefined);
        }
      });
    });
  }

  /**
   * The world was replaced: every open view answers again, then every entity the page holds or
   * those answers name is looked up in one question and sent in one event.
   */
  function reset(event: EngineEvent): Promise<void> {
    resetting ??= (async () => {
      // After a gap, names of slots given meanwhile were missed: the engine's whole table.
      if (event.kind !== 'snapshot') await ask(() => engine.snapshot(true), learnSlots);
      const views_: Record<number, { result: ViewResults[ViewName]; refs: EntityRef[] }> = {};
      const named = new Map<string, EntityRef>();
      for (const key of held.keys()) named.set(key, refOf(key));
      for (const [id, view] of views) {
        const a = await engine.query(view.spec);
        view.result = a.result;
        view.dirty = false;
        views_[id] = { result: a.result, refs: a.refs };
        for (const ref of a.refs) named.set(keyOf(ref[0], ref[1]), ref);
      }
      await ask(
        () => engine.lookup([...named.values()]),
        (found: LookupAnswer) => {
          const absent = [...found.absent];
          const { entities } = upToDate(found.seq, found.entities, absent);
          const update: Omit<PageEvent, 'seq'> = { reset: true, changed: entities, removed: {}, absent, views: views_ };
          if (event.current) update.current = event.current;
          if (event.flags) update.flags = event.flags;
          if (event.notices) update.notices = event.notices;
          held.clear();
          holdAll(entities, emit(update));
        },
      );
    })().finally(() => (resetting = null));
    return resetting;
  }

  function onEngineEvent(event: EngineEvent) {
    const progress: [EntityKind, Id, number, number][] | null = inFlight > 0 ? [] : null;
    if (progress) {
      recent.push(event);
      recentProgress.set(event, progress);
    }
    const gap = engineSeq >= 0 && event.kind === 'delta' && event.seq !== engineSeq + 1;
    engineSeq = event.seq;
    if (event.kind === 'snapshot') slots.replace(event.slots);
    else slots.learn(event.slots);
    if (event.kind === 'snapshot' || gap) {
      chain = chain.then(() => reset(event)).catch(() => undefined);
      return;
    }
    // The held entities that changed, now; the views they may change, a moment later together.
    const touched = new Set<EntityKind>();
    const out: Omit<PageEvent, 'seq'> = { changed: {}, removed: {} };
    let any = false;
    for (const [kind, map] of Object.entries(event.changed) as [EntityKind, Record<Id, unknown>][]) {
      touched.add(kind);
      for (const [id, e] of Object.entries(map)) {
        if (!held.has(keyOf(kind, id))) continue;
        ((out.changed as Record<string, Record<Id, unknown>>)[kind] ??= {})[id] = e;
        any = true;
      }
    }
    for (const [kind, ids] of Object.entries(event.removed) as [EntityKind, Id[]][]) {
      touched.add(kind);
      const gone = ids.filter((id) => held.delete(keyOf(kind, id)));
      if (gone.length) {
        out.removed[kind] = gone;
        any = true;
      }
    }
    for (const kind of event.lists ?? []) touched.add(kind);
    slots.read(event.progress, (kind, id, percent, remainingS) => {
      progress?.push([kind, id, percent, remainingS]);
      if (!held.has(keyOf(kind, id))) return;
      ((out.progress ??= {})[kind] ??= {})[id] = [percent, remainingS];
      any = true;
    });
    if (event.current) out.current = event.current;
    if (event.flags) out.flags = event.flags;
    if (event.notices) out.notices = event.notices;
    if (any || out.current || out.flags || out.notices) {
      chain = chain.then(() => {
        const seq = emit(out);
        holdAll(out.changed, seq);
      });
    }
    for (const view of views.values()) if (view.reads.some((k) => touched.has(k))) view.dirty = true;
    if ([...views.values()].some((v) => v.dirty)) queueRefresh();
  }

  let subscribed: Promise<unknown> | null = null;
  const listen = () => (subscribed ??= engine.subscribe(onEngineEvent));

  return {
    async boot(input) {
      await listen();
      const event = await ask(
        () => engine.boot(input),
        (booted) => {
          learnSlots(booted);
          return booted;
        },
      );
      // A follower's boot answer may be the leader's first, older than events already seen.
      if (event.seq < engineSeq) await ask(() => engine.snapshot(true), learnSlots);
      engineSeq = Math.max(engineSeq, event.seq);
      const out: BootAnswer = { current: event.current ?? { loggedIn: false, user: null }, flags: event.flags! };
      if (event.notices?.length) out.notices = event.notices;
      if (event.loading) out.loading = true;
      return out;
    },
    dispatch: (action) => engine.dispatch(action),
    search: (query) => engine.search(query),
    flush: () => engine.flush(),
    exportWorld: () => engine.exportWorld(),
    async subscribe(listener) {
      await listen();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onPersist: (listener) => engine.onPersist(listener),
    async openView(viewId, spec) {
      const view: OpenView = { spec, result: undefined, reads: readsOf(spec), dirty: false };
      views.set(viewId, view);
      chain = chain.then(() => answer(viewId, view, true)).catch(() => undefined);
      await chain;
    },
    async closeView(viewId) {
      views.delete(viewId);
    },
    async fetch(refs) {
      chain = chain
        .then(async () => {
          // Whatever this worker thinks: the page asks because it does not hold them.
          await ask(
            () => engine.lookup(refs),
            (found) => {
              const absent = [...found.absent];
              const { entities } = upToDate(found.seq, found.entities, absent);
              const seq = emit({ changed: entities, removed: {}, absent });
              holdAll(entities, seq);
            },
          );
        })
        .catch(() => undefined);
      await chain;
    },
    async release(refs, seq) {
      for (const [kind, id] of refs) {
        const key = keyOf(kind, id);
        // Sent again after the page let it go: the page holds that newer copy.
        if ((held.get(key) ?? Infinity) <= seq) held.delete(key);
      }
    },
  };
}
