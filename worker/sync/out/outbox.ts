/**
 * The outbox (issue 21, docs/sync.md#the-outbox): what a laptop's actions changed, on its way to
 * the laptop's PouchDB and from there to the others. One record per document an action changed,
 * made at commit time with the revision it started from, so it can be written in the action's own
 * transaction and the action's answer never waits for sync. A drainer writes the records as they
 * are (`new_edits: false`): a record whose base is stale becomes a sibling, a recorded conflict.
 * Writing a record twice is harmless: a revision already in the tree is not added again, so a
 * drainer that stopped half way (a closed lid, a new leading tab) simply starts again.
 */
import type { SyncDatabase, WrittenDoc } from '../doc/database';
import { heldOf, type HeldRevisions } from '../doc/held';
import { childRevision, contentOf, contentOfBuilt } from '../doc/revisions';
import type { SyncedDoc } from '../doc/syncedForm';
import type { SyncStamp } from '../doc/syncStamp';

export interface OutboxRecord {
  /** the document's id */
  id: string;
  /** the revision the laptop's world held when the action ran; null for a new document */
  base: string | null;
  /** what is written, with its revision */
  doc: WrittenDoc;
}

/**
 * The outbox records of one action: the documents it wrote and the ids of those it removed,
 * leaving out any that says what the world already holds (a capture whose derived fields alone
 * moved, a removal of what is not there). Each is stamped with the action and its count.
 */
export function outboxRecords(written: readonly SyncedDoc[], removed: readonly string[], stamp: SyncStamp, held: HeldRevisions, others = 0): OutboxRecord[] {
  // Each body's content once (the stamp is not part of it): the records' held revisions reuse it.
  const changed: { body: Record<string, unknown>; content: string }[] = [];
  for (const doc of written) {
    const body: Record<string, unknown> = { ...doc, stamp };
    const content = contentOfBuilt(body);
    if (held.get(doc._id)?.content !== content) changed.push({ body, content });
  }
  for (const id of removed) {
    // A removal says who removed it and when, for the conflict it may meet.
    const body = { _id: id, _deleted: true, stamp };
    const now = held.get(id);
    if (!now) continue;
    const content = contentOf(body);
    if (now.content !== content) changed.push({ body, content });
  }
  return changed.map(({ body, content }) => {
    const id = body._id as string;
    // `n` counts every document of the action, its history entries (`others`) among them.
    const stamped = { ...body, stamp: { ...stamp, n: changed.length + others } };
    const base = held.get(id)?.rev ?? null;
    const revision = childRevision(base ?? undefined, stamped);
    held.set(id, heldOf(revision._rev, stamped, content));
    return { id, base, doc: { ...stamped, _id: id, ...revision } };
  });
}

/**
 * The records that answer refused versions with the versions this laptop holds
 * (docs/sync.md#what-is-not-taken): each written as a child of the refused version, `bases`,
 * whatever the laptop held before, so the refused one no longer stands.
 */
export function answerRecords(written: readonly SyncedDoc[], bases: ReadonlyMap<string, string>, stamp: SyncStamp, held: HeldRevisions): OutboxRecord[] {
  return written.map((doc) => {
    const stamped = { ...doc, stamp: { ...stamp, n: written.length } } as Record<string, unknown>;
    const base = bases.get(doc._id) ?? null;
    const revision = childRevision(base ?? undefined, stamped);
    held.set(doc._id, heldOf(revision._rev, stamped, contentOfBuilt(stamped)));
    return { id: doc._id, base, doc: { ...stamped, _id: doc._id, ...revision } };
  });
}

/** Writes the records to the laptop's database, in order; resolves once all are written. */
export async function drain(db: SyncDatabase, records: readonly OutboxRecord[]): Promise<void> {
  if (records.length) await db.bulkDocs(records.map((r) => r.doc), { new_edits: false });
}
