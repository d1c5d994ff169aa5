/**
 * The synced documents of one commit (issue 21, docs/sync.md#an-actions-documents): from what the
 * world's last commit wrote and removed, each changed entity's document, each flag of a changed
 * survey, and the ids of what is gone (a removed entity, a removed survey's flags, a flag taken
 * off). outboxRecords then leaves out every document whose content the laptop already holds, so a
 * capture whose derived fields alone moved, or a survey whose flags alone changed, sends nothing
 * for itself.
 */
import type { FrameFlag } from '../../domain/frameFlags';
import type { EntityKind, Id } from '../../domain/types';
import type { World } from '../../engine/world';
import type { WorldWrites } from '../../engine/worldChange';
import type { StoredRecord } from '../../engine/store/storedForm';
import { entityDoc, entityOf, flagDocs, parentListsOf, speedDoc, type SyncedDoc } from '../doc/syncedForm';
import type { SyncStamp } from '../doc/syncStamp';
import { entityDocId, FLAG_KIND, parseDocId, surveyOfFlagDoc } from '../doc/docIds';
import { favouriteChangeDocs } from '../doc/favouriteDocs';


/** Where the laptop holds a document's entity in its parents' lists (its held document's `at`). */
export type HeldPlaces = (docId: string) => Partial<Record<EntityKind, number>> | undefined;

/**
 * Where an entity stands in its parents' lists, as its document says it (docs/sync.md#where-a-child-stands).
 * A child never changes parents and its siblings only come after it or leave, so a held place is
 * kept: written anew from the list's index, one laptop's place for a sibling could meet another's
 * for a sibling added elsewhere, and the two laptops would order one list two ways. A newcomer
 * (added at the end) goes after the nearest sibling before it whose place is held.
 */
function placesOf(world: World, kind: EntityKind, id: Id, entity: Record<string, unknown>, held: HeldPlaces): Partial<Record<EntityKind, number>> {
  const at: Partial<Record<EntityKind, number>> = {};
  const mine = held(entityDocId(kind, id));
  for (const { parent, ids } of parentListsOf(world, kind, entity)) {
    const kept = mine?.[parent];
    if (kept !== undefined) {
      at[parent] = kept;
      continue;
    }
    const i = ids.lastIndexOf(id);
    if (i < 0) continue;
    const placeOf = (k: number) => held(entityDocId(kind, ids[k]!))?.[parent];
    let k = i - 1;
    while (k >= 0 && placeOf(k) === undefined) k--;
    at[parent] = k < 0 ? i : placeOf(k)! + (i - k);
  }
  return at;
}

/**
 * The documents the world holds now for `docIds` (entities, flags, the speed), stamped `stamp`:
 * what a laptop answers a refused version with. An id whose entity or flag the world does not hold
 * gives none.
 */
export function currentDocs(world: World, docIds: readonly string[], stamp: SyncStamp, held: HeldPlaces): SyncedDoc[] {
  const docs: SyncedDoc[] = [];
  const orderOf = (kind: EntityKind, id: Id) => world.order[kind].get(id);
  for (const docId of docIds) {
    const parsed = parseDocId(docId);
    if (parsed.is === 'speed') docs.push(speedDoc(world.flags.speed, stamp));
    else if (parsed.is === 'entity') {
      const entity = entityOf(world, parsed.kind, parsed.id);
      if (!entity) continue;
      const place = { order: world.order[parsed.kind].get(parsed.id) ?? 0, at: placesOf(world, parsed.kind, parsed.id, entity, held) };
      docs.push(entityDoc(parsed.kind, parsed.id, entity, place, orderOf, stamp));
    } else if (parsed.is === 'flag') {
      const { surveyId, line, frame, camera } = parsed.place;
      const flag = world.index.surveys[surveyId]?.frameFlags.find((f) => f.line === line && f.frame === frame && f.camera === camera);
      if (flag) docs.push(...flagDocs(surveyId, [flag], stamp));
    }
  }
  return docs;
}

/**
 * The flag documents among `ids`, by survey: built once from the held revisions and kept up to
 * date by the journal, so no action or tick scans every document the laptop holds.
 */
export function flagsBySurvey(ids: Iterable<string>): Map<Id, Set<string>> {
  const bySurvey = new Map<Id, Set<string>>();
  addFlags(bySurvey, ids);
  return bySurvey;
}

/** Adds the flag documents among `ids` to an index made by flagsBySurvey. */
export function addFlags(bySurvey: Map<Id, Set<string>>, ids: Iterable<string>): void {
  const prefix = `${FLAG_KIND}:`;
  for (const id of ids) {
    if (!id.startsWith(prefix)) continue;
    const surveyId = surveyOfFlagDoc(id);
    let set = bySurvey.get(surveyId);
    if (!set) bySurvey.set(surveyId, (set = new Set()));
    set.add(id);
  }
}

/** An entity's record as its commit's batch encoded it, if it did. */
export type Encoded = (kind: EntityKind, id: Id) => StoredRecord | undefined;

/** The flag documents the laptop holds for a survey. */
export type HeldFlags = (surveyId: Id) => Iterable<string>;

/**
 * The documents a commit of the world wrote and removed (`writes`, what it stored). With `speed`,
 * a change of the session also writes the simulation speed's document (the outbox leaves it out
 * when the speed is the one the laptop holds already): a tick never changes the speed, so it does
 * not ask.
 */
export function actionDocs(
  world: World,
  writes: WorldWrites,
  stamp: SyncStamp,
  held: { flags: HeldFlags; places: HeldPlaces },
  { speed = false, encoded }: { speed?: boolean; encoded?: Encoded } = {},
): { written: SyncedDoc[]; removed: string[] } {
  const written: SyncedDoc[] = [];
  const removed: string[] = [];
  if (speed && writes.session) written.push(speedDoc(world.flags.speed, stamp));
  const orderOf = (kind: EntityKind, id: Id) => world.order[kind].get(id);
  for (const [kind, ids] of Object.entries(writes.put) as [EntityKind, Id[]][]) {
    for (const id of ids) {
      // Derived again for its surveys' sake, its own fields as they were: its document is as held
      // (a tick that ends a dozen survey stages touches a dozen captures so).
      if (kind === 'captures' && writes.rederived.has(id)) continue;
      const entity = entityOf(world, kind, id);
      if (!entity) continue;
      const place = { order: world.order[kind].get(id) ?? 0, at: placesOf(world, kind, id, entity, held.places) };
      written.push(entityDoc(kind, id, entity, place, orderOf, stamp, encoded?.(kind, id)));
      if (kind !== 'surveys') continue;
      const flags = flagDocs(id, entity.frameFlags as FrameFlag[], stamp);
      written.push(...flags);
      const kept = new Set(flags.map((f) => f._id));
      for (const f of held.flags(id)) if (!kept.has(f)) removed.push(f);
    }
  }
  for (const [kind, ids] of Object.entries(writes.del) as [EntityKind, Id[]][]) {
    for (const id of ids) {
      removed.push(entityDocId(kind, id));
      if (kind === 'surveys') removed.push(...held.flags(id));
    }
  }
  // People's stars: documents of their own (docs/sync.md#favourites).
  const stars = favouriteChangeDocs(writes.favourites, stamp);
  written.push(...stars.written);
  removed.push(...stars.removed);
  return { written, removed };
}
