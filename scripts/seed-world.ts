/**
 * `npm run sync:seed -- <database url> [all.json]`: seeds an empty team world on a CouchDB server
 * (or the test server) from all.json at this instant (docs/sync.md#seeding-a-team-world). The
 * data must be the one the console serves (public/data/all.json, the default): a laptop that joins
 * restores its own copy and checks it against the seed's digest.
 */
import { readFileSync } from 'node:fs';
import { seedTeamWorld } from './seedWorld';

const [url, file = 'public/data/all.json'] = process.argv.slice(2);
if (!url || !/^https?:\/\//.test(url)) {
  console.error('Usage: npm run sync:seed -- <database url, such as http://127.0.0.1:4180/couch/team> [all.json]');
  process.exit(2);
}
try {
  const seed = await seedTeamWorld(url, readFileSync(file, 'utf8'));
  console.log(`Seeded ${url}: ${seed.docs} documents from ${file} at ${new Date(seed.at).toISOString()}`);
} catch (error) {
  console.error(`${url} was not seeded: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
