/**
 * A seeded team world (issue 21, docs/sync.md#seeding-a-team-world): the server seeded from the
 * console's all.json at one instant, and laptops that join it restore their own copy of the same
 * data at that instant, hold every document at the revision the server has, and pull only what
 * changed after the seed. A laptop whose data differs pulls every body, and ends in the same world.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import PouchDB from '../helpers/pouch';
import { seedTeamWorld } from '../../scripts/seedWorld';
import type { SyncServer } from '../../scripts/syncServer';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { memoryStore } from '../../worker/engine/store/worldStore';
import { worldDocs, seededWorld } from '../../worker/sync/seed';
import { TeamSync } from '../../worker/sync/teamSync';
import { bootInput } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { ANN, BOB, T0 } from '../helpers/builders';
import { cookieFetch } from '../../scripts/team/cookieFetch';
import { cleanUp, passwordOf, teamServer, until } from '../helpers/teamLaptops';
const Local = PouchDB.defaults({ adapter: 'memory' });
const SAMPLE = readFileSync('public/data/all.json', 'utf8');
const DAY = 86_400_000;

let laptops = 0;
const syncs: TeamSync[] = [];
afterEach(async () => {
  for (const s of syncs.splice(0)) await s.stop();
  await cleanUp();
});

interface Laptop {
  /** joins team world `world`, signed in as the laptop's person */
  join(world: string): ReturnType<TeamSync['join']>;
  engine: Engine;
  sync: TeamSync;
  /** what the join said it did (its trace) */
  said: string[];
  /** how many documents the laptop's own database holds for `world` */
  held(world: string): Promise<number>;
}

/** A laptop booted from `sample` (its copy of all.json) at T0, its clock still at T0. */
async function laptop(origin: string, email: string, sample = SAMPLE): Promise<Laptop> {
  const store = memoryStore();
  const n = ++laptops;
  const engine = createEngine({ clock: new ManualClock(T0), store, loadText: async () => sample });
  await engine.boot(bootInput());
  await engine.loaded();
  await engine.dispatch({ type: 'login', email, password: 'demo' });
  const Databases = Local.defaults({ prefix: `seeded-${n}-` });
  const said: string[] = [];
  const jar = cookieFetch();
  const Remote = PouchDB.defaults({ fetch: jar });
  const sync = new TeamSync(engine, store, async () => ({ Local: Databases, Remote }), origin, () => `laptop-${n}`, (line) => said.push(line), jar);
  syncs.push(sync);
  const join = (world: string) => sync.join('/couch', world, email, passwordOf(email));
  return { join, engine, sync, said, held: async (world) => (await new Databases(`team-${world}`).allDocs({ include_docs: true })).rows.length };
}

/** The world as Export writes it, without when this laptop loaded and saved it. */
function exported(engine: Engine): unknown {
  const { loadedAt: _l, savedAt: _s, ...world } = JSON.parse(engine.serialise()) as Record<string, unknown>;
  return world;
}

async function seededServer(world: string, at = T0): Promise<{ server: SyncServer; seed: Awaited<ReturnType<typeof seedTeamWorld>> }> {
  const server = await teamServer();
  await server.world(world);
  const seed = await seedTeamWorld(`${server.url}/couch/${world}`, SAMPLE, at, server.admin);
  return { server, seed };
}

describe('a seeded team world (issue 21)', () => {
  it('one all.json at one instant gives one set of revisions; a day later, another', () => {
    const once = worldDocs(seededWorld(SAMPLE, T0));
    expect(once.docs.length).toBeGreaterThan(700);
    expect(worldDocs(seededWorld(SAMPLE, T0)).digest).toBe(once.digest);
    expect(worldDocs(seededWorld(SAMPLE, T0 + DAY)).digest).not.toBe(once.digest);
  });

  it('a laptop joins by restoring its own copy: it pulls only the seed, and holds the world a full pull gives', async () => {
    const { server, seed } = await seededServer('seeded-a');
    expect(seed.docs).toBeGreaterThan(700);
    const a = await laptop(server.url, ANN);
    expect(await a.join('seeded-a')).toEqual({ ok: true });
    expect(a.said).toContain(`joined from the seed: ${seed.docs} documents restored here, 1 pulled`);
    expect(await a.held('seeded-a')).toBe(1);

    // Another copy of the data (one description changed): the digests differ, every body is pulled.
    const other = SAMPLE.replace(/"description":"[^"]*"/, '"description":"Not the team\'s data"');
    expect(other).not.toBe(SAMPLE);
    const b = await laptop(server.url, BOB, other);
    expect(await b.join('seeded-a')).toEqual({ ok: true });
    expect(b.said.some((l) => l.startsWith('the seed names other data'))).toBe(true);
    // Every body, the seed's own document and the team's rules (the world's design document).
    expect(await b.held('seeded-a')).toBe(seed.docs + 2);
    expect(exported(b.engine)).toEqual(exported(a.engine));
  });

  it('what changed after the seed is pulled and taken in; both laptops go on syncing', async () => {
    const { server, seed } = await seededServer('seeded-b');
    const a = await laptop(server.url, ANN);
    expect(await a.join('seeded-b')).toEqual({ ok: true });
    const survey = Object.values(a.engine.world.index.surveys).find((s) => s.flags.qcInProgress)!;
    const frame = { surveyId: survey.surveyId, line: 1, camera: 'Cam01', frame: 2 };
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await until(() => expect(a.sync.status.state).toBe('up-to-date'), a);

    const b = await laptop(server.url, BOB);
    expect(await b.join('seeded-b')).toEqual({ ok: true });
    // The seed, Ann's flag and its history entry.
    expect(b.said).toContain(`joined from the seed: ${seed.docs} documents restored here, 3 pulled`);
    expect(b.engine.world.index.surveys[survey.surveyId]!.frameFlags).toMatchObject([{ reason: 'Cloud', by: ANN }]);
    expect(exported(b.engine)).toEqual(exported(a.engine));

    expect((await b.engine.dispatch({ type: 'flagFrame', ...frame, frame: 3, reason: 'Blur' })).ok).toBe(true);
    await until(() => expect(a.engine.world.index.surveys[survey.surveyId]!.frameFlags.map((f) => f.reason)).toEqual(['Cloud', 'Blur']), a);
    expect(a.sync.status.conflicts).toBe(0);
    // Live replication went on from where the join's pull ended, not from the server's start.
    await until(() => expect(b.sync.status.state).toBe('up-to-date'), b);
    // The seed, the two flags and their two history entries.
    for (const l of [a, b]) expect(await l.held('seeded-b')).toBe(5);
  });

  it('a seed is written to an empty world only', async () => {
    const { server } = await seededServer('seeded-c');
    await expect(seedTeamWorld(`${server.url}/couch/seeded-c`, SAMPLE, T0, server.admin)).rejects.toThrow('The team world holds documents already');
  });
});
