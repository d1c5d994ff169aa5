/**
 * The UI's normalised copy of the engine's world, fed by engine events. Components read it through
 * the hooks in `hooks.ts`; each listener hears only what it subscribed to (one entity, one kind's id
 * list, the session), so a 500 ms tick re-renders only the rows that changed.
 */
import type { EngineEvent, Flash, ProgressKind } from '../../worker/api';
import { formatDuration } from '../../worker/domain/workflow';
import type { Current, EntityKind, EntityOf, Flags, Id, IdLists, StageView } from '../../worker/domain/types';

type Listener = () => void;

const KINDS: EntityKind[] = ['projects', 'captures', 'flightPlans', 'surveys', 'media', 'drives', 'users'];

export class ReadModel {
  private entities = new Map<EntityKind, Map<Id, unknown>>(KINDS.map((k) => [k, new Map()]));
  private idLists: IdLists = { projects: [], captures: [], flightPlans: [], surveys: [], media: [], drives: [], users: [] };
  /** Bumped whenever an entity of the kind changes other than by a progress patch; for views that aggregate a whole kind. */
  private kindVersions = new Map<EntityKind, number>(KINDS.map((k) => [k, 0]));
  private entityListeners = new Map<string, Set<Listener>>();
  private kindListeners = new Map<EntityKind, Set<Listener>>();
  private sessionListeners = new Set<Listener>();
  private noticeListeners = new Set<(flash: Flash) => void>();
  private lastSeq = -1;
  ready = false;
  current: Current;
  flags: Flags;

  constructor(current: Current, flags: Flags) {
    this.current = current;
    this.flags = flags;
  }

  /** Applies an event; answers false when a delta arrived after a gap (the caller re-syncs). */
  apply(event: EngineEvent): boolean {
    if (event.kind === 'delta' && this.lastSeq >= 0 && event.seq !== this.lastSeq + 1) return false;
    this.lastSeq = event.seq;
    const touchedKinds = new Set<EntityKind>();
    const touchedEntities: string[] = [];
    if (event.kind === 'snapshot') {
      for (const kind of KINDS) {
        this.entities.get(kind)!.clear();
        touchedKinds.add(kind);
      }
    }
    for (const kind of KINDS) {
      const changed = event.changed[kind];
      const map = this.entities.get(kind)!;
      if (changed) {
        for (const [id, entity] of Object.entries(changed)) {
          map.set(id, entity);
          touchedEntities.push(key(kind, id));
        }
        touchedKinds.add(kind);
      }
      const removed = event.removed[kind];
      if (removed?.length) {
        for (const id of removed) {
          map.delete(id);
          touchedEntities.push(key(kind, id));
        }
        touchedKinds.add(kind);
      }
      const patches = event.progress?.[kind as ProgressKind];
      if (patches) {
        for (const [id, [progress, remainingS]] of Object.entries(patches)) {
          const remainingText = formatDuration(remainingS);
          const entity = map.get(id) as { stage: StageView } | undefined;
          if (!entity) continue;
          // A new object, so selectors of this entity see a change.
          map.set(id, { ...entity, stage: { ...entity.stage, progress, remainingS, remainingText } });
          touchedEntities.push(key(kind, id));
        }
        // Not a kind change: views over a whole kind (sorting, membership, counts) never read
        // progress, and waking them at every tick would cost a pass over every survey.
      }
      const ids = event.ids[kind];
      if (ids) {
        this.idLists = { ...this.idLists, [kind]: ids };
        touchedKinds.add(kind);
      }
    }
    let sessionChanged = event.kind === 'snapshot' && !this.ready;
    if (event.current) {
      this.current = event.current;
      sessionChanged = true;
    }
    if (event.flags) {
      this.flags = event.flags;
      sessionChanged = true;
    }
    this.ready = true;
    for (const kind of touchedKinds) this.kindVersions.set(kind, (this.kindVersions.get(kind) ?? 0) + 1);
    for (const k of touchedEntities) this.entityListeners.get(k)?.forEach((l) => l());
    for (const kind of touchedKinds) this.kindListeners.get(kind)?.forEach((l) => l());
    if (sessionChanged) this.sessionListeners.forEach((l) => l());
    event.notices?.forEach((n) => this.noticeListeners.forEach((l) => l(n)));
    return true;
  }

  get<K extends EntityKind>(kind: K, id: Id | null | undefined): EntityOf<K> | undefined {
    if (!id) return undefined;
    return this.entities.get(kind)!.get(id) as EntityOf<K> | undefined;
  }

  ids(kind: EntityKind): Id[] {
    return this.idLists[kind];
  }

  /** All entities of a kind in the engine's order. O(n): for small kinds or memoised views. */
  list<K extends EntityKind>(kind: K): EntityOf<K>[] {
    const map = this.entities.get(kind)!;
    const out: EntityOf<K>[] = [];
    for (const id of this.idLists[kind]) {
      const e = map.get(id);
      if (e) out.push(e as EntityOf<K>);
    }
    return out;
  }

  kindVersion(kind: EntityKind): number {
    return this.kindVersions.get(kind) ?? 0;
  }

  subscribeEntity(kind: EntityKind, id: Id, listener: Listener): () => void {
    return addTo(this.entityListeners, key(kind, id), listener);
  }

  subscribeKind(kind: EntityKind, listener: Listener): () => void {
    return addTo(this.kindListeners, kind, listener);
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
}

function key(kind: EntityKind, id: Id): string {
  return `${kind}\u0000${id}`;
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
