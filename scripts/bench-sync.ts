/**
 * `npm run bench:sync`: team sync's numbers beside issue 21's budgets (docs/sync.md#what-was-measured),
 * as medians and p95 over repeated runs, in Node: two laptops (real engines, memory stores and
 * memory PouchDB) through the test server over HTTP (scripts/syncServer.ts).
 * - action on one laptop → visible in the other's world, both online;
 * - joining a world with data (the first sync: pulled, restored, committed), by world size, and
 *   joining a seeded one (the server seeded from the same all.json; the laptop restores its own);
 * - action → durable with sync on and off.
 * BENCH_SYNC_SIZES (default 400,10000) picks the world sizes.
 */
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';
import { generateWorld } from './generate/world';
import { isCutSyncRequest } from './cutSyncRequest';
import { seedTeamWorld } from './seedWorld';
import { startSyncServer } from './syncServer';
import { createEngine, type Engine } from '../worker/engine/engine';
import { memoryStore } from '../worker/engine/store/worldStore';
import { TeamSync } from '../worker/sync/teamSync';
import { realClock } from '../worker/engine/clock';

PouchDB.plugin(memory).plugin(http).plugin(replication);
const Local = PouchDB.defaults({ adapter: 'memory' });
const SIZES = (process.env.BENCH_SYNC_SIZES ?? '400,10000').split(',').map(Number);
const ROUND_TRIPS = 30;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const fmt = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
let laptops = 0;

async function laptop(origin: string, world: string, email: string): Promise<{ engine: Engine; sync: TeamSync; said: string[] }> {
  const n = ++laptops;
  const store = memoryStore();
  const engine = createEngine({ clock: realClock, store, loadText: async () => world });
  await engine.boot({ stored: { db: null, version: null, current: null, flags: null }, readAt: 0, baseUrl: 'http://bench/' });
  await engine.loaded();
  await engine.dispatch({ type: 'login', email, password: 'demo' });
  const said: string[] = [];
  const sync = new TeamSync(engine, store, async () => ({ Local: Local.defaults({ prefix: `bench-${n}-` }), Remote: PouchDB }), origin, () => `bench-${n}`, (line) => said.push(line));
  return { engine, sync, said };
}

/** Resolves once `check` holds, looking after every change the engine tells. */
function when(engine: Engine, check: () => boolean): Promise<void> {
  return new Promise((done) => {
    if (check()) return done();
    const stop = engine.changes.on(() => {
      if (!check()) return;
      stop();
      done();
    });
  });
}

process.on('unhandledRejection', (error) => {
  if (isCutSyncRequest(error)) return;
  throw error;
});

async function main() {
  const server = await startSyncServer({ port: 0 });
  const rows: string[] = [];
  for (const size of SIZES) {
    const world = JSON.stringify(generateWorld({ surveys: size, activeWorkflows: Math.min(1000, Math.ceil(size / 10)) }));
    // A seeded world: the server from the same all.json at one instant; a laptop restores its own copy.
    const seededName = `seeded-bench-${size}-${Date.now().toString(36)}`;
    let t = performance.now();
    const seed = await seedTeamWorld(`${server.url}/couch/${seededName}`, world);
    const serverSeedMs = performance.now() - t;
    const c = await laptop(server.url, world, 'cy.diaz@aerial.example');
    t = performance.now();
    const fromSeed = await c.sync.join('/couch', seededName);
    if (!fromSeed.ok) throw new Error(fromSeed.error);
    const seededJoinMs = performance.now() - t;
    const pulled = c.said.find((l) => l.startsWith('joined from the seed')) ?? 'the seed was not followed';
    rows.push(`${size} surveys, seeded (${seed.docs} documents, the server seeded in ${fmt(serverSeedMs)}): a laptop joins ${fmt(seededJoinMs)}, ${pulled}  (budget: seeded 100 000 ≤ 30 s)`);
    await c.sync.stop();
    c.engine.stop();
    // Its memory is the next measurement's: the server's copy goes.
    await new PouchDB(`${server.url}/couch/${seededName}`).destroy();

    const a = await laptop(server.url, world, 'ann.lee@aerial.example');
    const b = await laptop(server.url, world, 'bob.ray@aerial.example');
    const name = `bench-${size}-${Date.now().toString(36)}`;
    t = performance.now();
    const seeded = await a.sync.join('/couch', name);
    if (!seeded.ok) throw new Error(seeded.error);
    await new Promise<void>((done) => (a.sync.status.state === 'up-to-date' ? done() : void a.sync.statusChanges.on((s) => s.state === 'up-to-date' && done())));
    const seedMs = performance.now() - t;
    t = performance.now();
    const joined = await b.sync.join('/couch', name);
    if (!joined.ok) throw new Error(joined.error);
    const joinMs = performance.now() - t;
    rows.push(`${size} surveys, not seeded: first laptop's world goes to the server ${fmt(seedMs)}; the next joins (pulls every body, restores, commits) ${fmt(joinMs)}`);


    // Action → visible on the other laptop: a frame flagged on A, until B's world holds it.
    const survey = Object.values(a.engine.world.index.surveys).find((s) => s.flags.qcInProgress);
    if (survey) {
      const seen: number[] = [];
      for (let i = 1; i <= ROUND_TRIPS; i++) {
        const start = performance.now();
        const flagged = await a.engine.dispatch({ type: 'flagFrame', surveyId: survey.surveyId, line: 1, camera: 'Cam01', frame: i, reason: 'Cloud' });
        if (!flagged.ok) throw new Error(flagged.error);
        await when(b.engine, () => b.engine.world.index.surveys[survey.surveyId]!.frameFlags.some((f) => f.frame === i));
        seen.push(performance.now() - start);
      }
      rows.push(`${size} surveys: action → visible on the other laptop, median ${fmt(pct(seen, 50))}, p95 ${fmt(pct(seen, 95))}  (budget p95 ≤ 1 s)`);
      const durable = async (engine: Engine, line: number) => {
        const xs: number[] = [];
        for (let i = 1; i <= ROUND_TRIPS; i++) {
          const start = performance.now();
          await engine.dispatch({ type: 'flagFrame', surveyId: survey.surveyId, line, camera: 'Cam02', frame: i, reason: i % 2 ? 'Blur' : 'Cloud' });
          xs.push(performance.now() - start);
        }
        return xs;
      };
      const on = await durable(b.engine, 2);
      rows.push(`${size} surveys: action → durable with sync on, median ${fmt(pct(on, 50))}, p95 ${fmt(pct(on, 95))}  (budget p95 ≤ 5 ms)`);
      // The control: the same laptop, in the same process (its collections, the other laptop's
      // world), with sync off. What sync itself costs an action is the difference.
      await b.sync.stop();
      b.engine.attachSync(null);
      const off = await durable(b.engine, 3);
      rows.push(`${size} surveys: the same laptop with sync off, median ${fmt(pct(off, 50))}, p95 ${fmt(pct(off, 95))}`);
    }
    await a.sync.stop();
    await b.sync.stop();
    a.engine.stop();
    b.engine.stop();
  }
  await server.close();
  console.log(rows.join('\n'));
}

await main();
