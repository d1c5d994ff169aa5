/**
 * The page's copy of what its screens show (docs/architecture.md#arch-views): the answers of the open views and
 * the entities they and the rendered rows read, fed by the worker's page events. Nothing else is
 * held: an entity no view or component has needed for a while is let go, so the page's memory
 * follows the screen, not the world. Each listener hears only what it subscribed to (one entity,
 * one kind, one view, the session), so a tick re-renders only the rows that changed.
 */
import type { Flash } from '../../worker/api';
import { withProgress } from '../../worker/domain/workflow';
import type { Current, EntityKind, SentOf, Flags, Id, StageView } from '../../worker/domain/types';
import type { EntityRef, PageEvent, ViewResultOf, ViewSpec } from '../../worker/views/types';

type Listener = () => void;

/** What the model asks of the worker. */
export interface ModelPort {
  openView(viewId: number, spec: ViewSpec): void;
  closeView(viewId: number): void;
  fetch(refs: EntityRef[]): void;
  release(refs: EntityRef[], seq: number): void;
}

interface View {
  id: number;
  spec: ViewSpec;
  result: unknown;
  refs: readonly EntityRef[];
  listeners: Set<Listener>;
  closing: ReturnType<typeof setTimeout> | null;
}

/** How long an entity or view nobody reads is kept, so going back and forth costs nothing. */
export const LINGER_MS = 3_000;

const keyOf = (kind: EntityKind, id: Id) => `${kind}\u0000${id}`;
const refOf = (key: string) => key.split('\u0000') as unknown as EntityRef;

export class ReadModel {
  private entities = new Map<string, unknown>();
  /** Readers of each entity: views that name it and mounted components. */
  private readers = new Map<string, number>();
  private pending = new Set<string>();
  private absent = new Set<string>();
  private unread = new Map<string, number>();
  private views = new Map<string, View>();
  private viewsById = new Map<number, View>();
  private nextViewId = 1;
  private kindVersions = new Map<EntityKind, number>();
  private entityListeners = new Map<string, Set<Listener>>();
  private kindListeners = new Map<EntityKind, Set<Listener>>();
  private sessionListeners = new Set<Listener>();
  private noticeListeners = new Set<(flash: Flash) => void>();
  private waiters = new Map<string, Set<() => void>>();
  private toFetch: EntityRef[] = [];
  private sweeping: ReturnType<typeof setInterval> | null = null;
  private lastSeq = 0;
  ready = false;
  /** The worker is still reading the whole world (its first look answered the boot). */
  loading = false;

  constructor(
    public current: Current,
    public flags: Flags,
    private port: ModelPort,
  ) {}

  /** The session as the worker booted it. */
  boot(current: Current, flags: Flags, loading = false): void {
    this.current = current;
    this.flags = flags;
    this.ready = true;
    this.loading = loading;
    this.sessionListeners.forEach((l) => l());
  }

