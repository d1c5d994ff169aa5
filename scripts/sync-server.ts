/**
 * `npm run sync:server`: the built app with a team-sync server at /couch beside it, for a
 * two-laptop demo on one machine (README, docs/sync.md#the-test-server): open it in two browser
 * profiles, and in each, Settings → Team sync → Join, signed in as one of the team's accounts.
 *
 * Set up from the environment, in one place:
 * - SYNC_ADMIN=name:password: the server's admin (default: `admin` with a password made at start,
 *   printed; never an admin party);
 * - SYNC_USERS=name:password,…: the team's accounts (default: the demo's two people, below: Ana a
 *   data coordinator, Ben a geomatics technician; give others roles with sync:user --role);
 * - SYNC_WORLDS=team,…: team worlds set up at start, every account a member (default: team);
 * - SEED_WORLDS=team,…: of those, the ones seeded from the served all.json at this instant
 *   (laptops that join restore their own copy and pull only what changed since);
 * - SYNC_SESSION_TIMEOUT_S: how long a session lasts without use (default 600, CouchDB's);
 * - SYNC_SECRET: what session cookies are signed with (default: made at start; the same one keeps
 *   sessions across a restart).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { seedTeamWorld } from './seedWorld';
import { startSyncServer } from './syncServer';
import { accountOf } from './team/adminArgs';
import type { Account } from './team/worlds';

/** The demo's team: two people, as the README's two-laptop demo signs in. */
const DEMO_USERS = 'ana.lima@aerial.example:ana-demo,ben.ross@aerial.example:ben-demo';
/** Their roles (issue 52): Ana coordinates, Ben works the surveys assigned to him. */
const DEMO_ROLES: Record<string, string[]> = { 'ana.lima@aerial.example': ['coordinator'], 'ben.ross@aerial.example': ['technician'] };

function accounts(text: string): Account[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const account = accountOf(entry);
      if (!account) throw new Error(`SYNC_USERS: "${entry}" is not name:password`);
      return account;
    });
}

const env = process.env;
const port = Number(env.PORT ?? 4180);
const app = env.APP_DIR ?? 'dist';
const admin = env.SYNC_ADMIN ? accountOf(env.SYNC_ADMIN) : undefined;
if (admin === null) throw new Error('SYNC_ADMIN is not name:password');
const users = env.SYNC_USERS ? accounts(env.SYNC_USERS) : accounts(DEMO_USERS).map((u) => ({ ...u, roles: DEMO_ROLES[u.name] ?? [] }));
const timeout = env.SYNC_SESSION_TIMEOUT_S ? Number(env.SYNC_SESSION_TIMEOUT_S) : undefined;
if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) throw new Error('SYNC_SESSION_TIMEOUT_S is a whole number of seconds');
const server = await startSyncServer({
  port,
  app,
  vans: env.SYNC_TEST_VANS === '1',
  users,
  ...(admin ? { admin } : {}),
  ...(timeout ? { sessionTimeoutS: timeout } : {}),
  ...(env.SYNC_SECRET ? { secret: env.SYNC_SECRET } : {}),
});
const seeded = new Set((env.SEED_WORLDS ?? '').split(',').filter(Boolean));
for (const world of new Set([...(env.SYNC_WORLDS ?? 'team').split(',').filter(Boolean), ...seeded])) {
  await server.world(world);
  if (seeded.has(world)) {
    const seed = await seedTeamWorld(`${server.url}/couch/${world}`, readFileSync(resolve(app, 'data/all.json'), 'utf8'), Date.now(), server.admin);
    console.log(`Seeded the team world ${world}: ${seed.docs} documents`);
  } else console.log(`The team world ${world} is set up, empty: the first laptop to join gives it its world`);
}
console.log(`Aerial Survey Console with team sync: ${server.url}/  (server path /couch)`);
console.log(`Team accounts: ${users.map((u) => `${u.name}${u.roles?.length ? ` (${u.roles.join(', ')})` : ''}`).join(', ') || 'none'}${env.SYNC_USERS ? '' : ` (passwords: ${users.map((u) => u.password).join(', ')})`}`);
if (!admin) console.log(`Server admin: ${server.admin.name} / ${server.admin.password} (made now; set SYNC_ADMIN to choose one)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));
