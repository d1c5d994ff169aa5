/**
 * Other laptops' changes into this laptop's world (issue 21, docs/sync.md#the-inbox): each taken
 * document is checked by restore() (the same rules as a stored copy, strictly: a document that
 * breaks one is refused and named, never half taken) over the few entities it points to, then
 * put in the world at its place, in its parents' lists. The world derives again what the change
 * touches, as after an action, so the change costs what it touched, not the world's size.
 */
import { isFrameFlag, sortFlags, type FrameFlag } from '../domain/frameFlags';
import { ID_FIELD, restore } from '../domain/restore';
import { CHILD_LISTS } from '../domain/storedFields';
import { isSimulationSpeed } from '../domain/session';
import type { EntityKind, EntityOf, Id } from '../domain/types';
import { removeMedia, removeSurveys } from '../engine/removal';
import { decode, encode, type StoredRecord } from '../engine/store/storedForm';
import type { World } from '../engine/world';
import type { StoredDoc } from './database';
import { parentListsOf } from './actionDocs';
import { entityDocId, FLAG_KIND, SPEED_ID, surveyOfFlagDoc } from './syncedForm';
import { FAVOURITE_KIND, favouriteRefused, takeFavourites } from './favouriteDocs';

/** Parents before children, so a child's parents are in the world when it is checked. */
const PUT_ORDER: readonly EntityKind[] = ['users', 'projects', 'captures', 'flightPlans', 'media', 'surveys', 'drives'];
/** Children before parents. */
const REMOVE_ORDER: readonly EntityKind[] = ['drives', 'surveys', 'media', 'flightPlans', 'captures', 'projects', 'users'];

/** The entities an entity of each kind names, which restore() needs beside it. */
const NAMES: Partial<Record<EntityKind, readonly EntityKind[]>> = {
  captures: ['projects'],
  flightPlans: ['captures'],
  surveys: ['captures', 'flightPlans', 'media'],
  drives: ['media'],
};

export interface TakenIntoWorld {
  /** documents refused, each with why (restore()'s message) */
  refused: { id: string; why: string }[];
  /** flag documents whose survey this laptop does not hold */
  orphans: string[];
}

type Fields = Record<string, unknown>;
const fieldsOf = (world: World, kind: EntityKind, id: Id): Fields | undefined => world.get(kind, id) as Fields | undefined;

/** An entity of the world as restore() reads it (its stored form, decoded). */
function rawOf(world: World, kind: EntityKind, id: Id): Fields | undefined {
  const entity = fieldsOf(world, kind, id);
  if (!entity) return undefined;
  const orderOf = (k: EntityKind, i: Id) => world.order[k].get(i);
  return decode(kind, id, encode(kind, entity, world.order[kind].get(id) ?? 0, orderOf));
}

/** The entity `raw` of `kind`, as restore() makes it, checked beside the world's entities it names. */
function restored(world: World, kind: EntityKind, id: Id, raw: Fields, now: number, docId: string): Fields | string {
  const index: Record<EntityKind, Record<Id, Fields>> = { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} };
  const add = (k: EntityKind, i: Id, fields: Fields) => {
    if (index[k][i]) return;
    index[k][i] = fields;
    for (const named of NAMES[k] ?? []) {
      const ref = fields[ID_FIELD[named]];
      const found = typeof ref === 'string' ? rawOf(world, named, ref) : undefined;
      if (found && typeof ref === 'string') add(named, ref, found);
    }
  };
  add(kind, id, raw);
  const result = restore({ version: world.version, index }, now, { source: docId, speed: world.speed, inPlace: true });
  if (!result.ok) return result.error;
  return (result.db.index[kind] as unknown as Record<Id, Fields>)[id] ?? `${docId} could not be read`;
}

/**
 * Why the world would refuse a document (a body a person merged, checked before it is written), or
 * null. An entity is read by restore() beside what it names; a frame flag must be one; the speed
 * must be a speed.
 */
