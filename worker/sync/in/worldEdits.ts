/**
 * How a document taken from the team changes the world (docs/sync.md#taking-changes-into-the-world):
 * an entity put at the place its document gives in its parents' lists, a drive and the media set
 * it holds kept in step, a removal the console itself would make, a frame's flag set or cleared.
 * What to take, and whether, is takenIntoWorld.ts's; this only edits the world, touching what it
 * changed so the world derives it again.
 */
import { sortFlags, type FrameFlag } from '../../domain/frameFlags';
import { CHILD_LISTS, shownId } from '../../domain/storedFields';
import type { EntityKind, EntityOf, Id } from '../../domain/types';
import { removeMedia, removeSurveys } from '../../engine/removal';
import type { World } from '../../engine/world';
import { parentListsOf } from '../doc/syncedForm';
import { entityDocId, KIND_WORDS, type FlagPlace } from '../doc/docIds';
import type { Places, TeamDoc } from '../doc/teamDoc';

/** An entity as loose fields: a document's reading, before and after restore(). */
export type Fields = Record<string, unknown>;
export const fieldsOf = (world: World, kind: EntityKind, id: Id): Fields | undefined => world.get(kind, id) as Fields | undefined;
/** An entity's document that puts it (not a removal). */
export type EntityPut = Extract<TeamDoc, { is: 'entity'; removed: false }>;

/** Takes a child out of its parents' lists (those it is in, by its pointers `from`). */
function leaveParents(world: World, kind: EntityKind, id: Id, from: Fields): void {
  for (const { parent, parentId, ids } of parentListsOf(world, kind, from)) {
    const i = ids.indexOf(id);
    if (i < 0) continue;
    ids.splice(i, 1);
    world.touch(parent, parentId);
  }
}

/** Where each held document stands in its parents' lists (its `at`), or undefined if not held. */
export type PlaceOf = (docId: string) => Places | undefined;

/**
 * Puts a child in its parents' lists at the place its document gives: after every sibling whose
 * place is lower, and after those of the same place whose id is lower (two laptops that each added
 * at the end). Every laptop orders the same siblings alike, whichever arrived first.
 */
function joinParents(world: World, kind: EntityKind, id: Id, entity: Fields, at: Places, placeOf: PlaceOf): void {
  // It is in none of them: new to the world, or taken out of its old parents' lists just before.
  for (const { parent, parentId, ids } of parentListsOf(world, kind, entity)) {
    const place = at[parent];
    let i = ids.length;
    if (typeof place === 'number') {
      while (i > 0) {
        const before = ids[i - 1]!;
        const theirs = placeOf(entityDocId(kind, before))?.[parent];
        if (theirs === undefined || theirs < place || (theirs === place && before < id)) break;
        i--;
      }
    }
    ids.splice(i, 0, id);
    world.touch(parent, parentId);
  }
}

export function putEntity(world: World, read: EntityPut, entity: Fields, placeOf: PlaceOf): void {
  const { kind, id, record } = read;
  const before = fieldsOf(world, kind, id);
  // The lists of its children and a survey's flags are not in its document: they stay the world's.
  for (const list of Object.keys(CHILD_LISTS[kind] ?? {})) entity[list] = before ? before[list] : [];
  if (kind === 'surveys') entity.frameFlags = before?.frameFlags ?? [];
  if (kind === 'captures') entity.selectedIds = Array.isArray(record.selectedIds) ? record.selectedIds.filter((s): s is Id => typeof s === 'string') : [];
  if (kind === 'media') entity.host = before?.host ?? null;
  if (before) leaveParents(world, kind, id, before);
  world.place(kind, id, entity as unknown as EntityOf<typeof kind>, record.o);
  joinParents(world, kind, id, entity, read.at, placeOf);
  if (kind === 'drives') driveHolds(world, id, before?.mediaId as Id | null | undefined, entity.mediaId as Id | null);
}

/** A drive now holds `now` (or nothing): the media sets it held and holds say so. */
function driveHolds(world: World, host: Id, was: Id | null | undefined, now: Id | null): void {
  if (was && was !== now) {
    const m = world.index.media[was];
    if (m && m.host === host) {
      m.host = null;
      world.touch('media', was);
    }
  }
  const m = now ? world.index.media[now] : undefined;
  if (m && now && m.host !== host) {
    m.host = host;
    world.touch('media', now);
  }
}

/**
 * Why the console would not make this removal, or null if it would (docs/sync.md#removals-checked-like-writes).
 * While a world is shared the console removes surveys (a capture's clean, an eject of media never
 * received) and media sets left holding no survey; nothing else.
 */
export function removalRefused(world: World, kind: EntityKind, id: Id): string | null {
  if (kind === 'surveys') return null;
  if (kind === 'media') {
    const media = world.index.media[id];
    const held = media?.surveyIds.length ?? 0;
    if (held) return `the removal of media set ${shownId(id)} would take ${held} standing survey${held === 1 ? '' : 's'} with it`;
    return media?.host ? `the removal of media set ${shownId(id)} would take it out of drive ${shownId(media.host)}, which still holds it` : null;
  }
  return `the console never removes a ${KIND_WORDS[kind]} of a shared world, so the removal of ${shownId(id)} is not one of its changes`;
}

/** Removes what removalRefused allows: a survey, or a media set that holds none. */
export function removeEntity(world: World, kind: EntityKind, id: Id): void {
  if (kind === 'surveys') removeSurveys(world, [id]);
  else if (kind === 'media') removeMedia(world, [id]);
}

export function setFlag(world: World, place: FlagPlace, flag: FrameFlag | null): void {
  const survey = world.index.surveys[place.surveyId];
  if (!survey) return;
  const same = (f: FrameFlag) => f.line === place.line && f.frame === place.frame && f.camera === place.camera;
  const others = survey.frameFlags.filter((f) => !same(f));
  if (!flag && others.length === survey.frameFlags.length) return;
  survey.frameFlags = flag ? sortFlags([...others, { ...flag }]) : others;
  world.touch('surveys', place.surveyId);
}
