/**
 * The engine's mutable world: entity maps and ordered id lists, plus what changed since the last
 * change was taken (entities, removals, id lists, progress) and the set of active workflows the
 * clock looks at. `takeChange()` recomputes the derived fields of what changed, cascading to the
 * captures and drives that summarise it (worldChange.ts), and answers the change (for the views,
 * docs/views.md) and what it means to write (its `writes`). Nothing here grows with db size per
 * tick: only touched and active entities are visited.
 */
import { DATA_VERSION, DEFAULT_FLAGS } from '../domain/constants';
import type { Capture, Current, EntityKind, EntityMaps, EntityOf, Flags, Id, IdLists, Survey } from '../domain/types';
import type { Db } from '../domain/dataFile';
import { ENTITY_KINDS } from '../domain/restore';
import { isActive } from '../domain/workflow';
import { ActiveTable, PROGRESS_KINDS, type Timed } from './activeTable';
import type { HistoryStart } from '../domain/history';
import { FavouriteBook } from './favouriteBook';
import type { Favourite } from '../domain/favourites';
import { deriveChanged, writesAnything, type ChangeKind, type TakenChange, type WorldChange, type WorldWrites } from './worldChange';

export function emptyMaps(): EntityMaps {
  return { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} };
}
export function emptyIds(): IdLists {
  return { projects: [], captures: [], flightPlans: [], surveys: [], media: [], drives: [], users: [] };
}

export class World {
  index: EntityMaps = emptyMaps();
  ids: IdLists = emptyIds();
  version = DATA_VERSION;
  savedAt = 0;
  loadedAt = 0;
  current: Current = { loggedIn: false, user: null };
  flags: Flags = { ...DEFAULT_FLAGS };
  /** When the version rule last discarded the stored data (kept in the store's meta record). */
  discardedAt: number | undefined = undefined;
  /** How this world's history began (docs/history.md): a new world starts a new one. */
  history: HistoryStart = { since: 0, origin: 'sample' };
  /** This browser store's laptop id (docs/history.md#where): made once, kept across new worlds. */
  laptop = '';
  /** The number of this laptop's last action with history entries: the next one's id (its `tx`). */
  historySeq = 0;

  /** The workflows the clock moves, by slot (activeTable.ts). */
  readonly active = new ActiveTable();
  /** People's stars (issue 36): kept with the world, written and exported with it. */
  readonly favourites = new FavouriteBook();
  private changed = new Map<EntityKind, Set<Id>>();
  private removed = new Map<EntityKind, Set<Id>>();
  private idsChanged = new Set<EntityKind>();
  /** Captures changed only because a survey of theirs did: their own stored fields are as they were. */
  private rederived = new Set<Id>();
  /**
   * Surveys changed by the clock alone (a stage of theirs ended, `stepped`): their capture is
   * derived again only if what it counts of them, their display stage, changed.
   */
  private clocked = new Set<Id>();
  private sessionChanged = false;
  /**
   * Each entity's place in its kind's ordered id list, as a number that never needs renumbering:
   * a newcomer at the top takes one below the lowest. Stored with the entity, so no commit ever
   * rewrites a whole id list.
   */
  readonly order: Record<EntityKind, Map<Id, number>> = {
    projects: new Map(), captures: new Map(), flightPlans: new Map(), surveys: new Map(), media: new Map(), drives: new Map(), users: new Map(),
  };

  get speed(): number {
    return this.flags.speed;
  }

  /** Replaces the whole world (boot, reset, reload); `orders` as stored, else the lists' own order. */
  load(db: Db, orders?: Partial<Record<EntityKind, Map<Id, number>>>): void {
    this.index = db.index;
    this.ids = db.ids;
    for (const kind of ENTITY_KINDS) {
      const given = orders?.[kind];
      const map = this.order[kind];
      map.clear();
      db.ids[kind].forEach((id, i) => map.set(id, given?.get(id) ?? i));
    }
    this.version = db.version;
    this.savedAt = db.savedAt;
    this.loadedAt = db.loadedAt;
    this.history = db.history ? { since: db.history.since, origin: db.history.origin } : { since: db.loadedAt, origin: 'sample' };
    this.favourites.load(db.favourites ?? []);
    this.active.clear();
    for (const kind of PROGRESS_KINDS) {
      const table = this.active.of(kind);
      for (const [id, e] of Object.entries(this.index[kind] as Record<Id, Timed>)) if (isActive(e.workflow)) table.enter(id, e);
    }
    this.clearChanges();
  }

