/**
 * The drainer (issue 21, docs/sync.md#the-drainer): moves the stored outbox into the laptop's
 * PouchDB, oldest first, and takes each record out of the outbox once it is written. A drain
 * stopped between the two (a closed lid, a new leading tab) writes the same revisions again on
 * the next, which adds nothing. And the journal a new leader opens: the held revisions and the
 * outbox's next number, read from the store, so it goes on from where the last one stopped.
 */
import type { WorldStore } from '../../engine/store/worldStore';
import { HELD_KIND, OUTBOX_KIND } from '../records';
import type { SyncDatabase } from '../doc/database';
import { SyncJournal } from './journal';
import { drain, type OutboxRecord } from './outbox';
import { readHeld } from '../doc/heldStore';

/** Writes the stored outbox to `db` and empties it of what was written; answers the action of each document written. */
export async function drainStored(store: WorldStore, db: SyncDatabase): Promise<string[]> {
  const stored = await store.readKind(OUTBOX_KIND);
  if (!stored.length) return [];
  const records = stored.map(([, record]) => record as unknown as OutboxRecord);
  await drain(db, records);
  await store.commit({ put: [], del: stored.map(([id]) => ({ kind: OUTBOX_KIND, id })) });
  return records.map((r) => String((r.doc.stamp as { tx?: unknown } | undefined)?.tx ?? r.id));
}

/** The journal of a laptop whose store may already hold held revisions and an outbox. */
export async function openJournal(store: WorldStore, laptop: string): Promise<SyncJournal> {
  const [held, outbox] = await Promise.all([store.readKind(HELD_KIND), store.readKind(OUTBOX_KIND)]);
  const last = outbox.at(-1);
  return new SyncJournal(
    laptop,
    readHeld(held),
    last ? Number(last[0]) + 1 : 0,
  );
}
