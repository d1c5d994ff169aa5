/**
 * The laptop knows what the server holds (issue 32, docs/sync.md#the-laptop-knows-what-the-server-holds):
 * a server restarted empty, or a team world restored from an older backup, while laptops are
 * joined. Its admin sets the world up again and the people sign in again (the server lost their
 * sessions with the rest). Each laptop notices (the database is gone, or is another one), says so, and sends again
 * what the server lacks, without a reload; a laptop that joins afterwards holds the same world.
 * And a position in one database is never trusted in another: a laptop that joins a restored
 * copy of a seeded world equals one that joins the original.
 */
import { afterEach, describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb-core';
import type { SyncServer } from '../../scripts/syncServer';
import { seedTeamWorld } from '../../scripts/seedWorld';
import { CLEO, cleanUp, laptop, passwordOf, qcWorld, servers, teamServer, until, type TeamLaptop } from '../helpers/teamLaptops';
import { ANN, BOB, T0 } from '../helpers/builders';
import { comparableExport } from '../helpers/comparableExport';

afterEach(cleanUp);

const WORLD = qcWorld();
const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };
const flagged = (l: TeamLaptop) => l.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.reason);
/** What two laptops of one team world must agree on; the one that joined later loaded its world later. */
const exported = async (l: TeamLaptop) => comparableExport(await l.engine.exportWorld(), { loadedAt: false });

/** The server's admin, as a script of the test's calls the server (a backup, a restore). */
const asAdmin = (server: SyncServer, world: string) => new PouchDB(`${server.url}/couch/${world}`, { auth: { username: server.admin.name, password: server.admin.password } });

/**
 * The server stops, and one starts on its port with no world and no account at all (a restart that
 * lost its disk); its admin makes the team's accounts again (the servers of the tests know them).
 */
async function restartedEmpty(old: SyncServer): Promise<SyncServer> {
  servers.splice(servers.indexOf(old), 1);
  await old.close();
  return teamServer({ port: Number(new URL(old.url).port), empty: true, admin: old.admin });
}

/** The sessions the lost server knew are gone with it: each person signs in again. */
async function signedInAgain(...laptops: [TeamLaptop, string][]) {
  for (const [l, name] of laptops) {
    await until(() => expect(l.sync.status.state).toBe('signed-out'), l);
    expect(await l.sync.signIn(name, passwordOf(name))).toEqual({ ok: true });
  }
}

const upToDate = (...laptops: TeamLaptop[]) =>
  until(() => {
    for (const l of laptops) expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 });
  }, ...laptops);

/** Ann's and Bob's laptops joined to team world `world` on a server that restarts empty; Ann's flag has reached Bob. */
async function twoJoinedWithAFlag(world: string) {
  const server = await teamServer({ empty: true });
  await server.world(world);
  const a = await laptop(server.url, ANN, WORLD);
  const b = await laptop(server.url, BOB, WORLD);
  expect(await a.join(world)).toEqual({ ok: true });
  expect(await b.join(world)).toEqual({ ok: true });
  expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
  await until(() => expect(flagged(b)).toEqual(['Cloud']), b);
  await upToDate(a, b);
  return { server, a, b };
}