export function whyRefused(world: World, doc: StoredDoc, now: number): string | null {
  if (doc._deleted) return null;
  if (doc._id === SPEED_ID) return speedRefused(doc);
  const kind = doc._id.slice(0, doc._id.indexOf(':'));
  if (kind === FLAG_KIND) return isFrameFlag(doc.flag) ? null : flagRefused(doc);
  if (kind === FAVOURITE_KIND) return favouriteRefused(doc);
  if (!(kind in ID_FIELD)) return kindRefused(doc);
  const entity = entityOfDoc(world, kind as EntityKind, doc._id.slice(kind.length + 1), doc, now);
  return typeof entity === 'string' ? entity : null;
}

const notASpeed = (doc: StoredDoc) => `${String(doc.speed)} is not a simulation speed`;
const speedRefused = (doc: StoredDoc): string | null => (isSimulationSpeed(doc.speed) ? null : notASpeed(doc));
const flagRefused = (doc: StoredDoc) => `${doc._id} is not a frame flag`;
const kindRefused = (doc: StoredDoc) => `${doc._id} names no kind of entity`;

/** A document's entity as restore() makes it beside what it names, with its stored form; or why not. */
function entityOfDoc(world: World, kind: EntityKind, id: Id, doc: StoredDoc, now: number): { entity: Fields; record: StoredRecord } | string {
  const record = doc.e as StoredRecord | undefined;
  if (!record || typeof record !== 'object' || typeof record.o !== 'number') return `${doc._id} holds no stored form`;
  const entity = restored(world, kind, id, decode(kind, id, record), now, doc._id);
  return typeof entity === 'string' ? entity : { entity, record };
}

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
export type PlaceOf = (docId: string) => Partial<Record<EntityKind, number>> | undefined;

/**
 * Puts a child in its parents' lists at the place its document gives: after every sibling whose
 * place is lower, and after those of the same place whose id is lower (two laptops that each added
 * at the end). Every laptop orders the same siblings alike, whichever arrived first.
 */
