/**
 * `npm run sync:server`: the built app with a team-sync server at /couch beside it, for a
 * two-laptop demo on one machine (README, docs/sync.md): open it in two browser profiles, and in
 * each, Settings → Team sync → Join.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { seedTeamWorld } from './seedWorld';
import { startSyncServer } from './syncServer';

const port = Number(process.env.PORT ?? 4180);
const app = process.env.APP_DIR ?? 'dist';
const server = await startSyncServer({ port, app, vans: process.env.SYNC_TEST_VANS === '1' });
// SEED_WORLDS=team,… seeds each named world from the served all.json at this instant: laptops that
// join it restore their own copy and pull only what changed since (docs/sync.md#seeding-a-team-world).
for (const world of (process.env.SEED_WORLDS ?? '').split(',').filter(Boolean)) {
  const seed = await seedTeamWorld(`${server.url}/couch/${world}`, readFileSync(resolve(app, 'data/all.json'), 'utf8'));
  console.log(`Seeded the team world ${world}: ${seed.docs} documents`);
}
console.log(`Aerial Survey Console with team sync: ${server.url}/  (server path /couch)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));
