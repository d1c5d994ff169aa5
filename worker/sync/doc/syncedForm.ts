/**
 * The synced form of the world (issue 21, docs/sync.md#the-synced-form): what one laptop hands to the
 * others over the CouchDB replication protocol. One document per entity, `_id` = `kind:id`, holding
 * its stored form (storedForm.ts: no derived fields, no fields at their default) without any child
 * id list. Children point to their parents, and each child carries its place in its parents' lists
 * (a project's captures are newest first, not in the world's order), so a laptop adding a survey
 * changes the survey's document only, never its capture's. Frame flags are documents of their own,
 * so two reviewers flagging different frames of one survey never conflict. Every document says who
 * wrote it, on which laptop, when, and in which action.
 *
 * Keys are written in one order at every depth: PouchDB derives a revision from the document's
 * JSON, and two laptops that hold the same body must give it the same revision.
 */
import type { FrameFlag } from '../../domain/frameFlags';
import { ENTITY_KINDS, ID_FIELD } from '../../domain/restore';
import { CHILD_LISTS } from '../../domain/storedFields';
import type { EntityKind, Id } from '../../domain/types';
import type { DataFile, Db } from '../../domain/dataFile';
import { encode, type StoredRecord } from '../../engine/store/storedForm';
import type { World } from '../../engine/world';
import { entityDocId, FLAG_KIND, flagDocId, SPEED_ID } from './docIds';
import { favouriteDocs, type FavouriteDoc } from './favouriteDocs';
import type { SyncStamp } from './syncStamp';

export interface EntityDoc {
  _id: string;
  kind: EntityKind;
  /** the entity's stored form, `o` its place in its kind's order */
  e: StoredRecord;
  /** its place in each parent's list of its kind, by the parent's kind (a survey: captures, flightPlans, media) */
  at: Partial<Record<EntityKind, number>>;
  stamp: SyncStamp;
}

export interface FlagDoc {
  _id: string;
  kind: typeof FLAG_KIND;
  surveyId: Id;
  flag: FrameFlag;
  stamp: SyncStamp;
}

export interface SpeedDoc {
  _id: typeof SPEED_ID;
  kind: typeof SPEED_ID;
  speed: number;
  stamp: SyncStamp;
}

export const speedDoc = (speed: number, stamp: SyncStamp): SpeedDoc => canonical({ _id: SPEED_ID, kind: SPEED_ID, speed, stamp });

export type SyncedDoc = EntityDoc | FlagDoc | SpeedDoc | FavouriteDoc;

/** The stamp of documents made from the sample data itself, the same on every laptop. */
export const SAMPLE_STAMP: SyncStamp = { by: 'sample data', laptop: '', at: 0, tx: 'sample', n: 0 };

/**
 * The same value with the keys of every object inserted in code-point order (lists keep theirs).
 * JavaScript still puts integer-like keys first, in numeric order: the JSON is the same wherever
 * the value came from, which is what a revision needs.
 */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => canonical(v)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = canonical(v);
  }
  return out as T;
}

export type OrderOf = (kind: EntityKind, id: Id) => number | undefined;

/** Each parent list: the parent's kind, the list's field, the children's kind. */
export const PARENT_LISTS: { parent: EntityKind; list: string; child: EntityKind }[] = Object.entries(CHILD_LISTS).flatMap(([parent, lists]) =>
  Object.entries(lists ?? {}).map(([list, child]) => ({ parent: parent as EntityKind, list, child })),
);

/** An entity of the world, as fields (the synced form reads them by name). */
export const entityOf = (world: World, kind: EntityKind, id: Id): Record<string, unknown> | undefined =>
  (world.index[kind] as Record<Id, object>)[id] as Record<string, unknown> | undefined;

/**
 * The lists of an entity's parents that the world holds, by the entity's own pointers: each
 * parent's kind and id, and the list of the entity's kind in it (a survey: its capture's, flight
 * plan's and media set's). Shared by what writes a child's places and what moves it in the lists.
 */
export function* parentListsOf(world: World, kind: EntityKind, entity: Record<string, unknown>): Generator<{ parent: EntityKind; parentId: Id; ids: Id[] }> {
  for (const { parent, list, child } of PARENT_LISTS) {
    if (child !== kind) continue;
    const parentId = entity[ID_FIELD[parent]];
    const holder = typeof parentId === 'string' ? entityOf(world, parent, parentId) : undefined;
    if (holder && typeof parentId === 'string') yield { parent, parentId, ids: holder[list] as Id[] };
  }
}

type Places = Map<Id, Partial<Record<EntityKind, number>>>;

/** Where each child stands in its parents' lists, by child kind. */
function placesIn(db: Db | DataFile): Map<EntityKind, Places> {
  const places = new Map<EntityKind, Places>(ENTITY_KINDS.map((k) => [k, new Map()]));
  for (const { parent, list, child } of PARENT_LISTS) {
    const of = places.get(child)!;
    for (const entity of Object.values(db.index[parent] as Record<Id, object>)) {
      ((entity as Record<string, unknown>)[list] as Id[]).forEach((id, i) => of.set(id, { ...of.get(id), [parent]: i }));
    }
  }
  return places;
}

/** One entity's document. Its frame flags are not in it: see flagDocs. */
export function entityDoc(
  kind: EntityKind,
  id: Id,
  entity: object,
  place: { order: number; at: Partial<Record<EntityKind, number>> },
  orderOf: OrderOf,
  stamp: SyncStamp,
  /** the record the store was given for it in the same commit, if any: not encoded again */
  encoded?: StoredRecord,
): EntityDoc {
  const record = encoded ? { ...encoded } : encode(kind, entity, place.order, orderOf);
  for (const list of Object.keys(CHILD_LISTS[kind] ?? {})) delete record[list];
  if (kind === 'surveys') delete record.frameFlags;
  return canonical({ _id: entityDocId(kind, id), kind, e: record, at: place.at, stamp });
}

/** A survey's frame flags, one document each. */
export function flagDocs(surveyId: Id, flags: readonly FrameFlag[], stamp: SyncStamp): FlagDoc[] {
  return flags.map((flag) => canonical({ _id: flagDocId(surveyId, flag), kind: FLAG_KIND, surveyId, flag: { ...flag }, stamp }));
}

/** The whole world as documents, with its speed (a laptop that joins a world, or seeds a server). */
export function syncedDocs(db: Db | DataFile, speed: number, stamp: SyncStamp, worldOrder?: OrderOf): SyncedDoc[] {
  const orders = new Map<EntityKind, Map<Id, number>>();
  for (const kind of ENTITY_KINDS) orders.set(kind, new Map(db.ids[kind].map((id, i) => [id, i])));
  // A live world's own orders where it gives them (its next actions write them), else each list's places.
  const orderOf: OrderOf = (kind, id) => worldOrder?.(kind, id) ?? orders.get(kind)?.get(id);
  const places = placesIn(db);
  const docs: SyncedDoc[] = [speedDoc(speed, stamp)];
  for (const kind of ENTITY_KINDS) {
    const map = db.index[kind] as Record<Id, object>;
    db.ids[kind].forEach((id, i) => {
      const entity = map[id];
      if (!entity) return;
      docs.push(entityDoc(kind, id, entity, { order: orderOf(kind, id) ?? i, at: places.get(kind)!.get(id) ?? {} }, orderOf, stamp));
      if (kind === 'surveys') docs.push(...flagDocs(id, (entity as { frameFlags: FrameFlag[] }).frameFlags, stamp));
    });
  }
  docs.push(...favouriteDocs(db.favourites ?? [], stamp));
  return docs;
}
