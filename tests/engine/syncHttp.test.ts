/**
 * Two laptops, one world, through the CouchDB protocol over HTTP (issue 21): each laptop's engine
 * and PouchDB, and the test server (express-pouchdb, scripts/syncServer.ts) between them, as the
 * vans have a CouchDB server. Changes meet on the server, conflicts are seen on both, and a server
 * restarted while a laptop replicates live loses nothing: the replication retries and goes on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb-core';
import http from 'pouchdb-adapter-http';
import { startSyncServer, type SyncServer } from '../../scripts/syncServer';
import { flagDocId } from '../../worker/sync/docIds';
import { act, exported, laptop, type Laptop } from '../helpers/syncLaptops';
import { ANN, BOB, aSurvey, aWorld } from '../helpers/builders';

PouchDB.plugin(http);

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  return JSON.stringify(w);
}
const WORLD = qcWorld();
const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };
let worlds = 0;
const servers: SyncServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(port = 0): Promise<SyncServer> {
  const s = await startSyncServer({ port });
  servers.push(s);
  return s;
}

/** Drains, pushes to and pulls from the server's world, and takes in. */
async function syncThrough(remote: string, ...laptops: Laptop[]) {
  for (const l of laptops) {
    await l.session.drain();
    await PouchDB.replicate(l.db, remote);
  }
  for (const l of laptops) {
    await PouchDB.replicate(remote, l.db);
    await l.session.takeIn();
  }
}

describe('two laptops through the CouchDB protocol over HTTP (issue 21)', () => {
  it('changes meet on the server; what both changed is a conflict on both; both exports are equal', async () => {
    const remote = `${(await server()).url}/couch/world-${++worlds}`;
    const [a, b] = [await laptop('van-a', ANN, WORLD), await laptop('van-b', BOB, WORLD)];
    expect(await act(a, { type: 'flagFrame', ...frame, reason: 'Cloud' })).toBe(true);
    expect(await act(b, { type: 'flagFrame', ...frame, reason: 'Blur' })).toBe(true);
    expect(await act(b, { type: 'approveSurveyQc', surveyId: 's-qc' })).toBe(true);
    await syncThrough(remote, a, b);
    await syncThrough(remote, a, b);
    for (const l of [a, b]) expect((await l.session.conflicts()).map((c) => c.id)).toEqual([flagDocId('s-qc', frame)]);
    expect(a.engine.world.index.surveys['s-qc']!.flags).toEqual(b.engine.world.index.surveys['s-qc']!.flags);
    expect(await exported(a)).toEqual(await exported(b));
  });

  it('a server restarted while a laptop replicates live loses nothing: the replication retries and goes on', async () => {
    const first = await server();
    const port = Number(new URL(first.url).port);
    const remote = `${first.url}/couch/world-${++worlds}`;
    const [a, b] = [await laptop('van-a', ANN, WORLD), await laptop('van-b', BOB, WORLD)];
    await PouchDB.replicate(a.db, remote);
    const live = PouchDB.replicate(a.db, remote, { live: true, retry: true, back_off_function: () => 50 });
    const pushed = (n: number) => new Promise<void>((done) => live.on('paused', () => void PouchDB.replicate(remote, b.db).then((r) => (r.docs_written >= n ? done() : undefined), () => undefined)));
    try {
      await first.close();
      servers.splice(servers.indexOf(first), 1);
      // While the server is down, Ann flags a frame; her laptop keeps it in its database.
      expect(await act(a, { type: 'flagFrame', ...frame, reason: 'Cloud' })).toBe(true);
      await a.session.drain();
      await server(port);
      await pushed(1);
    } finally {
      live.cancel();
    }
    await b.session.takeIn();
    expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ reason: 'Cloud', by: ANN }]);
  });
});
