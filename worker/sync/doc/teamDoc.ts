/**
 * One reading of a team document (issue 32, docs/sync.md#one-reading-of-a-team-document): what
 * anything that takes a document from the team world (a join, the inbox, a merge a person made)
 * reads it as. The rules the team server checks before a write (worker/domain/teamRules.js,
 * docs/sync.md#one-rule-checked-in-three-places) are checked again here: by its `_id` and its
 * `kind` together, each part's shape and every stored field with its type and bounds. The
 * database's own documents (design, local) and the seed are not the world's. An entity's fields
 * are then read by restore() strictly beside what it names (takenIntoWorld.ts), never repaired.
 */
import type { Favourite } from '../../domain/favourites';
import type { FrameFlag } from '../../domain/frameFlags';
import type { HistoryEntry } from '../../domain/history';
import { readHistoryEntry } from '../../domain/historyFile';
import { isObj, shownId } from '../../domain/storedFields';
import { TEAM_RULES } from '../../domain/teamDocRules';
import { specOk, teamDocRefusal } from '../../domain/teamRules';
import type { EntityKind, Id } from '../../domain/types';
import type { StoredRecord } from '../../engine/store/storedForm';
import type { StoredDoc } from './database';
import { parseDocId, type FlagPlace } from './docIds';
import type { SyncStamp } from './syncStamp';

export type Places = Partial<Record<EntityKind, number>>;

export type TeamDoc = (
  | { is: 'not-the-world' }
  | { is: 'refused'; why: string }
  | { is: 'entity'; kind: EntityKind; id: Id; removed: true }
  | { is: 'entity'; kind: EntityKind; id: Id; removed: false; record: StoredRecord; at: Places }
  | { is: 'flag'; place: FlagPlace; removed: true }
  | { is: 'flag'; place: FlagPlace; removed: false; flag: FrameFlag }
  | { is: 'speed'; removed: true }
  | { is: 'speed'; removed: false; speed: number }
  | { is: 'history'; entry: HistoryEntry }
  | { is: 'favourite'; star: Favourite; removed: boolean }
) & { stamp: SyncStamp | null };

/** Who wrote a document, where, when and in which action; null if it does not say so in that shape. */
export function stampOf(doc: Record<string, unknown>): SyncStamp | null {
  const s = doc.stamp;
  return isObj(s) && specOk(TEAM_RULES.stamp, s) ? (s as unknown as SyncStamp) : null;
}

export function readTeamDoc(doc: StoredDoc): TeamDoc {
  const id = doc._id;
  const parsed = parseDocId(id);
  if (parsed.is === 'database' || parsed.is === 'seed') return { is: 'not-the-world', stamp: null };
  const stamp = stampOf(doc);
  const why = teamDocRefusal(doc, undefined, null, TEAM_RULES);
  if (why) return { is: 'refused', why, stamp };
  if (parsed.is === 'unknown' || !stamp) return { is: 'refused', why: `${shownId(id)} names no kind of entity`, stamp };
  const removed = doc._deleted === true;
  if (parsed.is === 'history') {
    // Read again as a file reads it: every parameter of its event, and its id against its body.
    const entry = readHistoryEntry(doc.entry);
    if (typeof entry === 'string') return { is: 'refused', why: `${shownId(id)} is not a history entry: ${entry}`, stamp };
    if (entry.id !== parsed.id) return { is: 'refused', why: `${shownId(id)} holds the entry ${shownId(entry.id)}`, stamp };
    return { is: 'history', entry, stamp };
  }
  if (parsed.is === 'favourite') return { is: 'favourite', star: parsed.star, removed, stamp };
  if (parsed.is === 'speed') return removed ? { is: 'speed', removed, stamp } : { is: 'speed', removed, speed: doc.speed as number, stamp };
  if (parsed.is === 'flag') {
    return removed ? { is: 'flag', place: parsed.place, removed, stamp } : { is: 'flag', place: parsed.place, removed, flag: doc.flag as FrameFlag, stamp };
  }
  if (removed) return { is: 'entity', kind: parsed.kind, id: parsed.id, removed, stamp };
  return { is: 'entity', kind: parsed.kind, id: parsed.id, removed, record: doc.e as StoredRecord, at: (doc.at ?? {}) as Places, stamp };
}
