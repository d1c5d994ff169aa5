/**
 * Several tabs (docs/architecture.md#arch-tabs): the tab holding the lock leads; another forwards its calls and
 * follows the leader's events over a BroadcastChannel, and takes over when the leader closes.
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../worker/api';
import { createEngine } from '../../worker/engine/engine';
import { memoryStore } from '../../worker/engine/store/worldStore';
import { coordinatedEngine, type ChannelLike, type LockManagerLike } from '../../worker/engine/tabs';
import type { DataFile } from '../../worker/domain/types';
import type { MemoryStore } from '../../worker/engine/store/worldStore';

/** The small world with a drive for every tab. */
function manyDrives(): DataFile {
  const world = aWorld();
  for (let i = 1; i <= 5; i++) {
    world.index.drives[`drive-${i}`] = { host: `drive-${i}`, bays: 2, mediaId: null } as DataFile['index']['drives'][string];
    world.ids.drives.push(`drive-${i}`);
  }
  return world;
}

/** Calls the leader applied (their answers are stored with the change). */
const leaderApplied = (store: MemoryStore) => [...store.data.keys()].filter((k) => k.startsWith('~call')).length;
import { ManualClock } from '../helpers/manualClock';
import { ANN, T0, aWorld } from '../helpers/builders';
import { emptyStored } from '../helpers/engineHarness';

/** One lock, granted in request order; `release()` is a leader's worker dying. */
class FakeLocks implements LockManagerLike {
  private held = false;
  private queue: (() => void)[] = [];
  request(_name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    if (!this.held) {
      this.held = true;
      return callback({});
    }
    if (options.ifAvailable) return callback(null);
    return new Promise((resolve) => this.queue.push(() => resolve(callback({}))));
  }
  release(): void {
    this.held = false;
    const next = this.queue.shift();
    if (next) {
      this.held = true;
      next();
    }
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('tabs', () => {
  it('one leader; a follower forwards, follows, and takes over', async () => {
    const locks = new FakeLocks();
    const store = memoryStore();
    const clock = new ManualClock(T0);
    const make = () => createEngine({ clock, store, loadText: async () => JSON.stringify(aWorld()) });
    const channelA = new BroadcastChannel('tabs-test');
    const channelB = new BroadcastChannel('tabs-test');
    const a = coordinatedEngine({ makeEngine: make, locks, channel: channelA, tabId: 'A' });
    const b = coordinatedEngine({ makeEngine: make, locks, channel: channelB, tabId: 'B' });
    expect(await a.role()).toBe('leader');
    expect(await b.role()).toBe('follower');
    const seenB: EngineEvent[] = [];
    await b.subscribe((e) => void seenB.push(e));
    const input = { stored: emptyStored(), baseUrl: 'http://app.test/' };
    const snapA = await a.boot(input);
    const snapB = await b.boot(input);
    expect(Object.keys(snapB.changed.captures!)).toEqual(Object.keys(snapA.changed.captures!));

    expect(await b.dispatch({ type: 'login', email: ANN, password: 'demo' })).toMatchObject({ ok: true, session: { current: { loggedIn: true } } });
    await until(() => seenB.some((e) => e.current?.loggedIn === true));
    expect((await b.search('cp001'))[0]?.id).toBe('cap-1');
    expect(await b.dispatch({ type: 'setFlags', flags: { projects: true } })).toMatchObject({ ok: true, session: { flags: { projects: true } } });
    await a.flush();

    // The leader's tab closes.
    channelA.close();
    locks.release();
    await until(() => seenB.some((e) => e.kind === 'snapshot'));
    expect(await b.role()).toBe('leader');
    const taken = seenB.find((e) => e.kind === 'snapshot')!;
    expect(taken.flags?.projects).toBe(true);
    expect(taken.current?.loggedIn).toBe(true);
    expect(await b.dispatch({ type: 'setFlags', flags: { surveys: true } })).toMatchObject({ ok: true, session: { flags: { surveys: true } } });
    channelB.close();
  });

  it.each([2, 3, 5])(
    'with %i tabs, calls in flight when the leader closes are answered once and applied once',
    async (count) => {
      const locks = new FakeLocks();
      const store = memoryStore();
      const clock = new ManualClock(T0);
      const make = () => createEngine({ clock, store, loadText: async () => JSON.stringify(manyDrives()) });
      // The leader dies mid-call: it applies and stores what reaches it, but its answers are lost.
      let answering = true;
      const leaderChannel = new BroadcastChannel('tabs-many');
      const dying: ChannelLike = {
        postMessage: (m) => {
          if (answering || (m as { kind: string }).kind !== 'reply') leaderChannel.postMessage(m);
        },
        addEventListener: (type, listener) => leaderChannel.addEventListener(type, listener),
      };
      const leader = coordinatedEngine({ makeEngine: make, locks, channel: dying, tabId: 'T0' });
      const input = { stored: emptyStored(), baseUrl: 'http://app.test/' };
      await leader.boot(input);
      const channels = Array.from({ length: count - 1 }, () => new BroadcastChannel('tabs-many'));
      const others = channels.map((channel, i) => coordinatedEngine({ makeEngine: make, locks, channel, tabId: `T${i + 1}` }));
      for (const tab of others) await tab.boot(input);
      await others[0]!.dispatch({ type: 'login', email: ANN, password: 'demo' });

      // Every other tab inserts into its own drive; the leader dies as the calls arrive.
      const applied = leaderApplied(store);
      answering = false;
      const answers = others.map((tab, i) =>
        tab.dispatch({ type: 'insertMedia', host: `drive-${i + 1}`, bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] }),
      );
      await until(() => leaderApplied(store) > applied);
      leaderChannel.close();
      locks.release();
      const results = await Promise.all(answers);
      for (const [i, r] of results.entries()) {
        expect(r).toMatchObject({ ok: true, flash: { text: `media inserted into drive-${i + 1}` } });
      }
      // Applied once each: one media set a drive, whoever answered.
      const roles = await Promise.all(others.map((t) => t.role()));
      expect(roles.filter((r) => r === 'leader')).toHaveLength(1);
      const event = await others[roles.indexOf('leader')]!.snapshot();
      const media = Object.values(event.changed.media ?? {});
      expect(media).toHaveLength(count - 1);
      expect(new Set(media.map((m) => m.host))).toEqual(new Set(others.map((_, i) => `drive-${i + 1}`)));
      for (const c of channels) c.close();
    },
    20_000,
  );

  it('without locks every tab leads', async () => {
    const tab = coordinatedEngine({
      makeEngine: () => createEngine({ clock: new ManualClock(T0), loadText: async () => JSON.stringify(aWorld()) }),
      tabId: 'solo',
    });
    expect(await tab.role()).toBe('leader');
    const snap = await tab.boot({ stored: emptyStored(), baseUrl: 'http://x/' });
    expect(snap.kind).toBe('snapshot');
    expect((await tab.dispatch({ type: 'logout' })).ok).toBe(true);
  });
});
