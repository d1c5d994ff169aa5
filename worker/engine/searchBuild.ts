/**
 * The search index's rows (docs/requirements.md#req-search), and the build of a whole world's index
 * a slice at a time: gathering each entity's keys in sorted order, then laying the haystack out
 * (docs/views.md#the-users-path). No task of the build holds the engine's thread for long: at
 * 100 000 surveys, sorting every row and laying the haystack out at once took 505–587 ms in Node
 * (`scripts/benchSearchBuild.ts`), a task a person's first actions after a boot waited behind
 * (docs/views.md#what-was-fixed).
 */
import type { EntityMaps, Id, IdLists } from '../domain/types';

/** What an index is built from: the entities, and each kind's list of ids. */
export interface Indexed {
  index: EntityMaps;
  ids: Pick<IdLists, SearchedKind>;
}

export const SEARCHED_KINDS = ['projects', 'captures', 'flightPlans', 'surveys', 'media'] as const;
export type SearchedKind = (typeof SEARCHED_KINDS)[number];

export interface Row {
  key: string;
  kind: SearchedKind;
  id: Id;
  /** Its segment of the haystack while it is live; -1 once it is not. */
  seg: number;
}

/**
 * Each searched entity's rows, by kind and then id: one row is held as itself, more as a list. Held
 * this way, and the live segment kept on the row, the index makes no string and no list per
 * entity of its own: a 20 000-survey world held 330 000 objects fewer (2.66 → 2.33 million,
 * docs/engine.md#what-that-heap-holds).
 */
export type RowsOf = Record<SearchedKind, Map<Id, Row | Row[]>>;
export const noRows = (): RowsOf => ({ projects: new Map(), captures: new Map(), flightPlans: new Map(), surveys: new Map(), media: new Map() });
export const listOf = (held: Row | Row[] | undefined): readonly Row[] => (held === undefined ? [] : Array.isArray(held) ? held : [held]);

