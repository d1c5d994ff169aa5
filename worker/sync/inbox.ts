/**
 * The inbox (issue 21, docs/sync.md#the-inbox): what other laptops changed, taken from the
 * laptop's PouchDB into its world. It follows the database's changes from a position the caller
 * keeps with the world, so each change is taken once. For each changed document the world takes
 * the version CouchDB shows by default, the same on every laptop; a document whose versions
 * disagree is also listed as a conflict, for a person to settle.
 */
import { disagree, settleAgreeing, standing } from './conflicts';
import type { StoredDoc, SyncDatabase, WrittenDoc } from './database';
import { heldOf, type HeldRevisions } from './outbox';

export interface Taken {
  /** each document whose version the world must now hold (a removal has `_deleted`) */
  docs: StoredDoc[];
  /** the documents taken whose versions disagree */
  conflicts: string[];
  /** the documents taken whose versions agree now: no longer in conflict, if they were */
  agreed: string[];
  /** tombstones closing versions that agree, to write to the database */
  settle: WrittenDoc[];
  /** where the next take starts */
  since: number | string;
}

/** Takes in the changes after `since`, moving `held` on to the versions the world takes. */
export async function takeIn(db: SyncDatabase, since: number | string, held: HeldRevisions): Promise<Taken> {
  const { results, last_seq } = await db.changes({ since, style: 'all_docs' });
  const taken: Taken = { docs: [], conflicts: [], agreed: [], settle: [], since: last_seq };
  for (const id of new Set(results.map((r) => r.id))) {
    const versions = standing(await db.get(id, { open_revs: 'all' }));
    const winner = versions[0];
    if (!winner) continue;
    if (disagree(versions)) taken.conflicts.push(id);
    else {
      taken.agreed.push(id);
      taken.settle.push(...settleAgreeing(id, versions));
    }
    if (held.get(id)?.rev === winner.rev) continue;
    held.set(id, heldOf(winner.rev, winner.doc));
    taken.docs.push(winner.doc);
  }
  return taken;
}
