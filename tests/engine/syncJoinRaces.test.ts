/**
 * What happens at the moment of a join (issue 49, docs/sync.md#what-is-not-taken and
 * #joining-leaving-switching-worlds): a change made at once after a teammate joins reaches them,
 * and two laptops that join an empty world at once never both make it theirs.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, laptop, qcWorld, teamServer, until } from '../helpers/teamLaptops';
import { ANN, BOB } from '../helpers/builders';
import { comparableExport } from '../helpers/comparableExport';

afterEach(cleanUp);

/** The sample data: an action's documents reach a laptop that has just joined in batches of their own. */
const SAMPLE = readFileSync('public/data/all.json', 'utf8');
const PLAN = '8f8ea826-712e-493b-b212-fd6e01b60d40';

describe('the moment of a join (issue 49)', () => {
  it('media inserted at once after a teammate joins shows on their laptop, which says Up to date only then', async () => {
    const server = await teamServer();
    await server.world('team-j');
    const a = await laptop(server.url, ANN, SAMPLE);
    const b = await laptop(server.url, BOB, SAMPLE);
    expect(await a.join('team-j')).toEqual({ ok: true });
    await until(() => expect(a.sync.status.state).toBe('up-to-date'), a);
    expect(await b.join('team-j')).toEqual({ ok: true });
    const inserted = await a.engine.dispatch({ type: 'insertMedia', host: 'ingest-10', bays: [1], surveys: [{ flightPlanId: PLAN, size: 'tiny', flownOn: '2026-06-14' }] });
    expect(inserted.ok).toBe(true);
    const mediaId = a.engine.world.index.drives['ingest-10']!.mediaId;
    expect(mediaId).not.toBeNull();
    // Before the fix: the drive waited for a media set the server held, and both badges said Up to date.
    await until(() => {
      expect(b.engine.world.index.drives['ingest-10']!.mediaId).toBe(mediaId);
      expect(b.sync.status).toMatchObject({ state: 'up-to-date', notTaken: 0 });
    }, a, b);
  }, 30_000);

  it('two laptops that join an empty world at once: one makes it; the other is told to join again, and then takes it', async () => {
    const server = await teamServer();
    await server.world('team-both');
    const a = await laptop(server.url, ANN, qcWorld('North strip'));
    const b = await laptop(server.url, BOB, qcWorld('something else'));
    const answers = await Promise.all([a.join('team-both'), b.join('team-both')]);
    const made = answers.findIndex((answer) => answer.ok);
    expect(made).toBeGreaterThanOrEqual(0);
    const [maker, other] = made === 0 ? [a, b] : [b, a];
    const refused = answers[1 - made]!;
    if (!refused.ok) {
      expect(refused.error).toMatch(/Another laptop is making the team world team-both its own right now: join again in a moment/);
      expect(other.sync.status.state).toBe('off');
      expect(await other.join('team-both')).toEqual({ ok: true });
    }
    await until(() => expect([maker.sync.status.state, other.sync.status.state]).toEqual(['up-to-date', 'up-to-date']), a, b);
    expect(other.engine.world.index.captures['cap-1']!.description).toBe(maker.engine.world.index.captures['cap-1']!.description);
    expect(comparableExport(await other.engine.exportWorld(), { loadedAt: false }).index).toEqual(comparableExport(await maker.engine.exportWorld(), { loadedAt: false }).index);
  }, 30_000);
});
