/**
 * The engine's side of the history (docs/history.md): an action's entries stamped (who, when,
 * where, which action) and grouped by the records they are appended to in its commit; the records
 * a history view shows, read when first asked for and kept while in use. No boot reads a history:
 * a record is read through the writer's queue (so no commit can land between its read and its
 * being cached), then every commit that appends to it appends to the cached copy too.
 */
import { Emitter } from '../domain/emitter';
import { byTime, ownersOf, sealed, type HistoryEntry, type HistoryOwner, type HistorySubjects, type HistoryWhat } from '../domain/history';
import type { HistoryAppend, WorldStore } from './store/worldStore';
import type { SyncPort } from './syncPort';
import type { World } from './world';

/** What an action handler notes: what happened, to which entities. */
export interface HistoryNote {
  what: HistoryWhat;
  on: HistorySubjects;
}

/** Records cached at most (the views open in every tab read a few each). */
const CACHED_MAX = 2_000;

export class HistoryBook {
  private readonly cached = new Map<HistoryOwner, HistoryEntry[]>();
  private readonly reading = new Set<HistoryOwner>();
  /** Records were read, or entries from elsewhere taken: the history views answer again. */
  readonly changed = new Emitter<void>();
  constructor(
    private readonly world: World,
    private readonly store: Pick<WorldStore, 'readHistory'>,
    /** Runs work in the writer's order. */
    private readonly serial: <T>(work: () => Promise<T>) => Promise<T>,
    /**
     * Team sync, while it is on (docs/history.md#sync): entries say the team's laptop id, and the
     * team account as who did it, as the server checks.
     */
    private readonly team: () => Pick<SyncPort, 'laptop' | 'author' | 'role'> | null,
  ) {}

  /** Where this laptop's entries say they were made: the team's laptop id while syncing, else this store's own. */
  get laptop(): string {
    return this.team()?.laptop ?? this.world.laptop;
  }

  /**
   * The next action's id: the laptop's next number (kept in the store's meta record), so actions
   * done at one instant on one laptop keep the order they were done in, and no two share an id.
   * One id per action: its history entries and its team documents' stamp both carry it
   * (docs/sync.md#the-synced-form); with the laptop's id, it names the action across the team.
   */
  nextAction(): string {
    return (++this.world.historySeq).toString(36).padStart(6, '0');
  }

  /**
   * An action's notes as entries of action `tx`: by whoever is signed in, now, here, each at its
   * place among them. Each id ends with its content's proof (docs/history.md#the-entry).
   */
  stamp(notes: readonly HistoryNote[], now: number, tx: string): HistoryEntry[] {
    if (!notes.length) return [];
    const by = this.team()?.author ?? this.world.current.user?.email ?? '';
    const laptop = this.laptop;
    // The role the server's session gave (issue 52), the one the action's documents are stamped with; none with team sync off.
    const role = this.team()?.role;
    return notes.map(({ what, on }, place) => sealed({ at: now, by, ...(role ? { role } : {}), laptop, tx, n: place, what, on }));
  }

  /** The cached entries of these records, oldest first; null (and they are read) if one is not cached yet. */
  entries(owners: readonly HistoryOwner[]): HistoryEntry[] | null {
    const missing = owners.filter((o) => !this.cached.has(o));
    if (missing.length) {
      this.read(missing);
      return null;
    }
    const out: HistoryEntry[] = [];
    for (const owner of owners) {
      const list = this.cached.get(owner)!;
      // Most recently used last: the oldest cached record is the first let go.
      this.cached.delete(owner);
      this.cached.set(owner, list);
      out.push(...list);
    }
    return out;
  }

  /** A commit with these appends landed, and these records were deleted with their entities. */
  landed(appends: readonly HistoryAppend[], deleted: Iterable<HistoryOwner> = []): void {
    for (const { owner, entries } of appends) {
      const list = this.cached.get(owner);
      if (!list) continue;
      const ids = new Set(list.map((e) => e.id));
      for (const entry of entries) if (!ids.has(entry.id)) list.push(entry);
      list.sort(byTime);
    }
    for (const owner of deleted) this.cached.delete(owner);
  }

  /** A new world (reset, import, a rollback): nothing cached is true any more. */
  forget(): void {
    this.cached.clear();
  }

  private read(owners: HistoryOwner[]): void {
    const wanted = owners.filter((o) => !this.reading.has(o));
    if (!wanted.length) return;
    for (const o of wanted) this.reading.add(o);
    void this.serial(async () => {
      try {
        const read = await this.store.readHistory(wanted);
        for (const [owner, entries] of read) this.cached.set(owner, entries);
      } catch {
        // The store cannot be read: the view shows an empty history rather than waiting for ever.
        for (const owner of wanted) this.cached.set(owner, []);
      } finally {
        for (const o of wanted) this.reading.delete(o);
      }
      while (this.cached.size > CACHED_MAX) this.cached.delete(this.cached.keys().next().value!);
    }).then(() => this.changed.emit());
  }
}

/** Entries by the records they are appended to, leaving out records deleted in the same commit. */
export function appendsOf(entries: readonly HistoryEntry[], deleted: ReadonlySet<string> = new Set()): HistoryAppend[] {
  const by = new Map<HistoryOwner, HistoryEntry[]>();
  for (const entry of entries) {
    for (const owner of ownersOf(entry)) {
      if (deleted.has(owner)) continue;
      const list = by.get(owner);
      if (list) list.push(entry);
      else by.set(owner, [entry]);
    }
  }
  return [...by].map(([owner, list]) => ({ owner, entries: list }));
}
