/**
 * Where the engine keeps the world (docs/architecture.md#arch-record): one record per entity, keyed by kind and id,
 * a meta record (data version, save stamps, the session keys), and the answers of calls already
 * applied (so a call replayed after a change of leading tab is answered, not applied twice).
 * A commit is one transaction: all of it lands, or none of it. The IndexedDB implementation is in
 * idbStore.ts; the memory one here serves the tests and the benchmark.
 */
import type { ActionResult } from '../../api';
import type { Current, EntityKind, Flags, Id } from '../../domain/types';
import type { StoredRecord } from './storedForm';
import { entityKey, keyParts, kindPrefix } from '../../domain/names';
import type { HistoryEntry, HistoryStart } from '../../domain/history';
import { appendTo, byPage, entriesOf, namesOf, NAMES_PAGE, type HistoryOwner } from './historyRecords';
import { byTime } from '../../domain/history';
import { MemoryRecords } from './memoryRecords';

/**
 * Beside the captures' records, their row records: what the capture table shows of each (its fields
 * without the survey lists, and its last derived row), packed 128 buckets to the store
 * (rowBuckets.ts), so a boot's first look reads 128 records, not 10 000 whole captures (issues 11
 * and 22). Written in the same transaction as the capture.
 */
export const CAPTURE_ROWS = 'captureRows';
/**
 * Every entity's history (docs/history.md#stored-form): one record per survey, capture, media set
 * and drive, appended in the commit of the action that made its entries (historyRecords.ts).
 */
export const HISTORY_KIND = '~history';
/**
 * People's stars (issue 36): one record each, keyed by who, kind and id (favouriteKey), written in
 * the commit that set or took it off. Read by the first look too: the lists' "My favorites" needs them.
 */
export const FAVOURITES_KIND = 'favourites';
/**
 * A kind of record another part keeps here beside the world (team sync's, worker/sync/records.ts):
 * the store holds it by kind and id, as it is handed, and the engine reads none of it.
 */
export type SideKind = `~${string}`;
export type StoredKind = EntityKind | typeof CAPTURE_ROWS | typeof HISTORY_KIND | typeof FAVOURITES_KIND | SideKind;
/** One record, named by its kind and id. */
export interface RecordName {
  kind: StoredKind;
  id: Id;
}

/**
 * Whether the store holds the record `kept` names: a world that says so (a team world,
 * docs/sync.md#joining-leaving-switching-worlds) is never discarded by the demo's expiry, being
 * someone's work and not a sample to start again from.
 */
export async function holdsKept(store: Pick<WorldStore, 'readKind'>, kept: RecordName | undefined): Promise<boolean> {
  return kept ? (await store.readKind(kept.kind)).some(([id]) => id === kept.id) : false;
}

export interface StoreMeta {
  version: number;
  savedAt: number;
  loadedAt: number;
  current: Current;
  flags: Flags;
  /**
   * When (the pages' wall clock) the version rule last discarded the stored data: a page's copy of
   * localStorage read before it is stale, and never discards again (bootChoice.ts).
   */
  discardedAt?: number;
  /** How this world's history began (docs/history.md); absent in a store written before it. */
  history?: HistoryStart;
  /** This browser store's laptop id, made once and kept (docs/history.md#where). */
  laptop?: string;
  /** The number of this laptop's last action (HistoryBook.nextAction): its id in its entries and its documents' stamp. */
  historySeq?: number;
  /** How many surveys the world holds: a reload says what it opens before reading any (issue 54). */
  surveys?: number;
}

/** Entries added to an entity's history record, in the commit's transaction, each once. */
export interface HistoryAppend {
  owner: HistoryOwner;
  entries: HistoryEntry[];
}

export interface WorldBatch {
  /** Empties the store first (a whole new world: sample data, reset, import), history too unless `keepHistory`. */
  clear?: boolean;
  /** With `clear`: the history records stay (a boot that writes a newer copy of the same world). */
  keepHistory?: boolean;
  /** Deletes every history record (a new world written over one the store mirrors: a new history). */
  dropHistory?: boolean;
  /** History entries appended to their records, after the puts. */
  history?: HistoryAppend[];
  put: { kind: StoredKind; id: Id; record: StoredRecord }[];
  del: { kind: StoredKind; id: Id }[];
  meta?: StoreMeta;
  /** A call applied in this commit and its answer. */
  call?: { id: string; result: ActionResult };
  /** Answers old enough to be forgotten. */
  forget?: string[];
}

export interface StoredWorld {
  meta: StoreMeta | undefined;
  records: Partial<Record<StoredKind, [Id, StoredRecord][]>>;
  /** Ids of the calls whose answers are kept. */
  calls: string[];
}

export interface WorldStore {
  readAll(): Promise<StoredWorld>;
  /** The meta record and the records of some kinds only (the first look of a boot). */
  readKinds(kinds: readonly StoredKind[]): Promise<Pick<StoredWorld, 'meta' | 'records'>>;
  /** How many records of a kind are stored (nothing is read). */
  count(kind: StoredKind): Promise<number>;
  /** The records of one kind, in key order (team sync's outbox and held revisions). */
  readKind(kind: StoredKind): Promise<[Id, StoredRecord][]>;
  /** Resolves once the transaction has completed (the data is on disk); rejects if it aborted. */
  commit(batch: WorldBatch): Promise<void>;
  /** The stored answer of a call already applied, if any. */
  answerOf(callId: string): Promise<ActionResult | undefined>;
  /** The history records of some entities, read whole (a history view opens). */
  readHistory(owners: readonly HistoryOwner[]): Promise<Map<HistoryOwner, HistoryEntry[]>>;
}

export const META_KEY = ['~meta', 'world'] as const;
export const CALL_KIND = '~call';

