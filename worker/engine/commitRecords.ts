/**
 * The records a commit writes (docs/architecture.md#arch-persistence): exactly the entities it
 * changed or removed and the meta record; the whole world for sample data, reset and import; and
 * the capture table's rows, packed in buckets (store/rowBuckets.ts). The packed rows are kept per
 * world between commits, so a commit makes only its changed captures' rows again and walks only the
 * buckets it writes.
 */
import type { EntityKind, Id } from '../domain/types';
import { ENTITY_KINDS } from '../domain/restore';
import { favouriteKey, type Favourite } from '../domain/favourites';
import { encode, type StoredRecord } from './store/storedForm';
import { captureRowRecord } from './store/captureRow';
import { CAPTURE_ROWS, FAVOURITES_KIND, HISTORY_KIND, type StoreMeta, type WorldBatch } from './store/worldStore';
import { ownerOf } from '../domain/history';
import { BUCKET_KEYS, bucketOf, isBucketKey, type RowBucket } from './store/rowBuckets';
import type { World } from './world';
import type { WorldWrites } from './worldChange';

export function metaOf(world: World): StoreMeta {
  const meta: StoreMeta = { version: world.version, savedAt: world.savedAt, loadedAt: world.loadedAt, current: world.current, flags: world.flags, history: world.history };
  if (world.discardedAt !== undefined) meta.discardedAt = world.discardedAt;
  if (world.laptop) meta.laptop = world.laptop;
  if (world.historySeq) meta.historySeq = world.historySeq;
  meta.surveys = world.ids.surveys.length;
  return meta;
}

/**
 * The record each capture was last written as, by entity: a capture re-derived because a survey of
 * its changed keeps its own fields, so only its row record is written again (a tick that ends a
 * dozen survey stages re-derives a dozen captures).
 */
const lastCaptureRecord = new WeakMap<object, StoredRecord>();

/** A capture's record, written unless only its row changed (then its row's bucket alone is). */
function putCapture(batch: WorldBatch, id: Id, capture: object, order: number, orderOf: OrderOf, rederived: boolean): void {
  if (rederived && lastCaptureRecord.has(capture)) return;
  batch.put.push({ kind: 'captures', id, record: captureRecord(capture, order, orderOf) });
}

type OrderOf = (kind: EntityKind, id: Id) => number | undefined;
/** Each entity's place in its kind's list, as the world holds it (what encode writes as `o`). */
const orderOfIn = (world: World): OrderOf => (kind, id) => world.order[kind].get(id);

/** The capture's record as written now (and remembered as its last). */
function captureRecord(capture: object, order: number, orderOf: OrderOf): StoredRecord {
  const record = encode('captures', capture, order, orderOf);
  lastCaptureRecord.set(capture, record);
  return record;
}

/**
 * A world's rows by bucket, as last written, and the ids of the captures in each bucket: made for
 * a bucket the first time a commit writes it, then kept. Keyed by the world's capture map, which
 * a load replaces. Walking every capture to find a bucket's rows, and making each row again, was
 * the cost of an action and of a tick at 100 000 surveys (docs/engine.md#a-commits-rows).
 */
interface Packed {
  members: Map<string, Set<Id>>;
  rows: Map<string, Map<Id, StoredRecord>>;
}
const packedRows = new WeakMap<object, Packed>();

function packedOf(world: World): Packed {
  let packed = packedRows.get(world.index.captures);
  if (!packed) {
    packed = { members: new Map(BUCKET_KEYS.map((key) => [key, new Set<Id>()])), rows: new Map() };
    for (const id of world.ids.captures) packed.members.get(bucketOf(id))!.add(id);
    packedRows.set(world.index.captures, packed);
  }
  return packed;
}

function rowOf(world: World, id: Id, capture: object, orderOf: OrderOf): StoredRecord {
  const from = lastCaptureRecord.get(capture) ?? captureRecord(capture, world.order.captures.get(id) ?? 0, orderOf);
  return captureRowRecord(from, capture);
}