describe('the laptop knows what the server holds (issue 32)', () => {
  it('a server restarted empty: both laptops say so and send the world again; a laptop that joins afterwards equals them', async () => {
    const { server, a, b } = await twoJoinedWithAFlag('lost');

    const notes: string[] = [];
    a.sync.statusChanges.on((s) => s.note && notes.push(s.note));
    const again = await restartedEmpty(server);
    // Its admin sets the world up again, empty, and the people sign in: the laptops find the world
    // is not the one they gave, and send it again.
    await again.world('lost');
    await signedInAgain([a, ANN], [b, BOB]);
    await upToDate(a, b);
    expect((await asAdmin(again, 'lost').info()).doc_count).toBeGreaterThan(10);
    expect(notes.join(' ')).toMatch(/team world is another copy now/);

    const c = await laptop(server.url, CLEO, qcWorld('a world of its own'));
    expect(await c.join('lost')).toEqual({ ok: true });
    expect(flagged(c)).toEqual(['Cloud']);
    expect(await exported(c)).toEqual(await exported(a));
    expect(await a.sync.conflicts()).toEqual([]);
  }, 60_000);

  it('a seeded world restored from an older backup: the laptops send again what it lacks, and a laptop that joins the copy equals them', async () => {
    const server = await teamServer({ empty: true });
    await server.world('team');
    await seedTeamWorld(`${server.url}/couch/team`, WORLD, T0, server.admin);
    // The backup, taken before anyone worked: documents only (a backup holds no local document).
    const backup = new PouchDB(`backup-${Date.now()}`, { adapter: 'memory' });
    await PouchDB.replicate(asAdmin(server, 'team'), backup);

    const a = await laptop(server.url, ANN, WORLD);
    const b = await laptop(server.url, BOB, WORLD);
    expect(await a.join('team')).toEqual({ ok: true });
    expect(await b.join('team')).toEqual({ ok: true });
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    expect((await b.engine.dispatch({ type: 'approveSurveyQc', surveyId: 's-qc' })).ok).toBe(true);
    await until(() => expect(flagged(b)).toEqual(['Cloud']), b);
    await upToDate(a, b);

    // The server is restarted empty and the world restored from the backup.
    const again = await restartedEmpty(server);
    await again.world('team');
    await PouchDB.replicate(backup, asAdmin(again, 'team'));
    await signedInAgain([a, ANN], [b, BOB]);
    await upToDate(a, b);
    expect((await asAdmin(again, 'team').allDocs({ startkey: 'frameFlag:', endkey: 'frameFlag:\uffff' })).rows).toHaveLength(1);

    // The restored copy's seed names a position of the original database: a laptop that joins it
    // must not trust it, and ends with what the laptops hold.
    const c = await laptop(server.url, CLEO, WORLD);
    expect(await c.join('team')).toEqual({ ok: true });
    expect(flagged(c)).toEqual(['Cloud']);
    expect(c.engine.world.index.surveys['s-qc']!.qc).toBe('approved');
    expect(await exported(c)).toEqual(await exported(a));
  }, 60_000);

  it('a laptop that left and makes the lost world its own again sends each history entry as the document it holds; a teammate’s, refused, is listed until its author sends it', async () => {
    const { server, a, b } = await twoJoinedWithAFlag('lost');
    const bDb = (b.sync as unknown as { link: { local: PouchDB } }).link.local;
    const { rows } = await bDb.allDocs({ startkey: 'history:', endkey: 'history:\uffff', include_docs: true });
    const anns = rows.filter((r) => (r.doc?.entry as { by?: string } | undefined)?.by === ANN).map((r) => r.id);
    expect(anns.length).toBeGreaterThan(0);
    expect(await b.sync.leave()).toEqual({ ok: true });

    // The server loses the world while Ann's laptop is signed out by it; Bob joins first and makes it his world again.
    const again = await restartedEmpty(server);
    await again.world('lost');
    expect(await b.join('lost')).toEqual({ ok: true });
    const leaves = async (db: PouchDB, id: string) => (await db.get(id, { open_revs: 'all' })).flatMap((leaf) => ('ok' in leaf ? [leaf.ok._rev] : [])).sort();
    const local = (b.sync as unknown as { link: { local: PouchDB } }).link.local;
    // One first revision of each of Ann's entries: the one her laptop wrote, never one stamped anew by Bob's.
    for (const id of anns) expect(await leaves(local, id)).toEqual(rows.filter((r) => r.id === id).map((r) => r.value.rev));
    // No one writes in another's name: the server refuses Ann's entries from Bob's laptop, which says so, never Up to date.
    await until(() => expect(b.sync.status.state).toBe('error'), b);
    const refused = (await b.sync.notTaken()).listed.filter((n) => n.state === 'denied').map((n) => n.id);
    for (const id of anns) expect(refused).toContain(id);

    // Ann signs in again and sends what the server lost: the refusals are mended, and both hold the server's revisions.
    await signedInAgain([a, ANN]);
    await upToDate(a, b);
    for (const id of anns) expect(await leaves(local, id)).toEqual(await leaves(asAdmin(again, 'lost'), id));
  }, 60_000);
});
