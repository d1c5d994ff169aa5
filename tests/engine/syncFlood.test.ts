/**
 * A flood of documents no laptop can take (issues 32 and 50), written by a member's script into a
 * team world: the server cannot judge them (surveys naming a capture that does not exist), so they
 * pass its validation; each laptop holds them back as one change not taken, and goes on syncing.
 * The mechanism, on a flood of 1 000; its cost at 20 000 is `npm run bench:sync`'s budget
 * (docs/sync-log.md#what-was-measured), not a test's to measure.
 */
import { afterAll, describe, expect, it } from 'vitest';
import PouchDB from '../helpers/pouch';
import { cleanUp, laptop, passwordOf, teamServer, until } from '../helpers/teamLaptops';
import { TWO_LAPTOP_WORLD } from '../helpers/twoLaptops';
import { ANN, BOB, T0 } from '../helpers/builders';

afterAll(cleanUp);

const FLOOD = 1_000;
const FRAME = { surveyId: 's-qc', line: 1, camera: 'Cam02' };

describe('a flood of refused documents in a team world (issue 50: from the browser to Node)', () => {
  it('is one change not taken on each laptop, and a flag still crosses both ways after it', async () => {
    const server = await teamServer();
    await server.world('team-flood');
    const ann = await laptop(server.url, ANN, TWO_LAPTOP_WORLD);
    const bob = await laptop(server.url, BOB, TWO_LAPTOP_WORLD);
    expect(await ann.join('team-flood')).toEqual({ ok: true });
    expect(await bob.join('team-flood')).toEqual({ ok: true });
    await until(() => expect([ann.sync.status.state, bob.sync.status.state]).toEqual(['up-to-date', 'up-to-date']), ann, bob);

    // Bob's script, with his account and none of his laptop's: one action of 1 000 orphans, in one request.
    const script = new PouchDB(`${server.url}/couch/team-flood`, { auth: { username: BOB, password: passwordOf(BOB) } });
    const { rows } = await script.allDocs({ startkey: 'surveys:', endkey: 'surveys:\uffff', limit: 1, include_docs: true });
    const { _id: _i, _rev: _r, ...body } = rows[0]!.doc as unknown as Record<string, unknown> & { e: Record<string, unknown> };
    const stamp = { by: BOB, laptop: 'curl', at: T0, tx: 'flood', n: FLOOD };
    const flood = Array.from({ length: FLOOD }, (_, i) => ({ ...body, _id: `surveys:flood-${i}`, e: { ...body.e, captureId: 'no-such-capture' }, stamp }));
    const written = await script.bulkDocs(flood);
    expect(written.filter((r) => (r as { error?: string }).error)).toEqual([]);

    expect((await ann.engine.dispatch({ type: 'flagFrame', ...FRAME, frame: 3, reason: 'Cloud' })).ok).toBe(true);
    await until(() => {
      expect(bob.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.reason)).toEqual(['Cloud']);
      expect([ann.sync.status, bob.sync.status]).toMatchObject([
        { state: 'up-to-date', notTaken: 1 },
        { state: 'up-to-date', notTaken: 1 },
      ]);
    }, ann, bob);
    for (const l of [ann, bob]) {
      expect(l.engine.world.index.surveys['flood-0']).toBeUndefined();
      const { listed } = await l.sync.notTaken();
      // Listed document by document, each with why, as Settings shows them.
      expect(listed.length).toBeGreaterThan(0);
      for (const refused of listed) expect(refused).toMatchObject({ state: 'waiting', by: BOB, why: expect.stringMatching(/names capture no-such-capture, which this laptop does not hold$/) as string });
    }
    expect((await bob.engine.dispatch({ type: 'flagFrame', ...FRAME, frame: 4, reason: 'Blur' })).ok).toBe(true);
    await until(() => expect(ann.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.reason).sort()).toEqual(['Blur', 'Cloud']), ann);
  }, 60_000);
});
