/**
 * Every history entry the store holds, for Export (docs/history.md#kept): each record read and
 * unpacked, an entry kept under two records (a media set's and its drive's) listed once, oldest first.
 */
import { byTime, type HistoryEntry } from '../domain/history';
import { entriesOf, ownerOfPage } from './store/historyRecords';
import { HISTORY_KIND, type WorldStore } from './store/worldStore';

export async function allEntries(store: Pick<WorldStore, 'readKind'>): Promise<HistoryEntry[]> {
  const byId = new Map<string, HistoryEntry>();
  for (const [page, record] of await store.readKind(HISTORY_KIND)) {
    for (const entry of entriesOf(ownerOfPage(page), record)) byId.set(entry.id, entry);
  }
  return [...byId.values()].sort(byTime);
}
