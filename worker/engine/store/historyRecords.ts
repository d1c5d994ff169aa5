/**
 * History in the store (docs/history.md#stored-form): entries packed per entity and week, one
 * record per survey, capture, media set and drive and per week it has entries in
 * (`s:<id>/<week>`, `c:<id>/…`, `m:<id>/…`, `d:<host>/…` under the `~history` kind), so opening a
 * survey's history reads a few small records, no boot reads any, and an action appends to a record
 * of a bounded size however long a drive has been in use. Each record names its people, laptops
 * and surveys once and its entries refer to them by place; an entry's id is not stored (it follows
 * from its time, laptop, action and place). Appending is idempotent: an entry always falls in the
 * same week's record, and one whose id that record holds is not added again.
 */
import { byTime, historyId, type HistoryEntry, type HistoryKind, type HistoryOwner, type HistorySubjects, type HistoryWhat } from '../../domain/history';
import type { Id } from '../../domain/types';

export { ownerOf, ownersOf, type HistoryOwner } from '../../domain/history';

/**
 * The kinds in stored order: an entry stores its kind's place here, so the list only ever grows at
 * its end. Beside each, its parameters in stored order.
 */
const STORED_KINDS: readonly [HistoryKind, readonly string[]][] = [
  ['inserted', ['bays']],
  ['received', ['receiveId']],
  ['receiveCancelled', []],
  ['ejected', []],
  ['assigned', ['to']],
  ['reassigned', ['to']],
  ['cancelled', []],
  ['applanix', []],
  ['podconfig', []],
  ['qcStarted', []],
  ['qcApproved', []],
  ['qcRejected', ['reason']],
  ['flagged', ['line', 'camera', 'frame', 'reason', 'note']],
  ['unflagged', ['line', 'camera', 'frame']],
  ['processingStarted', []],
  ['captureQcStarted', []],
  ['captureQcApproved', []],
  ['captureQcRejected', []],
  ['publishStarted', []],
  ['cleaned', []],
  ['settled', ['subject']],
];
const CODE = new Map(STORED_KINDS.map(([kind], i) => [kind, i]));

/** One entry packed: time, person, laptop, action, place, kind, its parameters, subjects beyond the owner, sync's extras. */
type Packed = [at: number, person: number, laptop: number, tx: string, n: number, kind: number, args: unknown[], on?: PackedOn | 0, extra?: PackedExtra];
interface PackedOn {
  s?: number[];
  c?: Id;
  m?: Id;
  d?: string;
}
interface PackedExtra {
  a?: number;
  x?: HistoryEntry['conflict'];
}

export interface HistoryRecord {
  /** People (emails), laptops and surveys named by the entries, each once. */
  p: string[];
  l: string[];
  s: Id[];
  e: Packed[];
}

const place = (list: string[], value: string): number => {
  const i = list.indexOf(value);
  if (i >= 0) return i;
  list.push(value);
  return list.length - 1;
};

function pack(record: HistoryRecord, owner: HistoryOwner, entry: HistoryEntry): Packed {
  const [, params] = STORED_KINDS[CODE.get(entry.what.kind)!]!;
  const what = entry.what as unknown as Record<string, unknown>;
  const own = owner.slice(2);
  const on: PackedOn = {};
  const surveys = owner.startsWith('s:') && entry.on.surveys?.length === 1 && entry.on.surveys[0] === own ? [] : (entry.on.surveys ?? []);
  if (surveys.length) on.s = surveys.map((id) => place(record.s, id));
  if (entry.on.capture !== undefined && owner !== `c:${entry.on.capture}`) on.c = entry.on.capture;
  if (entry.on.media !== undefined && owner !== `m:${entry.on.media}`) on.m = entry.on.media;
  if (entry.on.drive !== undefined && owner !== `d:${entry.on.drive}`) on.d = entry.on.drive;
  const packed: Packed = [entry.at, place(record.p, entry.by), place(record.l, entry.laptop), entry.tx, entry.n, CODE.get(entry.what.kind)!, params.map((k) => what[k])];
  const extra: PackedExtra = {};
  if (entry.arrivedAt !== undefined) extra.a = entry.arrivedAt;
  if (entry.conflict !== undefined) extra.x = entry.conflict;
  const hasOn = Object.keys(on).length > 0;
  const hasExtra = Object.keys(extra).length > 0;
  if (hasOn || hasExtra) packed.push(hasOn ? on : 0);
  if (hasExtra) packed.push(extra);
  return packed;
}

