/**
 * Where the engine keeps the world (ARCHITECTURE §3): one record per entity, keyed by kind and id,
 * a meta record (data version, save stamps, the session keys), and the answers of calls already
 * applied (so a call replayed after a change of leading tab is answered, not applied twice).
 * A commit is one transaction: all of it lands, or none of it. The IndexedDB implementation is in
 * idbStore.ts; the memory one here serves the tests and the benchmark.
 */
import type { ActionResult } from '../../api';
import type { Current, EntityKind, Flags, Id } from '../../domain/types';
import type { StoredRecord } from './storedForm';

export interface StoreMeta {
  version: number;
  savedAt: number;
  loadedAt: number;
  current: Current;
  flags: Flags;
}

export interface WorldBatch {
  /** Empties the store first (a whole new world: sample data, reset, import). */
  clear?: boolean;
  put: { kind: EntityKind; id: Id; record: StoredRecord }[];
  del: { kind: EntityKind; id: Id }[];
  meta?: StoreMeta;
  /** A call applied in this commit and its answer. */
  call?: { id: string; result: ActionResult };
  /** Answers old enough to be forgotten. */
  forget?: string[];
}

export interface StoredWorld {
  meta: StoreMeta | undefined;
  records: Partial<Record<EntityKind, [Id, StoredRecord][]>>;
  /** Ids of the calls whose answers are kept. */
  calls: string[];
}

export interface WorldStore {
  readAll(): Promise<StoredWorld>;
  /** The meta record and the records of some kinds only (the first look of a boot). */
  readKinds(kinds: readonly EntityKind[]): Promise<Pick<StoredWorld, 'meta' | 'records'>>;
  /** Resolves once the transaction has completed (the data is on disk); rejects if it aborted. */
  commit(batch: WorldBatch): Promise<void>;
  /** The stored answer of a call already applied, if any. */
  answerOf(callId: string): Promise<ActionResult | undefined>;
}

export const META_KEY = ['~meta', 'world'] as const;
export const CALL_KIND = '~call';

export interface MemoryStore extends WorldStore {
  data: Map<string, unknown>;
  /** Keys written (put or deleted) by each commit, in order. */
  commits: number[];
  /** Makes every commit from now on fail with this error (a full disk). */
  failWith: Error | null;
}

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

export function memoryStore(): MemoryStore {
  const data = new Map<string, unknown>();
  const store: MemoryStore = {
    data,
    commits: [],
    failWith: null,
    async readAll() {
      const records: StoredWorld['records'] = {};
      let meta: StoreMeta | undefined;
      const calls: string[] = [];
      for (const [key, value] of data) {
        const [kind, id] = key.split('\u0000') as [string, string];
        if (kind === META_KEY[0]) meta = value as StoreMeta;
        else if (kind === CALL_KIND) calls.push(id);
        else (records[kind as EntityKind] ??= []).push([id, value as StoredRecord]);
      }
      // One copy of the whole read, as IndexedDB's getAll hands over fresh objects in bulk.
      return structuredClone({ meta, records, calls });
    },
    async readKinds(kinds) {
      const records: StoredWorld['records'] = Object.fromEntries(kinds.map((k) => [k, []]));
      for (const [key, value] of data) {
        const [kind, id] = key.split('\u0000') as [EntityKind, string];
        records[kind]?.push([id, value as StoredRecord]);
      }
      return structuredClone({ meta: data.get(keyOf(...META_KEY)) as StoreMeta | undefined, records });
    },
    async commit(batch) {
      await Promise.resolve();
      if (store.failWith) throw store.failWith;
      if (batch.clear) data.clear();
      let n = 0;
      for (const { kind, id, record } of batch.put) {
        data.set(keyOf(kind, id), structuredClone(record));
        n++;
      }
      for (const { kind, id } of batch.del) {
        data.delete(keyOf(kind, id));
        n++;
      }
      if (batch.meta) {
        data.set(keyOf(...META_KEY), structuredClone(batch.meta));
        n++;
      }
      if (batch.call) data.set(keyOf(CALL_KIND, batch.call.id), structuredClone(batch.call.result));
      for (const id of batch.forget ?? []) data.delete(keyOf(CALL_KIND, id));
      store.commits.push(n);
    },
    async answerOf(callId) {
      return data.get(keyOf(CALL_KIND, callId)) as ActionResult | undefined;
    },
  };
  return store;
}
