/**
 * Other laptops' changes into this laptop's world (issue 32, docs/sync.md#taking-changes-into-the-world):
 * each document read one way (teamDoc.ts), an entity's fields checked by restore() strictly over
 * the few entities it names, then put in the world at its place, in its parents' lists. The world
 * derives again what the change touches, as after an action, so the change costs what it touched.
 *
 * What cannot be taken is one of two things, never dropped in silence:
 * - **waiting**: it names an entity this laptop does not hold (a survey whose media set has not
 *   arrived). It is taken as soon as what it names is, in this take or a later one;
 * - **refused**: it breaks a rule (a field, its id against its body, a removal the console would
 *   not make). Where this laptop holds the entity, it keeps its version and answers the refused one
 *   with it (the session writes it back over the refused version), so every laptop, even one that
 *   joins later, ends with the same world.
 */
import { restore, wakeCapture } from '../../domain/restore';
import { CHILD_LISTS, shownId } from '../../domain/storedFields';
import { REFERENCES } from '../../domain/references';
import type { EntityKind, Id } from '../../domain/types';
import { decode, encode } from '../../engine/store/storedForm';
import type { World } from '../../engine/world';
import type { StoredDoc } from '../doc/database';
import { entityDocId, KIND_WORDS, parseDocId } from '../doc/docIds';
import { readTeamDoc, type TeamDoc } from '../doc/teamDoc';
import type { HistoryEntry } from '../../domain/history';
import { fieldsOf, putEntity, removalRefused, removeEntity, setFlag, type EntityPut, type Fields, type PlaceOf } from './worldEdits';

export type { PlaceOf } from './worldEdits';

/** Parents before children, so a child's parents are in the world when it is checked. */
const PUT_ORDER: readonly EntityKind[] = ['users', 'projects', 'captures', 'flightPlans', 'media', 'surveys', 'drives'];
/** Children before parents. */
const REMOVE_ORDER: readonly EntityKind[] = ['drives', 'surveys', 'media', 'flightPlans', 'captures', 'projects', 'users'];

export interface Refused {
  doc: StoredDoc;
  why: string;
  /** this laptop holds the entity: it keeps its version, and answers the refused one with it */
  answered: boolean;
}

export interface Waiting {
  doc: StoredDoc;
  /** the documents of what it names that this laptop does not hold */
  needs: string[];
  why: string;
}

export interface TakenIntoWorld {
  /** the documents whose version the world holds now */
  taken: StoredDoc[];
  /** history entries made elsewhere, to keep with this laptop's (docs/history.md#sync) */
  history: HistoryEntry[];
  refused: Refused[];
  waiting: Waiting[];
}


/**
 * An entity of the world as restore() reads it beside a child it names: its stored form, decoded,
 * without its own child lists (a capture's 20 000 surveys are not what a survey is checked by).
 * Kept for the take, so 20 000 surveys of one capture decode it once.
 */
type Parents = Map<string, Fields | undefined>;
function rawOf(world: World, kind: EntityKind, id: Id, parents: Parents): Fields | undefined {
  const key = entityDocId(kind, id);
  if (parents.has(key)) return parents.get(key);
  const entity = fieldsOf(world, kind, id);
  let raw: Fields | undefined;
  if (entity) {
    const orderOf = (k: EntityKind, i: Id) => world.order[k].get(i);
    raw = decode(kind, id, encode(kind, entity, world.order[kind].get(id) ?? 0, orderOf));
    for (const list of Object.keys(CHILD_LISTS[kind] ?? {})) delete raw[list];
  }
  parents.set(key, raw);
  return raw;
}

/** What an entity names that the world does not hold, by document id. */
function missingNamed(world: World, kind: EntityKind, raw: Fields): string[] {
  const needs: string[] = [];
  for (const named of REFERENCES[kind] ?? []) {
    const ref = raw[named.field];
    if (typeof ref === 'string' && !fieldsOf(world, named.kind, ref)) needs.push(entityDocId(named.kind, ref));
  }
  return needs;
}

