/**
 * PouchDB's replication asks the source for its info after each batch and never catches the
 * answer (pouchdb-replication, finishBatch: `src.info().then(…)`). A test or benchmark that closes
 * its sync server right after stopping a replication can meet that request cut: its FetchError
 * alone, to a test server's /couch/, is not ours to report (vitest.config.ts, bench-sync.ts).
 */
const CUT = /^request to http:\/\/127\.0\.0\.1:\d+\/couch\/[^/]+\/ failed, reason: (socket hang up|read ECONNRESET|connect ECONNREFUSED)/;

/** By name and message: Vitest hands its config the error serialized from the test's thread. */
export function isCutSyncRequest(error: unknown): boolean {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; message?: unknown };
  return e.name === 'FetchError' && typeof e.message === 'string' && CUT.test(e.message);
}