/** A bucket's rows, as kept, or made now from its captures and kept. */
function bucketRows(world: World, packed: Packed, key: string, orderOf: OrderOf): Map<Id, StoredRecord> {
  let rows = packed.rows.get(key);
  if (!rows) {
    rows = new Map();
    for (const id of packed.members.get(key)!) {
      const capture = world.index.captures[id];
      if (capture) rows.set(id, rowOf(world, id, capture, orderOf));
    }
    packed.rows.set(key, rows);
  }
  return rows;
}

/**
 * Makes the rows of up to `count` buckets not made yet, ahead of the commits that will write them;
 * true once every bucket's are. A world read from the store has none: the first action or tick to
 * touch a bucket made its 100 rows inside its own commit (10–30 ms at 100 000 surveys), so the
 * engine makes them a few at a time once the whole world is loaded (docs/engine.md#a-commits-rows).
 */
export function warmRowBuckets(world: World, count: number): boolean {
  const packed = packedOf(world);
  const orderOf = orderOfIn(world);
  let made = 0;
  for (const key of BUCKET_KEYS) {
    if (packed.rows.has(key)) continue;
    if (made === count) return false;
    bucketRows(world, packed, key, orderOf);
    made++;
  }
  return true;
}

/**
 * Writes the buckets `buckets` again, a bucket left empty deleted. `changed` are the captures this
 * commit put or removed, whose rows are made anew; null: every row is (the whole world).
 */
function putRowBuckets(batch: WorldBatch, world: World, buckets: ReadonlySet<string>, orderOf: OrderOf, changed: ReadonlySet<Id> | null = null): void {
  if (buckets.size === 0) return;
  if (!changed) packedRows.delete(world.index.captures);
  const packed = packedOf(world);
  for (const id of changed ?? []) {
    const key = bucketOf(id);
    const capture = world.index.captures[id];
    const rows = packed.rows.get(key);
    if (capture) {
      packed.members.get(key)!.add(id);
      rows?.set(id, rowOf(world, id, capture, orderOf));
    } else {
      packed.members.get(key)!.delete(id);
      rows?.delete(id);
    }
  }
  for (const key of buckets) {
    const rows = bucketRows(world, packed, key, orderOf);
    if (rows.size) batch.put.push({ kind: CAPTURE_ROWS, id: key, record: { o: 0, rows: [...rows] } satisfies RowBucket });
    else batch.del.push({ kind: CAPTURE_ROWS, id: key });
  }
}

/**
 * Every bucket of capture rows, and the deletion of any other record the store holds under
 * CAPTURE_ROWS (`storedIds`): a store from before the rows were packed held one per capture.
 */
export function captureRowsBatch(world: World, storedIds: readonly Id[]): WorldBatch {
  const batch: WorldBatch = { put: [], del: storedIds.filter((id) => !isBucketKey(id)).map((id) => ({ kind: CAPTURE_ROWS, id })) };
  putRowBuckets(batch, world, new Set(BUCKET_KEYS), orderOfIn(world));
  return batch;
}

/** A star as the store keeps it (issue 36): who, what kind, which id. */
export function favouriteRecord(star: Favourite): StoredRecord {
  return { o: 0, email: star.email, kind: star.kind, id: star.id };
}

/** The records a commit writes: exactly the entities it changed or removed (`writes`), and the meta record. */
export function commitBatch(world: World, writes: WorldWrites, keepHistory = false): WorldBatch {
  const batch: WorldBatch = { put: [], del: [], meta: metaOf(world) };
  const orderOf = orderOfIn(world);
  const buckets = new Set<string>();
  for (const [kind, ids] of Object.entries(writes.put) as [EntityKind, Id[]][]) {
    for (const id of ids) {
      const entity = (world.index[kind] as Record<Id, object>)[id];
      if (!entity) continue;
      const order = world.order[kind].get(id) ?? 0;
      if (kind === 'captures') {
        putCapture(batch, id, entity, order, orderOf, writes.rederived.has(id));
        buckets.add(bucketOf(id));
      } else batch.put.push({ kind, id, record: encode(kind, entity, order, orderOf) });
    }
  }
  for (const [kind, ids] of Object.entries(writes.del) as [EntityKind, Id[]][]) {
    for (const id of ids) {
      batch.del.push({ kind, id });
      if (kind === 'captures') buckets.add(bucketOf(id));
      // A removed entity's history goes with it (Clean Demo makes room: docs/history.md#kept);
      // in a team world it stays, the team's record of who did what (docs/history.md#sync).
      const owner = keepHistory ? null : ownerOf(kind, id);
      if (owner) batch.del.push({ kind: HISTORY_KIND, id: owner });
    }
  }
  putRowBuckets(batch, world, buckets, orderOf, new Set([...(writes.put.captures ?? []), ...(writes.del.captures ?? [])]));
  for (const star of writes.favourites.put) batch.put.push({ kind: FAVOURITES_KIND, id: favouriteKey(star), record: favouriteRecord(star) });
  for (const star of writes.favourites.del) batch.del.push({ kind: FAVOURITES_KIND, id: favouriteKey(star) });
  return batch;
}

