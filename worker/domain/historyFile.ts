/**
 * The history in the all.json shape (Export, Import, a generated world with a past; docs/history.md#kept):
 * `history: { since, origin, entries }`, each entry as a team document would hold it. Read as
 * strictly as the entities (issue 19): every field of its type and bounds, the id what its time,
 * laptop, action and place give (and its content's proof, where it carries one), and an entry that concerns no entity it could be kept under is
 * refused. An earlier export has no `history`: the world's history then begins when it is read.
 */
import { DERIVED_KINDS, historyId, ownersOf, proofOf, type HistoryEntry, type HistoryKind, type HistoryStart, type HistoryWhat } from './history';
import { CONFLICT, ENTRY_FIELDS, historyKindRule, ON_FIELDS } from './historyKinds';
import { isObj, type Obj } from './storedFields';
import { fail, type Problems } from './restoreProblems';
import { entryProof } from './teamHash';
import { specOk } from './teamRules';

/** The history a world file carries: how it began, and (Export, Import) its entries. */
export interface HistoryFile extends HistoryStart {
  entries?: HistoryEntry[];
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** What an event holds, read by its kind's rule (historyKinds.ts): its kind and exactly its parameters. */
function readWhat(raw: unknown): HistoryWhat | string {
  if (!isObj(raw) || typeof raw.kind !== 'string') return 'what is not an event';
  const kind = raw.kind;
  if (DERIVED_KINDS.has(kind as HistoryKind)) return `what.kind "${kind}" is derived, never stored`;
  const rule = historyKindRule(kind);
  if (!rule) return `what.kind "${kind.slice(0, 40)}" is not a kind of event`;
  const params = rule.params ?? {};
  for (const [key, spec] of Object.entries(params)) if (!specOk(spec, raw[key])) return `what.${key} is not what a ${kind} event holds`;
  const more = Object.keys(raw).find((key) => key !== 'kind' && !(key in params));
  if (more !== undefined) return `what.${more.slice(0, 40)} is not what a ${kind} event holds`;
  return { ...raw } as unknown as HistoryWhat;
}

function readOn(raw: unknown): HistoryEntry['on'] | string {
  if (!isObj(raw)) return 'on is not an object';
  const on: HistoryEntry['on'] = {};
  for (const key of Object.keys(raw)) {
    if (!(key in ON_FIELDS)) return `on.${key.slice(0, 40)} is not an entity an entry names`;
    const value = raw[key];
    if (value === undefined) continue;
    if (!specOk(ON_FIELDS[key as keyof typeof ON_FIELDS], value)) return key === 'surveys' ? 'on.surveys is not a list of ids' : `on.${key} is not an id`;
    // None is kept as none (the stored form has no empty list), so an entry reads back as it was sealed.
    if (key === 'surveys') {
      if ((value as string[]).length) on.surveys = [...(value as string[])];
    } else on[key as 'capture' | 'media' | 'drive'] = value as string;
  }
  return on;
}

/** Each field of an entry but its event and subjects, and what a person reads when it is wrong. */
const FIELD_PROBLEM = {
  at: 'at is not a time',
  by: 'by is not an email address',
  laptop: 'laptop is not a laptop id',
  tx: 'tx is not an action id',
  n: 'n is not a place',
} as const;

/** One entry as a file holds it, or what is wrong with it. */
export function readHistoryEntry(raw: unknown): HistoryEntry | string {
  if (!isObj(raw)) return 'is not an object';
  for (const [key, problem] of Object.entries(FIELD_PROBLEM)) if (!specOk(ENTRY_FIELDS[key as keyof typeof FIELD_PROBLEM], raw[key])) return problem;
  const more = Object.keys(raw).find((key) => !(key in ENTRY_FIELDS));
  if (more !== undefined) return `${more.slice(0, 40)} is not a field of a history entry`;
  const what = readWhat(raw.what);
  if (typeof what === 'string') return what;
  const on = readOn(raw.on);
  if (typeof on === 'string') return on;
  const at = raw.at as number;
  const laptop = raw.laptop as string;
  const tx = raw.tx as string;
  const base = historyId(at, laptop, tx, raw.n as number);
  const entry: HistoryEntry = { id: base, at, by: raw.by as string, laptop, tx, n: raw.n as number, what, on };
  // An id of the form from before entries carried their proof is still read (docs/history.md#the-entry).
  if (typeof raw.id !== 'string' || (raw.id !== base && (!raw.id.startsWith(`${base}:`) || proofOf(raw.id) === null))) return `id is not ${base}, with or without its proof`;
  entry.id = raw.id;
  if (!ownersOf(entry).length) return `names no ${what.kind === 'inserted' || what.kind === 'received' ? 'media set' : 'entity'} it could be kept under`;
  if (raw.role !== undefined) {
    if (!specOk(ENTRY_FIELDS.role, raw.role)) return 'role is not a role of the team: coordinator or technician';
    entry.role = raw.role as NonNullable<HistoryEntry['role']>;
  }
  if (raw.arrivedAt !== undefined) {
    if (!specOk(ENTRY_FIELDS.arrivedAt, raw.arrivedAt)) return 'arrivedAt is not a time';
    entry.arrivedAt = raw.arrivedAt as number;
  }
  if (raw.conflict !== undefined) {
    if (!specOk(CONFLICT, raw.conflict)) return 'conflict is not a conflict: its versions, who settled it, when and how';
    const c = raw.conflict as NonNullable<HistoryEntry['conflict']>;
    entry.conflict = { versions: c.versions.map(({ by, laptop, at, what }) => ({ by, laptop, at, what })), settledBy: c.settledBy, settledAt: c.settledAt, how: c.how };
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