function unpack(record: HistoryRecord, owner: HistoryOwner, p: Packed): HistoryEntry | null {
  const [at, person, laptop, tx, n, code, args, packedOn, extra] = p;
  const stored = STORED_KINDS[code];
  const by = record.p[person];
  const where = record.l[laptop];
  if (!stored || by === undefined || where === undefined || !Array.isArray(args)) return null;
  const [kind, params] = stored;
  const what = { kind } as Record<string, unknown>;
  params.forEach((k, i) => (what[k] = args[i]));
  const own = owner.slice(2);
  const on: HistorySubjects = {};
  const o = packedOn || {};
  const surveys = (o.s ?? []).map((i) => record.s[i]).filter((id): id is Id => id !== undefined);
  if (owner.startsWith('s:')) on.surveys = [own, ...surveys];
  else if (surveys.length) on.surveys = surveys;
  if (owner.startsWith('c:')) on.capture = own;
  else if (o.c !== undefined) on.capture = o.c;
  if (owner.startsWith('m:')) on.media = own;
  else if (o.m !== undefined) on.media = o.m;
  if (owner.startsWith('d:')) on.drive = own;
  else if (o.d !== undefined) on.drive = o.d;
  const entry: HistoryEntry = { id: historyId(at, where, tx, n), at, by, laptop: where, tx, n, what: what as unknown as HistoryWhat, on };
  if (extra?.a !== undefined) entry.arrivedAt = extra.a;
  if (extra?.x !== undefined) entry.conflict = extra.x;
  return entry;
}

const isRecord = (v: unknown): v is HistoryRecord => {
  const r = v as Partial<HistoryRecord> | null;
  return typeof r === 'object' && r !== null && Array.isArray(r.p) && Array.isArray(r.l) && Array.isArray(r.s) && Array.isArray(r.e);
};

/** A week, in ms: an entity's entries are kept in one record a week. */
export const PAGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The record (its id under `~history`) that keeps an entity's entries of the week of `at`. */
export function pageOf(owner: HistoryOwner, at: number): string {
  return `${owner}/${Math.floor(Math.max(0, at) / PAGE_MS).toString(36)}`;
}

/** The entity a record's id belongs to (ids may hold '/': the week is after the last one). */
export function ownerOfPage(page: string): HistoryOwner {
  return page.slice(0, page.lastIndexOf('/')) as HistoryOwner;
}

/** The first and last record ids an entity's weeks can have (a key range). */
export function pageRange(owner: HistoryOwner): [string, string] {
  return [`${owner}/`, `${owner}/\uffff`];
}

/** Entries by the week's record they are appended to. */
export function byPage(owner: HistoryOwner, entries: readonly HistoryEntry[]): Map<string, HistoryEntry[]> {
  const out = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    const page = pageOf(owner, entry.at);
    const list = out.get(page);
    if (list) list.push(entry);
    else out.set(page, [entry]);
  }
  return out;
}

/** A record's entries, oldest first; an entry that cannot be read is left out. */
export function entriesOf(owner: HistoryOwner, value: unknown): HistoryEntry[] {
  if (!isRecord(value)) return [];
  const out: HistoryEntry[] = [];
  for (const p of value.e) {
    const entry = Array.isArray(p) ? unpack(value, owner, p as Packed) : null;
    if (entry) out.push(entry);
  }
  return out.sort(byTime);
}

/** The record with `entries` added, each once (an id it holds already is skipped). */
export function appendTo(owner: HistoryOwner, value: unknown, entries: readonly HistoryEntry[]): HistoryRecord {
  const record: HistoryRecord = isRecord(value) ? value : { p: [], l: [], s: [], e: [] };
  const held = new Set(entriesOf(owner, record).map((e) => e.id));
  for (const entry of entries) {
    if (held.has(entry.id) || !CODE.has(entry.what.kind)) continue;
    held.add(entry.id);
    record.e.push(pack(record, owner, entry));
  }
  return record;
}
