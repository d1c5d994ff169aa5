/**
 * A server gone in the middle of a pull is a failure the replication meets, never a rejection no
 * one handles (sync/link/pullSource.ts): PouchDB's replication asks its source's info() after each
 * batch without catching. Here the server closes as the first batch is written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import PouchDB from '../helpers/pouch';
import { pullSource } from '../../worker/sync/link/pullSource';
import { cleanUp, teamServer } from '../helpers/teamLaptops';

afterEach(cleanUp);

const Local = PouchDB.defaults({ adapter: 'memory' });

async function pullCutAtFirstBatch(source: (remote: PouchDB) => PouchDB): Promise<unknown[]> {
  const server = await teamServer({ empty: true });
  await server.world('cut');
  const auth = { username: server.admin.name, password: server.admin.password };
  const remote = new PouchDB(`${server.url}/couch/cut`, { auth, skip_setup: true });
  await remote.bulkDocs(Array.from({ length: 40 }, (_, i) => ({ _id: `doc-${String(i).padStart(3, '0')}` })));
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', note);
  try {
    const pull = PouchDB.replicate(source(new PouchDB(remote.name, { auth, skip_setup: true })), new Local(`cut-${Math.random()}`), { batch_size: 5 });
    pull.on('change', () => void server.close());
    await expect(Promise.resolve(pull)).rejects.toBeDefined();
    // Node reports a rejection unhandled once the microtasks after it have run: a turn of the loop.
    await new Promise((done) => setImmediate(done));
  } finally {
    process.off('unhandledRejection', note);
  }
  return unhandled;
}

describe('a pull whose server goes away (pullSource.ts)', () => {
  it('fails as a replication, and leaves no rejection unhandled', async () => {
    expect(await pullCutAtFirstBatch((remote) => pullSource(PouchDB, remote))).toEqual([]);
  });

  it('the server as PouchDB gives it would have left one (what pullSource is for)', async () => {
    expect((await pullCutAtFirstBatch((remote) => remote)).length).toBeGreaterThan(0);
  });
});
