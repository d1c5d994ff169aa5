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

PouchDB.plugin(http);

/** Seeds the empty database at `url` (`https://host/couch/<world>`) from `text` at instant `at`. */
export async function seedTeamWorld(url: string, text: string, at = Date.now()): Promise<Seed> {
  const db = new PouchDB(url);
  return seedServer(db, text, at);
}
