/**
 * One reading of a team document (issue 32, docs/sync.md#one-reading-of-a-team-document): what
 * anything that takes a document from the team world (a join, the inbox, a merge a person made)
 * reads it as. By its `_id` and its `kind` together, refused when they disagree; the database's own
 * documents (design, local) and the seed are not the world's; the shape of each part is checked
 * here, and an entity's fields by restore()'s strict rules where it goes into the world
 * (takenIntoWorld.ts), never repaired into something else.
 */
import { isFrameFlag, type FrameFlag } from '../domain/frameFlags';
import { ENTITY_KINDS } from '../domain/restore';
import { isSimulationSpeed } from '../domain/session';
import { isObj, shownId } from '../domain/storedFields';
import type { EntityKind, Id } from '../domain/types';
import type { StoredRecord } from '../engine/store/storedForm';
import type { StoredDoc } from './database';
import { FLAG_KIND, HISTORY_KIND, parseDocId, SPEED_ID, type FlagPlace } from './docIds';
import { readHistoryEntry } from '../domain/historyFile';
import type { HistoryEntry } from '../domain/history';
import type { SyncStamp } from './syncedForm';

/** Far above any document the console writes (a survey's is under 1 kB): a 5 MB string is no change of ours. */
export const DOC_MAX_CHARS = 100_000;

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
) & { stamp: SyncStamp | null };

const KINDS: ReadonlySet<string> = new Set(ENTITY_KINDS);

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** Who wrote a document, where, when and in which action; null if it does not say so in that shape. */
export function stampOf(doc: Record<string, unknown>): SyncStamp | null {
  const s = doc.stamp;
  if (!isObj(s)) return null;
  if (!isText(s.by, 254) || !isText(s.laptop, 100) || typeof s.at !== 'number' || !Number.isFinite(s.at) || !isText(s.tx, 300) || !isCount(s.n)) return null;
  return { by: s.by, laptop: s.laptop, at: s.at, tx: s.tx, n: s.n };
}

function placesOf(at: unknown): Places | null {
  if (at === undefined) return {};
  if (!isObj(at)) return null;
  for (const [kind, place] of Object.entries(at)) if (!KINDS.has(kind) || !isCount(place)) return null;
  return at as Places;
}

/** The length of a document's JSON, bounded: a document past the bound is not read further. */
function tooLarge(doc: StoredDoc): boolean {
  try {
    return JSON.stringify(doc).length > DOC_MAX_CHARS;
  } catch {
    return true;
  }
}

export function readTeamDoc(doc: StoredDoc): TeamDoc {
  const id = doc._id;
  const parsed = parseDocId(id);
  if (parsed.is === 'database' || parsed.is === 'seed') return { is: 'not-the-world', stamp: null };
  const stamp = stampOf(doc);
  const refused = (why: string): TeamDoc => ({ is: 'refused', why, stamp });
  if (parsed.is === 'unknown') return refused(`${shownId(id)} names no kind of entity`);
  if (tooLarge(doc)) return refused(`${shownId(id)} is larger than any document the console writes`);
  if (!stamp) return refused(`${shownId(id)} does not say who wrote it, on which laptop, when and in which action`);
  const removed = doc._deleted === true;
  if (parsed.is === 'history') {
    // An entry is never changed nor removed: only its first version is a history entry.
    if (removed) return refused(`${shownId(id)} removes a history entry, which no one may`);
    if (doc.kind !== HISTORY_KIND) return refused(`${shownId(id)} is a history entry, but says it is ${describeKind(doc.kind)}`);
    const entry = readHistoryEntry(doc.entry);
    if (typeof entry === 'string') return refused(`${shownId(id)} is not a history entry: ${entry}`);
    if (entry.id !== parsed.id) return refused(`${shownId(id)} holds the entry ${shownId(entry.id)}`);
    return { is: 'history', entry, stamp };
  }
  if (parsed.is === 'speed') {
    if (removed) return { is: 'speed', removed, stamp };
    if (doc.kind !== SPEED_ID) return refused(`${id} is the speed, but says it is ${describeKind(doc.kind)}`);
    return isSimulationSpeed(doc.speed) ? { is: 'speed', removed, speed: doc.speed, stamp } : refused(`${String(doc.speed).slice(0, 40)} is not a simulation speed`);
  }
  if (parsed.is === 'flag') {
    const { place } = parsed;
    if (removed) return { is: 'flag', place, removed, stamp };
    if (doc.kind !== FLAG_KIND) return refused(`${shownId(id)} is a frame flag, but says it is ${describeKind(doc.kind)}`);
    if (doc.surveyId !== place.surveyId) return refused(`${shownId(id)} names survey ${shownId(place.surveyId)}, but its body names another`);
    const flag = doc.flag;
    if (!isFrameFlag(flag)) return refused(`${shownId(id)} is not a frame flag`);
    if (flag.line !== place.line || flag.frame !== place.frame || flag.camera !== place.camera) return refused(`${shownId(id)} names another frame than its body`);
    return { is: 'flag', place, removed, flag, stamp };
  }
  const { kind } = parsed;
  if (removed) return { is: 'entity', kind, id: parsed.id, removed, stamp };
  if (doc.kind !== kind) return refused(`${shownId(id)} is one of the ${kind}, but says it is ${describeKind(doc.kind)}`);
  const record = doc.e;
  if (!isObj(record) || !Number.isInteger(record.o)) return refused(`${shownId(id)} holds no stored form of its entity`);
  const at = placesOf(doc.at);
  if (!at) return refused(`${shownId(id)} does not say rightly where it stands in its parents’ lists`);
  return { is: 'entity', kind, id: parsed.id, removed, record: record as StoredRecord, at, stamp };
}

function describeKind(kind: unknown): string {
  if (kind === undefined || kind === null) return 'of no kind';
  return typeof kind === 'string' ? `of the kind “${kind.slice(0, 40)}”` : 'of no kind';
}
