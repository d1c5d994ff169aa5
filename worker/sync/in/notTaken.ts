/**
 * The team's changes this laptop has not taken into its world (issue 32,
 * docs/sync.md#what-is-not-taken), kept in one place for the join and the inbox alike, with one
 * rule each for when they are read again:
 * - **waiting** for what they name (a survey whose media set has not arrived): read again only
 *   when a document they name is taken, found through an index of what waits for what;
 * - **arriving**: part of an action not arrived whole: read again once the rest of it has arrived,
 *   or once replication has caught up (what is missing then is not coming);
 * - **refused**: they break a rule; read again only when a new version of them arrives (through
 *   the changes feed, as any change), never at every take.
 * Refusals this laptop answered with the version it holds are kept too, the latest few, to be
 * named in Settings. Each entry is a record of its own in the store, written with the take that
 * changed it, so the next leading tab goes on from the same list.
 */
import type { WorldBatch } from '../../engine/store/worldStore';
import { NOT_TAKEN_KIND } from '../records';
import type { StoredRecord } from '../../engine/store/storedForm';
import { actionKey, type SyncStamp } from '../doc/syncStamp';
import type { NotTakenShown } from '../../syncContract';
import { describedDoc } from '../doc/docIds';

export type NotTakenState = 'waiting' | 'arriving' | 'refused' | 'answered' | 'denied';

export interface NotTakenEntry {
  state: NotTakenState;
  /** the revision not taken */
  rev: string;
  why: string;
  /** who sent it, where, when, in which action (empty where the document does not say) */
  stamp: SyncStamp;
  /** waiting: the documents it names that the world does not hold */
  needs?: string[];
  /** answered: when this laptop answered it */
  answeredAt?: number;
}

/** How many answered refusals are kept to be named (the oldest go first). */
export const ANSWERED_KEPT = 50;

const NO_STAMP: SyncStamp = { by: '', laptop: '', at: 0, tx: '', n: 0 };

export interface NotTakenChange {
  set(id: string, entry: Omit<NotTakenEntry, 'stamp'> & { stamp: SyncStamp | null }): void;
  delete(id: string): void;
  readonly size: number;
  records(): Pick<WorldBatch, 'put' | 'del'>;
  /** the answered refusals once it applies, newest first */
  answered(): [string, NotTakenEntry][];
  apply(): void;
}

export class NotTaken {
  private readonly entries = new Map<string, NotTakenEntry>();
  /** the team's listed entries (waiting, refused) by what a person counts as one change, and the answered ones */
  private readonly listedChanges = new Map<string, number>();
  private readonly answeredIds = new Set<string>();
  private readonly deniedIds = new Set<string>();
  private readonly byNeed = new Map<string, Set<string>>();
  private readonly byAction = new Map<string, Set<string>>();

  constructor(stored: readonly [string, StoredRecord][] = []) {
    for (const [id, record] of stored) {
      const entry = asEntry(record);
      if (entry) this.index(id, entry);
    }
  }

  get(id: string): NotTakenEntry | undefined {
    return this.entries.get(id);
  }

  /**
   * A change of the list, applied once the take that made it has landed (a refused commit leaves
   * the list as it was): what it sets and deletes, and the records that write it. `keepDenied`
   * (a take's): it leaves this laptop's documents the server refused as they are listed. Taking a
   * document from the laptop's own database says nothing of what the server holds: a refusal ends
   * when the server holds the revision (TeamSync's refusalsMended) or when a person sends it again.
   */
  change(keepDenied = false): NotTakenChange {
    return new Change(this, keepDenied);
  }

  /** Sets an entry, or drops it (null): what a change does once its take has landed. */
  replace(id: string, entry: NotTakenEntry | null): void {
    this.drop(id);
    if (entry) this.index(id, entry);
  }

  /** The documents waiting, directly or through one another, for any of `taken`. */
  waitersOf(taken: Iterable<string>): Set<string> {
    const found = new Set<string>();
    const queue = [...taken];
    while (queue.length) {
      for (const waiter of this.byNeed.get(queue.pop()!) ?? []) {
        if (found.has(waiter)) continue;
        found.add(waiter);
        queue.push(waiter);
      }
    }
    return found;
  }

