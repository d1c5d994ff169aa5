/**
 * The engine's own record of the world (ARCHITECTURE §3): one key-value store (IndexedDB through
 * idb-keyval in the browser, a memory map or fake-indexeddb in tests) holding the same four keys
 * the main thread mirrors into localStorage, written together; and the choice, at boot, of the
 * newest valid copy.
 */
import { DATA_VERSION, DEFAULT_FLAGS, DEMO_EXPIRY_MS, SIMULATION_SPEEDS, STORAGE_KEYS } from '../domain/constants';
import type { Current, Db, Flags, Workflow } from '../domain/types';
import { slimWorkflow } from '../domain/stageCatalog';
import { restore } from '../domain/restore';
import type { BootInput, Flash } from '../api';

export interface KeyValueStore {
  getMany(keys: string[]): Promise<unknown[]>;
  setMany(entries: [string, unknown][]): Promise<void>;
}

export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getMany: async (keys) => keys.map((k) => data.get(k)),
    setMany: async (entries) => {
      for (const [k, v] of entries) data.set(k, v);
    },
  };
}

const KEYS = [STORAGE_KEYS.db, STORAGE_KEYS.version, STORAGE_KEYS.current, STORAGE_KEYS.flags];

export interface StoredCopy {
  db: string | null;
  version: string | null;
  current: string | null;
  flags: string | null;
}

export async function readStore(store: KeyValueStore): Promise<StoredCopy> {
  const values = await store.getMany(KEYS);
  const asText = (v: unknown): string | null =>
    v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);
  return { db: asText(values[0]), version: asText(values[1]), current: asText(values[2]), flags: asText(values[3]) };
}

export function storeEntries(db: string, current: Current, flags: Flags): [string, unknown][] {
  return [
    [STORAGE_KEYS.db, db],
    [STORAGE_KEYS.version, String(DATA_VERSION)],
    [STORAGE_KEYS.current, JSON.stringify(current)],
    [STORAGE_KEYS.flags, JSON.stringify(flags)],
  ];
}

/** Derived fields restore() recomputes on every load: not worth their bytes in storage. */
const DERIVED: Record<string, readonly string[]> = {
  surveys: ['status', 'display', 'stage', 'flags'],
  media: ['isNew', 'stage', 'flags'],
  captures: ['stage', 'counts', 'flags'],
  drives: ['status', 'flags'],
};

/**
 * The stored form of the world: every entity without its derived fields, every workflow stage
 * without what its definition says (restore() puts both back). About a third smaller than the
 * world as the UI sees it, which matters for localStorage's quota and for the save every 500 ms.
 */
export function serialise(db: Db): string {
  const index: Record<string, Record<string, unknown>> = {};
  for (const [kind, map] of Object.entries(db.index) as [string, Record<string, object>][]) {
    const drop = DERIVED[kind];
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
  return JSON.stringify({ version: db.version, index, ids: db.ids, savedAt: db.savedAt, loadedAt: db.loadedAt });
}

export interface Candidate {
  db: Db;
  current: Current;
  flags: Flags;
  source: string;
}

export type Judgement =
  | { kind: 'none' }
  | { kind: 'valid'; candidate: Candidate }
  /** Stale (other version, expired): discarded quietly, but usable as a last resort. */
  | { kind: 'stale'; reason: string; candidate: Candidate | null }
  | { kind: 'corrupt'; error: string };

export function parseCurrent(raw: string | null): Current {
  try {
    const c = JSON.parse(raw ?? 'null') as Partial<Current> | null;
    if (c && c.loggedIn === true && c.user && typeof c.user.email === 'string') return { loggedIn: true, user: c.user };
  } catch {
    /* nobody is logged in */
  }
  return { loggedIn: false, user: null };
}

export function parseFlags(raw: string | null): Flags {
  const flags: Flags = { ...DEFAULT_FLAGS };
  try {
    const p = JSON.parse(raw ?? 'null') as Partial<Flags> | null;
    if (p && typeof p === 'object') {
      if (typeof p.projects === 'boolean') flags.projects = p.projects;
      if (typeof p.surveys === 'boolean') flags.surveys = p.surveys;
      if (typeof p.highlighter === 'boolean') flags.highlighter = p.highlighter;
      if ((SIMULATION_SPEEDS as readonly unknown[]).includes(p.speed)) flags.speed = p.speed as Flags['speed'];
      if (typeof p.imageProxy === 'string') flags.imageProxy = p.imageProxy;
    }
  } catch {
    /* defaults */
  }
  return flags;
}

/** Judges one stored copy: version 45, parses and validates, not expired. */
export function judge(copy: StoredCopy, source: string, now: number): Judgement {
  if (copy.db === null) return { kind: 'none' };
  const flags = parseFlags(copy.flags);
  const current = parseCurrent(copy.current);
  const result = restore(copy.db, now, { source, speed: flags.speed });
  if (copy.version !== null && copy.version !== String(DATA_VERSION)) {
    return { kind: 'stale', reason: `version ${copy.version}`, candidate: result.ok ? { db: result.db, current, flags, source } : null };
  }
  if (!result.ok) return { kind: 'corrupt', error: result.error };
  if (result.db.version !== DATA_VERSION) {
    return { kind: 'stale', reason: `version ${result.db.version}`, candidate: { db: result.db, current, flags, source } };
  }
  if (now - result.db.loadedAt > DEMO_EXPIRY_MS) {
    return { kind: 'stale', reason: 'expired', candidate: { db: result.db, current, flags, source } };
  }
  return { kind: 'valid', candidate: { db: result.db, current, flags, source } };
}

export interface BootChoice {
  chosen: Candidate | null;
  /** A stale copy to fall back on if all.json cannot be loaded either: never a blank world. */
  fallback: Candidate | null;
  notices: Flash[];
}

export const CORRUPT_NOTICE = 'Stored data could not be read and was replaced by the sample data.';

/** The newest valid copy of (IndexedDB, localStorage) by save stamp. */
export function chooseStored(copies: { copy: StoredCopy; source: string }[], now: number): BootChoice {
  const notices: Flash[] = [];
  let chosen: Candidate | null = null;
  let fallback: Candidate | null = null;
  let corrupt = false;
  for (const { copy, source } of copies) {
    const j = judge(copy, source, now);
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

export function bootCopies(input: BootInput, idb: StoredCopy | null): { copy: StoredCopy; source: string }[] {
  const out = [{ copy: input.stored, source: 'stored data (local storage)' }];
  if (idb) out.unshift({ copy: idb, source: 'stored data (IndexedDB)' });
  return out;
}