function joinParents(world: World, kind: EntityKind, id: Id, entity: Fields, at: Partial<Record<EntityKind, number>>, placeOf: PlaceOf): void {
  for (const { parent, parentId, ids } of parentListsOf(world, kind, entity)) {
    if (ids.includes(id)) continue;
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

function putEntity(world: World, kind: EntityKind, id: Id, doc: StoredDoc, now: number, placeOf: PlaceOf, refused: TakenIntoWorld['refused']): void {
  const read = entityOfDoc(world, kind, id, doc, now);
  if (typeof read === 'string') {
    refused.push({ id: doc._id, why: read });
    return;
  }
  const { entity, record } = read;
  const before = fieldsOf(world, kind, id);
  // The lists of its children and a survey's flags are not in its document: they stay the world's.
  for (const list of Object.keys(CHILD_LISTS[kind] ?? {})) entity[list] = before ? before[list] : [];
  if (kind === 'surveys') entity.frameFlags = before?.frameFlags ?? [];
  if (kind === 'captures') entity.selectedIds = Array.isArray(record.selectedIds) ? record.selectedIds.filter((s): s is Id => typeof s === 'string') : [];
  if (kind === 'media') entity.host = before?.host ?? null;
  if (before) leaveParents(world, kind, id, before);
  world.place(kind, id, entity as unknown as EntityOf<typeof kind>, record.o);
  joinParents(world, kind, id, entity, (doc.at as Partial<Record<EntityKind, number>> | undefined) ?? {}, placeOf);
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

function removeEntity(world: World, kind: EntityKind, id: Id): void {
  const before = fieldsOf(world, kind, id);
  if (!before) return;
  if (kind === 'surveys') return removeSurveys(world, [id]);
  if (kind === 'media') return removeMedia(world, [id]);
  // Children whose removal has not arrived go with it: the world never holds a child without its parent.
  for (const [list, child] of Object.entries(CHILD_LISTS[kind] ?? {})) {
    for (const childId of [...(before[list] as Id[])]) removeEntity(world, child, childId);
  }
  if (kind === 'drives') driveHolds(world, id, before.mediaId as Id | null, null);
  leaveParents(world, kind, id, before);
  world.remove(kind, [id]);
}

/** Where a flag document's id says it is: survey, line, frame and camera. */
function flagPlace(id: string): { surveyId: Id; line: number; frame: number; camera: string } {
  const [, survey = '', line = '', frame = '', camera = ''] = id.split(':');
  return { surveyId: decodeURIComponent(survey), line: Number(line), frame: Number(frame), camera: decodeURIComponent(camera) };
}

const sameFrame = (a: Pick<FrameFlag, 'line' | 'frame' | 'camera'>, b: Pick<FrameFlag, 'line' | 'frame' | 'camera'>) =>
  a.line === b.line && a.frame === b.frame && a.camera === b.camera;

function setFlag(world: World, surveyId: Id, place: Pick<FrameFlag, 'line' | 'frame' | 'camera'>, flag: FrameFlag | null): boolean {
  const survey = world.index.surveys[surveyId];
  if (!survey) return false;
  const others = survey.frameFlags.filter((f) => !sameFrame(f, place));
  if (!flag && others.length === survey.frameFlags.length) return true;
  survey.frameFlags = flag ? sortFlags([...others, { ...flag }]) : others;
  world.touch('surveys', surveyId);
  return true;
}

/**
 * Puts the taken documents into the world (not yet committed: the caller commits, with the
 * inbox's position and held revisions in the same transaction). A document removed has `_deleted`.
 */
export function takeIntoWorld(world: World, docs: readonly StoredDoc[], now: number, placeOf: PlaceOf = () => undefined): TakenIntoWorld {
  const out: TakenIntoWorld = { refused: [], orphans: [] };
  const puts = new Map<EntityKind, StoredDoc[]>();
  const removals = new Map<EntityKind, Id[]>();
  const flags: StoredDoc[] = [];
  const stars: StoredDoc[] = [];
  // The speed first: the entities a speed change rebased arrive in the same action, and are derived at it.
  for (const doc of docs.filter((d) => d._id === SPEED_ID && !d._deleted)) {
    if (!isSimulationSpeed(doc.speed)) out.refused.push({ id: doc._id, why: notASpeed(doc) });
    else if (doc.speed !== world.flags.speed) world.setFlags({ ...world.flags, speed: doc.speed });
  }
  for (const doc of docs) {
    if (doc._id === SPEED_ID) continue;
    const kind = doc._id.slice(0, doc._id.indexOf(':'));
    if (kind === FLAG_KIND) {
      flags.push(doc);
      continue;
    }
    if (kind === FAVOURITE_KIND) {
      stars.push(doc);
      continue;
    }
    if (!(kind in ID_FIELD)) {
      out.refused.push({ id: doc._id, why: kindRefused(doc) });
      continue;
    }
    const k = kind as EntityKind;
    if (doc._deleted) removals.set(k, [...(removals.get(k) ?? []), doc._id.slice(kind.length + 1)]);
    else puts.set(k, [...(puts.get(k) ?? []), doc]);
  }
  for (const doc of flags.filter((d) => d._deleted)) {
    const place = flagPlace(doc._id);
    setFlag(world, place.surveyId, place, null);
  }
  for (const kind of REMOVE_ORDER) for (const id of removals.get(kind) ?? []) removeEntity(world, kind, id);
  for (const kind of PUT_ORDER) {
    for (const doc of puts.get(kind) ?? []) putEntity(world, kind, doc._id.slice(kind.length + 1), doc, now, placeOf, out.refused);
  }
  // A selection names only surveys of its capture the world holds, once every survey is in.
  for (const doc of puts.get('captures') ?? []) {
    const capture = world.index.captures[doc._id.slice('captures:'.length)];
    if (capture) capture.selectedIds = capture.selectedIds.filter((sid) => world.index.surveys[sid]?.captureId === capture.captureId);
  }
  for (const doc of flags.filter((d) => !d._deleted)) {
    const surveyId = typeof doc.surveyId === 'string' ? doc.surveyId : surveyOfFlagDoc(doc._id);
    if (!isFrameFlag(doc.flag)) {
      out.refused.push({ id: doc._id, why: flagRefused(doc) });
      continue;
    }
    if (!setFlag(world, surveyId, doc.flag, doc.flag)) out.orphans.push(doc._id);
  }
  // People's stars: their own documents, which name an entity but need not find it (docs/sync.md#favourites).
  takeFavourites(world, stars, out.refused);
  return out;
}
