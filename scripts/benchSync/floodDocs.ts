/**
 * The documents bench:sync's floods write (scripts/bench-sync.ts), shared with the flooding
 * process of its measures of the server alone (floodClient.ts).
 */
import type PouchDB from 'pouchdb-core';
import { childRevision } from '../../worker/sync/doc/revisions';
import { MAX_BULK_DOCS } from '../team/docWrites';

/** Documents a script writes straight into a team world: surveys like `model`, `n` of them, as one action. */
export function surveysLike(model: Record<string, unknown>, n: number, tx: string, change: (e: Record<string, unknown>) => Record<string, unknown>) {
  const { _rev: _r, _revisions: _v, ...body } = model;
  const at = body.at as Record<string, number>;
  return Array.from({ length: n }, (_, i) => {
    // Each at its own place after the model, as the console adds surveys to the end of a list.
    const places = Object.fromEntries(Object.entries(at).map(([kind, place]) => [kind, place + 1 + i]));
    const doc = { ...body, _id: `surveys:${tx}-${i}`, e: change({ ...(body.e as Record<string, unknown>) }), at: places, stamp: { by: 'script@aerial.example', laptop: 'curl', at: Date.now(), tx, n } };
    return { ...doc, ...childRevision(undefined, doc) };
  });
}

/** Writes `docs` as a script does, in `_bulk_docs` of the team server's most (max_bulk_docs_count). */
export async function writeInBulks(db: PouchDB, docs: ({ _id: string } & Record<string, unknown>)[]): Promise<void> {
  for (let i = 0; i < docs.length; i += MAX_BULK_DOCS) await db.bulkDocs(docs.slice(i, i + MAX_BULK_DOCS), { new_edits: false });
}
