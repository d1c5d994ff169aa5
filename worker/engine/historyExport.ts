/**
 * Every history entry the store holds, for Export (docs/history.md#kept): each record read and
 * unpacked, an entry kept under two records (a media set's and its drive's) listed once, oldest first.
 */
import { byTime, type HistoryEntry } from '../domain/history';
import { entriesOf, namesOf, NAMES_PAGE, ownerOfPage } from './store/historyRecords';
import { HISTORY_KIND, type WorldStore } from './store/worldStore';

export async function allEntries(store: Pick<WorldStore, 'readKind'>): Promise<HistoryEntry[]> {
  const byId = new Map<string, HistoryEntry>();
  const records = await store.readKind(HISTORY_KIND);
  const names = namesOf(records.find(([page]) => page === NAMES_PAGE)?.[1]);
  for (const [page, record] of records) {
    if (page !== NAMES_PAGE) for (const entry of entriesOf(ownerOfPage(page), record, names)) byId.set(entry.id, entry);
  }
  return [...byId.values()].sort(byTime);
}
