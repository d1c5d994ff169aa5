/**
 * Seeds a team world on a CouchDB-protocol server (docs/sync.md#seeding-a-team-world): all.json
 * restored at one instant, every document at the revision its body gives, then the seed that
 * names them. Laptops that join restore the same all.json at that instant and pull only what
 * changed since. Used by `npm run sync:seed`, `npm run sync:server` (SEED_WORLDS), the tests and
 * `npm run bench:sync`.
 */
import PouchDB from 'pouchdb-core';
import http from 'pouchdb-adapter-http';
import { seedServer, type Seed } from '../worker/sync/seed';
import type { Account } from './team/worlds';

PouchDB.plugin(http);

/**
 * Seeds the empty database at `url` (`https://host/couch/<world>`) from `text` at instant `at`, as
 * an admin of the world (only an admin writes the seed and the sample data: docs/sync.md#who-can-do-what).
 */
export async function seedTeamWorld(url: string, text: string, at = Date.now(), admin?: Account): Promise<Seed> {
  const db = new PouchDB(url, admin ? { auth: { username: admin.name, password: admin.password } } : {});
  return seedServer(db, text, at);
}