  /** What the waiting documents name that this laptop does not hold: what the server is asked for. */
  needed(): string[] {
    return [...this.byNeed.keys()];
  }

  /** The documents of an action (actionKey) still arriving. */
  arriving(action: string): ReadonlySet<string> {
    return this.byAction.get(action) ?? new Set();
  }

  /** Every document still arriving, of any action. */
  allArriving(): string[] {
    return [...this.byAction.values()].flatMap((ids) => [...ids]);
  }

  /** The action arriving with the most documents: how far it has come (the badge's "Receiving"). */
  receiving(): { arrived: number; of: number } | null {
    let best: { arrived: number; of: number } | null = null;
    for (const ids of this.byAction.values()) {
      const first = this.entries.get(ids.values().next().value ?? '');
      // The stamp's `n`: how many documents the action wrote.
      const of = first?.stamp.n ?? 0;
      if (!best || ids.size > best.arrived) best = { arrived: ids.size, of: Math.max(of, ids.size) };
    }
    return best;
  }

  /** What a person is told is not taken (not what is still arriving, nor what was answered): the team's here, and this laptop's refused by the server. */
  listed(): [string, NotTakenEntry][] {
    return [...this.entries].filter(([, e]) => e.state === 'waiting' || e.state === 'refused' || e.state === 'denied');
  }

  answered(): [string, NotTakenEntry][] {
    return [...this.answeredIds].map((id): [string, NotTakenEntry] => [id, this.entries.get(id)!]).sort(([, a], [, b]) => (b.answeredAt ?? 0) - (a.answeredAt ?? 0));
  }

  /**
   * How many of the team's changes are not taken, as a person counts them: the documents of one
   * action are one change (a document that names no action is one of its own). This laptop's own
   * the server refused are not among them (denied()).
   */
  changes(): number {
    return this.listedChanges.size;
  }

  /** How many of this laptop's documents the server refused (each listed as denied): the server does not have them. */
  denied(): number {
    return this.deniedIds.size;
  }

  /** The ids of this laptop's documents the server refused (listed as denied). */
  deniedList(): string[] {
    return [...this.deniedIds];
  }

  /** How many answered refusals are kept. */
  get answeredSize(): number {
    return this.answeredIds.size;
  }

  private index(id: string, entry: NotTakenEntry): void {
    this.entries.set(id, entry);
    this.counted(id, entry, 1);
    for (const need of entry.needs ?? []) add(this.byNeed, need, id);
    if (entry.state === 'arriving' && entry.stamp.tx) add(this.byAction, actionKey(entry.stamp), id);
  }

  private counted(id: string, entry: NotTakenEntry, by: 1 | -1): void {
    const kept = entry.state === 'answered' ? this.answeredIds : entry.state === 'denied' ? this.deniedIds : null;
    if (kept && by > 0) kept.add(id);
    else kept?.delete(id);
    // The team's changes a person is told are not taken; this laptop's the server refused are counted apart (denied()).
    if (entry.state !== 'waiting' && entry.state !== 'refused') return;
    const key = entry.stamp.tx ? `action ${actionKey(entry.stamp)}` : `id ${id}`;
    const n = (this.listedChanges.get(key) ?? 0) + by;
    if (n > 0) this.listedChanges.set(key, n);
    else this.listedChanges.delete(key);
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.counted(id, entry, -1);
    for (const need of entry.needs ?? []) remove(this.byNeed, need, id);
    if (entry.state === 'arriving') remove(this.byAction, actionKey(entry.stamp), id);
  }

}

function add(index: Map<string, Set<string>>, key: string, id: string): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(id);
}

function remove(index: Map<string, Set<string>>, key: string, id: string): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(id);
  if (!set.size) index.delete(key);
}

const STATES: ReadonlySet<string> = new Set(['waiting', 'arriving', 'refused', 'answered', 'denied']);

