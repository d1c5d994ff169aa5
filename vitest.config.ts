import { defineConfig } from 'vitest/config';
import { isCutSyncRequest } from './scripts/cutSyncRequest';

export default defineConfig({
  // The Node tests inject their own clock; the build flags are those of production.
  define: { __TEST_CLOCK__: 'false' },
  test: {
    include: ['tests/engine/**/*.test.ts', 'tests/generator/**/*.test.ts', 'tests/ui/**/*.test.ts', 'tests/docs/**/*.test.ts'],
    environment: 'node',
    // A limit for a test that hangs, not a race: heavy tests (big generated worlds) take several
    // seconds on a busy 2-core laptop, and must not fail for it.
    testTimeout: 60_000,
    // Vitest's own default is one worker fewer than the cores: one worker on a 2-core laptop, the
    // other core idle for the whole run (docs/testing.md#how-the-tests-are-organised).
    maxWorkers: 2,
    // A sync server closed under PouchDB's uncaught info() request (scripts/cutSyncRequest.ts);
    // any other unhandled error fails the run.
    onUnhandledError: (error) => (isCutSyncRequest(error) ? false : undefined),
  },
});
