/**
 * Schedules the random-schedule test found failing (tests/engine/syncChaos.test.ts), shrunk, kept
 * as they were drawn so each stays fixed: docs/sync.md#the-team-under-random-schedules says what
 * each one found.
 */
import { afterEach, it } from 'vitest';
import fc from 'fast-check';
import { Act, Hostile, Join, Quiet, Restart, Team } from '../helpers/teamChaos';
import { startSyncServer } from '../../scripts/syncServer';
import { TEAM } from '../helpers/teamLaptops';

let team: Team | null = null;
afterEach(async () => {
  await team?.stop();
  await team?.server.close();
  team = null;
});

async function run(size: number, steps: fc.AsyncCommand<{ steps: number }, Team>[]): Promise<void> {
  team = await Team.start(await startSyncServer({ port: 0, users: TEAM, vans: true }), `found-${Math.random().toString(36).slice(2)}`, size);
  for (const step of [...steps, new Quiet()]) await step.run({ steps: 0 }, team);
}

it('a teammate’s history entry the server refused from this laptop, after it lost the world, is taken with its action once the server holds it', async () => {
  // van1 starts QC; van0 has its history entry but not yet the survey when the server restarts
  // empty; van0 sends the entry again (refused: it is Bob's), van1 sends both, and van0 must take both.
  await run(3, [new Join(0, true), new Join(1, true), new Quiet(), new Act(1, { op: 22, a: 50, b: 75, dt: 62268 }), new Hostile(13, 998), new Restart(null)]);
}, 60_000);