/** A stored entry, as this laptop wrote it (a record that is not one is left out). */
function asEntry(record: StoredRecord): NotTakenEntry | null {
  const r = record as Record<string, unknown>;
  const stamp = r.stamp as SyncStamp | undefined;
  if (typeof r.state !== 'string' || !STATES.has(r.state) || typeof r.rev !== 'string' || typeof r.why !== 'string' || typeof stamp !== 'object' || stamp === null) return null;
  const needs = Array.isArray(r.needs) ? r.needs.filter((n): n is string => typeof n === 'string') : undefined;
  return {
    state: r.state as NotTakenState,
    rev: r.rev,
    why: r.why,
    stamp,
    ...(needs ? { needs } : {}),
    ...(typeof r.answeredAt === 'number' ? { answeredAt: r.answeredAt } : {}),
  };
}

/** A change of the list, as NotTaken.change() makes it. */
class Change implements NotTakenChange {
  private readonly sets = new Map<string, NotTakenEntry | null>();

  constructor(
    private readonly list: NotTaken,
    private readonly keepDenied: boolean,
  ) {}

  get size(): number {
    return this.sets.size;
  }

  private now(id: string): NotTakenEntry | null | undefined {
    return this.sets.has(id) ? this.sets.get(id) : this.list.get(id);
  }

  set(id: string, entry: Omit<NotTakenEntry, 'stamp'> & { stamp: SyncStamp | null }): void {
    if (this.keepDenied && this.now(id)?.state === 'denied') return;
    this.sets.set(id, { ...entry, stamp: entry.stamp ?? NO_STAMP });
  }

  delete(id: string): void {
    const now = this.now(id);
    // Taken or superseded, it is no longer listed; an answered refusal stays named.
    if (now && now.state !== 'answered' && !(this.keepDenied && now.state === 'denied')) this.sets.set(id, null);
  }

  answered(): [string, NotTakenEntry][] {
    const all = new Map(this.list.answered());
    for (const [id, entry] of this.sets) {
      if (entry?.state === 'answered') all.set(id, entry);
      else all.delete(id);
    }
    return [...all].sort(([, a], [, b]) => (b.answeredAt ?? 0) - (a.answeredAt ?? 0));
  }

  records(): Pick<WorldBatch, 'put' | 'del'> {
    const put: WorldBatch['put'] = [];
    const del: WorldBatch['del'] = [];
    for (const [id, entry] of this.sets) {
      if (entry) put.push({ kind: NOT_TAKEN_KIND, id, record: { o: 0, ...entry } as unknown as StoredRecord });
      else del.push({ kind: NOT_TAKEN_KIND, id });
    }
    // The oldest answered refusals past the bound go with this change.
    for (const [id] of this.answered().slice(ANSWERED_KEPT)) del.push({ kind: NOT_TAKEN_KIND, id });
    return { put, del };
  }

  apply(): void {
    const answered = this.answered();
    for (const [id, entry] of this.sets) this.list.replace(id, entry);
    for (const [id] of answered.slice(ANSWERED_KEPT)) this.list.replace(id, null);
  }
}

/** What Settings lists: the team's changes not taken (newest first), and the refusals answered. */
export function notTakenLists(list: NotTaken): { listed: NotTakenShown[]; answered: NotTakenShown[] } {
  const byTime = (a: NotTakenShown, b: NotTakenShown) => b.at - a.at || (a.id < b.id ? -1 : 1);
  return { listed: list.listed().map(notTakenShown).sort(byTime), answered: list.answered().map(notTakenShown) };
}

/** A change not taken as Settings names it (docs/sync.md#what-is-not-taken). */
function notTakenShown([id, e]: [string, NotTakenEntry]): NotTakenShown {
  return {
    id,
    what: describedDoc(id),
    state: e.state === 'arriving' ? 'waiting' : e.state,
    why: e.why,
    by: e.stamp.by,
    laptop: e.stamp.laptop,
    at: e.stamp.at,
    ...(e.answeredAt !== undefined ? { answeredAt: e.answeredAt } : {}),
  };
}
