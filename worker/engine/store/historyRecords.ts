/**
 * History in the store (docs/history.md#stored-form): entries packed per entity and week, one
 * record per survey, capture, media set and drive and per week it has entries in
 * (`s:<id>/<week>`, `c:<id>/…`, `m:<id>/…`, `d:<host>/…` under the `~history` kind), so opening a
 * survey's history reads a few small records, no boot reads any, and an action appends to a record
 * of a bounded size however long a drive has been in use. Each record names its people, laptops
 * and surveys once and its entries refer to them by place; an entry's id is not stored (it follows
 * from its time, laptop, action and place), only the proof it ends with, as read: a proof worked out
 * again on reading could differ from the team's copy of the entry had anything been kept otherwise. Appending is idempotent: an entry always falls in the
 * same week's record, and one whose id that record holds is not added again.
 */
import { byTime, historyId, proofOf, type HistoryEntry, type HistoryKind, type HistoryOwner, type HistorySubjects, type HistoryWhat } from '../../domain/history';
import type { Id } from '../../domain/types';
import { isRole } from '../../domain/roles';

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

/**
 * One entry packed: time from its record's week, person, laptop, action, place, kind, its
 * parameters, subjects beyond the owner, sync's extras, the proof its id ends with (none for an
 * entry from before, docs/history.md#the-entry). Person and laptop are places in the store's
 * names (`HistoryNames`); an action id of six base-36 digits, as every laptop numbers them, is kept
 * as its number.
 */
type Packed = [at: number, person: number, laptop: number, tx: string | number, n: number, kind: number, args: unknown[], on?: PackedOn | 0, extra?: PackedExtra | 0, proof?: string];
interface PackedOn {
  s?: number[];
  c?: Id;
  m?: Id;
  d?: string;
}
interface PackedExtra {
  a?: number;
  /** The role its author acted in (issue 52). */
  r?: HistoryEntry['role'];
  x?: HistoryEntry['conflict'];
}

export interface HistoryRecord {
  /** The week (`pageOf`) whose start the entries' times count from. */
  w: number;
  /** Surveys named by the entries beyond the owner, each once; left out when none is. */
  s?: Id[];
  e: Packed[];
}

/**
 * A record as the first stored form wrote it (before stored bytes were cut, docs/history.md#stored-form):
 * its own people and laptops, each entry's time whole, still read, and rewritten in today's form
 * when an entry is appended to it.
 */
interface FirstFormRecord {
  p: string[];
  l: string[];
  s: Id[];
  e: Packed[];
}

/**
 * The people and laptops every history record of a store refers to by place, each once, in the
 * order first named: one record of its own (`NAMES_PAGE`), so a week's record of a survey does not
 * spell out again the email and the 36-character laptop id each of its entries shares with
 * thousands of others. It only ever grows at its end, inside the commit that appends the entry
 * that first names someone, so a place once written names the same person for good.
 */
export type HistoryNames = (string | null)[];
/** The id of the names' record under `~history` (no entity's record: theirs hold a ':'). */
export const NAMES_PAGE = 'names';

/**
 * The names as stored. A place that holds no text (a record changed by hand) stays taken, as null,
 * so no one new is given it and an entry that refers to it is left out rather than shown as
 * someone else's.
 */
export const namesOf = (value: unknown): HistoryNames => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : null)) : []);

/** Parameters that name a person: kept as a place in the names. */
const NAMING_PARAMS = new Set(['to']);
// Six digits as the first numbers were; longer from a boot's wall-clock start (boot.ts), never with a leading zero.
const TX = /^(?:[0-9a-z]{6}|[1-9a-z][0-9a-z]{6,9})$/;
const txPacked = (tx: string): string | number => (TX.test(tx) ? parseInt(tx, 36) : tx);
const txOf = (packed: unknown): string | null => (typeof packed === 'number' && Number.isInteger(packed) && packed >= 0 ? packed.toString(36).padStart(6, '0') : typeof packed === 'string' ? packed : null);

const place = (list: string[], value: string): number => {
  const i = list.indexOf(value);
  if (i >= 0) return i;
  list.push(value);
  return list.length - 1;
};

const weekOf = (at: number): number => Math.floor(Math.max(0, at) / PAGE_MS);

function pack(record: HistoryRecord, owner: HistoryOwner, entry: HistoryEntry, find: (name: string) => number): Packed {
  const [, params] = STORED_KINDS[CODE.get(entry.what.kind)!]!;
  const what = entry.what as unknown as Record<string, unknown>;
  const own = owner.slice(2);
  const on: PackedOn = {};
  const surveys = owner.startsWith('s:') && entry.on.surveys?.length === 1 && entry.on.surveys[0] === own ? [] : (entry.on.surveys ?? []);
  if (surveys.length) on.s = surveys.map((id) => place((record.s ??= []), id));
  if (entry.on.capture !== undefined && owner !== `c:${entry.on.capture}`) on.c = entry.on.capture;
  if (entry.on.media !== undefined && owner !== `m:${entry.on.media}`) on.m = entry.on.media;
  if (entry.on.drive !== undefined && owner !== `d:${entry.on.drive}`) on.d = entry.on.drive;
  const args = params.map((k) => (NAMING_PARAMS.has(k) && typeof what[k] === 'string' ? find(what[k]) : what[k]));
  const packed: Packed = [entry.at - record.w * PAGE_MS, find(entry.by), find(entry.laptop), txPacked(entry.tx), entry.n, CODE.get(entry.what.kind)!, args];
  const extra: PackedExtra = {};
  if (entry.arrivedAt !== undefined) extra.a = entry.arrivedAt;
  if (entry.role !== undefined) extra.r = entry.role;
  if (entry.conflict !== undefined) extra.x = entry.conflict;
  const hasOn = Object.keys(on).length > 0;
  const hasExtra = Object.keys(extra).length > 0;
  const proof = proofOf(entry.id);
  if (hasOn || hasExtra || proof !== null) packed.push(hasOn ? on : 0);
  if (hasExtra || proof !== null) packed.push(hasExtra ? extra : 0);
  if (proof !== null) packed.push(proof);
  return packed;
}

