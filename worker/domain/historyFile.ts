/**
 * The history in the all.json shape (Export, Import, a generated world with a past; docs/history.md#kept):
 * `history: { since, origin, entries }`, each entry as a team document would hold it. Read as
 * strictly as the entities (issue 19): every field of its type and bounds, the id what its time,
 * laptop, action and place give (and its content's proof, where it carries one), and an entry that concerns no entity it could be kept under is
 * refused. An earlier export has no `history`: the world's history then begins when it is read.
 */
import { FLAG_NOTE_MAX, isCamera, isFlagReason, isFrame, isLine, REJECT_REASON_MAX } from './frameFlags';
import { DERIVED_KINDS, historyId, ownersOf, proofOf, type HistoryEntry, type HistoryStart, type HistoryWhat } from './history';
import { ID_MAX_CHARS, isObj, type Obj } from './storedFields';
import { fail, type Problems } from './restoreProblems';
import { hasHiddenCharacter, isEmail } from './users';
import { entryProof } from './teamRules';

/** The history a world file carries: how it began, and (Export, Import) its entries. */
export interface HistoryFile extends HistoryStart {
  entries?: HistoryEntry[];
}

const TEXT_MAX = 500;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= ID_MAX_CHARS && !hasHiddenCharacter(v);
const isText = (max: number) => (v: unknown): v is string => typeof v === 'string' && v.length <= max && !hasHiddenCharacter(v);
const isPerson = (v: unknown): v is string => v === '' || isEmail(v);

/** Each kind's parameters and their rules. */
const PARAMS: Partial<Record<HistoryWhat['kind'], Record<string, (v: unknown) => boolean>>> = {
  inserted: { bays: (v) => Array.isArray(v) && v.length > 0 && v.length <= 64 && v.every((b) => Number.isInteger(b) && b >= 1 && b <= 64) },
  received: { receiveId: isText(TEXT_MAX) },
  assigned: { to: isEmail },
  reassigned: { to: isEmail },
  qcRejected: { reason: isText(REJECT_REASON_MAX) },
  flagged: { line: isLine, camera: isCamera, frame: isFrame, reason: isFlagReason, note: isText(FLAG_NOTE_MAX) },
  unflagged: { line: isLine, camera: isCamera, frame: isFrame },
  settled: { subject: isText(TEXT_MAX) },
};
const NO_PARAMS = new Set<HistoryWhat['kind']>([
  'receiveCancelled', 'ejected', 'cancelled', 'applanix', 'podconfig', 'qcStarted', 'qcApproved',
  'processingStarted', 'captureQcStarted', 'captureQcApproved', 'captureQcRejected', 'publishStarted', 'cleaned',
]);

function readWhat(raw: unknown): HistoryWhat | string {
  if (!isObj(raw) || typeof raw.kind !== 'string') return 'what is not an event';
  const kind = raw.kind as HistoryWhat['kind'];
  if (DERIVED_KINDS.has(kind)) return `what.kind "${kind}" is derived, never stored`;
  const params = PARAMS[kind];
  if (!params && !NO_PARAMS.has(kind)) return `what.kind "${raw.kind.slice(0, 40)}" is not a kind of event`;
  const what: Obj = { kind };
  for (const [key, ok] of Object.entries(params ?? {})) {
    if (!ok(raw[key])) return `what.${key} is not what a ${kind} event holds`;
    what[key] = raw[key];
  }
  return what as unknown as HistoryWhat;
}

function readOn(raw: unknown): HistoryEntry['on'] | string {
  if (!isObj(raw)) return 'on is not an object';
  const on: HistoryEntry['on'] = {};
  if (raw.surveys !== undefined) {
    if (!Array.isArray(raw.surveys) || raw.surveys.length > 10_000 || !raw.surveys.every(isId)) return 'on.surveys is not a list of ids';
    // None is kept as none (the stored form has no empty list), so an entry reads back as it was sealed.
    if (raw.surveys.length) on.surveys = [...raw.surveys];
  }
  for (const key of ['capture', 'media', 'drive'] as const) {
    if (raw[key] === undefined) continue;
    if (!isId(raw[key])) return `on.${key} is not an id`;
    on[key] = raw[key];
  }
  return on;
}

