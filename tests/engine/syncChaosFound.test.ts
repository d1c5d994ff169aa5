/**
 * Schedules the random-schedule test found failing (tests/engine/syncChaos.test.ts), shrunk, kept
 * as they were printed so each stays fixed: docs/sync.md#the-team-under-random-schedules says what
 * each one found. `npm run chaos:sync -- --schedule "…" --size N` replays one the same way.
 */
import { it } from 'vitest';
import { replay } from '../helpers/teamChaos';

it('a teammate’s history entry the server refused from this laptop, after it lost the world, is taken with its action once the server holds it', async () => {
  // van1 starts QC; van0 has its history entry but not yet the survey when the server restarts
  // empty; van0 sends the entry again (refused: it is Bob's), van1 sends both, and van0 must take both.
  await replay('join(0),join(1),quiet,act(1, {"op":22,"a":50,"b":75,"dt":62268}),hostile(13, 998),restart(empty),quiet', 3);
}, 60_000);
