/**
 * Search suggestions (docs/requirements.md#req-search): from one character, at most 15, matched case-insensitively on
 * project id, capture uuid, cpid, description, sfid, flight plan uuid, name (and code), survey id,
 * media id and receive id. One sorted array of (key, entity) rows: prefix matches come from a
 * binary search and rank first. Substring matches follow from `indexOf` over one haystack string of
 * every key (a native scan, a few ms over 100 000 entities), stopping at 15. Both are kept up to
 * date entity by entity as the world changes: rows by sorted insertion, the haystack by appending
 * and marking dead segments, compacted when half of it is dead.
 */
import { entityKey } from '../domain/names';
import { SEARCH_MAX_SUGGESTIONS, SEARCH_MIN_CHARS } from '../domain/constants';
import { shortId } from '../domain/shortId';
import type { EntityMaps, Id, SearchEntry } from '../domain/types';

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

/**
 * The keys of every searched entity, gathered a slice at a time, so that indexing a large world
 * never holds the engine's thread for long (a tab being replaced waits for its worker's task to end
 * before the next one can lead, docs/views.md#the-users-path).
 */
export class IndexBuild {
  readonly rows: Row[] = [];
  readonly keysOf = new Map<string, string[]>();
  private readonly todo: [SearchedKind, Id[]][];

  constructor(private readonly index: EntityMaps) {
    this.todo = SEARCHED_KINDS.map((kind) => [kind, Object.keys(index[kind])]);
  }

  /** Indexes up to `count` more entities; true once every one is. */
  step(count: number): boolean {
    let left = count;
    while (left > 0 && this.todo.length) {
      const [kind, ids] = this.todo[this.todo.length - 1]!;
      const id = ids.pop();
      if (id === undefined) {
        this.todo.pop();
        continue;
      }
      left--;
      const keys = searchKeys(this.index, kind, id);
      this.keysOf.set(ref(kind, id), keys);
      for (const key of keys) this.rows.push({ key, kind, id });
    }
    return this.todo.length === 0;
  }
}

/** Separates keys in the haystack; never typed in a query. */
const SEP = '\u0001';

export class SearchIndex {
  private rows: Row[] = [];
  private keysOf = new Map<string, string[]>();
  private haystack = '';
  /** Start offset in the haystack of each segment, ascending, and the segment's row. */
  private starts: number[] = [];
  private segments: Row[] = [];
  private dead = new Set<number>();
  /** Live segment of each (kind, id, key). */
  private segmentOf = new Map<string, number>();

  constructor(private index: () => EntityMaps) {}

  rebuild(): void {
    const build = new IndexBuild(this.index());
    while (!build.step(Infinity));
    this.adopt(build);
  }

  /** Takes a build made aside (in slices, IndexBuild) as the whole index. */
  adopt(build: IndexBuild): void {
    build.rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.rows = build.rows;
    this.keysOf = build.keysOf;
    this.rebuildHaystack();
  }

  private rebuildHaystack(): void {
    const parts: string[] = [];
    this.starts = [];
    this.segments = [];
    this.dead.clear();
    this.segmentOf.clear();
    let offset = 0;
    for (const row of this.rows) {
      this.segmentOf.set(segKey(row), this.segments.length);
      this.starts.push(offset);
      this.segments.push(row);
      parts.push(row.key);
      offset += row.key.length + 1;
    }
    this.haystack = parts.join(SEP) + (parts.length ? SEP : '');
  }

  private appendSegment(row: Row): void {
    this.segmentOf.set(segKey(row), this.segments.length);
    this.starts.push(this.haystack.length);
    this.segments.push(row);
    this.haystack += row.key + SEP;
  }

  private killSegment(row: Row): void {
    const k = segKey(row);
    const i = this.segmentOf.get(k);
    if (i === undefined) return;
    this.dead.add(i);
    this.segmentOf.delete(k);
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
    for (const key of before) {
      this.removeRow(key, kind, id);
      this.killSegment({ key, kind, id });
    }
    for (const key of after) {
      const row = { key, kind, id };
      this.rows.splice(this.lowerBound(key), 0, row);
      this.appendSegment(row);
    }
    if (after.length) this.keysOf.set(r, after);
    else this.keysOf.delete(r);
    if (this.dead.size > 1000 && this.dead.size * 2 > this.segments.length) this.rebuildHaystack();
  }

  query(text: string): SearchEntry[] {
    const q = (text ?? '').replaceAll(SEP, '').trim().toLowerCase();
    if (q.length < SEARCH_MIN_CHARS) return [];
    const found = new Map<string, Row>();
    const rows = this.rows;
    for (let i = this.lowerBound(q); i < rows.length && found.size < SEARCH_MAX_SUGGESTIONS; i++) {
      const row = rows[i]!;
      if (!row.key.startsWith(q)) break;
      found.set(ref(row.kind, row.id), row);
    }
    const hay = this.haystack;
    for (let at = hay.indexOf(q); at >= 0 && found.size < SEARCH_MAX_SUGGESTIONS; ) {
      const seg = this.segmentAt(at);
      if (!this.dead.has(seg)) {
        const row = this.segments[seg]!;
        const r = ref(row.kind, row.id);
        if (!found.has(r)) found.set(r, row);
      }
      // Next match after this segment (one entity's key is counted once).
      const next = seg + 1 < this.starts.length ? this.starts[seg + 1]! : hay.length;
      at = hay.indexOf(q, next);
    }
    const out: SearchEntry[] = [];
    for (const row of found.values()) {
      const entry = entryOf(this.index(), row.kind, row.id);
      if (entry) out.push(entry);
    }
    return out;
  }

  private segmentAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
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

function segKey(row: Row): string {
  return `${entityKey(row.kind, row.id)}\u0000${row.key}`;
}

const ref = (kind: SearchedKind, id: Id): string => entityKey(kind, id);

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
