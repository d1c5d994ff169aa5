/**
 * A history entry as the team document every laptop takes it from (docs/history.md#sync): an
 * action's entries go out with it (out/journal.ts), a settled conflict's with its settlement
 * (in/resolving.ts).
 */
import type { HistoryEntry } from '../../domain/history';
import type { WrittenDoc } from './database';
import { HISTORY_DOC_KIND, historyDocId } from './docIds';
import { childRevision } from './revisions';
import { canonical } from './syncedForm';
import type { SyncStamp } from './syncStamp';

/** The entry as the team document every laptop takes it from. */
export function historyDoc(entry: HistoryEntry, stamp: SyncStamp): WrittenDoc {
  const { arrivedAt: _a, ...kept } = entry;
  const body = canonical({ _id: historyDocId(entry.id), kind: HISTORY_DOC_KIND, entry: kept, stamp });
  return { ...body, ...childRevision(undefined, body) };
}
