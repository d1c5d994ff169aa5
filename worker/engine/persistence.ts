/**
 * How the engine chooses at boot (docs/architecture.md#arch-persistence): the all.json-shaped
 * text of the localStorage mirror and of Export, and the choice of the newest valid copy among the
 * store, localStorage's `db` and an earlier version's store. What a commit writes is in
 * commitRecords.ts.
 */
import { DEMO_EXPIRY_MS, STORAGE_KEYS } from '../domain/constants';
import type { Current, EntityKind, Flags, Id, Workflow } from '../domain/types';
import type { Db } from '../domain/dataFile';
import { checkCurrent, checkFlags, parseCurrent, parseFlags } from '../domain/session';
import { slimWorkflow } from '../domain/stageCatalog';
import { DERIVED_FIELDS } from '../domain/storedFields';
import { isOtherVersion } from '../domain/dataVersion';
import { ENTITY_KINDS, restore } from '../domain/restore';
import { byPlace, decode } from './store/storedForm';
import { FAVOURITES_KIND, type StoredWorld } from './store/worldStore';
import type { Flash } from '../api';

/** The session is parsed in one place for the engine and the main thread alike. */
export { parseCurrent, parseFlags };

/** The store of earlier versions (idb-keyval's default store: the four keys as strings), read once to migrate. */
export interface LegacyStore {
  getMany(keys: string[]): Promise<unknown[]>;
  clear(): Promise<void>;
}

const KEYS = [STORAGE_KEYS.db, STORAGE_KEYS.version, STORAGE_KEYS.current, STORAGE_KEYS.flags];

export interface StoredCopy {
  db: string | null;
  version: string | null;
  current: string | null;
  flags: string | null;
}

export async function readLegacy(store: LegacyStore): Promise<StoredCopy> {
  const values = await store.getMany(KEYS);
  const asText = (v: unknown): string | null =>
    v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);
  return { db: asText(values[0]), version: asText(values[1]), current: asText(values[2]), flags: asText(values[3]) };
}

/**
 * The stored form of the world: every entity without its derived fields, every workflow stage
 * without what its definition says (restore() puts both back). About a third smaller than the
 * world as the UI sees it, which matters for localStorage's quota and for the save every 500 ms.
 */
export function serialise(db: Db): string {
  const index: Record<string, Record<string, unknown>> = {};
  for (const [kind, map] of Object.entries(db.index) as [string, Record<string, object>][]) {
    const drop = DERIVED_FIELDS[kind as EntityKind];
    const wfKind = kind === 'surveys' || kind === 'media' || kind === 'captures' ? kind : null;
    if (!drop && !wfKind) {
      index[kind] = map;
      continue;
    }
    const out: Record<string, unknown> = {};
    for (const [id, entity] of Object.entries(map)) {
      const copy: Record<string, unknown> = { ...entity };
      if (drop) for (const key of drop) delete copy[key];
      if (wfKind) copy.workflow = slimWorkflow(wfKind, (entity as { workflow: Workflow }).workflow);
      out[id] = copy;
    }
    index[kind] = out;
  }
  // Stars only when there are any: a world without them exports as it did before them.
  const out: Record<string, unknown> = { version: db.version, index, ids: db.ids, savedAt: db.savedAt, loadedAt: db.loadedAt };
  if (db.history) out.history = db.history;
  if (db.favourites?.length) out.favourites = db.favourites;
  return JSON.stringify(out);
}

export interface Candidate {
  db: Db;
  current: Current;
  flags: Flags;
  source: string;
  /** Each entity's stored place in its list (a copy from the store); else the lists' order. */
  orders?: Partial<Record<EntityKind, Map<Id, number>>>;
  /** The store already holds exactly this world. */
  fromStore?: boolean;
  /** What was dropped or repaired to read this copy (issue 19), for the boot's notice. */
  repaired?: string[];
}

export type Judgement =
  | { kind: 'none' }
  | { kind: 'valid'; candidate: Candidate }
  /** Stale (other version, expired): discarded quietly, but usable as a last resort. */
  | { kind: 'stale'; reason: string; candidate: Candidate | null }
  | { kind: 'corrupt'; error: string };

/** Judges one stored copy: version 45, parses and validates, not expired. */
export function judge(copy: StoredCopy, source: string, now: number): Judgement {
  if (copy.db === null) return { kind: 'none' };
  const flags = checkFlags(copy.flags);
  const current = checkCurrent(copy.current);
  // A stored copy is repaired where it can be (issue 19): one bad field no longer costs the whole world.
  const result = restore(copy.db, now, { source, speed: flags.value.speed, repair: true });
  const repaired = [...current.repaired, ...flags.repaired, ...(result.ok ? result.repaired : [])];
  const candidate = (db: Db): Candidate => ({ db, current: current.value, flags: flags.value, source, repaired });
  if (isOtherVersion(copy.version)) {
    return { kind: 'stale', reason: `version ${copy.version}`, candidate: result.ok ? candidate(result.db) : null };
  }
  if (!result.ok) return { kind: 'corrupt', error: result.error };
  if (isOtherVersion(result.db.version)) return { kind: 'stale', reason: `version ${result.db.version}`, candidate: candidate(result.db) };
  if (now - result.db.loadedAt > DEMO_EXPIRY_MS) return { kind: 'stale', reason: 'expired', candidate: candidate(result.db) };
  return { kind: 'valid', candidate: candidate(result.db) };
}

