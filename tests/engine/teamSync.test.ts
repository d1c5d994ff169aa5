/**
 * Team sync as the engine worker runs it (issue 21): Settings → Team sync's join and leave, live
 * replication through the test server, the status the header shows, conflicts refused and
 * resolved, and the actions that would wipe the team's world refused while syncing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, flaggedTwoWaysApart, laptop, passwordOf, qcWorld, serverTime, teamServer, twoJoined, until } from '../helpers/teamLaptops';
import PouchDB from 'pouchdb-core';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { WHILE_SYNCING } from '../../worker/sync/enginePort';
import { checkJoin } from '../../worker/sync/joining';
import { STORE_RETRY_MS } from '../../worker/sync/syncLoop';
import { SESSION_RENEW_MS } from '../../worker/sync/link/sessionKeeper';
import { teamChangesRefused } from '../../worker/engine/storageFailure';
import { bootInput } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { ANN, BOB, T0 } from '../helpers/builders';
import { TEAM_WORLD_RECORD } from '../../worker/sync/records';

afterEach(cleanUp);

const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };

describe('team sync in the worker (issue 21)', () => {
  it('checks what a person types to join, naming the field', () => {
    expect(checkJoin('/couch/', ' team-a ')).toEqual({ ok: true, server: '/couch', world: 'team-a' });
    expect(checkJoin('http://evil.example/couch', 'team')).toMatchObject({ ok: false, field: 'server' });
    expect(checkJoin('/couch/../admin', 'team')).toMatchObject({ ok: false, field: 'server' });
    expect(checkJoin('/couch', 'Team A')).toMatchObject({ ok: false, field: 'world' });
    expect(checkJoin('/couch', '')).toMatchObject({ ok: false, field: 'world' });
  });

  it("the first laptop's world becomes the team's; the next adopts it; changes reach the other live", async () => {
    const server = await teamServer();
    await server.world('team-x');
    const a = await laptop(server.url, ANN, qcWorld('North strip'));
    const b = await laptop(server.url, BOB, qcWorld('something else'));
    expect(await a.join('team-x')).toEqual({ ok: true });
    await until(() => expect(a.sync.status.state).toBe('up-to-date'), a);
    expect(await b.join('team-x')).toEqual({ ok: true });
    expect(b.engine.world.index.captures['cap-1']!.description).toBe('North strip');
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await until(() => expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ reason: 'Cloud', by: ANN }]), b);
    expect((await b.engine.dispatch({ type: 'resetDemo' }))).toEqual({ ok: false, error: WHILE_SYNCING });
  });

  it("a laptop whose store refuses the team's change says Sync error and why, changes nothing, and takes it on its own once the store takes writes", async () => {
    const { a, b } = await twoJoined('team-full');
    await until(() => expect(b.sync.status.state).toBe('up-to-date'), b);
    b.store.failWith = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await until(() => expect(b.sync.status).toMatchObject({ state: 'error', error: teamChangesRefused(new DOMException('', 'QuotaExceededError')) }), b);
    expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toEqual([]);
    // Nothing else happens on the team's side: the laptop tries again on its own.
    b.store.failWith = null;
    (b.engine.clock as ManualClock).advance(STORE_RETRY_MS);
    await until(() => expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ reason: 'Cloud', by: ANN }]), b);
    await until(() => expect([b.sync.status.state, b.sync.status.error]).toEqual(['up-to-date', undefined]), b);
  }, 20_000);

  it('one frame flagged two ways: a conflict on both, actions on its survey refused, resolved on one and settled on both', async () => {
    const { a, b } = await twoJoined('team-y');
    await flaggedTwoWaysApart(a, b, frame);
    const [conflict] = await a.sync.conflicts();
    expect(conflict!.fields).toEqual([{ path: 'flag.reason', label: 'Reason' }]);
    expect(conflict!.versions.map((v) => v.values['flag.reason']).sort()).toEqual(['Blur', 'Cloud']);
    expect(conflict!.versions.map((v) => v.by).sort()).toEqual([ANN, BOB].sort());
    const refused = await a.engine.dispatch({ type: 'approveSurveyQc', surveyId: 's-qc' });
    expect(refused.ok).toBe(false);
    const bobs = conflict!.versions.find((v) => v.by === BOB)!;
    expect(await a.sync.resolve(conflict!.id, bobs.rev)).toEqual({ ok: true });
    await until(() => {
      expect([a.sync.status.conflicts, b.sync.status.conflicts]).toEqual([0, 0]);
      expect(a.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ reason: 'Blur' }]);
    }, a, b);
    expect((await a.engine.dispatch({ type: 'approveSurveyQc', surveyId: 's-qc' })).ok).toBe(true);
    await until(() => expect(a.sync.status.state).toBe('up-to-date'), a);
    expect(await a.sync.leave()).toEqual({ ok: true });
    expect(a.sync.status.state).toBe('off');
    expect((await a.engine.dispatch({ type: 'resetDemo' })).ok).toBe(true);
  });

  it('a laptop reopened while cut off still says what it has not sent, and sends it once back', async () => {
    const server = await teamServer({ vans: true });
    await server.world('team-w');
    const a = await laptop(server.url, ANN);
    const van = (what: 'cut' | 'restore') => fetch(`${server.url}/__vans/a/${what}`, { method: 'POST' });
    expect(await a.join('team-w', { server: '/van/a/couch' })).toEqual({ ok: true });
    await until(() => expect(a.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), a);
    await van('cut');
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await until(() => expect(a.sync.status).toMatchObject({ state: 'offline', unsent: 1 }), a);

    const next = await a.reopen();
    await until(() => expect(next.status).toMatchObject({ state: 'offline', unsent: 1 }), { sync: next, engine: a.engine });
    await van('restore');
    await until(() => expect(next.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), { sync: next, engine: a.engine });
    const { rows } = await new PouchDB(`${server.url}/couch/team-w`, { auth: { username: server.admin.name, password: server.admin.password } }).allDocs({ include_docs: true });
    expect(rows.filter((r) => r.id?.startsWith('frameFlag:')).map((r) => (r.doc as { flag?: { reason?: string } }).flag?.reason)).toEqual(['Cloud']);

    // Reopened again, online: nothing waits.
    const third = await a.reopen();
    await until(() => expect(third.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), { sync: third, engine: a.engine });
  }, 60_000);

  it("the simulation speed is the team world's: a laptop that joins takes it, and a change on one reaches the other", async () => {
    const server = await teamServer();
    await server.world('team-s');
    const a = await laptop(server.url, ANN);
    const b = await laptop(server.url, BOB);
    expect((await b.engine.dispatch({ type: 'setFlags', flags: { speed: 10 } })).ok).toBe(true);
    expect(await a.join('team-s')).toEqual({ ok: true });
    expect(await b.join('team-s')).toEqual({ ok: true });
    expect(b.engine.world.flags.speed).toBe(1);

    expect((await a.engine.dispatch({ type: 'setFlags', flags: { speed: 100 } })).ok).toBe(true);
    await until(() => expect(b.engine.world.flags.speed).toBe(100), b);
    const world = (engine: Engine) => {
      const { loadedAt: _l, savedAt: _s, ...rest } = JSON.parse(engine.serialise()) as Record<string, unknown>;
      return rest;
    };
    expect(world(b.engine)).toEqual(world(a.engine));
  });

  it('a conflict merged field by field: each field from the version a person chose, checked first, settled on both', async () => {
    const { a, b } = await twoJoined('team-m');
    await Promise.all([a.sync.stop(), b.sync.stop()]);
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud', note: 'low cloud over the river' })).ok).toBe(true);
    expect((await b.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Blur', note: '' })).ok).toBe(true);
    await a.sync.start();
    await b.sync.start();
    await until(() => expect([a.sync.status.conflicts, b.sync.status.conflicts]).toEqual([1, 1]), a, b);
    const [conflict] = await a.sync.conflicts();
    expect(conflict!.fields.map((f) => f.path)).toEqual(['flag.note', 'flag.reason']);
    const anns = conflict!.versions.find((v) => v.by === ANN)!;
    const bobs = conflict!.versions.find((v) => v.by === BOB)!;

    // A field the versions do not differ in, or a version that is not there, changes nothing.
    expect(await a.sync.resolve(conflict!.id, anns.rev, { 'flag.camera': bobs.rev })).toMatchObject({ ok: false, error: expect.stringMatching(/look again/) as string });
    expect(await a.sync.resolve(conflict!.id, anns.rev, { 'flag.reason': '9-nothing' })).toMatchObject({ ok: false });
    expect(a.sync.status.conflicts).toBe(1);

    // Ann's note, Bob's reason.
    expect(await a.sync.resolve(conflict!.id, anns.rev, { 'flag.reason': bobs.rev })).toEqual({ ok: true });
    const merged = { reason: 'Blur', note: 'low cloud over the river' };
    await until(() => {
      expect([a.sync.status.conflicts, b.sync.status.conflicts]).toEqual([0, 0]);
      expect(a.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([merged]);
      expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([merged]);
    }, a, b);
  });

  it("a team world never expires as the demo's sample does: the laptop boots into it weeks later, with its changes", async () => {
    const server = await teamServer();
    await server.world('team-e');
    const a = await laptop(server.url, ANN, qcWorld('North strip'));
    expect(await a.join('team-e')).toEqual({ ok: true });
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await a.sync.stop();
    a.engine.stop();
    // Three weeks on (the demo's data expires after 14 days), the next tab boots from the same store.
    const weeksLater = (firstLook: boolean) =>
      createEngine({ clock: new ManualClock(T0 + 21 * 86_400_000), store: a.store, loadText: async () => qcWorld('the sample again'), firstLook, keptWorld: TEAM_WORLD_RECORD });
    const whole = weeksLater(false);
    await whole.boot(bootInput());
    expect(whole.world.index.captures['cap-1']!.description).toBe('North strip');
    expect(whole.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ reason: 'Cloud', by: ANN }]);
    whole.stop();
    // The first look (the capture table before the rest is read) takes it too.
    const glance = weeksLater(true);
    expect(await glance.boot(bootInput())).toMatchObject({ loading: true });
    expect(glance.world.index.captures['cap-1']!.description).toBe('North strip');
    glance.stop();
  });

  it('a laptop that had joined says so at once in the next tab, before its world is read; joining again waits, and is refused', async () => {
    const server = await teamServer();
    await server.world('team-r');
    const a = await laptop(server.url, ANN);
    expect(await a.join('team-r')).toEqual({ ok: true });
    await a.sync.stop();
    const next = a.nextTab();
    let worldRead = () => {};
    const started = next.start(new Promise<void>((read) => (worldRead = read)));
    await until(() => expect(next.status).toMatchObject({ state: 'syncing', world: 'team-r' }), { sync: next, engine: a.engine });
    const again = next.join('/couch', 'team-other');
    worldRead();
    expect(await again).toMatchObject({ ok: false, error: expect.stringMatching(/already in the team world team-r/) as string });
    await started;
    await until(() => expect(next.status.state).toBe('up-to-date'), { sync: next, engine: a.engine });
  });
});

describe('sessions: a quiet laptop stays signed in (sync/link/sessionKeeper.ts); one the server ended asks for a sign-in', () => {
  // A session's age is the server's time, moved on by hand here as each laptop's clock turns.
  let server: ReturnType<typeof serverTime> | null = null;
  afterEach(() => server?.restore());

  it('a change after a quiet spell longer than the session reaches the other laptop, and neither is asked to sign in', async () => {
    const couch = await teamServer({ sessionTimeoutS: 3 });
    await couch.world('quiet');
    const a = await laptop(couch.url, ANN);
    const b = await laptop(couch.url, BOB);
    expect(await a.join('quiet')).toEqual({ ok: true });
    expect(await b.join('quiet')).toEqual({ ok: true });
    await until(() => expect([a.sync.status.state, b.sync.status.state]).toEqual(['up-to-date', 'up-to-date']), a, b);
    server = serverTime();
    // Quiet for twice the session: each laptop renews its own within it, as its clock turns.
    for (let spell = 0; spell < 4; spell++) {
      server.passes(1_500);
      const renewed = [a.sessionAsked(), b.sessionAsked()];
      for (const l of [a, b]) (l.engine.clock as ManualClock).advance(SESSION_RENEW_MS);
      await Promise.all(renewed);
    }
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await until(() => expect(b.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.reason)).toEqual(['Cloud']), b);
    await until(() => expect([a.sync.status.state, b.sync.status.state]).toEqual(['up-to-date', 'up-to-date']), a, b);
  });

  it('a session the server ended while the van was away says Sign in to sync; work goes on, and after the sign-in what waited reaches the other laptop', async () => {
    const couch = await teamServer({ vans: true, sessionTimeoutS: 3 });
    await couch.world('team-away');
    const a = await laptop(couch.url, ANN);
    const b = await laptop(couch.url, BOB);
    const van = (what: 'cut' | 'restore') => fetch(`${couch.url}/__vans/a/${what}`, { method: 'POST' });
    expect(await a.join('team-away', { server: '/van/a/couch' })).toEqual({ ok: true });
    expect(await b.join('team-away')).toEqual({ ok: true });
    await until(() => expect([a.sync.status.state, b.sync.status.state]).toEqual(['up-to-date', 'up-to-date']), a, b);

    await van('cut');
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    await until(() => expect(a.sync.status).toMatchObject({ state: 'offline', unsent: 1 }), a);
    // Away longer than the session; Bob's laptop, on the network all along, renews its own.
    server = serverTime();
    for (let spell = 0; spell < 4; spell++) {
      server.passes(1_500);
      const renewed = b.sessionAsked();
      (b.engine.clock as ManualClock).advance(SESSION_RENEW_MS);
      await renewed;
    }
    await van('restore');
    a.sync.connectivity(true);
    await until(() => expect(a.sync.status).toMatchObject({ state: 'signed-out', unsent: 1, error: expect.stringMatching(/ended this laptop’s session/) as string }), a);
    // Work goes on, and waits with the rest.
    expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, frame: 8, reason: 'Blur' })).ok).toBe(true);
    await until(() => expect(a.sync.status).toMatchObject({ state: 'signed-out', unsent: 2 }), a);
    expect(b.sync.status.state).toBe('up-to-date');

    const told: { state: string; unsent: number }[] = [];
    const stop = a.sync.statusChanges.on(({ state, unsent }) => void told.push({ state, unsent }));
    expect(await a.sync.signIn(ANN, passwordOf(ANN))).toEqual({ ok: true });
    // Signed in again, it says what still waits until it is sent, never "0 not sent" before.
    expect(told[0]).toEqual({ state: 'syncing', unsent: 2 });
    stop();
    await until(() => {
      expect(a.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 });
      expect(b.engine.world.index.surveys['s-qc']!.frameFlags.map((f) => f.reason).sort()).toEqual(['Blur', 'Cloud']);
    }, a, b);
  }, 30_000);
});