/** The entity `raw` of `kind`, as restore() makes it, checked beside the world's entities it names. */
function restored(world: World, kind: EntityKind, id: Id, raw: Fields, now: number, docId: string, parents: Parents): Fields | string {
  const index: Record<EntityKind, Record<Id, Fields>> = { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} };
  const add = (k: EntityKind, i: Id, fields: Fields) => {
    if (index[k][i]) return;
    index[k][i] = fields;
    for (const named of REFERENCES[k] ?? []) {
      const ref = fields[named.field];
      const found = typeof ref === 'string' ? rawOf(world, named.kind, ref, parents) : undefined;
      // A copy: restore() reads its input in place, and the kept one serves the next child.
      if (found && typeof ref === 'string') add(named.kind, ref, structuredClone(found));
    }
  };
  add(kind, id, raw);
  const result = restore({ version: world.version, index }, now, { source: docId, speed: world.speed, inPlace: true });
  if (!result.ok) return result.error;
  return (result.db.index[kind] as unknown as Record<Id, Fields>)[id] ?? `${docId} could not be read`;
}


/** A document's entity as restore() makes it beside what it names; what it waits for; or why not. */
function entityOf(world: World, read: EntityPut, doc: StoredDoc, now: number, parents: Parents = new Map()): { entity: Fields } | { needs: string[]; why: string } | string {
  const raw = decode(read.kind, read.id, read.record);
  const needs = missingNamed(world, read.kind, raw);
  if (needs.length) return { needs, why: `${shownId(doc._id)} names ${needs.map(named).join(' and ')}, which this laptop does not hold` };
  const entity = restored(world, read.kind, read.id, raw, now, doc._id, parents);
  return typeof entity === 'string' ? entity : { entity };
}

function named(docId: string): string {
  const parsed = parseDocId(docId);
  return parsed.is === 'entity' ? `${KIND_WORDS[parsed.kind]} ${shownId(parsed.id)}` : `entity ${shownId(docId)}`;
}

/**
 * Why the world would refuse a document (a body a person merged, checked before it is written), or
 * null: read one way, then an entity beside what it names.
 */
export function whyRefused(world: World, doc: StoredDoc, now: number): string | null {
  const read = readTeamDoc(doc);
  if (read.is === 'refused') return read.why;
  if (read.is !== 'entity' || read.removed) return null;
  const entity = entityOf(world, read, doc, now);
  return typeof entity === 'string' ? entity : 'why' in entity ? entity.why : null;
}

/** Whether the world holds what a document is about (it can answer a refused version with its own). */
function holds(world: World, doc: StoredDoc, read: TeamDoc): boolean {
  if (read.is === 'speed') return true;
  if (read.is === 'entity') return fieldsOf(world, read.kind, read.id) !== undefined;
  if (read.is === 'flag') return world.index.surveys[read.place.surveyId]?.frameFlags.some((f) => f.line === read.place.line && f.frame === read.place.frame && f.camera === read.place.camera) ?? false;
  // A refused version of an entity's document.
  const named = parseDocId(doc._id);
  return named.is === 'entity' && fieldsOf(world, named.kind, named.id) !== undefined;
}

/**
 * The order a document is taken in: the speed; removals, children first; entities, parents first;
 * a media set's removal once its drive's new version is in (an eject writes both); flags last.
 */
function rank(read: TeamDoc): number {
  if (read.is === 'speed') return 0;
  if (read.is === 'flag') return read.removed ? 1 : 30;
  if (read.is === 'entity' && read.removed) return read.kind === 'media' ? 20 : 2 + REMOVE_ORDER.indexOf(read.kind);
  if (read.is === 'entity') return 10 + PUT_ORDER.indexOf(read.kind);
  return 40;
}

/** The first place an entity's document gives in its parents' lists. */
const firstPlace = (read: TeamDoc): number => {
  if (read.is !== 'entity' || read.removed) return 0;
  for (const place of Object.values(read.at)) if (typeof place === 'number') return place;
  return Number.MAX_SAFE_INTEGER;
};

/**
 * Children of one kind in the order of their places: a large action's children each join the end
 * of their lists (joinParents scans back from the end), not one before another 20 000 times.
 */
const byPlace = (a: TeamDoc, b: TeamDoc): number => firstPlace(a) - firstPlace(b);