export interface BootChoice {
  chosen: Candidate | null;
  /** A stale copy to fall back on if all.json cannot be loaded either: never a blank world. */
  fallback: Candidate | null;
  notices: Flash[];
}

export const CORRUPT_NOTICE = 'Stored data could not be read and was replaced by the sample data.';

/** The newest valid copy (the store, localStorage, an earlier version's store) by save stamp. */
export function chooseStored(judgements: Judgement[]): BootChoice {
  const notices: Flash[] = [];
  let chosen: Candidate | null = null;
  let fallback: Candidate | null = null;
  let corrupt = false;
  for (const j of judgements) {
    if (j.kind === 'valid') {
      if (!chosen || j.candidate.db.savedAt > chosen.db.savedAt) chosen = j.candidate;
    } else if (j.kind === 'stale') {
      if (j.candidate && (!fallback || j.candidate.db.savedAt > fallback.db.savedAt)) fallback = j.candidate;
    } else if (j.kind === 'corrupt') {
      corrupt = true;
    }
  }
  if (corrupt && !chosen) notices.push({ category: 'warning', text: CORRUPT_NOTICE });
  return { chosen, fallback, notices };
}

/** One notice for everything a boot had to drop or repair to read its copy, naming the first few. */
export function repairNotice(repaired: readonly string[]): Flash | null {
  if (!repaired.length) return null;
  const more = repaired.length > 3 ? `; and ${repaired.length - 3} more` : '';
  return { category: 'warning', text: `Some stored data was of the wrong shape and was repaired: ${repaired.slice(0, 3).join('; ')}${more}.` };
}

export const STORE_SOURCE = 'stored data (IndexedDB)';

/** The store's world as restore() reads it (the all.json shape), with each entity's place. */
export function storedCopy(stored: StoredWorld): { raw: unknown; orders: Partial<Record<EntityKind, Map<Id, number>>> } | null {
  const meta = stored.meta;
  if (!meta) return null;
  const index: Record<string, Record<Id, unknown>> = {};
  const ids: Record<string, Id[]> = {};
  const orders: Partial<Record<EntityKind, Map<Id, number>>> = {};
  for (const kind of ENTITY_KINDS) {
    const list = [...(stored.records[kind] ?? [])].sort(byPlace);
    const map: Record<Id, unknown> = {};
    const order = new Map<Id, number>();
    for (const [id, record] of list) {
      map[id] = decode(kind, id, record);
      order.set(id, record.o);
    }
    index[kind] = map;
    ids[kind] = list.map(([id]) => id);
    orders[kind] = order;
  }
  // Each star's record as restore() reads a star (its checks are restore()'s).
  const favourites = (stored.records[FAVOURITES_KIND] ?? []).map(([, record]) => ({ email: record.email, kind: record.kind, id: record.id }));
  const raw: Record<string, unknown> = { version: meta.version, index, ids, savedAt: meta.savedAt, loadedAt: meta.loadedAt, favourites };
  if (meta.history) raw.history = meta.history;
  return { raw, orders };
}

/** Judges the store's copy like any other: version, validity, expiry (never a team world's). */
export function judgeStored(stored: StoredWorld | null, now: number, { team = false } = {}): Judgement {
  const copy = stored && storedCopy(stored);
  if (!stored?.meta || !copy) return { kind: 'none' };
  const meta = stored.meta;
  const flags = checkFlags(JSON.stringify(meta.flags ?? null));
  const current = checkCurrent(JSON.stringify(meta.current ?? null));
  const result = restore(copy.raw, now, { source: STORE_SOURCE, speed: flags.value.speed, inPlace: true, repair: true });
  if (!result.ok) return { kind: 'corrupt', error: result.error };
  const repaired = [...current.repaired, ...flags.repaired, ...result.repaired];
  // A world repaired on reading is not what the store holds: the boot writes it whole, once.
  const fromStore = result.repaired.length === 0;
  const candidate: Candidate = { db: result.db, current: current.value, flags: flags.value, source: STORE_SOURCE, orders: copy.orders, fromStore, repaired };
  if (isOtherVersion(result.db.version)) return { kind: 'stale', reason: `version ${result.db.version}`, candidate };
  if (!team && now - result.db.loadedAt > DEMO_EXPIRY_MS) return { kind: 'stale', reason: 'expired', candidate };
  return { kind: 'valid', candidate };
}