/**
 * How a record's entries are read: its times' base, and where its people (the person an
 * assignment names too), laptops and surveys are.
 */
interface Reading {
  base: number;
  people: readonly (string | null)[];
  laptops: readonly (string | null)[];
  surveys: readonly Id[];
}

function readingOf(record: HistoryRecord | FirstFormRecord, names: readonly (string | null)[]): Reading {
  if ('p' in record) return { base: 0, people: record.p, laptops: record.l, surveys: record.s };
  return { base: record.w * PAGE_MS, people: names, laptops: names, surveys: record.s ?? [] };
}

function unpack(r: Reading, owner: HistoryOwner, p: Packed): HistoryEntry | null {
  const [packedAt, person, laptop, packedTx, n, code, args, packedOn, packedExtra, proof] = p;
  const stored = STORED_KINDS[code];
  const by = r.people[person];
  const where = r.laptops[laptop];
  const tx = txOf(packedTx);
  if (!stored || typeof by !== 'string' || typeof where !== 'string' || tx === null || !Array.isArray(args)) return null;
  const at = r.base + packedAt;
  const [kind, params] = stored;
  const what = { kind } as Record<string, unknown>;
  for (const [i, k] of params.entries()) {
    const value = NAMING_PARAMS.has(k) && typeof args[i] === 'number' ? r.people[args[i]] : args[i];
    if (NAMING_PARAMS.has(k) && typeof value !== 'string') return null;
    what[k] = value;
  }
  const own = owner.slice(2);
  const on: HistorySubjects = {};
  const o = packedOn || {};
  const surveys = (o.s ?? []).map((i) => r.surveys[i]).filter((id): id is Id => id !== undefined);
  if (owner.startsWith('s:')) on.surveys = [own, ...surveys];
  else if (surveys.length) on.surveys = surveys;
  if (owner.startsWith('c:')) on.capture = own;
  else if (o.c !== undefined) on.capture = o.c;
  if (owner.startsWith('m:')) on.media = own;
  else if (o.m !== undefined) on.media = o.m;
  if (owner.startsWith('d:')) on.drive = own;
  else if (o.d !== undefined) on.drive = o.d;
  const base = historyId(at, where, tx, n);
  const entry: HistoryEntry = { id: typeof proof === 'string' ? `${base}:${proof}` : base, at, by, laptop: where, tx, n, what: what as unknown as HistoryWhat, on };
  const extra = packedExtra || undefined;
  if (isRole(extra?.r)) entry.role = extra.r;
  if (extra?.a !== undefined) entry.arrivedAt = extra.a;
  if (extra?.x !== undefined) entry.conflict = extra.x;
  return entry;
}

const isRecord = (v: unknown): v is HistoryRecord | FirstFormRecord => {
  const r = v as Partial<HistoryRecord & FirstFormRecord> | null;
  if (typeof r !== 'object' || r === null || !Array.isArray(r.e)) return false;
  return 'p' in r ? Array.isArray(r.p) && Array.isArray(r.l) && Array.isArray(r.s) : typeof r.w === 'number' && (r.s === undefined || Array.isArray(r.s));
};

/** A week, in ms: an entity's entries are kept in one record a week. */
export const PAGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The record (its id under `~history`) that keeps an entity's entries of the week of `at`. */
export function pageOf(owner: HistoryOwner, at: number): string {
  return `${owner}/${weekOf(at).toString(36)}`;
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

/** A record's entries, oldest first, its people and laptops found in `names`; an entry that cannot be read is left out. */
export function entriesOf(owner: HistoryOwner, value: unknown, names: readonly (string | null)[]): HistoryEntry[] {
  if (!isRecord(value)) return [];
  const reading = readingOf(value, names);
  const out: HistoryEntry[] = [];
  for (const p of value.e) {
    const entry = Array.isArray(p) ? unpack(reading, owner, p as Packed) : null;
    if (entry) out.push(entry);
  }
  return out.sort(byTime);
}

/**
 * The record of the week of `entries` (`byPage`) with them added, each once (an id it holds already
 * is skipped). Whoever they name first is added to `names`, which the caller writes back in the same
 * transaction when it grew. A record of the first stored form comes back in today's.
 */
export function appendTo(owner: HistoryOwner, value: unknown, entries: readonly HistoryEntry[], names: HistoryNames): HistoryRecord {
  const stored = isRecord(value) ? value : null;
  const held = stored ? entriesOf(owner, stored, names) : [];
  const record: HistoryRecord = stored && !('p' in stored) ? stored : { w: weekOf(held[0]?.at ?? entries[0]?.at ?? 0), e: [] };
  const index = new Map(names.map((name, i) => [name, i]));
  const find = (name: string): number => {
    let i = index.get(name);
    if (i === undefined) index.set(name, (i = names.push(name) - 1));
    return i;
  };
  if (record !== stored) for (const entry of held) record.e.push(pack(record, owner, entry, find));
  const ids = new Set(held.map((entry) => entry.id));
  for (const entry of entries) {
    if (ids.has(entry.id) || !CODE.has(entry.what.kind)) continue;
    ids.add(entry.id);
    record.e.push(pack(record, owner, entry, find));
  }
  return record;
}