  apply(event: PageEvent): void {
    this.lastSeq = event.seq;
    const touchedKinds = new Set<EntityKind>();
    const touched: string[] = [];
    const unwanted: EntityRef[] = [];
    if (event.reset) {
      // Everything held comes again in this event; what does not exists no more.
      for (const key of this.entities.keys()) {
        touched.push(key);
        touchedKinds.add(refOf(key)[0]);
      }
      this.entities.clear();
    }
    // New answers first: the entities they name are wanted, and may come in this very event.
    const changedViews: View[] = [];
    const named: string[] = [];
    for (const [id, answer] of Object.entries(event.views ?? {})) {
      const view = this.viewsById.get(Number(id));
      if (!view) continue;
      for (const ref of answer.refs) {
        const key = keyOf(ref[0], ref[1]);
        this.readers.set(key, (this.readers.get(key) ?? 0) + 1);
        this.unread.delete(key);
        named.push(key);
      }
      for (const ref of view.refs) this.unreadLater(keyOf(ref[0], ref[1]));
      view.result = answer.result;
      view.refs = answer.refs;
      changedViews.push(view);
    }
    for (const [kind, map] of Object.entries(event.changed) as [EntityKind, Record<Id, unknown>][]) {
      for (const [id, entity] of Object.entries(map)) {
        const key = keyOf(kind, id);
        if (!event.reset && !this.entities.has(key) && !this.pending.has(key) && !this.readers.has(key)) {
          unwanted.push([kind, id]);
          continue;
        }
        this.entities.set(key, entity);
        this.pending.delete(key);
        this.absent.delete(key);
        touched.push(key);
        touchedKinds.add(kind);
      }
    }
    for (const [kind, ids] of Object.entries(event.removed) as [EntityKind, Id[]][]) {
      for (const id of ids) this.markAbsent(kind, id, touched, touchedKinds);
    }
    for (const [kind, id] of event.absent ?? []) this.markAbsent(kind, id, touched, touchedKinds);
    for (const [kind, patches] of Object.entries(event.progress ?? {}) as [EntityKind, Record<Id, [number, number]>][]) {
      for (const [id, [progress, remainingS]] of Object.entries(patches)) {
        const key = keyOf(kind, id);
        const entity = this.entities.get(key) as { stage: StageView } | undefined;
        if (!entity) continue;
        // A new object, so selectors of this entity see a change. Not a kind change: views over
        // a kind never read progress.
        this.entities.set(key, { ...entity, stage: withProgress(entity.stage, progress, remainingS) });
        touched.push(key);
      }
    }
    let sessionChanged = false;
    if (event.reset && this.loading) {
      this.loading = false;
      sessionChanged = true;
    }
    if (event.current) {
      this.current = event.current;
      sessionChanged = true;
    }
    if (event.flags) {
      this.flags = event.flags;
      sessionChanged = true;
    }
    // Named but not sent (the worker thought this page still held them): asked for.
    const wanted = event.reset ? [...this.readers.keys()] : named;
    for (const key of wanted) if (!this.entities.has(key) && !this.absent.has(key)) this.need(key);
    for (const kind of touchedKinds) this.kindVersions.set(kind, (this.kindVersions.get(kind) ?? 0) + 1);
    for (const key of touched) {
      this.entityListeners.get(key)?.forEach((l) => l());
      const waiting = this.waiters.get(key);
      if (waiting && !this.pending.has(key)) {
        this.waiters.delete(key);
        waiting.forEach((w) => w());
      }
    }
    for (const kind of touchedKinds) this.kindListeners.get(kind)?.forEach((l) => l());
    for (const view of changedViews) view.listeners.forEach((l) => l());
    if (sessionChanged) this.sessionListeners.forEach((l) => l());
    event.notices?.forEach((n) => this.noticeListeners.forEach((l) => l(n)));
    // Sent before the worker heard that this page let them go: let go again.
    if (unwanted.length) this.port.release(unwanted, this.lastSeq);
  }

  private markAbsent(kind: EntityKind, id: Id, touched: string[], kinds: Set<EntityKind>) {
    const key = keyOf(kind, id);
    this.entities.delete(key);
    this.pending.delete(key);
    this.absent.add(key);
    touched.push(key);
    kinds.add(kind);
  }

  get<K extends EntityKind>(kind: K, id: Id | null | undefined): SentOf<K> | undefined {
    if (!id) return undefined;
    return this.entities.get(keyOf(kind, id)) as SentOf<K> | undefined;
  }

  /** Known: held, or known not to exist (a page can then say "not found" rather than wait). */
  known(kind: EntityKind, id: Id | null | undefined): boolean {
    if (!id) return true;
    const key = keyOf(kind, id);
    return this.entities.has(key) || this.absent.has(key);
  }

  /** The entity, from the page's copy or asked of the worker. */
  async entity<K extends EntityKind>(kind: K, id: Id): Promise<SentOf<K> | undefined> {
    const key = keyOf(kind, id);
    if (this.known(kind, id)) return this.get(kind, id);
    this.read(key);
    try {
      await new Promise<void>((resolve) => {
        let set = this.waiters.get(key);
        if (!set) this.waiters.set(key, (set = new Set()));
        set.add(resolve);
      });
      return this.get(kind, id);
    } finally {
      this.unreadLater(key);
    }
  }

