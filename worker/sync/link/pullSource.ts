/**
 * The server's database as a pull replication reads it. PouchDB's replication asks its source's
 * info() only to count its task, and after each batch it asks without catching a failure
 * (pouchdb-replication 9): a server that goes away mid-batch (restarted, the van drives off, a
 * session closed) left a rejection nobody handles, which a test run counts as an error and a
 * browser logs as one. This instance answers a failed info() with nothing to count; the
 * replication meets the failure at its next request and retries or fails as it always does.
 * Our own questions to the server (worldIdentity.ts) go to the link's own instance, which fails
 * truthfully.
 */
import type PouchDB from 'pouchdb-core';

export function pullSource(Pouch: typeof PouchDB, remote: PouchDB): PouchDB {
  const source = new Pouch(remote.name, { skip_setup: true });
  const info = source.info.bind(source);
  source.info = (() => info().catch(() => ({ db_name: remote.name, doc_count: 0, update_seq: 0 }))) as typeof source.info;
  return source;
}