/**
 * Puts the documents into the world (not yet committed: the caller commits, with the inbox's
 * position and held revisions in the same transaction). A document removed has `_deleted`. What
 * waits for another document of the same take is taken once that one is.
 */
export function takeIntoWorld(world: World, docs: readonly StoredDoc[], now: number, placeOf: PlaceOf = () => undefined): TakenIntoWorld {
  const out: TakenIntoWorld = { taken: [], history: [], refused: [], waiting: [] };
  const captures: Id[] = [];
  /** captures of surveys taken: each may have a survey received while its own document still waits */
  const woken = new Set<Id>();
  const parents: Parents = new Map();
  const reads = docs.map((doc) => ({ doc, read: readTeamDoc(doc) })).sort((a, b) => rank(a.read) - rank(b.read) || byPlace(a.read, b.read));
  let waiting: { doc: StoredDoc; read: TeamDoc; needs: string[]; why: string }[] = [];
  const take = (doc: StoredDoc, read: TeamDoc) => {
    const refuse = (why: string) => out.refused.push({ doc, why, answered: holds(world, doc, read) });
    switch (read.is) {
      case 'not-the-world':
        return;
      case 'refused':
        return refuse(read.why);
      case 'history':
        out.history.push(read.entry);
        return void out.taken.push(doc);
      case 'favourite':
        // A person's star: it names an entity but need not find it (docs/sync.md#favourites).
        world.favourites.set(read.star, !read.removed);
        return void out.taken.push(doc);
      case 'speed':
        if (read.removed) return refuse('the console never removes the simulation speed');
        if (read.speed !== world.flags.speed) world.setFlags({ ...world.flags, speed: read.speed as typeof world.flags.speed });
        return void out.taken.push(doc);
      case 'flag':
        if (read.removed) setFlag(world, read.place, null);
        else if (!world.index.surveys[read.place.surveyId]) {
          const needs = [entityDocId('surveys', read.place.surveyId)];
          return void waiting.push({ doc, read, needs, why: `${shownId(doc._id)} flags a frame of ${named(needs[0]!)}, which this laptop does not hold` });
        } else setFlag(world, read.place, read.flag);
        return void out.taken.push(doc);
      case 'entity': {
        if (read.removed) {
          const why = fieldsOf(world, read.kind, read.id) ? removalRefused(world, read.kind, read.id) : null;
          if (why) return refuse(why);
          removeEntity(world, read.kind, read.id);
          return void out.taken.push(doc);
        }
        const entity = entityOf(world, read, doc, now, parents);
        if (typeof entity === 'string') return refuse(entity);
        if ('needs' in entity) return void waiting.push({ doc, read, ...entity });
        putEntity(world, read, entity.entity, placeOf);
        // A parent taken now is read again by the children after it.
        parents.delete(doc._id);
        if (read.kind === 'captures') captures.push(read.id);
        if (read.kind === 'surveys') woken.add(world.index.surveys[read.id]?.captureId ?? '');
        return void out.taken.push(doc);
      }
    }
  };
  for (const { doc, read } of reads) take(doc, read);
  // What waited for an entity taken since is taken now, until nothing more moves.
  for (let moved = true; moved && waiting.length; ) {
    const before = waiting;
    waiting = [];
    for (const w of before) take(w.doc, w.read);
    moved = waiting.length < before.length;
  }
  out.waiting = waiting.map(({ doc, needs, why }) => ({ doc, needs, why }));
  // A selection names only surveys of its capture the world holds, once every survey is in.
  for (const id of captures) {
    const capture = world.index.captures[id];
    if (capture) capture.selectedIds = capture.selectedIds.filter((sid) => world.index.surveys[sid]?.captureId === capture.captureId);
  }
  // A capture still waiting though a survey of it was received moves on as a reload would move it
  // (restore's wakeCapture): its document may say waiting where the laptop that wrote it had not
  // the survey yet, and the clock moves it only when a survey here finishes receiving.
  for (const id of [...captures, ...woken]) {
    const capture = world.index.captures[id];
    if (capture && wakeCapture(world.index, capture, world.speed)) world.touch('captures', id);
  }
  return out;
}
