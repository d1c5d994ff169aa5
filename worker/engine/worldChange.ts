/**
 * What one commit changed (docs/views.md, docs/architecture.md#arch-persistence): the change as
 * those who show the world are told it, what it writes to disk (and, while syncing, to the
 * outbox), and how the entities it touched are derived again before either, cascading to the
 * captures and drives that summarise them, with the clock's active table kept in step. The world
 * (world.ts) tracks what is touched and takes the change.
 */
import type { Capture, EntityKind, EntityMaps, Id, Survey } from '../domain/types';
import { captureDates, deriveCapture, deriveCaptureStage, deriveDrive, deriveMedia, deriveSurvey, movedCount } from '../domain/derive';
import { isActive } from '../domain/workflow';
import { PROGRESS_KINDS, type ActiveTable, type ProgressKind } from './activeTable';
import type { FavouriteChanges } from './favouriteBook';

/** What a change may touch, for those who show it: a kind of entity, or people's stars (issue 36). */
export type ChangeKind = EntityKind | 'favourites';

/** What one commit (an action, or a tick that moved something) changed, for those who show it. */
export interface WorldChange {
  /** Kinds with an entity changed or removed, or whose ordered list changed; `favourites` when a star did. */
  kinds: ReadonlySet<ChangeKind>;
  changed: ReadonlyMap<EntityKind, ReadonlySet<Id>>;
  removed: ReadonlyMap<EntityKind, ReadonlySet<Id>>;
  /** Kinds whose ordered id list changed. */
  lists: ReadonlySet<EntityKind>;
  /** Working stages whose only change is what they show: [kind, id, percent, simulated seconds left]. */
  progress: readonly [ProgressKind, Id, number, number][];
  /** The session (`current` or `flags`) changed. */
  session: boolean;
}

/**
 * What one commit changed that belongs on disk (and, while syncing, in the outbox): the entities
 * it changed (those still there), the ones it removed, whether the session keys changed, and the
 * stars set and taken off.
 */
export interface WorldWrites {
  put: Partial<Record<EntityKind, Id[]>>;
  del: Partial<Record<EntityKind, Id[]>>;
  session: boolean;
  /** Captures of `put` whose stored fields did not change, only their derived row. */
  rederived: ReadonlySet<Id>;
  /** Stars set and taken off (issue 36). */
  favourites: FavouriteChanges;
}

/** A commit's change, taken from the world: what it means to those who show it, and what it writes (null: nothing stored, progress alone). */
export interface TakenChange {
  change: WorldChange;
  writes: WorldWrites | null;
}

/** What the derivation reads of the world. */
interface Derived {
  index: EntityMaps;
  speed: number;
  active: ActiveTable;
  surveysOf(capture: Capture): Survey[];
}

/**
 * Derives again every entity `changed` names, and the captures and drives that summarise a changed
 * survey or media set (`touchDerived` adds them to `changed` as it goes); then each progressing
 * entity enters or leaves the active table.
 *
 * A capture counts its surveys by display stage. A survey the clock alone moved (`clocked`: a stage
 * of it ended, nothing else) leaves its capture as it was if its display stage stayed, and moves
 * one count if it changed: its capture's other surveys, and their dates, are not read again. At
 * 100 000 surveys those are a dozen cold surveys for each of the dozen captures a tick touches.
 */
export function deriveChanged(
  world: Derived,
  changed: ReadonlyMap<EntityKind, ReadonlySet<Id>>,
  now: number,
  touchDerived: (kind: EntityKind, id: Id) => void,
  clocked: ReadonlySet<Id>,
): void {
  const speed = world.speed;
  // Captures touched for themselves, or by a survey changed otherwise than by the clock: counted whole.
  const whole = new Set(changed.get('captures'));
  let recounted: Set<Id> | null = null;
  for (const id of changed.get('surveys') ?? []) {
    const s = world.index.surveys[id];
    if (!s) continue;
    const counted = s.display;
    deriveSurvey(s, now, speed);
    if (!clocked.has(id)) whole.add(s.captureId);
    else if (s.display === counted) continue;
    else {
      const c = world.index.captures[s.captureId];
      if (c) c.counts = movedCount(c.counts, counted, s.display);
      (recounted ??= new Set()).add(s.captureId);
    }
    touchDerived('captures', s.captureId);
  }
  const media = changed.get('media');
  if (media) {
    for (const id of media) {
      const m = world.index.media[id];
      if (!m) continue;
      deriveMedia(m, now, speed);
      if (m.host) touchDerived('drives', m.host);
    }
  }
  for (const id of changed.get('drives') ?? []) {
    const d = world.index.drives[id];
    if (d) deriveDrive(d, d.mediaId ? world.index.media[d.mediaId] : undefined);
  }
  for (const id of changed.get('captures') ?? []) {
    const c = world.index.captures[id];
    if (!c) continue;
    if (recounted?.has(id) && !whole.has(id)) {
      deriveCaptureStage(c, now, speed);
      continue;
    }
    const list = world.surveysOf(c);
    Object.assign(c, captureDates(list));
    deriveCapture(c, list, now, speed);
  }
  for (const kind of PROGRESS_KINDS) {
    const set = changed.get(kind);
    if (!set) continue;
    for (const id of set) {
      const e = world.index[kind][id];
      if (e && isActive(e.workflow)) world.active.of(kind).enter(id, e);
      else world.active.of(kind).leave(id);
    }
  }
}

/** Whether a commit's writes hold anything to store. */
export function writesAnything(w: WorldWrites): boolean {
  return w.session || Object.values(w.put).some((l) => l.length) || Object.values(w.del).some((l) => l.length) || w.favourites.put.length + w.favourites.del.length > 0;
}
