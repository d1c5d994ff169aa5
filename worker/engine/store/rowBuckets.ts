/**
 * The capture table's row records, packed (issue 22): ROW_BUCKETS records under CAPTURE_ROWS, each
 * holding the rows of the captures whose id hashes to it. A first look reads 128 records, not one per
 * capture: in Chromium each record is read and cloned on its own (docs/views.md#the-first-look-reads-32-records).
 * A change to a capture writes its bucket again, a 128th of the rows, in the same transaction
 * (docs/engine.md#a-commits-rows: with 32, an action wrote 139 kB at 100 000 surveys).
 */
import { isObj } from '../../domain/storedFields';
import type { Id } from '../../domain/types';
import type { StoredRecord } from './storedForm';

export const ROW_BUCKETS = 128;

/**
 * The keys of the buckets, r000 to r127. A store packed in the 32 buckets of before (b00 to b31)
 * holds no bucket by these names: its boot takes the whole path once, which packs it anew.
 */
export const BUCKET_KEYS: readonly string[] = Array.from({ length: ROW_BUCKETS }, (_, i) => `r${String(i).padStart(3, '0')}`);
const IS_BUCKET = new Set(BUCKET_KEYS);

/** A bucket record: the row records of its captures, each beside its capture's id. */
export type RowBucket = StoredRecord & { rows: [Id, StoredRecord][] };

const bucketOfId = new Map<Id, string>();

/** The bucket a capture's row lives in (FNV-1a of its id): the same on every laptop and every boot. */
export function bucketOf(id: Id): string {
  let key = bucketOfId.get(id);
  if (key === undefined) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    key = BUCKET_KEYS[(hash >>> 0) % ROW_BUCKETS]!;
    bucketOfId.set(id, key);
  }
  return key;
}

export const isBucketKey = (key: string): boolean => IS_BUCKET.has(key);

/**
 * The rows the stored records hold, or null when a record is not a bucket of this form (a store
 * from before the rows were packed, or one changed by hand): the boot then takes its whole path.
 */
export function unpackRows(records: readonly (readonly [string, StoredRecord])[]): [Id, StoredRecord][] | null {
  const rows: [Id, StoredRecord][] = [];
  for (const [key, record] of records) {
    if (!isBucketKey(key) || !Array.isArray(record.rows)) return null;
    for (const entry of record.rows as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isObj(entry[1]) || typeof entry[1].o !== 'number') return null;
      rows.push([entry[0], entry[1] as StoredRecord]);
    }
  }
  return rows;
}
