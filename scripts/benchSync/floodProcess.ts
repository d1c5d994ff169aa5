/**
 * bench:sync's flooding member in a process of its own (scripts/bench-sync.ts, the server's own
 * measures of issue 53), so that the time it spends making and reading its requests is not in
 * another member's waits. Started by `fork`; each message `{ url, account, model, part }` is
 * answered `{ part, took, refused }` once the server has answered:
 * - `cap`: one `_bulk_docs` at the cap, every document refused by the team's rule (stamped as
 *   `stampedAs`, another person);
 * - `flood`: 20 000 surveys naming a capture that does not exist, written in bulks at the cap (the
 *   server takes them; no laptop can).
 */
import PouchDB from 'pouchdb-core';
import http from 'pouchdb-adapter-http';
import type { Account } from '../team/worlds';
import { MAX_BULK_DOCS } from '../team/docWrites';
import { surveysLike, writeInBulks } from './floodDocs';

PouchDB.plugin(http);

export interface FloodAsk {
  part: 'cap' | 'flood';
  url: string;
  account: Account;
  stampedAs: string;
  model: Record<string, unknown>;
}

process.on('message', (ask: FloodAsk) => {
  void (async () => {
    const db = new PouchDB(ask.url, { auth: { username: ask.account.name, password: ask.account.password } });
    if (ask.part === 'cap') {
      const forged = surveysLike(ask.model, MAX_BULK_DOCS, 'capped', (e) => e).map((d) => ({ ...d, stamp: { ...d.stamp, by: ask.stampedAs } }));
      const start = performance.now();
      const answer = (await db.bulkDocs(forged, { new_edits: false })) as { error?: unknown }[];
      process.send?.({ part: ask.part, took: performance.now() - start, refused: answer.filter((r) => r.error).length, bytes: Buffer.byteLength(JSON.stringify({ docs: forged, new_edits: false })) });
    } else {
      const docs = surveysLike(ask.model, 20_000, 'flood', (e) => ({ ...e, captureId: 'no-such-capture' }));
      const start = performance.now();
      await writeInBulks(db, docs);
      process.send?.({ part: ask.part, took: performance.now() - start, refused: 0, bytes: 0 });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
