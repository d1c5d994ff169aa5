/**
 * The world in IndexedDB: one object store, records keyed by `[kind, id]`, so a commit of any mix
 * of kinds is one transaction and a kind reads back with one key range (getAll + getAllKeys).
 * idb-keyval's createStore opens the database and hands over the raw object store; that is all
 * the wrapper needed here (the key ranges and the multi-kind transaction are plain IndexedDB).
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { ActionResult } from '../../api';
import { ENTITY_KINDS } from '../../domain/restore';
import type { Id } from '../../domain/types';
import type { StoredRecord } from './storedForm';
import { CALL_KIND, FAVOURITES_KIND, HISTORY_KIND, META_KEY, type StoreMeta, type StoredKind, type StoredWorld, type WorldBatch, type WorldStore } from './worldStore';
import { appendTo, byPage, entriesOf, namesOf, NAMES_PAGE, pageRange, type HistoryNames, type HistoryOwner } from './historyRecords';
import { byTime } from '../../domain/history';

const kindRange = (kind: string) => IDBKeyRange.bound([kind], [kind, []]);
/** Every week's record of an entity's history. */
const pagesRange = (owner: HistoryOwner) => {
  const [from, to] = pageRange(owner);
  return IDBKeyRange.bound([HISTORY_KIND, from], [HISTORY_KIND, to]);
};
/** Every key but the history's: below its kind, and above it (an array sorts after every string id). */
const besideHistory = () => [IDBKeyRange.upperBound([HISTORY_KIND], true), IDBKeyRange.lowerBound([HISTORY_KIND, []], true)];

/** A kind's records in key order, each beside its id: one getAllKeys and one getAll over its range. */
async function recordsOf(store: IDBObjectStore, kind: string): Promise<[Id, StoredRecord][]> {
  const range = kindRange(kind);
  const [keys, values] = await Promise.all([promisifyRequest(store.getAllKeys(range)), promisifyRequest(store.getAll(range) as IDBRequest<StoredRecord[]>)]);
  return keys.map((k, i) => [(k as [string, Id])[1], values[i]!]);
}

/**
 * How many records one request of the whole read asks for. The browser's IndexedDB serves an
 * origin's requests one after another: a getAll of 100 000 surveys is one long task there, and a
 * reload's first look (another worker, small reads) waited behind it (issue 54). In pages, the
 * next page's first look is served between two of them.
 */
export const READ_PAGE = 5_000;

/** Like recordsOf, a page at a time, each from the key after the last (one transaction: one snapshot). */
async function recordsInPages(store: IDBObjectStore, kind: string): Promise<[Id, StoredRecord][]> {
  const out: [Id, StoredRecord][] = [];
  let range = kindRange(kind);
  for (;;) {
    const [keys, values] = await Promise.all([promisifyRequest(store.getAllKeys(range, READ_PAGE)), promisifyRequest(store.getAll(range, READ_PAGE) as IDBRequest<StoredRecord[]>)]);
    for (let i = 0; i < keys.length; i++) out.push([(keys[i] as [string, Id])[1], values[i]!]);
    if (keys.length < READ_PAGE) return out;
    range = IDBKeyRange.bound(keys[keys.length - 1]!, [kind, []], true);
  }
}

const NAMES_KEY = [HISTORY_KIND, NAMES_PAGE];

/**
 * Entries appended where they are kept, inside the commit's transaction: the names read, each
 * week's record read and written back with its entries, and the names written back if they grew.
 * A transaction's requests succeed in the order they were made, so the names are in hand before the
 * first record's read succeeds, and every record is appended to before the last read succeeds.
 */
function appendHistory(store: IDBObjectStore, history: NonNullable<WorldBatch['history']>): void {
  let names: HistoryNames = [];
  let named = 0;
  const first = store.get(NAMES_KEY);
  first.onsuccess = () => {
    names = namesOf(first.result);
    named = names.length;
  };
  for (const { owner, entries } of history) {
    for (const [page, list] of byPage(owner, entries)) {
      const key = [HISTORY_KIND, page];
      const read = store.get(key);
      read.onsuccess = () => void store.put(appendTo(owner, read.result, list, names), key);
    }
  }
  const last = store.get(NAMES_KEY);
  last.onsuccess = () => {
    if (names.length > named) store.put(names, NAMES_KEY);
  };
}

export function idbStore(dbName = 'aerial-survey-console', storeName = 'world'): WorldStore {
  const use: UseStore = createStore(dbName, storeName);
  return {
    readAll: () =>
      use('readonly', async (store) => {
        const meta = promisifyRequest(store.get([...META_KEY]) as IDBRequest<StoreMeta | undefined>);
        // The world: its entities and people's stars.
        const kinds = [...ENTITY_KINDS, FAVOURITES_KIND as StoredKind].map(async (kind) => [kind, await recordsInPages(store, kind)] as const);
        const calls = promisifyRequest(store.getAllKeys(kindRange(CALL_KIND)));
        const records: StoredWorld['records'] = {};
        for (const [kind, list] of await Promise.all(kinds)) records[kind] = list;
        return { meta: await meta, records, calls: (await calls).map((k) => (k as [string, string])[1]) };
      }),
    readKinds: (kinds) =>
      use('readonly', async (store) => {
        const meta = promisifyRequest(store.get([...META_KEY]) as IDBRequest<StoreMeta | undefined>);
        const records: StoredWorld['records'] = {};
        await Promise.all(
          kinds.map(async (kind) => {
            records[kind] = await recordsOf(store, kind);
          }),
        );
        return { meta: await meta, records };
      }),
    count: (kind) => use('readonly', (store) => promisifyRequest(store.count(kindRange(kind)))),
    readKind: (kind) => use('readonly', (store) => recordsOf(store, kind)),
    commit: (batch) =>
      use('readwrite', (store) => {
        if (batch.clear && !batch.keepHistory) store.clear();
        else if (batch.clear) for (const range of besideHistory()) store.delete(range);
        if (batch.dropHistory) store.delete(kindRange(HISTORY_KIND));
        for (const { kind, id, record } of batch.put) store.put(record, [kind, id]);
        // A history record named by its entity: every week of it.
        for (const { kind, id } of batch.del) store.delete(kind === HISTORY_KIND ? pagesRange(id as HistoryOwner) : [kind, id]);
        if (batch.history?.length) appendHistory(store, batch.history);
        if (batch.meta) store.put(batch.meta, [...META_KEY]);
        if (batch.call) store.put(batch.call.result, [CALL_KIND, batch.call.id]);
        for (const id of batch.forget ?? []) store.delete([CALL_KIND, id]);
        // Resolves on the transaction's complete event: the commit is durable, not merely queued.
        return promisifyRequest(store.transaction);
      }),
    readHistory: (owners) =>
      use('readonly', async (store) => {
        const names = promisifyRequest(store.get(NAMES_KEY)).then(namesOf);
        const read = owners.map(async (owner) => {
          const records = await promisifyRequest(store.getAll(pagesRange(owner)));
          const known = await names;
          return [owner, records.flatMap((record) => entriesOf(owner, record, known)).sort(byTime)] as const;
        });
        return new Map<HistoryOwner, ReturnType<typeof entriesOf>>(await Promise.all(read));
      }),
    answerOf: (callId) =>
      use('readonly', (store) => promisifyRequest(store.get([CALL_KIND, callId]) as IDBRequest<ActionResult | undefined>)),
  };
}