/** An entity's rows for its keys, held in `rowsOf`. */
export function holdRows(rowsOf: RowsOf, kind: SearchedKind, id: Id, keys: readonly string[]): Row[] {
  const rows = keys.map((key) => ({ key, kind, id, seg: -1 }));
  if (rows.length) rowsOf[kind].set(id, rows.length === 1 ? rows[0]! : rows);
  else rowsOf[kind].delete(id);
  return rows;
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
  // Each key once: no Set for at most four (170 000 Sets made garbage of 26 MB at 100 000 surveys).
  const keys: string[] = [];
  for (const r of raw) {
    const key = r ? r.toLowerCase() : '';
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Separates keys in the haystack; never typed in a query. */
export const SEP = '\u0001';

/**
 * A haystack laid out row by row: each row's segment and where it starts, then the keys joined.
 * The keys added since the last `seal` are joined into one piece, and the pieces at the end: one
 * join of 170 000 keys took about 30 ms in a task of its own.
 */
export class HaystackLayout {
  readonly starts: number[] = [];
  readonly segments: Row[] = [];
  private parts: string[] = [];
  private readonly pieces: string[] = [];
  private offset = 0;

  add(row: Row): void {
    row.seg = this.segments.length;
    this.starts.push(this.offset);
    this.segments.push(row);
    this.parts.push(row.key, SEP);
    this.offset += row.key.length + 1;
  }

  get count(): number {
    return this.segments.length;
  }

  /** Joins the keys added since the last seal into one piece. */
  seal(): void {
    if (this.parts.length) this.pieces.push(this.parts.join(''));
    this.parts = [];
  }

  text(): string {
    this.seal();
    return this.pieces.join('');
  }
}

const byKey = (a: Row, b: Row): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Two runs in key order made one, the first's rows before the second's equal ones (as a stable
 * sort keeps them), a part at a time: the last merge of a large world moves 170 000 rows.
 */
class Merge {
  // Sized once: grown a row at a time, a run of 170 000 rows leaves its smaller copies behind.
  readonly out: Row[];
  private i = 0;
  private j = 0;

  constructor(
    private readonly first: readonly Row[],
    private readonly second: readonly Row[],
  ) {
    this.out = new Array<Row>(first.length + second.length);
  }

  /** Moves up to `budget` rows; answers how many it moved. */
  advance(budget: number): number {
    const { first, second, out } = this;
    let { i, j } = this;
    const end = Math.min(out.length, i + j + budget);
    while (i + j < end) {
      if (i < first.length && (j >= second.length || !(second[j]!.key < first[i]!.key))) out[i + j] = first[i++]!;
      else out[i + j] = second[j++]!;
    }
    const moved = i + j - this.i - this.j;
    this.i = i;
    this.j = j;
    return moved;
  }

  get done(): boolean {
    return this.i + this.j === this.out.length;
  }
}

/**
 * The keys of every searched entity, gathered a slice at a time, so that indexing a large world
 * never holds the engine's thread for long (a tab being replaced waits for its worker's task to end
 * before the next one can lead, docs/views.md#the-users-path). Each slice's rows are sorted as a
 * run of their own; the runs are merged two by two, then the haystack is laid out, each a slice of
 * work at a time. Merging each slice into all the rows before it copied them every time: at
 * 100 000 surveys, 230 MB of garbage during a person's first actions.
 */
export class IndexBuild {
  /** Sorted runs of rows, in the order gathered; one once they are merged. */
  private runs: Row[][] = [];
  /** The runs of the next pass, and the merge under way. */
  private merging: Row[][] = [];
  private merge: Merge | null = null;
  readonly rowsOf = noRows();
  readonly layout = new HaystackLayout();
  /** The haystack's text, once it is laid out whole. */
  text: string | null = null;
  private readonly index: EntityMaps;
  private readonly todo: [SearchedKind, Id[]][];

  /**
   * A copy of each kind's id list, as commits change the lists during the build (what they change
   * is updated once it is adopted). Not `Object.keys` of the maps: at 100 000 surveys that alone
   * took 35–42 ms in Node, in one task.
   */
  constructor(world: Indexed) {
    this.index = world.index;
    this.todo = SEARCHED_KINDS.map((kind) => [kind, world.ids[kind].slice()]);
  }

  /** Every row, in key order (equal keys in the order gathered), once the runs are merged. */
  get rows(): Row[] {
    return this.runs[0] ?? [];
  }

  /** Indexes up to `count` more entities, or merges or lays out rows for about as long; true once the build is whole. */
  step(count: number): boolean {
    if (this.todo.length) this.gather(count);
    else if (this.runs.length > 1 || this.merging.length || this.merge) this.mergeRuns(count * 16);
    else return this.layOut(count * 2);
    return false;
  }

  private gather(count: number): void {
    const run: Row[] = [];
    let left = count;
    while (left > 0 && this.todo.length) {
      const [kind, ids] = this.todo[this.todo.length - 1]!;
      const id = ids.pop();
      if (id === undefined) {
        this.todo.pop();
        continue;
      }
      left--;
      for (const row of holdRows(this.rowsOf, kind, id, searchKeys(this.index, kind, id))) run.push(row);
    }
    if (run.length) this.runs.push(run.sort(byKey));
  }

  /** Merges neighbouring runs, a pass at a time, until `budget` rows are moved. */
  private mergeRuns(budget: number): void {
    let left = budget;
    while (left > 0 && (this.runs.length > 1 || this.merging.length || this.merge)) {
      if (this.merge) {
        left -= this.merge.advance(left);
        if (!this.merge.done) return;
        this.merging.push(this.merge.out);
        this.merge = null;
      } else if (this.runs.length === 0) {
        this.runs = this.merging;
        this.merging = [];
      } else if (this.runs.length === 1) {
        // The odd run out of this pass goes to the next one as it is.
        this.merging.push(this.runs.shift()!);
      } else {
        const [first, second] = this.runs.splice(0, 2) as [Row[], Row[]];
        this.merge = new Merge(first, second);
      }
    }
  }

  private layOut(budget: number): boolean {
    const { layout, rows } = this;
    const to = Math.min(rows.length, layout.count + budget);
    while (layout.count < to) layout.add(rows[layout.count]!);
    layout.seal();
    if (layout.count < rows.length) return false;
    this.text ??= layout.text();
    return true;
  }
}
