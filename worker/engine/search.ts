/**
 * Search suggestions (SPEC §9): from one character, at most 15, matched case-insensitively on
 * project id, capture uuid, cpid, description, sfid, flight plan uuid, name (and code), survey id,
 * media id and receive id. One sorted array of (key, entity) rows: prefix matches come from a
 * binary search and rank first; substring matches follow from a scan that stops at 15. Rows are
 * kept up to date entity by entity as the world changes.
 */
import { SEARCH_MAX_SUGGESTIONS, SEARCH_MIN_CHARS } from '../domain/constants';
import { shortId } from '../domain/shortId';
import type { EntityKind, EntityMaps, Id, SearchEntry } from '../domain/types';

export const SEARCHED_KINDS = ['projects', 'captures', 'flightPlans', 'surveys', 'media'] as const;
export type SearchedKind = (typeof SEARCHED_KINDS)[number];

interface Row {
  key: string;
  kind: SearchedKind;
  id: Id;
}

export function searchKeys(index: EntityMaps, kind: SearchedKind, id: Id): string[] {
  const raw: (string | null | undefined)[] = [];
  switch (kind) {
    case 'projects':
      raw.push(index.projects[id]?.projectId);
      break;
    case 'captures': {
      const c = index.captures[id];
      if (c) raw.push(c.captureId, c.cpid, c.description, c.sfid);
      break;
    }
    case 'flightPlans': {
      const f = index.flightPlans[id];
      if (f) raw.push(f.flightPlanId, f.name, f.code);
      break;
    }
    case 'surveys':
      raw.push(index.surveys[id]?.surveyId);
      break;
    case 'media': {
      const m = index.media[id];
      if (m) raw.push(m.mediaId, m.receiveId);
      break;
    }
  }
  const keys = new Set<string>();
  for (const r of raw) if (r) keys.add(r.toLowerCase());
  return [...keys];
}

export function isSearched(kind: EntityKind): kind is SearchedKind {
  return (SEARCHED_KINDS as readonly string[]).includes(kind);
}

export class SearchIndex {
  private rows: Row[] = [];
  private keysOf = new Map<string, string[]>();

  constructor(private index: () => EntityMaps) {}

  rebuild(): void {
    const index = this.index();
    const rows: Row[] = [];
    this.keysOf.clear();
    for (const kind of SEARCHED_KINDS) {
      for (const id of Object.keys(index[kind])) {
        const keys = searchKeys(index, kind, id);
        this.keysOf.set(ref(kind, id), keys);
        for (const key of keys) rows.push({ key, kind, id });
      }
    }
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.rows = rows;
  }

  get size(): number {
    return this.rows.length;
  }

  /** Re-indexes one entity (added, changed or removed); cheap when its keys did not change. */
  update(kind: SearchedKind, id: Id): void {
    const r = ref(kind, id);
    const before = this.keysOf.get(r) ?? [];
    const after = this.index()[kind][id] ? searchKeys(this.index(), kind, id) : [];
    if (before.length === after.length && before.every((k, i) => k === after[i])) return;
    for (const key of before) this.removeRow(key, kind, id);
    for (const key of after) this.rows.splice(this.lowerBound(key), 0, { key, kind, id });
    if (after.length) this.keysOf.set(r, after);
    else this.keysOf.delete(r);
  }

  query(text: string): SearchEntry[] {
    const q = (text ?? '').trim().toLowerCase();
    if (q.length < SEARCH_MIN_CHARS) return [];
    const found = new Map<string, Row>();
    const rows = this.rows;
    for (let i = this.lowerBound(q); i < rows.length && found.size < SEARCH_MAX_SUGGESTIONS; i++) {
      const row = rows[i]!;
      if (!row.key.startsWith(q)) break;
      found.set(ref(row.kind, row.id), row);
    }
    for (let i = 0; i < rows.length && found.size < SEARCH_MAX_SUGGESTIONS; i++) {
      const row = rows[i]!;
      if (row.key.includes(q)) {
        const r = ref(row.kind, row.id);
        if (!found.has(r)) found.set(r, row);
      }
    }
    const out: SearchEntry[] = [];
    for (const row of found.values()) {
      const entry = entryOf(this.index(), row.kind, row.id);
      if (entry) out.push(entry);
    }
    return out;
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rows[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private removeRow(key: string, kind: SearchedKind, id: Id): void {
    for (let i = this.lowerBound(key); i < this.rows.length && this.rows[i]!.key === key; i++) {
      const row = this.rows[i]!;
      if (row.kind === kind && row.id === id) {
        this.rows.splice(i, 1);
        return;
      }
    }
  }
}

function ref(kind: SearchedKind, id: Id): string {
  return `${kind}\u0000${id}`;
}

/** The suggestion shown for an entity: what it is, and the ids needed to open it. */
export function entryOf(index: EntityMaps, kind: SearchedKind, id: Id): SearchEntry | null {
  switch (kind) {
    case 'projects': {
      const p = index.projects[id];
      return p ? { type: 'project', title: p.projectId, id, related: { projectId: id } } : null;
    }
    case 'captures': {
      const c = index.captures[id];
      return c
        ? { type: 'capture', title: c.cpid, subtitle: c.description, id, related: { captureId: id, projectId: c.projectId } }
        : null;
    }
    case 'flightPlans': {
      const f = index.flightPlans[id];
      if (!f) return null;
      const cpid = index.captures[f.captureId]?.cpid ?? '';
      return { type: 'flightplan', title: f.name || f.code, subtitle: `${f.code} · ${cpid}`, id, related: { captureId: f.captureId } };
    }
    case 'surveys': {
      const s = index.surveys[id];
      return s
        ? {
            type: 'survey',
            title: shortId(s.surveyId),
            subtitle: `${s.cpid} · ${s.display}`,
            id,
            related: { surveyId: id, captureId: s.captureId, mediaId: s.mediaId },
          }
        : null;
    }
    case 'media': {
      const m = index.media[id];
      return m ? { type: 'media', title: m.mediaId, subtitle: m.receiveId ?? 'Ready to Receive', id, related: { mediaId: id } } : null;
    }
  }
}
