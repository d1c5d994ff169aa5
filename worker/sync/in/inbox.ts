/**
 * The inbox (issue 21, docs/sync.md#the-inbox): what other laptops changed, read from the laptop's
 * PouchDB. It follows the database's changes from the take's checkpoint, which the caller keeps
 * with the world, a batch at a time, so each change is read once and a flood of them never holds
 * the laptop's own changes back for long. For each changed document it finds the version the
 * world takes, the same on every laptop, and whether its versions are a conflict for a person
 * (docs/sync.md#conflicts).
 */
import { chosenVersion, settling, standing, type Version } from './conflicts';
import type { Leaf, StoredDoc, SyncDatabase, WrittenDoc } from '../doc/database';
import type { HeldRevisions } from '../doc/held';
import { actionKey, type SyncStamp } from '../doc/syncStamp';
import { isHistoryDocId } from '../doc/docIds';
import { readTeamDoc } from '../doc/teamDoc';

export interface Read {
  /** each document whose version the world must now hold, if it can (a removal has `_deleted`) */
  docs: StoredDoc[];
  /** the documents read whose versions are a conflict for a person */
  conflicts: string[];
  /** the documents read that are no conflict (any more) */
  agreed: string[];
  /** tombstones closing versions that are no person's choice to make, to write to the database */
  settle: WrittenDoc[];
  /** every document the read looked at, taken or not */
  ids: string[];
  /** where the next read starts */
  since: number | string;
  /** the changes feed holds more past `since` */
  more: boolean;
}

/** How many changes one take reads: a large action arrives over several, and the laptop's own drain runs between them. */
export const READ_BATCH = 2_000;

/** What a document's standing versions say: the version the world takes, and whether a person must choose. */
function judged(id: string, versions: readonly Version[], into: Read, force: boolean, held: HeldRevisions, as?: SyncStamp): void {
  if (versions.length > 1 && isHistoryDocId(id) && provenOf(id, versions, into)) return;
  const chosen = chosenVersion(versions);
  if (!chosen) return;
  const { conflict, settle } = settling(id, versions, chosen, as);
  (conflict ? into.conflicts : into.agreed).push(id);
  into.settle.push(...settle);
  if (held.get(id)?.rev === chosen.rev && !force) return;
  into.docs.push(chosen.doc);
}

/**
 * A history entry said otherwise under its id, beside the entry itself (written where no rule
 * checked it, under a parent no one wrote): no conflict for a person, for the entry's proof says
 * which version is the entry (docs/history.md#sync). That one is taken, whichever CouchDB shows
 * first, and the others are refused and named, so a laptop that joins later ends as the ones that
 * took the entry before. False where no version proves itself.
 */
function provenOf(id: string, versions: readonly Version[], into: Read): boolean {
  const proven = versions.filter((v) => readTeamDoc(v.doc).is === 'history');
  if (!proven.length) return false;
  into.agreed.push(id);
  into.docs.push(proven[0]!.doc, ...versions.filter((v) => !proven.includes(v)).map((v) => v.doc));
  return true;
}

/** The changes after `since`, at most `limit` of them; what it settles, it signs `as` (docs/sync.md#conflicts). */
export async function readChanges(db: SyncDatabase, since: number | string, held: HeldRevisions, limit = READ_BATCH, as?: SyncStamp): Promise<Read> {
  const { results, last_seq } = await db.changes({ since, style: 'all_docs', include_docs: true, limit });
  const into: Read = { docs: [], conflicts: [], agreed: [], settle: [], ids: results.map((r) => r.id), since: last_seq, more: results.length >= limit };
  for (const change of results) {
    // One leaf: the document is its own only version; several: each is read (a removal among them too).
    const leaves: Leaf[] = change.changes.length > 1 || !change.doc ? await db.get(change.id, { open_revs: 'all' }) : [{ ok: change.doc }];
    judged(change.id, standing(leaves), into, false, held, as);
  }
  return into;
}

/**
 * The documents `ids` as they stand now, read again whatever the laptop holds (what waited, or
 * arrived in part): their winners in one read, and every leaf only of those with more than one
 * live. Whether they are a conflict is judged where the changes feed brings them, which sees every
 * leaf, a removal among them (a leaf added since comes through the feed again).
 */
export async function readAgain(db: SyncDatabase, ids: Iterable<string>): Promise<StoredDoc[]> {
  const keys = [...ids];
  if (!keys.length) return [];
  const docs: StoredDoc[] = [];
  const { rows } = await db.allDocs({ keys, include_docs: true, conflicts: true });
  for (const row of rows) {
    if (!row.value || !row.id) continue;
    const leaves: Leaf[] = row.doc && !row.doc._conflicts ? [{ ok: row.doc }] : await db.get(row.id, { open_revs: 'all' });
    const chosen = chosenVersion(standing(leaves));
    if (chosen) docs.push(chosen.doc);
  }
  return docs;
}

/** The action a document came from (actionKey) and how many documents it wrote; none for one that wrote a single document. */
export function actionOf(doc: StoredDoc): { action: string; docs: number } | null {
  const stamp = doc.stamp as { laptop?: unknown; tx?: unknown; n?: unknown } | undefined;
  if (typeof stamp?.tx !== 'string' || typeof stamp.laptop !== 'string' || typeof stamp.n !== 'number' || !Number.isInteger(stamp.n) || stamp.n < 2) return null;
  return { action: actionKey({ laptop: stamp.laptop, tx: stamp.tx }), docs: stamp.n };
}
