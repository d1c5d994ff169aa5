/**
 * Issue 54: a reload never signs a person out. A boot answers the session the store's meta record
 * holds; a commit taken before a sign-in and written after it must not put the signed-out session
 * back over it.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import type { StoreMeta, WorldBatch } from '../../worker/engine/store/worldStore';
import { ANN } from '../helpers/builders';
import { createEngine } from '../../worker/engine/engine';
import { bootInput } from '../helpers/engineHarness';

const metaOf = (h: Harness) => h.store.data.get('~meta\u0000world') as StoreMeta;

/** Commits wait until released (a busy machine, a large world: each write takes a while). */
function holdCommits(h: Harness): () => void {
  const commit = h.store.commit.bind(h.store);
  let open = () => {};
  const gate = new Promise<void>((r) => (open = r));
  h.store.commit = async (batch: WorldBatch) => {
    await gate;
    return commit(batch);
  };
  return open;
}

describe('a reload right after signing in', () => {
  it('finds the session signed in, though a tick taken before the sign-in was written after it', async () => {
    const h = await harness();
    // Two copies that end a second apart: two ticks that each write.
    await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A1'] });
    h.advance(1_000);
    await h.do({ type: 'insertMedia', host: 'drive-02', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    await h.do({ type: 'receiveMedia', host: 'drive-02', itemIds: ['A2'] });
    await h.do({ type: 'logout' });
    await h.engine.settled();
    const commits = h.store.commits.length;

    const release = holdCommits(h);
    h.advance(59_000); // the first copy ends: its tick's write waits on the disk
    const signIn = h.do({ type: 'login', email: ANN, password: 'demo' });
    await new Promise((r) => setTimeout(r, 0)); // the sign-in queues behind it
    h.advance(1_000); // the second copy ends: a tick taken before the sign-in is applied
    release();
    expect(await signIn).toMatchObject({ ok: true, session: { current: { loggedIn: true } } });
    await h.engine.settled();
    expect(h.store.commits.length).toBeGreaterThanOrEqual(commits + 3);
    expect(metaOf(h).current.loggedIn).toBe(true);

    // The reload: the page holds the session it was answered with; the boot answers it too.
    h.engine.stop();
    const again = await harness({
      store: h.store,
      clock: new ManualClock(h.clock.now()),
      login: false,
      firstLook: true,
      world: '{"broken":',
      stored: { current: JSON.stringify(h.engine.world.current), version: '45' },
    });
    expect(again.boot.current.loggedIn).toBe(true);
    again.engine.stop();
  });

  it('answers signed in from its first look while the page before it is still reading the whole world', async () => {
    const h = await harness();
    await h.engine.settled();
    h.engine.stop();
    // The whole read of the page before waits on the store, as 100 000 surveys do on a busy machine.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let reading = 0;
    const store = { ...h.store, readAll: async () => (reading++, await held, h.store.readAll()) };
    const session = { current: JSON.stringify(h.engine.world.current), version: '45' };
    const beforeClock = new ManualClock(h.clock.now());
    const before = createEngine({ clock: beforeClock, store, loadText: async () => '', firstLook: true });
    expect(await before.boot(bootInput(session))).toMatchObject({ loading: true, current: { loggedIn: true } });
    before.viewAnswered();
    beforeClock.advance(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(reading).toBe(1);
    // The reload: a new engine on the same store, its page's worker gone with the page.
    const after = createEngine({ clock: new ManualClock(h.clock.now()), store, loadText: async () => '', firstLook: true });
    expect(await after.boot(bootInput(session))).toMatchObject({ loading: true, current: { loggedIn: true } });
    release();
    before.stop();
    after.stop();
  });
});

