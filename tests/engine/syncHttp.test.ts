/**
 * Two laptops, one world, through the CouchDB protocol over HTTP (issue 21): each laptop's engine
 * and PouchDB, and the test server (express-pouchdb, scripts/syncServer.ts) between them, as the
 * vans have a CouchDB server. Each laptop reaches it as its own person's account (the server checks
 * each change's stamp against it). Changes meet on the server, conflicts are seen on both, and a
 * server restarted while a laptop replicates live loses nothing: the replication retries and goes on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import PouchDB from '../helpers/pouch';
import { startSyncServer, type SyncServer } from '../../scripts/syncServer';
import { flagDocId } from '../../worker/sync/doc/docIds';
import { act, exported, laptop, type Laptop } from '../helpers/syncLaptops';
import { passwordOf, TEAM } from '../helpers/teamLaptops';
import { ANN, BOB, aSurvey, aWorld } from '../helpers/builders';

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
  const s = await startSyncServer({ port, users: TEAM });
  servers.push(s);
  return s;
}

/** A new team world on `s`, its members the team. */
async function newWorld(s: SyncServer): Promise<string> {
  const name = `world-${++worlds}`;
  await s.world(name);
  return `${s.url}/couch/${name}`;
}

/** The team world as one person reaches it. */
const as = (url: string, name: string) => new PouchDB(url, { auth: { username: name, password: passwordOf(name) } });

/** Drains, pushes to and pulls from the server's world, and takes in: each laptop as its person. */
async function syncThrough(remote: string, ...laptops: [Laptop, string][]) {
  for (const [l, name] of laptops) {
    await l.session.drain();
    await PouchDB.replicate(l.db, as(remote, name));
  }
  for (const [l, name] of laptops) {
    await PouchDB.replicate(as(remote, name), l.db);
    await l.session.takeIn();
  }
}

describe('two laptops through the CouchDB protocol over HTTP (issue 21)', () => {
  it('changes meet on the server; what both changed is a conflict on both; both exports are equal', async () => {
    const remote = await newWorld(await server());
    const [a, b] = [await laptop('van-a', ANN, WORLD), await laptop('van-b', BOB, WORLD)];
    expect(await act(a, { type: 'flagFrame', ...frame, reason: 'Cloud' })).toBe(true);
    expect(await act(b, { type: 'flagFrame', ...frame, reason: 'Blur' })).toBe(true);
    expect(await act(b, { type: 'approveSurveyQc', surveyId: 's-qc' })).toBe(true);
    await syncThrough(remote, [a, ANN], [b, BOB]);
    await syncThrough(remote, [a, ANN], [b, BOB]);
    for (const l of [a, b]) expect((await l.session.conflicts()).map((c) => c.id)).toEqual([flagDocId('s-qc', frame)]);
    expect(a.engine.world.index.surveys['s-qc']!.flags).toEqual(b.engine.world.index.surveys['s-qc']!.flags);
    expect(await exported(a)).toEqual(await exported(b));
  });

  it('a server restarted while a laptop replicates live loses nothing: the replication retries and goes on', async () => {
    const first = await server();
    const port = Number(new URL(first.url).port);
    const remote = await newWorld(first);
    const [a, b] = [await laptop('van-a', ANN, WORLD), await laptop('van-b', BOB, WORLD)];
    await PouchDB.replicate(a.db, as(remote, ANN));
    const live = PouchDB.replicate(a.db, as(remote, ANN), { live: true, retry: true, back_off_function: () => 50 });
    const pushed = (n: number) => new Promise<void>((done) => live.on('paused', () => void PouchDB.replicate(as(remote, BOB), b.db).then((r) => (r.docs_written >= n ? done() : undefined), () => undefined)));
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
