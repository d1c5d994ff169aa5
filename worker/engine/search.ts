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
import { HaystackLayout, IndexBuild, holdRows, listOf, noRows, searchKeys, SEP, type Indexed, type Row, type SearchedKind } from './searchBuild';

export class SearchIndex {
  private rows: Row[] = [];
  private rowsOf = noRows();
  private haystack = '';
  /** Start offset in the haystack of each segment, ascending, and the segment's row (dead once its `seg` is not its place). */
  private starts: number[] = [];
  private segments: Row[] = [];
  private dead = 0;

  constructor(private world: () => Indexed) {}

  private index(): EntityMaps {
    return this.world().index;
  }

  rebuild(): void {
    const build = new IndexBuild(this.world());
    while (!build.step(Infinity));
    this.adopt(build);
  }

  /** Takes a whole build made aside (in slices, IndexBuild) as the index. */
  adopt(build: IndexBuild): void {
    if (build.text === null) throw new Error('the search index build is not whole');
    this.rows = build.rows;
    this.rowsOf = build.rowsOf;
    this.take(build.layout, build.text);
  }

  /** The haystack laid out afresh, its dead segments left out. */
  private rebuildHaystack(): void {
    const layout = new HaystackLayout();
    for (const row of this.rows) layout.add(row);
    this.take(layout, layout.text());
  }

  private take(layout: HaystackLayout, text: string): void {
    this.starts = layout.starts;
    this.segments = layout.segments;
    this.haystack = text;
    this.dead = 0;
  }

  private appendSegment(row: Row): void {
    row.seg = this.segments.length;
    this.starts.push(this.haystack.length);
    this.segments.push(row);
    this.haystack += row.key + SEP;
  }

  private killSegment(row: Row): void {
    if (row.seg < 0) return;
    this.dead++;
    row.seg = -1;
  }

  get size(): number {
    return this.rows.length;
  }

  /** Re-indexes one entity (added, changed or removed); cheap when its keys did not change. */
  update(kind: SearchedKind, id: Id): void {
    const before = listOf(this.rowsOf[kind].get(id));
    const after = this.index()[kind][id] ? searchKeys(this.index(), kind, id) : [];
    if (before.length === after.length && before.every((row, i) => row.key === after[i])) return;
    for (const row of before) {
      this.removeRow(row);
      this.killSegment(row);
    }
    for (const row of holdRows(this.rowsOf, kind, id, after)) {
      this.rows.splice(this.lowerBound(row.key), 0, row);
      this.appendSegment(row);
    }
    if (this.dead > 1000 && this.dead * 2 > this.segments.length) this.rebuildHaystack();
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
      const row = this.segments[seg]!;
      if (row.seg === seg) {
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

  private removeRow(row: Row): void {
    for (let i = this.lowerBound(row.key); i < this.rows.length && this.rows[i]!.key === row.key; i++) {
      if (this.rows[i] === row) {
        this.rows.splice(i, 1);
        return;
      }
    }
  }
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
