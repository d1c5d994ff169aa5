/**
 * The held revisions in the store (docs/sync.md#the-held-revisions-packed). A join, or a laptop
 * whose own world becomes the team's, holds every document at once: 168 538 of them at 100 000
 * surveys. Written one record each, they were most of the join's commit in Chromium and a third of
 * the store's bytes. They are written packed instead, PACK_SIZE to a record, as rows of
 * `[id, rev, content]` (and the places, for a child). An action or a take moves a few on: those are
 * written one record each, under their ids, and win over the packs when the store is read. A pack's
 * id starts with `#`, which no document's id does.
 */
import type { Id } from '../../domain/types';
import type { WorldBatch } from '../../engine/store/worldStore';
import { HELD_KIND } from '../records';
import type { StoredRecord } from '../../engine/store/storedForm';
import type { Held } from './held';

/** Held revisions to a pack: about 100 kB, so a join writes some 170 records at 100 000 surveys, not 168 538. */
const PACK_SIZE = 1000;
const PACK_MARK = '#';

type PackedHeld = [string, string, string] | [string, string, string, Held['at']];

/** The records that hold `held` whole, packed (a join, or a laptop's own world made the team's). */
export function heldPacks(held: ReadonlyMap<string, Held>): WorldBatch['put'] {
  const put: WorldBatch['put'] = [];
  let rows: PackedHeld[] = [];
  const flush = () => {
    put.push({ kind: HELD_KIND, id: `${PACK_MARK}${String(put.length).padStart(5, '0')}`, record: { o: 0, held: rows } });
    rows = [];
  };
  for (const [id, { rev, content, at }] of held) {
    rows.push(at ? [id, rev, content, at] : [id, rev, content]);
    if (rows.length === PACK_SIZE) flush();
  }
  if (rows.length) flush();
  return put;
}

/** The records that move these held revisions on: one each, over what the packs say. */
export function heldRecords(held: Iterable<[string, Held]>): { kind: typeof HELD_KIND; id: string; record: StoredRecord }[] {
  return [...held].map(([id, h]) => ({ kind: HELD_KIND, id, record: { o: 0, ...h } }));
}

/** The held revisions the store's records say: the packs, then the single records over them. */
export function readHeld(records: readonly (readonly [Id, StoredRecord])[]): Map<string, Held> {
  const held = new Map<string, Held>();
  for (const [id, record] of records) {
    if (!id.startsWith(PACK_MARK) || !Array.isArray(record.held)) continue;
    for (const [docId, rev, content, at] of record.held as PackedHeld[]) held.set(docId, at ? { rev, content, at } : { rev, content });
  }
  for (const [id, { o: _o, ...record }] of records) if (!id.startsWith(PACK_MARK)) held.set(id, record as unknown as Held);
  return held;
}