  kindVersion(kind: EntityKind): number {
    return this.kindVersions.get(kind) ?? 0;
  }

  /** How many entities the page holds (the benchmark and tests read it). */
  get size(): number {
    return this.entities.size;
  }

  subscribeEntity(kind: EntityKind, id: Id, listener: Listener): () => void {
    const key = keyOf(kind, id);
    this.read(key);
    const off = addTo(this.entityListeners, key, listener);
    return () => {
      off();
      this.unreadLater(key);
    };
  }

  subscribeKind(kind: EntityKind, listener: Listener): () => void {
    return addTo(this.kindListeners, kind, listener);
  }

  /** Opens (or shares) the view of `spec`; its answer arrives with a page event. */
  subscribeView(spec: ViewSpec, listener: Listener): () => void {
    const key = JSON.stringify(spec);
    let view = this.views.get(key);
    if (!view) {
      view = { id: this.nextViewId++, spec, result: undefined, refs: [], listeners: new Set(), closing: null };
      this.views.set(key, view);
      this.viewsById.set(view.id, view);
      this.port.openView(view.id, spec);
    }
    if (view.closing) clearTimeout(view.closing);
    view.closing = null;
    view.listeners.add(listener);
    const v = view;
    return () => {
      v.listeners.delete(listener);
      if (v.listeners.size) return;
      // Kept a moment: a page that comes straight back (or React mounting twice) finds it open.
      v.closing = setTimeout(() => this.closeView(key, v), LINGER_MS);
    };
  }

  /** The view's latest answer; undefined until the first one arrives. */
  view<S extends ViewSpec>(spec: S): ViewResultOf<S> | undefined {
    return this.views.get(JSON.stringify(spec))?.result as ViewResultOf<S> | undefined;
  }

  private closeView(key: string, view: View) {
    if (view.listeners.size) return;
    this.views.delete(key);
    this.viewsById.delete(view.id);
    this.port.closeView(view.id);
    for (const ref of view.refs) this.unreadLater(keyOf(ref[0], ref[1]));
  }

  subscribeSession(listener: Listener): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  onNotice(listener: (flash: Flash) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** Lets the client raise its own notices (e.g. storage full) through the same channel. */
  notify(flash: Flash): void {
    this.noticeListeners.forEach((l) => l(flash));
  }

  private read(key: string) {
    this.readers.set(key, (this.readers.get(key) ?? 0) + 1);
    this.unread.delete(key);
    if (!this.entities.has(key) && !this.absent.has(key)) this.need(key);
  }

  private need(key: string) {
    if (this.pending.has(key)) return;
    this.pending.add(key);
    if (this.toFetch.push(refOf(key)) === 1) {
      // One question for every row that mounted in this render.
      queueMicrotask(() => {
        const refs = this.toFetch;
        this.toFetch = [];
        this.port.fetch(refs);
      });
    }
  }

  private unreadLater(key: string) {
    const n = (this.readers.get(key) ?? 1) - 1;
    if (n > 0) {
      this.readers.set(key, n);
      return;
    }
    this.readers.delete(key);
    this.unread.set(key, Date.now());
    this.sweeping ??= setInterval(() => this.sweep(), LINGER_MS);
  }

  /** Lets go of what nobody has read for a while, and tells the worker to stop sending it. */
  private sweep() {
    const before = Date.now() - LINGER_MS;
    const gone: EntityRef[] = [];
    for (const [key, since] of this.unread) {
      if (since > before) continue;
      this.unread.delete(key);
      this.absent.delete(key);
      if (this.entities.delete(key)) gone.push(refOf(key));
    }
    if (gone.length) this.port.release(gone, this.lastSeq);
    if (!this.unread.size && this.sweeping) {
      clearInterval(this.sweeping);
      this.sweeping = null;
    }
  }
}

function addTo<K>(map: Map<K, Set<Listener>>, k: K, listener: Listener): () => void {
  let set = map.get(k);
  if (!set) map.set(k, (set = new Set()));
  set.add(listener);
  return () => {
    set!.delete(listener);
    if (set!.size === 0) map.delete(k);
  };
}
