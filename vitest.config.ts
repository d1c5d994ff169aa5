import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The Node tests inject their own clock; the build flags are those of production.
  define: { __TEST_CLOCK__: 'false' },
  test: {
    include: ['tests/engine/**/*.test.ts', 'tests/generator/**/*.test.ts', 'tests/ui/**/*.test.ts', 'tests/docs/**/*.test.ts'],
    environment: 'node',
    // A limit for a test that hangs, not a race: heavy tests (big generated worlds) take several
    // seconds on a busy 2-core laptop, and must not fail for it.
    testTimeout: 60_000,
    // PouchDB's replication asks the source for its info after each batch and never catches the
    // answer (pouchdb-replication, finishBatch: `src.info().then(…)`). A test that closes its sync
    // server right after stopping a replication can meet that request cut: its FetchError alone,
    // to a test server's /couch/, is not ours to report. Any other unhandled error fails the run.
    onUnhandledError(error) {
      const cut = error.name === 'FetchError' && /^request to http:\/\/127\.0\.0\.1:\d+\/couch\/[^/]+\/ failed, reason: (socket hang up|read ECONNRESET|connect ECONNREFUSED)/.test(error.message);
      return cut ? false : undefined;
    },
  },
});