/** The kinds of record that stand for the world: its entities', and people's stars. */
type WorldRecordKind = EntityKind | typeof FAVOURITES_KIND;

/** Each entity's record as the world encodes it, by kind and id; and each star's. */
export type EntityRecords = Map<WorldRecordKind, Map<Id, StoredRecord>>;

/** Every entity of the world with its record, kind by kind in the lists' order, then every star. */
function* encodedEntities(world: World, orderOf: OrderOf): Generator<[WorldRecordKind, Id, StoredRecord]> {
  for (const kind of ENTITY_KINDS) {
    const map = world.index[kind] as Record<Id, object>;
    for (const id of world.ids[kind]) {
      const entity = map[id];
      if (!entity) continue;
      const order = world.order[kind].get(id) ?? 0;
      yield [kind, id, kind === 'captures' ? captureRecord(entity, order, orderOf) : encode(kind, entity, order, orderOf)];
    }
  }
  for (const star of world.favourites.all()) yield [FAVOURITES_KIND, favouriteKey(star), favouriteRecord(star)];
}

/** What the store holds of the world's entities and stars while it mirrors the world (Writer.replace). */
export function entityRecords(world: World): EntityRecords {
  const kinds: WorldRecordKind[] = [...ENTITY_KINDS, FAVOURITES_KIND];
  const out: EntityRecords = new Map(kinds.map((kind) => [kind, new Map()]));
  for (const [kind, id, record] of encodedEntities(world, orderOfIn(world))) out.get(kind)!.set(id, record);
  return out;
}


/** Whether two stored records say the same (JSON values: the same keys and values at every depth). */
function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!Object.hasOwn(b, k) || !sameRecord((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/**
 * The whole world, replacing whatever the store held (sample data, reset, import, migration, a
 * team world). Given `stored`, what the store holds of the entities (it mirrors the world being
 * replaced), only the records that differ are written and those no longer in the world deleted:
 * the same store, in a fraction of the writes. A sample restored at another instant, or a team
 * world seeded from the same sample, differs in the few entities whose workflows run (85 of 749
 * records of the sample, three days apart): at 100 000 surveys in Chromium a join's commit wrote
 * 168 538 records for 17 s (docs/engine.md#a-replacement-writes-what-differs).
 */
export function wholeWorldBatch(world: World, stored?: EntityRecords): WorldBatch {
  const batch: WorldBatch = { clear: !stored, put: [], del: [], meta: metaOf(world) };
  const orderOf = orderOfIn(world);
  for (const [kind, id, record] of encodedEntities(world, orderOf)) {
    if (!stored || !sameRecord(stored.get(kind)?.get(id), record)) batch.put.push({ kind, id, record });
  }
  const stars = new Set(world.favourites.all().map(favouriteKey));
  for (const [kind, records] of stored ?? []) {
    const holds = kind === FAVOURITES_KIND ? (id: Id) => stars.has(id) : (id: Id) => !!(world.index[kind] as Record<Id, object>)[id];
    for (const id of records.keys()) if (!holds(id)) batch.del.push({ kind, id });
  }
  putRowBuckets(batch, world, new Set(BUCKET_KEYS), orderOf);
  return batch;
}
