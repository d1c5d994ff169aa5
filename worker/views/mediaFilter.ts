/**
 * The media sets a filter of the Media page matches (issue 36, docs/views.md#the-media-filters),
 * in the world's order. A filter's sets are kept across answers while nothing they depend on
 * changes: a tick that moves a survey's stage answers /media again, and scanning 37 000 media
 * sets at 100 000 surveys for each such tick would cost the worker every tick. What a set's match
 * depends on: the set itself (its stage, its received day, its surveys, all of which change the
 * set), its surveys' captures' season, project and capture id, and the person's stars.
 */
import { isFiltered, mediaStatusOf, type MediaFilter } from '../domain/mediaFilter';
import type { Capture, Id, Media } from '../domain/types';
import type { World, WorldChange } from '../engine/world';
import { inListOrder } from './listOrder';

/** Filters whose sets are kept at once (a person typing a capture id asks for one filter a key). */
const KEPT = 16;

/** What a set's match reads of a capture. */
const captureKey = (c: Capture | undefined) => (c ? `${c.season}\u0000${c.projectId}\u0000${c.cpid}` : '');

export class MediaSelection {
  private kept = new Map<string, { filter: MediaFilter; ids: Id[] }>();
  /** Each capture's key when the kept sets were found: a capture whose key moves makes them stale. */
  private keys: Map<Id, string> | null = null;

  constructor(private readonly world: World) {}

  /** Forgets the sets a change may have changed. */
  invalidate(change: WorldChange): void {
    if (change.kinds.has('media') || change.lists.has('captures')) return this.clear();
    if (change.kinds.has('favourites')) for (const [key, { filter }] of this.kept) if (filter.starredBy !== null) this.kept.delete(key);
    const keys = this.keys;
    if (!keys) return;
    for (const id of change.changed.get('captures') ?? []) {
      if (keys.get(id) !== captureKey(this.world.index.captures[id])) return this.clear();
    }
  }

  clear(): void {
    this.kept.clear();
    this.keys = null;
  }

  /** The ids of the sets the filter matches, in the world's order (the world's own list when none is set). */
  ids(filter: MediaFilter): readonly Id[] {
    if (!isFiltered(filter)) return this.world.ids.media;
    const key = JSON.stringify(filter);
    const kept = this.kept.get(key);
    if (kept) return kept.ids;
    this.keys ??= new Map(this.world.ids.captures.map((id) => [id, captureKey(this.world.index.captures[id])]));
    const ids = matching(this.world, filter);
    if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { filter, ids });
    return ids;
  }
}

/** The sets the filter matches, found by looking at each: the person's stars first, when asked, as they are few. */
function matching(world: World, filter: MediaFilter): Id[] {
  const { index } = world;
  const candidates = filter.starredBy ? inListOrder(world, 'media', world.favourites.ids(filter.starredBy, 'media')) : world.ids.media;
  const byCapture = filter.season !== null || filter.projectId !== null || filter.cpid !== null;
  const cpid = filter.cpid?.toLowerCase() ?? null;
  const out: Id[] = [];
  for (const id of candidates) {
    const m = index.media[id];
    if (!m) continue;
    if (filter.status !== null && mediaStatusOf(m) !== filter.status) continue;
    if (filter.receivedFrom !== null && (m.receivedOn === null || m.receivedOn < filter.receivedFrom)) continue;
    if (filter.receivedTo !== null && (m.receivedOn === null || m.receivedOn > filter.receivedTo)) continue;
    if (byCapture && !capturesMatch(world, m, filter, cpid)) continue;
    out.push(id);
  }
  return out;
}

/**
 * Whether the set's captures meet the season, project and capture id filters: each filter by one
 * of its captures at least (a set of two captures of two seasons matches either season).
 */
function capturesMatch(world: World, m: Media, filter: MediaFilter, cpid: string | null): boolean {
  let season = filter.season === null;
  let project = filter.projectId === null;
  let text = cpid === null;
  let last: Id | null = null;
  for (const sid of m.surveyIds) {
    const captureId = world.index.surveys[sid]?.captureId;
    // A set's surveys mostly share one capture: each capture is looked at once in a row.
    if (captureId === undefined || captureId === last) continue;
    last = captureId;
    const c = world.index.captures[captureId];
    if (!c) continue;
    season ||= c.season === filter.season;
    project ||= c.projectId === filter.projectId;
    text ||= c.cpid.toLowerCase().includes(cpid!);
    if (season && project && text) return true;
  }
  return false;
}