export interface MemoryStore extends WorldStore {
  data: Map<string, unknown>;
  /** Keys written (put or deleted) by each commit, in order; history records apart. */
  commits: number[];
  /** History records appended to (or deleted with their entities) by each commit, in order. */
  historyCommits: number[];
  /** Makes every commit from now on fail with this error (a full disk). */
  failWith: Error | null;
}

const keyOf = entityKey;

/**
 * `serialised`: each record is kept as the bytes of its JSON, as IndexedDB keeps its records off the
 * worker's heap. The benchmark's store (docs/engine.md#the-benchmarks-store): kept as live copies,
 * every record a commit wrote survived the next collections and was charged to the actions after
 * it, which a real store never is. The tests read `data` as the records themselves.
 */
export function memoryStore({ serialised = false }: { serialised?: boolean } = {}): MemoryStore {
  const data = new MemoryRecords();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const keep = serialised ? (value: unknown) => encoder.encode(JSON.stringify(value)) : (value: unknown) => structuredClone(value);
  /** A record as read: a copy of its own, as IndexedDB hands over. */
  const read = serialised ? (value: unknown) => (value instanceof Uint8Array ? (JSON.parse(decoder.decode(value)) as unknown) : value) : (value: unknown) => structuredClone(value);
  /** What a read of many hands over, copied once whole unless each was made anew. */
  const handOver = <T>(whole: T): T => (serialised ? whole : structuredClone(whole));
  const held = serialised ? read : (value: unknown) => value;
  /** One kind's records, by id, as held. */
  const recordsOf = (kind: StoredKind): [Id, StoredRecord][] => {
    return [...data.keysOf(kind)].map((key) => [keyParts(key)[1], held(data.get(key)) as StoredRecord]);
  };
  // Each entity's history records (one a week), so reading or deleting them scans no other key.
  const pages = new Map<HistoryOwner, Set<string>>();
  const namesKey = keyOf(HISTORY_KIND, NAMES_PAGE);
  const dropPages = (owner: HistoryOwner) => {
    for (const key of pages.get(owner) ?? []) data.delete(key);
    pages.delete(owner);
  };
  const store: MemoryStore = {
    data,
    commits: [],
    historyCommits: [],
    failWith: null,
    async readAll() {
      const records: StoredWorld['records'] = {};
      let meta: StoreMeta | undefined;
      const calls: string[] = [];
      for (const [key, value] of data) {
        const [kind, id] = keyParts(key);
        if (kind === META_KEY[0]) meta = held(value) as StoreMeta;
        else if (kind === CALL_KIND) calls.push(id);
        // As in IndexedDB: a boot reads the world, never the history (read when a history is shown).
        else if (kind === HISTORY_KIND) continue;
        else (records[kind as EntityKind] ??= []).push([id, held(value) as StoredRecord]);
      }
      // One copy of the whole read, as IndexedDB's getAll hands over fresh objects in bulk.
      return handOver({ meta, records, calls });
    },
    async readKind(kind) {
      return handOver(recordsOf(kind).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    },
    async count(kind) {
      return data.keysOf(kind).size;
    },
    async readKinds(kinds) {
      const records: StoredWorld['records'] = Object.fromEntries(kinds.map((kind) => [kind, recordsOf(kind)]));
      return handOver({ meta: held(data.get(keyOf(...META_KEY))) as StoreMeta | undefined, records });
    },
    async commit(batch) {
      await Promise.resolve();
      if (store.failWith) throw store.failWith;
      const history = kindPrefix(HISTORY_KIND);
      if (batch.clear) for (const key of [...data.keys()]) if (!batch.keepHistory || !key.startsWith(history)) data.delete(key);
      if ((batch.clear && !batch.keepHistory) || batch.dropHistory) {
        for (const key of [...data.keys()]) if (key.startsWith(history)) data.delete(key);
        pages.clear();
      }
      let n = 0;
      let appended = 0;
      for (const { kind, id, record } of batch.put) {
        data.set(keyOf(kind, id), keep(record));
        n++;
      }
      for (const { kind, id } of batch.del) {
        // A history record named by its entity: every week of it.
        if (kind === HISTORY_KIND) {
          dropPages(id as HistoryOwner);
          appended++;
          continue;
        }
        data.delete(keyOf(kind, id));
        n++;
      }
      if (batch.meta) {
        data.set(keyOf(...META_KEY), keep(batch.meta));
        n++;
      }
      // The names are read only by a commit that appends, as IndexedDB's (idbStore.appendHistory).
      const names = batch.history?.length ? namesOf(read(data.get(namesKey))) : [];
      const named = names.length;
      for (const { owner, entries } of batch.history ?? []) {
        for (const [page, list] of byPage(owner, entries)) {
          const key = keyOf(HISTORY_KIND, page);
          const grown = appendTo(owner, read(data.get(key)), list, names);
          data.set(key, serialised ? keep(grown) : grown);
          let set = pages.get(owner);
          if (!set) pages.set(owner, (set = new Set()));
          set.add(key);
          appended++;
        }
      }
      if (names.length > named) data.set(namesKey, keep(names));
      if (batch.call) data.set(keyOf(CALL_KIND, batch.call.id), keep(batch.call.result));
      for (const id of batch.forget ?? []) data.delete(keyOf(CALL_KIND, id));
      store.commits.push(n);
      store.historyCommits.push(appended);
    },
    async answerOf(callId) {
      return held(data.get(keyOf(CALL_KIND, callId))) as ActionResult | undefined;
    },
    async readHistory(owners) {
      const names = namesOf(read(data.get(namesKey)));
      return new Map(owners.map((owner) => [owner, [...(pages.get(owner) ?? [])].flatMap((key) => entriesOf(owner, read(data.get(key)), names)).sort(byTime)]));
    },
  };
  return store;
}
