/**
 * The capture table's order for each sort and stage filter (docs/engine.md#the-capture-tables-order),
 * kept between commits and moved, not made again: a tick that ends a dozen stages re-derives a
 * dozen captures, and sorting 12 500 of them again (20 ms and a megabyte of garbage at 100 000
 * surveys) cost every tick that changed a capture's stage, and the next action its collection.
 * Only the captures a commit changed, added or removed leave their place and find it again.
 */
import { compareCaptures, type CaptureSortKey, type SortDir } from '../domain/sort';
import type { Capture, Id } from '../domain/types';
import type { World } from '../engine/world';
import type { WorldChange } from '../engine/worldChange';
import type { CaptureRow } from '../screens';
import { captureRow } from './rows';

/** Past this many captures moved at once (an import, a join), sorting anew is cheaper than moving each. */
const MOVED_AT_MOST = 256;
const FOUND_ONE_BY_ONE = 16;
/** Rows kept at most (a few windows' worth): a long scroll does not keep every capture's. */
const ROWS_KEPT = 2_000;

interface Order {
  by: CaptureSortKey;
  dir: SortDir;
  stage: string | null;
  /** The captures listed, in order. */
  ids: Id[];
  /** Every capture's sort key as it was placed (a capture may enter the stage filter). */
  keys: Map<Id, string>;
}

/** What a capture's place in any order or filter depends on. */
function sortKeyOf(c: Capture | undefined): string {
  return c ? `${c.cpid}\u0000${c.lastReceivedOn ?? ''}\u0000${c.stage.statusLabel}` : '';
}

export class CaptureOrder {
  private orders = new Map<string, Order>();
  /**
   * The rows answered, kept until their capture changes or progresses: a table answered again
   * after a tick is mostly the same rows, and the same objects make its patch a comparison of
   * references (valuePatch.ts), not of every field of 60 rows.
   */
  private rows = new Map<Id, CaptureRow>();

  constructor(private readonly world: World) {}

  /**
   * Moves what the commit changed. `listsChanged`: captures joined or left, which the orders find by
   * their keys; `changed` undefined with it: a new world, every order made again when asked.
   * `progress`: the figures a tick moved in place, whose rows are made again.
   */
  invalidate(listsChanged: boolean, changed: ReadonlySet<Id> | undefined, progress: WorldChange['progress'] = []): void {
    if (listsChanged && !changed) {
      this.orders.clear();
      this.rows.clear();
      return;
    }
    for (const id of changed ?? []) this.rows.delete(id);
    if (this.rows.size) for (const [kind, id] of progress) if (kind === 'captures') this.rows.delete(id);
    if (!listsChanged && !changed?.size) return;
    for (const [name, order] of this.orders) {
      const moved = this.movedIn(order, listsChanged, changed);
      if (moved.size > MOVED_AT_MOST) this.orders.delete(name);
      else if (moved.size) this.move(order, moved);
    }
  }

  /** The captures listed, in order: the order's own list, read before the next change moves it. */
  ids(by: CaptureSortKey, dir: SortDir, stage: string | null): readonly Id[] {
    const name = `${by} ${dir} ${stage ?? ''}`;
    let order = this.orders.get(name);
    if (!order) {
      const { index, ids } = this.world;
      const compare = this.compare(by, dir);
      const listed = ids.captures.filter((id) => index.captures[id] && (stage === null || index.captures[id].stage.statusLabel === stage));
      order = { by, dir, stage, ids: listed.sort(compare), keys: new Map(ids.captures.map((id) => [id, sortKeyOf(index.captures[id])])) };
      this.orders.set(name, order);
    }
    return order.ids;
  }

  /** A listed capture's row, as last answered unless it changed since. */
  rowOf(id: Id): CaptureRow {
    let row = this.rows.get(id);
    if (!row) {
      if (this.rows.size >= ROWS_KEPT) this.rows.clear();
      row = captureRow(this.world.index.captures[id]!);
      this.rows.set(id, row);
    }
    return row;
  }

  /** The captures whose key is not the one they were placed by: changed, joined or gone. */
  private movedIn(order: Order, listsChanged: boolean, changed: ReadonlySet<Id> | undefined): Set<Id> {
    const { index, ids } = this.world;
    const moved = new Set<Id>();
    for (const id of changed ?? []) if (order.keys.get(id) !== sortKeyOf(index.captures[id])) moved.add(id);
    if (listsChanged) {
      let joined = 0;
      for (const id of ids.captures) {
        if (order.keys.has(id)) continue;
        moved.add(id);
        joined++;
      }
      if (order.keys.size + joined !== ids.captures.length) for (const id of order.keys.keys()) if (!index.captures[id]) moved.add(id);
    }
    return moved;
  }

  /** Takes the moved captures out, then puts each still listed back where the order says. */
  private move(order: Order, moved: ReadonlySet<Id>): void {
    const { index } = this.world;
    // A few found one by one (a tick's dozen), many in one pass.
    if (moved.size <= FOUND_ONE_BY_ONE) {
      for (const id of moved) {
        const at = order.ids.indexOf(id);
        if (at >= 0) order.ids.splice(at, 1);
      }
    } else order.ids = order.ids.filter((id) => !moved.has(id));
    const compare = this.compare(order.by, order.dir);
    for (const id of moved) {
      const capture = index.captures[id];
      this.rows.delete(id);
      if (!capture) {
        order.keys.delete(id);
        continue;
      }
      order.keys.set(id, sortKeyOf(capture));
      if (order.stage !== null && capture.stage.statusLabel !== order.stage) continue;
      let lo = 0;
      let hi = order.ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(order.ids[mid]!, id) < 0) lo = mid + 1;
        else hi = mid;
      }
      order.ids.splice(lo, 0, id);
    }
  }

  /** The table's order, made total by the world's own list order (what a stable sort keeps). */
  private compare(by: CaptureSortKey, dir: SortDir): (a: Id, b: Id) => number {
    const { index, order } = this.world;
    const byTable = compareCaptures(by, dir);
    return (a, b) => byTable(index.captures[a]!, index.captures[b]!) || (order.captures.get(a) ?? 0) - (order.captures.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
  }
}
