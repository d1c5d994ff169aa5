/**
 * The media sets a filter of the Media page matches (issue 36, docs/views.md#the-media-filters),
 * in the world's order. At 100 000 surveys there are 37 000 media sets, and the season, project and
 * capture id filters read each set's captures through its surveys; so:
 * - what the filters read of each set is packed for a scan, once, and kept (mediaIndex.ts);
 * - each filter's sets are kept across answers, and a change moves only the sets it changed in or
 *   out of them: a tick that ends a media set's stage, or a survey's (which answers /media again),
 *   costs what it changed, not a scan of every set.
 * What a set's match depends on: the set itself (its stage, its received day, its surveys, all of
 * which change the set), its captures' season, project and capture id, and the person's stars.
 */
import { isFiltered, type MediaFilter } from '../domain/mediaFilter';
import type { Id } from '../domain/types';
import type { World } from '../engine/world';
import type { WorldChange } from '../engine/worldChange';
import { placeThenId } from '../engine/store/storedForm';
import { inListOrder } from './listOrder';
import { MediaIndex, type PackedFilter } from './mediaIndex';

/** Filters whose sets are kept at once (a person typing a capture id asks for one filter a pause). */
const KEPT = 16;

interface Kept {
  filter: MediaFilter;
  packed: PackedFilter;
  ids: Id[];
}

export class MediaSelection {
  private kept = new Map<string, Kept>();
  /** What the filters read of each set, made at the first filter asked for (mediaIndex.ts). */
  private index: MediaIndex | null = null;

  constructor(private readonly world: World) {}

  /** Brings the index and the kept sets up to a change: the sets it changed move in or out, in their place. */
  invalidate(change: WorldChange): void {
    const index = this.index;
    if (!index) return;
    if (change.lists.has('media')) index.listChanged();
    let captureMoved = false;
    for (const id of change.changed.get('captures') ?? []) captureMoved = index.refreshCapture(id) || captureMoved;
    // A capture's season, project or capture id moved (another laptop's change): every kept set may have.
    if (captureMoved) this.kept.clear();
    if (change.kinds.has('favourites')) for (const [key, { filter }] of this.kept) if (filter.starredBy !== null) this.kept.delete(key);
    for (const id of [...(change.changed.get('media') ?? []), ...(change.removed.get('media') ?? [])]) {
      index.refreshMedia(id);
      for (const kept of this.kept.values()) this.follow(kept, id);
    }
  }

  /** Forgets everything (a new world). */
  clear(): void {
    this.kept.clear();
    this.index = null;
  }

  /**
   * The ids of the sets the filter matches, in the world's order (the world's own list when none is
   * set). The index is made at the view's first answer, filtered or not, so that a filter change
   * finds it made: at 100 000 surveys making it reads 100 000 surveys (docs/views.md#the-media-filters).
   */
  ids(filter: MediaFilter): readonly Id[] {
    this.index ??= new MediaIndex(this.world);
    if (!isFiltered(filter)) return this.world.ids.media;
    const key = JSON.stringify(filter);
    const kept = this.kept.get(key);
    if (kept) return kept.ids;
    const packed = this.index.pack(filter);
    const ids = this.matching(filter, packed);
    if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { filter, packed, ids });
    return ids;
  }

  /** The sets the filter matches: the person's stars alone, when asked, as they are few; else a scan of every set. */
  private matching(filter: MediaFilter, packed: PackedFilter): Id[] {
    const { world } = this;
    const index = this.index!;
    if (!filter.starredBy) return index.scan(packed);
    return inListOrder(world, 'media', world.favourites.ids(filter.starredBy, 'media')).filter((id) => index.matches(id, packed));
  }

  /** A set changed, came or went: in or out of one filter's sets, at its place in the world's order. */
  private follow(kept: Kept, id: Id): void {
    // A look through the kept ids (a few changes a tick) rather than a set of 37 000 made for each filter.
    const was = kept.ids.indexOf(id);
    if (was >= 0) kept.ids.splice(was, 1);
    const starred = kept.filter.starredBy === null || this.world.favourites.has({ email: kept.filter.starredBy, kind: 'media', id });
    if (!starred || !this.index!.matches(id, kept.packed)) return;
    const order = this.world.order.media;
    const at = (x: Id) => order.get(x) ?? 0;
    let lo = 0;
    let hi = kept.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (placeThenId(at(kept.ids[mid]!), kept.ids[mid]!, at(id), id) < 0) lo = mid + 1;
      else hi = mid;
    }
    kept.ids.splice(lo, 0, id);
  }
}
