/**
 * The outbox (issue 21, docs/sync.md#the-outbox): what a laptop's actions changed, on its way to
 * the laptop's PouchDB and from there to the others. One record per document an action changed,
 * made at commit time with the revision it started from, so it can be written in the action's own
 * transaction and the action's answer never waits for sync. A drainer writes the records as they
 * are (`new_edits: false`): a record whose base is stale becomes a sibling, a recorded conflict.
 * Writing a record twice is harmless: a revision already in the tree is not added again, so a
 * drainer that stopped half way (a closed lid, a new leading tab) simply starts again.
 */
import type { SyncDatabase, WrittenDoc } from './database';
import { childRevision } from './revisions';
import type { SyncedDoc, SyncStamp } from './syncedForm';

export interface OutboxRecord {
  /** the document's id */
  id: string;
  /** the revision the laptop's world held when the action ran; null for a new document */
  base: string | null;
  /** what is written, with its revision */
  doc: WrittenDoc;
}

/**
 * The laptop's revisions: for each document, the revision its world holds. An action's records
 * move it on at once, so a second action on the same document before the drainer runs extends the
 * first one's revision, not the one before it.
 */
export type HeldRevisions = Map<string, string>;

/** The outbox records of one action: the documents it wrote and the ids of those it removed. */
export function outboxRecords(written: readonly SyncedDoc[], removed: readonly string[], stamp: SyncStamp, held: HeldRevisions): OutboxRecord[] {
  const records: OutboxRecord[] = [];
  const add = (id: string, body: Record<string, unknown>) => {
    const base = held.get(id) ?? null;
    const revision = childRevision(base ?? undefined, body);
    held.set(id, revision._rev);
    records.push({ id, base, doc: { ...body, _id: id, ...revision } });
  };
  for (const doc of written) add(doc._id, { ...doc });
  // A removal says who removed it and when, for the conflict it may meet.
  for (const id of removed) add(id, { _id: id, _deleted: true, stamp });
  return records;
}

/** Writes the records to the laptop's database, in order; resolves once all are written. */
export async function drain(db: SyncDatabase, records: readonly OutboxRecord[]): Promise<void> {
  if (records.length) await db.bulkDocs(records.map((r) => r.doc), { new_edits: false });
}
