/**
 * The team under random schedules (issue 49, docs/sync.md#the-team-under-random-schedules): 3 to 5
 * laptops and the team server, thousands of steps drawn by fast-check (tests/helpers/teamChaos.ts),
 * the team's world checked at every quiet point. SYNC_CHAOS_STEPS sets how many steps in all;
 * SYNC_CHAOS_SEED (and SYNC_CHAOS_PATH) replay a failure fast-check printed. The steps are drawn
 * from a fixed seed (SYNC_CHAOS_DRAWS, or `random` for new ones each run): a run of `npm test` is
 * reproducible, and a red one is red again; new schedules are `npm run chaos:sync`'s to explore.
 */
import { expect, it } from 'vitest';
import { chaos } from '../helpers/teamChaos';

const steps = Number(process.env.SYNC_CHAOS_STEPS ?? 2_000);
// A failure is reported (shrunk as far as time allowed) well before the test's own timeout.
process.env.SYNC_CHAOS_LIMIT_MS ??= '420000';
const drawn = process.env.SYNC_CHAOS_DRAWS ?? '7';
const draws = drawn === 'random' ? undefined : Number(drawn);

it(`no schedule splits the team's world, loses a confirmed change, or says Up to date over a world it does not share (${steps} steps)`, async () => {
  const seed = process.env.SYNC_CHAOS_SEED;
  const figures = await chaos({ steps, draws, report: (f) => process.env.SYNC_CHAOS_TRACE && console.log(JSON.stringify({ ...f, settle: undefined })), ...(seed ? { seed: Number(seed), path: process.env.SYNC_CHAOS_PATH } : {}) });
  expect(figures.steps).toBeGreaterThanOrEqual(steps);
  expect(figures.joins).toBeGreaterThan(0);
}, 600_000);
