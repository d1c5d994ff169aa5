/**
 * The tools a team uses on its server, against the test server (issue 32, docs/sync.md#the-test-server):
 * `couchbackup` in full and shallow mode and `couchrestore` (@cloudant/couchbackup), as an admin
 * backs up a team world and restores it into a new database. A laptop that joins a restored copy
 * of a seeded world ends with the world of one that joins the original: the seed's position is
 * the original database's, and the copy is another (docs/sync.md#positions-belong-to-their-database).
 */
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb-core';
import { seedTeamWorld } from '../../scripts/seedWorld';
import { cleanUp, laptop, qcWorld, teamServer, until, type TeamLaptop } from '../helpers/teamLaptops';
import { ANN, BOB, T0 } from '../helpers/builders';
import { comparableExport } from '../helpers/comparableExport';

type Done = (error: Error | null, data?: { total: number }) => void;
const couchbackup = createRequire(import.meta.url)('@cloudant/couchbackup') as {
  backup(source: string, out: NodeJS.WritableStream, options: { mode: 'full' | 'shallow' }, done: Done): void;
  restore(input: NodeJS.ReadableStream, target: string, options: object, done: Done): void;
};

afterEach(cleanUp);

const WORLD = qcWorld();
const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };

/** couchbackup's file of a database. */
function backup(url: string, mode: 'full' | 'shallow'): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((done, fail) => couchbackup.backup(url, out, { mode }, (error) => (error ? fail(error) : done(Buffer.concat(chunks).toString('utf8')))));
}

/** couchrestore of a backup file into a new, empty database (made by the server's admin whose URL it is). */
async function restore(file: string, url: string): Promise<number> {
  await new PouchDB(url).info();
  const input = new PassThrough();
  input.end(file);
  return new Promise((done, fail) => couchbackup.restore(input, url, {}, (error, data) => (error ? fail(error) : done(data?.total ?? 0))));
}

/** What two laptops of one team world must agree on; the one that joined later loaded its world later. */
const exported = async (l: TeamLaptop) => comparableExport(await l.engine.exportWorld(), { loadedAt: false });

describe("a team world backed up and restored with CouchDB's own tools (issue 32)", () => {
  it('couchbackup (full and shallow) and couchrestore work against the test server, and a laptop that joins a restored copy equals one that joins the original', async () => {
    const server = await teamServer({ empty: true });
    // The tools run as the server's admin, as a team's admin runs them (credentials in the URL).
    const { name, password } = server.admin;
    const asAdmin = (world: string) => `${server.url.replace('://', `://${encodeURIComponent(name)}:${encodeURIComponent(password)}@`)}/couch/${world}`;
    const original = asAdmin('team');
    await server.world('team');
    await seedTeamWorld(`${server.url}/couch/team`, WORLD, T0, server.admin);
    const a = await laptop(server.url, ANN, WORLD);
    expect(await a.join('team')).toEqual({ ok: true });
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    expect((await a.engine.dispatch({ type: 'approveSurveyQc', surveyId: 's-qc' })).ok).toBe(true);
    await until(() => expect(a.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), a);
    const documents = (await new PouchDB(original).allDocs({ include_docs: true })).rows.length;

    const full = await backup(original, 'full');
    const shallow = await backup(original, 'shallow');
    expect(await restore(full, asAdmin('copy-full'))).toBe(documents);
    expect(await restore(shallow, asAdmin('copy-shallow'))).toBe(documents);
    // The admin names the copies' members (sync:setup): their validation came with the backup.
    for (const world of ['copy-full', 'copy-shallow']) await server.world(world);

    const joiners: TeamLaptop[] = [];
    for (const world of ['team', 'copy-full', 'copy-shallow']) {
      const l = await laptop(server.url, BOB, WORLD);
      expect(await l.join(world)).toEqual({ ok: true });
      expect(l.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.reason)).toEqual(['Cloud']);
      expect(l.engine.world.index.surveys['s-qc']!.qc).toBe('approved');
      joiners.push(l);
    }
    const [first, ...copies] = joiners as [TeamLaptop, ...TeamLaptop[]];
    expect(await exported(first)).toEqual(await exported(a));
    for (const l of copies) expect(await exported(l)).toEqual(await exported(first));
  }, 60_000);
});
