/**
 * `npm run sync:server`: the built app with a team-sync server at /couch beside it, for a
 * two-laptop demo on one machine (README, docs/sync.md): open it in two browser profiles, and in
 * each, Settings → Team sync → Join.
 */
import { startSyncServer } from './syncServer';

const port = Number(process.env.PORT ?? 4180);
const app = process.env.APP_DIR ?? 'dist';
const server = await startSyncServer({ port, app, vans: process.env.SYNC_TEST_VANS === '1' });
console.log(`Aerial Survey Console with team sync: ${server.url}/  (server path /couch)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));
