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
import { SEED_ID } from './seed';
import { SAMPLE_STAMP } from './syncedForm';

export interface Taken {
  /** each document whose version the world must now hold (a removal has `_deleted`) */
  docs: StoredDoc[];
  /** documents held back: their action has not arrived whole (the caller asks for them again) */
  waiting: string[];
  /** the documents taken whose versions disagree */
  conflicts: string[];
  /** the documents taken whose versions agree now: no longer in conflict, if they were */
  agreed: string[];
  /** tombstones closing versions that agree, to write to the database */
  settle: WrittenDoc[];
  /** where the next take starts */
  since: number | string;
}

export interface TakeOptions {
  /** documents to take again whatever the laptop holds (held back, or refused by the world, before) */
  again?: ReadonlySet<string>;
  /**
   * Take every document, whole actions or not (default). Replication says when it has caught up:
   * until then, an action of which only some documents have arrived is held back (its stamp says
   * how many it wrote), so the world never shows half of another laptop's action. Caught up, what
   * is still missing is not coming (a later change replaced it), and the rest is taken.
   */
  whole?: boolean;
}

/** The action a document came from and how many documents it wrote; none for the sample's seed. */
function actionOf(doc: StoredDoc): { tx: string; n: number } | null {
  const stamp = doc.stamp as { tx?: unknown; n?: unknown } | undefined;
  if (typeof stamp?.tx !== 'string' || typeof stamp.n !== 'number' || stamp.n < 2 || stamp.tx === SAMPLE_STAMP.tx) return null;
  return { tx: stamp.tx, n: stamp.n };
}

/** The actions of which fewer documents are here than they wrote. */
function partActions(docs: readonly StoredDoc[]): Set<string> {
  const here = new Map<string, { n: number; seen: number }>();
  for (const doc of docs) {
    const action = actionOf(doc);
    if (!action) continue;
    const counted = here.get(action.tx) ?? { n: action.n, seen: 0 };
    counted.seen++;
    here.set(action.tx, counted);
  }
  return new Set([...here].filter(([, c]) => c.seen < c.n).map(([tx]) => tx));
}

/** Takes in the changes after `since`, moving `held` on to the versions the world takes. */
export async function takeIn(db: SyncDatabase, since: number | string, held: HeldRevisions, { again = new Set(), whole = true }: TakeOptions = {}): Promise<Taken> {
  const { results, last_seq } = await db.changes({ since, style: 'all_docs' });
  const taken: Taken = { docs: [], waiting: [], conflicts: [], agreed: [], settle: [], since: last_seq };
  const winners: StoredDoc[] = [];
  for (const id of new Set([...results.map((r) => r.id), ...again])) {
    if (id === SEED_ID) continue;
    const versions = standing(await db.get(id, { open_revs: 'all' }));
    const winner = versions[0];
    if (!winner) continue;
    if (disagree(versions)) taken.conflicts.push(id);
    else {
      taken.agreed.push(id);
      taken.settle.push(...settleAgreeing(id, versions));
    }
    if (held.get(id)?.rev === winner.rev && !again.has(id)) continue;
    winners.push(winner.doc);
  }
  const parts = whole ? new Set<string>() : partActions(winners);
  for (const doc of winners) {
    if (parts.has(actionOf(doc)?.tx ?? '')) {
      taken.waiting.push(doc._id);
      continue;
    }
    held.set(doc._id, heldOf(doc._rev, doc));
    taken.docs.push(doc);
  }
  return taken;
}
