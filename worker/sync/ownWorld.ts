/**
 * A team world made from this laptop's own (it joins a world that holds none yet; in tests, the
 * sample alike on every laptop, docs/sync.md#joining-leaving-switching-worlds): every document is
 * held at the revision its body gives, in the store and in the laptop's database, so the first sync
 * compares revisions and moves no bodies. Its history goes with it.
 */
import type { Engine } from '../engine/engine';
import { allEntries } from '../engine/historyExport';
import type { WorldStore } from '../engine/store/worldStore';
import type { SyncDatabase } from './doc/database';
import { historyDocId } from './doc/docIds';
import { historyDoc } from './doc/historyDoc';
import { heldPacks } from './doc/heldStore';
import { stampOf } from './doc/syncStamp';
import type { SyncJournal } from './out/journal';
import { worldDocs } from './seed';

/** Ids asked of the laptop's database at once, when a join looks for the entries it holds. */
const LOOKUP_BATCH = 2_000;

/** Of these documents, those a version of which stands in the database (none asked of one that holds nothing, as at a first join). */
async function standing(db: SyncDatabase, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!ids.length || (await db.info()).doc_count === 0) return found;
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
    const { rows } = await db.allDocs({ include_docs: false, keys: ids.slice(start, start + LOOKUP_BATCH) });
    for (const row of rows) if (row.id && row.value && !row.value.deleted) found.add(row.id);
  }
  return found;
}

/** Writes this laptop's world, and its history, as the team world's first documents. */
export async function writeOwnWorld(engine: Engine, store: WorldStore, db: SyncDatabase, journal: SyncJournal): Promise<void> {
  await engine.settled();
  const tx = `world-of-${journal.laptop}`;
  // Signed in to a team server, the laptop writes its world as its account (only an admin writes
  // the sample data's stamp: docs/sync.md#who-can-do-what).
  const stamp = journal.author ? stampOf(journal.writer(engine.world), engine.clock.now(), tx) : undefined;
  // Each entity's order as this world holds it, so its next changes place it where every laptop has it.
  const { docs, held } = worldDocs(engine.world.toDb(), engine.world.flags.speed, stamp, (kind, id) => engine.world.order[kind].get(id));
  await store.commit({ put: heldPacks(held), del: [] });
  journal.adopt(held);
  // Its history goes with it: a laptop that joins later shows what was done here before (docs/history.md#sync).
  // An entry whose document this database holds already (the laptop was in this world, left, and
  // the server lost the world) goes as that document: one written again, stamped anew, would be a
  // second first revision of it, which the server refuses for another's entry while it wins here.
  const entryStamp = stamp ?? stampOf(journal.writer(engine.world), engine.clock.now(), tx);
  const entries = await allEntries(store);
  const written = await standing(db, entries.map((entry) => historyDocId(entry.id)));
  for (const entry of entries) if (!written.has(historyDocId(entry.id))) docs.push(historyDoc(entry, entryStamp));
  await db.bulkDocs(docs, { new_edits: false });
}
