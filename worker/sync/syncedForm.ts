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
import { sortFlags, type FrameFlag } from '../domain/frameFlags';
import { ENTITY_KINDS, ID_FIELD } from '../domain/restore';
import { CHILD_LISTS } from '../domain/storedFields';
import type { DataFile, Db, EntityKind, Id } from '../domain/types';
import { byPlace, decode, encode, placeThenId, type StoredRecord } from '../engine/store/storedForm';
import { FAVOURITE_KIND, favouriteDocs, favouritesOfDocs, type FavouriteDoc } from './favouriteDocs';

/** Who changed a document: a person, on a laptop, at a time, in one action of `n` documents. */
export interface SyncStamp {
  by: string;
  laptop: string;
  /** epoch ms */
  at: number;
  /** the action's id: every document it changed carries it */
  tx: string;
  /** how many documents the action changed: a laptop takes them in once all have arrived */
  n: number;
}

export const FLAG_KIND = 'frameFlag';

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

/**
 * The simulation speed, a setting of the synced world (docs/sync.md#the-synced-form): stages move
 * on from stored times at the speed, so laptops at two speeds would hold two worlds.
 */
export const SPEED_ID = 'speed';

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

export const entityDocId = (kind: EntityKind, id: Id): string => `${kind}:${id}`;

/** A flag's document id; survey and camera are escaped, so the id's parts never hold a ':'. */
export const flagDocId = (surveyId: Id, flag: Pick<FrameFlag, 'line' | 'camera' | 'frame'>): string =>
  `${FLAG_KIND}:${encodeURIComponent(surveyId)}:${flag.line}:${flag.frame}:${encodeURIComponent(flag.camera)}`;

/** The survey a flag document id belongs to. */
export const surveyOfFlagDoc = (id: string): Id => decodeURIComponent(id.split(':')[1] ?? '');

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

type OrderOf = (kind: EntityKind, id: Id) => number | undefined;

/** Each parent list: the parent's kind, the list's field, the children's kind. */
export const PARENT_LISTS: { parent: EntityKind; list: string; child: EntityKind }[] = Object.entries(CHILD_LISTS).flatMap(([parent, lists]) =>
  Object.entries(lists ?? {}).map(([list, child]) => ({ parent: parent as EntityKind, list, child })),
);

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
export function syncedDocs(db: Db | DataFile, speed: number, stamp: SyncStamp): SyncedDoc[] {
  const orders = new Map<EntityKind, Map<Id, number>>();
  for (const kind of ENTITY_KINDS) orders.set(kind, new Map(db.ids[kind].map((id, i) => [id, i])));
  const orderOf: OrderOf = (kind, id) => orders.get(kind)?.get(id);
  const places = placesIn(db);
  const docs: SyncedDoc[] = [speedDoc(speed, stamp)];
  for (const kind of ENTITY_KINDS) {
    const map = db.index[kind] as Record<Id, object>;
    db.ids[kind].forEach((id, i) => {
      const entity = map[id];
      if (!entity) return;
      docs.push(entityDoc(kind, id, entity, { order: i, at: places.get(kind)!.get(id) ?? {} }, orderOf, stamp));
      if (kind === 'surveys') docs.push(...flagDocs(id, (entity as { frameFlags: FrameFlag[] }).frameFlags, stamp));
    });
  }
  docs.push(...favouriteDocs(db.favourites ?? [], stamp));
  return docs;
}

export interface FromDocs {
  /** the world in all.json's shape, for restore() */
  data: DataFile;
  /** flag documents whose survey is not among the documents (it was removed elsewhere) */
  orphans: string[];
  /** the world's simulation speed, if a document says it */
  speed?: number;
}

const isFlagDoc = (doc: SyncedDoc): doc is FlagDoc => doc.kind === FLAG_KIND;

const byAt = (a: [Id, number], b: [Id, number]) => placeThenId(a[1], a[0], b[1], b[0]);

/**
 * The world the documents describe, in all.json's shape: each kind in the order of its `o`, each
 * parent's list in its children's places (ties, from two laptops adding at once, by id), each
 * survey with its flags in review order.
 */
export function dataFileOf(docs: readonly SyncedDoc[], version: number): FromDocs {
  const byKind = new Map<EntityKind, [Id, StoredRecord][]>(ENTITY_KINDS.map((k) => [k, []]));
  const places = new Map<EntityKind, [Id, Partial<Record<EntityKind, number>>][]>(ENTITY_KINDS.map((k) => [k, []]));
  const flags = new Map<Id, FrameFlag[]>();
  const flagIds = new Map<Id, string[]>();
  let speed: number | undefined;
  for (const doc of docs) {
    if (doc.kind === SPEED_ID) {
      speed = doc.speed;
      continue;
    }
    if (doc.kind === FAVOURITE_KIND) continue;
    if (isFlagDoc(doc)) {
      flags.set(doc.surveyId, [...(flags.get(doc.surveyId) ?? []), { ...doc.flag }]);
      flagIds.set(doc.surveyId, [...(flagIds.get(doc.surveyId) ?? []), doc._id]);
      continue;
    }
    const id = doc._id.slice(doc.kind.length + 1);
    byKind.get(doc.kind)?.push([id, doc.e]);
    places.get(doc.kind)?.push([id, doc.at ?? {}]);
  }
  const index = {} as Record<EntityKind, Record<Id, Record<string, unknown>>>;
  const ids = {} as Record<EntityKind, Id[]>;
  for (const [kind, list] of byKind) {
    const sorted = list.sort(byPlace);
    index[kind] = Object.fromEntries(sorted.map(([id, record]) => [id, decode(kind, id, record)]));
    ids[kind] = sorted.map(([id]) => id);
  }
  for (const { parent, list, child } of PARENT_LISTS) {
    const children = new Map<Id, [Id, number][]>();
    for (const [id, at] of places.get(child)!) {
      const parentId = index[child][id]?.[ID_FIELD[parent]];
      if (typeof parentId === 'string') children.set(parentId, [...(children.get(parentId) ?? []), [id, at[parent] ?? Number.MAX_SAFE_INTEGER]]);
    }
    for (const [id, entity] of Object.entries(index[parent])) entity[list] = (children.get(id) ?? []).sort(byAt).map(([c]) => c);
  }
  const orphans: string[] = [];
  for (const [surveyId, list] of flags) {
    const survey = index.surveys[surveyId];
    if (survey) survey.frameFlags = sortFlags(list);
    else orphans.push(...(flagIds.get(surveyId) ?? []));
  }
  const favourites = favouritesOfDocs(docs);
  return { data: { version, index, ids, ...(favourites.length ? { favourites } : {}) } as unknown as DataFile, orphans, ...(speed === undefined ? {} : { speed }) };
}