  /**
   * The capture table, projects and users only, as a boot's first look read them: enough to answer
   * their views while the whole world loads (then `load` replaces it). Nothing here is active.
   */
  loadFirstLook(first: { captures: EntityMaps['captures']; projects: EntityMaps['projects']; users: EntityMaps['users']; ids: Pick<IdLists, 'captures' | 'projects' | 'users'>; favourites: Favourite[]; current: Current; flags: Flags }): void {
    const index = emptyMaps();
    index.captures = first.captures;
    index.projects = first.projects;
    index.users = first.users;
    this.load({ version: this.version, index, ids: { ...emptyIds(), ...first.ids }, savedAt: 0, loadedAt: 0, favourites: first.favourites });
    this.current = first.current;
    this.flags = first.flags;
  }

  /**
   * The world as a db. Given `now`, the progress of every working stage (and the time left its
   * stage view gives) is brought up to it first: between stage ends the clock updates only what
   * screens show (see activeTable.ts).
   */
  toDb(now?: number): Db {
    if (now !== undefined) this.active.bringUpTo(now, this.speed);
    const favourites = this.favourites.all();
    return { version: this.version, index: this.index, ids: this.ids, savedAt: this.savedAt, loadedAt: this.loadedAt, history: { ...this.history }, ...(favourites.length ? { favourites } : {}) };
  }

  get<K extends EntityKind>(kind: K, id: Id | null | undefined): EntityOf<K> | undefined {
    if (id === null || id === undefined) return undefined;
    return (this.index[kind] as Record<Id, EntityOf<K>>)[id];
  }

  /** Marks an entity changed; it is derived again and sent whole in the next event. */
  touch(kind: EntityKind, id: Id): void {
    this.changedOf(kind).add(id);
    if (kind === 'captures') this.rederived.delete(id);
    else if (kind === 'surveys') this.clocked.delete(id);
  }

  /**
   * A stage of this entity ended on the clock (simulation.ts), and nothing else of it changed
   * unless something touches it too. Of what a capture reads of its surveys, a stage end changes
   * the display stage, and a received end the received date too: that end touches the capture
   * itself (`surveyReceived`), which is then counted whole.
   */
  stepped(kind: EntityKind, id: Id): void {
    const set = this.changedOf(kind);
    if (kind === 'surveys' && !set.has(id)) this.clocked.add(id);
    else if (kind === 'captures') this.rederived.delete(id);
    set.add(id);
  }

  /** Adds an entity; `first` puts it at the top of its list (newest first). */
  add<K extends EntityKind>(kind: K, id: Id, entity: EntityOf<K>, first = false): void {
    (this.index[kind] as Record<Id, EntityOf<K>>)[id] = entity;
    const list = this.ids[kind];
    const order = this.order[kind];
    if (!order.has(id)) {
      const edge = list.length ? order.get(first ? list[0]! : list[list.length - 1]!) ?? 0 : 0;
      order.set(id, list.length ? (first ? edge - 1 : edge + 1) : 0);
      // In place: copying a list of 100 000 ids for every insert is what made an action cost the world's size.
      if (first) list.unshift(id);
      else list.push(id);
    }
    this.idsChanged.add(kind);
    this.removed.get(kind)?.delete(id);
    this.touch(kind, id);
  }