function readConflict(raw: unknown): HistoryEntry['conflict'] | string {
  if (!isObj(raw) || !Array.isArray(raw.versions) || raw.versions.length > 20) return 'conflict is not a conflict';
  const versions: NonNullable<HistoryEntry['conflict']>['versions'] = [];
  for (const v of raw.versions) {
    if (!isObj(v) || !isPerson(v.by) || !isText(ID_MAX_CHARS)(v.laptop) || !isTime(v.at) || !isText(TEXT_MAX)(v.what)) return 'conflict.versions holds a version of the wrong shape';
    versions.push({ by: v.by, laptop: v.laptop, at: v.at, what: v.what });
  }
  if (!isPerson(raw.settledBy) || !isTime(raw.settledAt) || !isText(TEXT_MAX)(raw.how)) return 'conflict does not say who settled it, when and how';
  return { versions, settledBy: raw.settledBy, settledAt: raw.settledAt, how: raw.how };
}

/** One entry as a file holds it, or what is wrong with it. */
export function readHistoryEntry(raw: unknown): HistoryEntry | string {
  if (!isObj(raw)) return 'is not an object';
  if (!isTime(raw.at)) return 'at is not a time';
  if (!isPerson(raw.by)) return 'by is not an email address';
  if (!isId(raw.laptop) || raw.laptop.includes(':')) return 'laptop is not a laptop id';
  if (!isId(raw.tx) || raw.tx.includes(':')) return 'tx is not an action id';
  if (!Number.isInteger(raw.n) || (raw.n as number) < 0) return 'n is not a place';
  const what = readWhat(raw.what);
  if (typeof what === 'string') return what;
  const on = readOn(raw.on);
  if (typeof on === 'string') return on;
  const base = historyId(raw.at, raw.laptop, raw.tx, raw.n as number);
  const entry: HistoryEntry = { id: base, at: raw.at, by: raw.by, laptop: raw.laptop, tx: raw.tx, n: raw.n as number, what, on };
  // An id of the form from before entries carried their proof is still read (docs/history.md#the-entry).
  if (typeof raw.id !== 'string' || (raw.id !== base && (!raw.id.startsWith(`${base}:`) || proofOf(raw.id) === null))) return `id is not ${base}, with or without its proof`;
  entry.id = raw.id;
  if (!ownersOf(entry).length) return `names no ${what.kind === 'inserted' || what.kind === 'received' ? 'media set' : 'entity'} it could be kept under`;
  if (raw.arrivedAt !== undefined) {
    if (!isTime(raw.arrivedAt)) return 'arrivedAt is not a time';
    entry.arrivedAt = raw.arrivedAt;
  }
  if (raw.conflict !== undefined) {
    const conflict = readConflict(raw.conflict);
    if (typeof conflict === 'string') return conflict;
    entry.conflict = conflict;
  }
  // The proof is checked against the entry as read, so one carrying anything not kept (which the
  // server's hash of the raw entry would let by) is refused too: what a laptop keeps is what was sealed.
  if (entry.id !== base && proofOf(entry.id) !== entryProof(entry)) return 'its content does not match its id: a history entry is never changed';
  return entry;
}

/**
 * A file's `history`: its start, and its entries (each once, by id). Answers what is wrong, as a
 * path and a reason, for the first problem; `entries` only where the file may carry them.
 */
export function readHistoryFile(raw: unknown, withEntries: boolean): HistoryFile | string {
  if (!isObj(raw)) return 'history is not an object';
  if (!isTime(raw.since)) return 'history.since is not a time';
  if (raw.origin !== 'sample' && raw.origin !== 'import') return 'history.origin is not "sample" or "import"';
  const file: HistoryFile = { since: raw.since, origin: raw.origin };
  if (!withEntries || raw.entries === undefined) return file;
  if (!Array.isArray(raw.entries)) return 'history.entries is not a list';
  const seen = new Set<string>();
  const entries: HistoryEntry[] = [];
  for (const [i, item] of raw.entries.entries()) {
    const entry = readHistoryEntry(item);
    if (typeof entry === 'string') return `history.entries.${i}: ${entry}`;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  file.entries = entries;
  return file;
}

/** The history a copy carries (docs/history.md#kept): strictly read, or reset and noted in a stored copy. */
export function restoreHistory(top: Obj, problems: Problems): HistoryFile | undefined {
  if (top.history === undefined || top.history === null) return undefined;
  const read = readHistoryFile(top.history, true);
  if (typeof read !== 'string') return read;
  if (!problems.repair) fail(read);
  problems.repaired.push(`${read}, so the history was started again`);
  return undefined;
}
