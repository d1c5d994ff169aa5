/**
 * The laptop knows what the server holds (issue 32, docs/sync.md#the-laptop-knows-what-the-server-holds):
 * a server restarted empty, or a team world restored from an older backup, while laptops are
 * joined. Each laptop notices (the database is gone, or is another one), says so, and sends again
 * what the server lacks, without a reload; a laptop that joins afterwards holds the same world.
 * And a position in one database is never trusted in another: a laptop that joins a restored
 * copy of a seeded world equals one that joins the original.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import PouchDB from 'pouchdb-core';
import { startSyncServer } from '../../scripts/syncServer';
import { seedTeamWorld } from '../../scripts/seedWorld';
import { cleanUp, laptop, qcWorld, servers, type TeamLaptop } from '../helpers/teamLaptops';
import { ANN, BOB, T0 } from '../helpers/builders';
import { comparableExport } from '../helpers/comparableExport';

afterEach(cleanUp);

const WORLD = qcWorld();
const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };
const flagged = (l: TeamLaptop) => l.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.reason);
/** What two laptops of one team world must agree on; the one that joined later loaded its world later. */
const exported = async (l: TeamLaptop) => comparableExport(await l.engine.exportWorld(), { loadedAt: false });

async function serverOn(port = 0, empty = false) {
  const server = await startSyncServer({ port, empty });
  servers.push(server);
  return server;
}

/** The server stops, and one starts on its port with no world at all (a restart that lost its memory). */
async function restartedEmpty(url: string) {
  const port = Number(new URL(url).port);
  const old = servers.find((s) => s.url === url)!;
  servers.splice(servers.indexOf(old), 1);
  await old.close();
  return serverOn(port, true);
}

const upToDate = (...laptops: TeamLaptop[]) =>
  vi.waitFor(() => {
    for (const l of laptops) expect(l.sync.status).toMatchObject({ state: 'up-to-date', waiting: 0 });
  }, { timeout: 20_000, interval: 50 });

describe('the laptop knows what the server holds (issue 32)', () => {
  it('a server restarted empty: both laptops say so and send the world again; a laptop that joins afterwards equals them', async () => {
    const server = await serverOn(0, true);
    const a = await laptop(server.url, ANN, WORLD);
    const b = await laptop(server.url, BOB, WORLD);
    expect(await a.sync.join('/couch', 'lost')).toEqual({ ok: true });
    expect(await b.sync.join('/couch', 'lost')).toEqual({ ok: true });
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await vi.waitFor(() => expect(flagged(b)).toEqual(['Cloud']), { timeout: 10_000 });
    await upToDate(a, b);

    const notes: string[] = [];
    a.sync.statusChanges.on((s) => s.note && notes.push(s.note));
    await restartedEmpty(server.url);
    // Nobody acts: the laptops find the world gone on their own, and send it again.
    await vi.waitFor(async () => expect((await new PouchDB(`${server.url}/couch/lost`).info()).doc_count).toBeGreaterThan(10), { timeout: 20_000, interval: 100 });
    expect(notes.join(' ')).toMatch(/no longer has the team world/);
    await upToDate(a, b);

    const c = await laptop(server.url, 'cleo.diaz@example.com', qcWorld('a world of its own'));
    expect(await c.sync.join('/couch', 'lost')).toEqual({ ok: true });
    expect(flagged(c)).toEqual(['Cloud']);
    expect(await exported(c)).toEqual(await exported(a));
    expect(await a.sync.conflicts()).toEqual([]);
  }, 60_000);

  it('a seeded world restored from an older backup: the laptops send again what it lacks, and a laptop that joins the copy equals them', async () => {
    const server = await serverOn(0, true);
    const url = `${server.url}/couch/team`;
    await seedTeamWorld(url, WORLD, T0);
    // The backup, taken before anyone worked: documents only (a backup holds no local document).
    const backup = new PouchDB(`backup-${Date.now()}`, { adapter: 'memory' });
    await PouchDB.replicate(url, backup);

    const a = await laptop(server.url, ANN, WORLD);
    const b = await laptop(server.url, BOB, WORLD);
    expect(await a.sync.join('/couch', 'team')).toEqual({ ok: true });
    expect(await b.sync.join('/couch', 'team')).toEqual({ ok: true });
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    expect((await b.engine.dispatch({ type: 'approveSurveyQc', surveyId: 's-qc' })).ok).toBe(true);
    await vi.waitFor(() => expect(flagged(b)).toEqual(['Cloud']), { timeout: 10_000 });
    await upToDate(a, b);

    // The server is restarted empty and the world restored from the backup.
    await restartedEmpty(server.url);
    await PouchDB.replicate(backup, url);
    await vi.waitFor(async () => {
      const flags = (await new PouchDB(url).allDocs({ startkey: 'frameFlag:', endkey: 'frameFlag:\uffff' })).rows;
      expect(flags).toHaveLength(1);
    }, { timeout: 20_000, interval: 100 });
    await upToDate(a, b);

    // The restored copy's seed names a position of the original database: a laptop that joins it
    // must not trust it, and ends with what the laptops hold.
    const c = await laptop(server.url, 'cleo.diaz@example.com', WORLD);
    expect(await c.sync.join('/couch', 'team')).toEqual({ ok: true });
    expect(flagged(c)).toEqual(['Cloud']);
    expect(c.engine.world.index.surveys['s-qc']!.qc).toBe('approved');
    expect(await exported(c)).toEqual(await exported(a));
  }, 60_000);
});