  /**
   * Puts an entity at its place `order` in its kind's list (another laptop's change, taken in by
   * team sync): a newcomer goes where its order says, one whose order moved is moved.
   */
  place<K extends EntityKind>(kind: K, id: Id, entity: EntityOf<K>, order: number): void {
    (this.index[kind] as Record<Id, EntityOf<K>>)[id] = entity;
    const orders = this.order[kind];
    const was = orders.get(id);
    if (was !== order) {
      const list = this.ids[kind];
      if (was !== undefined) list.splice(list.indexOf(id), 1);
      orders.set(id, order);
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const at = orders.get(list[mid]!) ?? 0;
        if (at < order || (at === order && list[mid]! < id)) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, id);
      this.idsChanged.add(kind);
    }
    this.removed.get(kind)?.delete(id);
    this.touch(kind, id);
  }

  remove(kind: EntityKind, ids: Iterable<Id>): void {
    const gone = new Set(ids);
    if (!gone.size) return;
    const map = this.index[kind] as Record<Id, unknown>;
    let set = this.removed.get(kind);
    if (!set) this.removed.set(kind, (set = new Set()));
    for (const id of gone) {
      delete map[id];
      this.order[kind].delete(id);
      set.add(id);
      this.changed.get(kind)?.delete(id);
      if (kind === 'media' || kind === 'surveys' || kind === 'captures') this.active.of(kind).leave(id);
    }
    this.ids[kind] = this.ids[kind].filter((id) => !gone.has(id));
    this.idsChanged.add(kind);
  }

  setCurrent(current: Current): void {
    this.current = current;
    this.sessionChanged = true;
  }

  setFlags(flags: Flags): void {
    this.flags = flags;
    this.sessionChanged = true;
  }

  surveysOf(capture: Capture): Survey[] {
    const out: Survey[] = [];
    for (const id of capture.surveyIds) {
      const s = this.index.surveys[id];
      if (s) out.push(s);
    }
    return out;
  }

  hasChanges(): boolean {
    return (
      this.changed.size > 0 ||
      this.removed.size > 0 ||
      this.idsChanged.size > 0 ||
      this.active.pending ||
      this.favourites.pending ||
      this.sessionChanged
    );
  }

  /** Entities changed since the last commit, by kind (for the search index). */
  changedIds(kind: EntityKind): ReadonlySet<Id> {
    return this.changed.get(kind) ?? new Set();
  }
  removedIds(kind: EntityKind): ReadonlySet<Id> {
    return this.removed.get(kind) ?? new Set();
  }

  /**
   * Derives what changed (a survey's capture and a media set's drive summarise them, so they are
   * derived again too), updates the active set, and answers the change and what it writes; null
   * when nothing changed.
   */
  takeChange(now: number): TakenChange | null {
    deriveChanged(this, this.changed, now, (kind, id) => this.touchDerived(kind, id), this.clocked);
    if (!this.hasChanges()) return null;
    const kinds = new Set<ChangeKind>(this.idsChanged);
    const favourites = this.favourites.take();
    if (favourites.put.length || favourites.del.length) kinds.add('favourites');
    for (const [kind, set] of this.changed) if (set.size) kinds.add(kind);
    for (const [kind, set] of this.removed) if (set.size) kinds.add(kind);
    // An entity changed whole shows its progress in its new rows.
    const change: WorldChange = {
      kinds,
      changed: this.changed,
      removed: this.removed,
      lists: this.idsChanged,
      progress: this.active.takePatches((kind) => this.changed.get(kind)),
      session: this.sessionChanged,
    };
    const put: Partial<Record<EntityKind, Id[]>> = {};
    for (const [kind, set] of this.changed) put[kind] = [...set].filter((id) => (this.index[kind] as Record<Id, unknown>)[id]);
    const del: Partial<Record<EntityKind, Id[]>> = {};
    for (const [kind, set] of this.removed) if (set.size) del[kind] = [...set];
    const writes: WorldWrites = { put, del, session: this.sessionChanged, rederived: this.rederived, favourites };
    this.clearChanges();
    return { change, writes: writesAnything(writes) ? writes : null };
  }

  /** Derived again because what it summarises changed (its own stored fields did not). */
  private touchDerived(kind: EntityKind, id: Id): void {
    const set = this.changedOf(kind);
    if (set.has(id)) return;
    set.add(id);
    if (kind === 'captures') this.rederived.add(id);
  }

  /** The ids of `kind` changed in this commit, a set made at the first. */
  private changedOf(kind: EntityKind): Set<Id> {
    let set = this.changed.get(kind);
    if (!set) this.changed.set(kind, (set = new Set()));
    return set;
  }

  private clearChanges(): void {
    this.changed = new Map();
    this.removed = new Map();
    this.idsChanged = new Set();
    this.rederived = new Set();
    this.clocked.clear();
    this.sessionChanged = false;
  }
}

export { ENTITY_KINDS };
