/**
 * Several tabs (docs/architecture.md#arch-tabs): the tab holding the lock leads; another forwards its calls by
 * name over a BroadcastChannel and receives its page events from the leader; when the leader
 * closes, the next one leads, every tab's views open there again, and calls in flight are
 * answered once and applied once. A rule about stored data is never judged again from a tab's
 * stale copy of localStorage.
 */
import { describe, expect, it } from 'vitest';
import type { BootInput, PageEvent, WorkerMessage } from '../../worker/api';
import { createEngine } from '../../worker/engine/engine';
import { memoryStore, type MemoryStore } from '../../worker/engine/store/worldStore';
import { Leader } from '../../worker/leader';
import { Tabs, type ChannelLike, type LockManagerLike } from '../../worker/tabs';
import type { DataFile } from '../../worker/domain/dataFile';
import { ManualClock } from '../helpers/manualClock';
import { ANN, T0, aWorld } from '../helpers/builders';
import { bootInput } from '../helpers/engineHarness';

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

/** Locks by name, granted in request order; `release(name)` is the holder's worker dying. */
class FakeLocks implements LockManagerLike {
  private holders = new Set<string>();
  private queues = new Map<string, (() => void)[]>();
  request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    if (!this.holders.has(name)) {
      this.holders.add(name);
      return callback({});
    }
    if (options.ifAvailable) return callback(null);
    return new Promise((resolve) => {
      const queue = this.queues.get(name) ?? [];
      queue.push(() => resolve(callback({})));
      this.queues.set(name, queue);
    });
  }
  release(name = 'aerial-survey-engine'): void {
    this.holders.delete(name);
    const next = this.queues.get(name)?.shift();
    if (next) {
      this.holders.add(name);
      next();
    }
  }
}

/**
 * The leading tab's channel, for a leader whose worker dies mid-call: once `die()` is called, the
 * messages `lost` names (by kind) no longer leave it, though it still applies and stores what
 * reaches it.
 */
function dyingChannel(name: string, lost: (kind: string) => boolean): ChannelLike & { die(): void; close(): void } {
  const channel = new BroadcastChannel(name);
  let dead = false;
  return {
    postMessage: (m) => {
      if (!dead || !lost((m as { kind: string }).kind)) channel.postMessage(m);
    },
    addEventListener: (type, listener) => channel.addEventListener(type, listener),
    die: () => (dead = true),
    close: () => channel.close(),
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

/** A tab: its worker's coordination and what reached its page. */
function aTab(opts: { tabId: string; locks?: FakeLocks; channel?: ChannelLike; store: MemoryStore; clock: ManualClock; world?: () => DataFile }) {
  const page: PageEvent[] = [];
  const tabs = new Tabs({
    tabId: opts.tabId,
    ...(opts.locks && opts.channel ? { locks: opts.locks, channel: opts.channel } : {}),
    toPage: (m: WorkerMessage) => {
      if (m.type === 'page-event') page.push(m.event);
    },
    makeLeader: (deliver) =>
      new Leader(createEngine({ clock: opts.clock, store: opts.store, loadText: async () => JSON.stringify((opts.world ?? aWorld)()) }), deliver),
  });
  return { tabs, page };
}

describe('tabs', () => {
  it('the tab whose boot call starts the engine hears what that boot found (its notices)', async () => {
    // The browser grants a lock later than the page's first call arrives.
    const fake = new FakeLocks();
    const locks = Object.assign(Object.create(fake) as FakeLocks, {
      request: (name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown>) =>
        new Promise((r) => setTimeout(r, 5)).then(() => fake.request(name, options, callback)),
    });
    const channel = new BroadcastChannel('tabs-notices');
    const a = aTab({ tabId: 'A', locks, channel, store: memoryStore(), clock: new ManualClock(T0), world: () => { throw new Error('boom'); } });
    // Called at once, as the page does, before the tab knows it leads.
    const answer = await a.tabs.call('boot', bootInput());
    expect(answer.notices).toEqual([expect.objectContaining({ category: 'danger', text: expect.stringMatching(/^The sample data could not be loaded/) })]);
    channel.close();
  });

  it('one leader; a follower forwards its calls, gets its rows, and takes over', async () => {
    const locks = new FakeLocks();
    const store = memoryStore();
    const clock = new ManualClock(T0);
    const channelA = new BroadcastChannel('tabs-test');
    const channelB = new BroadcastChannel('tabs-test');
    const a = aTab({ tabId: 'A', locks, channel: channelA, store, clock });
    const b = aTab({ tabId: 'B', locks, channel: channelB, store, clock });
    expect(await a.tabs.role()).toBe('leader');
    expect(await b.tabs.role()).toBe('follower');
    await a.tabs.call('boot', bootInput());
    expect(await b.tabs.call('boot', bootInput())).toMatchObject({ current: { loggedIn: false } });

    // B's view is answered by A's engine, and its rows arrive before the answer of B's action.
    b.tabs.openView(1, { view: 'drives' });
    await until(() => b.page.some((e) => e.views?.[1]));
    const login = await b.tabs.call('dispatch', { type: 'login', email: ANN, password: 'demo' });
    expect(login).toMatchObject({ ok: true, session: { current: { loggedIn: true } } });
    expect(b.page.some((e) => e.current?.loggedIn === true)).toBe(true);
    const before = b.page.length;
    await b.tabs.call('dispatch', { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    expect(b.page.slice(before).some((e) => e.views?.[1])).toBe(true);
    expect((await b.tabs.call('search', 'cp001'))[0]?.id).toBe('cap-1');
    await a.tabs.call('flush');

    // The leader's tab closes: B leads, opens its view on its own engine, and goes on.
    channelA.close();
    locks.release();
    expect(await b.tabs.role()).toBe('leader');
    const taken = b.page.length;
    await until(() => b.page.slice(taken).some((e) => e.views?.[1] && 'answer' in e.views[1]));
    const after = b.page.slice(taken).find((e) => e.views?.[1])!.views![1]!;
    // The new leader's engine booted from the store: the inserted media is there.
    expect(after).toMatchObject({ answer: { rows: expect.arrayContaining([expect.objectContaining({ host: 'drive-01', status: 'Ready' })]) } });
    expect(await b.tabs.call('dispatch', { type: 'setFlags', flags: { surveys: true } })).toMatchObject({ ok: true, session: { flags: { surveys: true } } });
    channelB.close();
  });

  it.each([2, 3, 5])(
    'with %i tabs, calls in flight when the leader closes are answered once and applied once',
    async (count) => {
      const locks = new FakeLocks();
      const store = memoryStore();
      const clock = new ManualClock(T0);
      // The leader dies mid-call: it applies and stores what reaches it, but its answers are lost.
      const dying = dyingChannel('tabs-many', (kind) => kind === 'reply');
      const leader = aTab({ tabId: 'T0', locks, channel: dying, store, clock, world: manyDrives });
      await leader.tabs.call('boot', bootInput());
      const channels = Array.from({ length: count - 1 }, () => new BroadcastChannel('tabs-many'));
      const others = channels.map((channel, i) => aTab({ tabId: `T${i + 1}`, locks, channel, store, clock, world: manyDrives }));
      for (const tab of others) await tab.tabs.call('boot', bootInput());
      await others[0]!.tabs.call('dispatch', { type: 'login', email: ANN, password: 'demo' });

      // Every other tab inserts into its own drive; the leader dies as the calls arrive.
      const applied = leaderApplied(store);
      dying.die();
      const answers = others.map((tab, i) =>
        tab.tabs.call('dispatch', { type: 'insertMedia', host: `drive-${i + 1}`, bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] }),
      );
      await until(() => leaderApplied(store) > applied);
      dying.close();
      locks.release();
      const results = await Promise.all(answers);
      for (const [i, r] of results.entries()) {
        expect(r).toMatchObject({ ok: true, flash: { text: `media inserted into drive-${i + 1}` } });
      }
      // Applied once each: one media set a drive, whoever answered.
      const roles = await Promise.all(others.map((t) => t.tabs.role()));
      expect(roles.filter((r) => r === 'leader')).toHaveLength(1);
      const exported = JSON.parse(await others[roles.indexOf('leader')]!.tabs.call('exportWorld')) as DataFile;
      const media = Object.values(exported.index.media);
      expect(media).toHaveLength(count - 1);
      expect(new Set(media.map((m) => m.host))).toEqual(new Set(others.map((_, i) => `drive-${i + 1}`)));
      for (const c of channels) c.close();
    },
    20_000,
  );

  it('a sign-in the old leader applied but never answered reaches the page as signed in, from the new leader', async () => {
    const locks = new FakeLocks();
    const store = memoryStore();
    const clock = new ManualClock(T0);
    // The old leader's worker ends as it applies the call: nothing more of it reaches the tab.
    const dying = dyingChannel('tabs-signin', () => true);
    const a = aTab({ tabId: 'A', locks, channel: dying, store, clock });
    await a.tabs.call('boot', bootInput());
    const channelB = new BroadcastChannel('tabs-signin');
    const b = aTab({ tabId: 'B', locks, channel: channelB, store, clock });
    expect(await b.tabs.call('boot', bootInput())).toMatchObject({ current: { loggedIn: false } });
    const applied = leaderApplied(store);
    dying.die();
    const login = b.tabs.call('dispatch', { type: 'login', email: ANN, password: 'demo' });
    await until(() => leaderApplied(store) > applied);
    dying.close();
    locks.release();
    const answer = await login;
    // The page hears the session from the new leader, and the answer carries it too.
    await until(() => b.page.some((e) => e.current?.loggedIn === true));
    // Answered as it was applied, with the session it made: the page can follow it.
    expect(answer).toMatchObject({ ok: true, session: { current: { loggedIn: true } } });
    channelB.close();
  });

  it("a new leader does not discard the stored world again on its page's stale copy of localStorage", async () => {
    const locks = new FakeLocks();
    const store = memoryStore();
    const clock = new ManualClock(T0);
    const channelA = new BroadcastChannel('tabs-version');
    const channelB = new BroadcastChannel('tabs-version');
    // Both pages read localStorage at load, as a restored session opens them: an older console left version 44.
    const stale: BootInput = bootInput({ version: '44' }, Date.now() - 1_000);
    const a = aTab({ tabId: 'A', locks, channel: channelA, store, clock });
    const b = aTab({ tabId: 'B', locks, channel: channelB, store, clock });
    await a.tabs.call('boot', stale);
    await b.tabs.call('boot', stale);
    await b.tabs.call('dispatch', { type: 'login', email: ANN, password: 'demo' });
    expect(await b.tabs.call('dispatch', { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] })).toMatchObject({ ok: true });
    await a.tabs.call('flush');

    channelA.close();
    locks.release();
    expect(await b.tabs.role()).toBe('leader');
    const world = JSON.parse(await b.tabs.call('exportWorld')) as DataFile;
    expect(world.index.drives['drive-01']!.mediaId).not.toBeNull();
    expect(await b.tabs.call('dispatch', { type: 'logout' })).toMatchObject({ ok: true });
    channelB.close();
  });

  it('a call that throws in the leader is answered with its error, never left waiting', async () => {
    const locks = new FakeLocks();
    const store = memoryStore();
    const clock = new ManualClock(T0);
    const channelA = new BroadcastChannel('tabs-throw');
    const channelB = new BroadcastChannel('tabs-throw');
    const a = aTab({ tabId: 'A', locks, channel: channelA, store, clock });
    const b = aTab({ tabId: 'B', locks, channel: channelB, store, clock });
    await a.tabs.call('boot', bootInput());
    await b.tabs.call('boot', bootInput());
    // A method the leader does not have: refused with its error.
    await expect(b.tabs.call('nothing' as 'search', 'x')).rejects.toThrow();
    channelA.close();
    channelB.close();
  });

  it('without locks every tab leads', async () => {
    const tab = aTab({ tabId: 'solo', store: memoryStore(), clock: new ManualClock(T0) });
    expect(await tab.tabs.role()).toBe('leader');
    expect(await tab.tabs.call('boot', bootInput())).toMatchObject({ current: { loggedIn: false } });
    expect(await tab.tabs.call('dispatch', { type: 'logout' })).toMatchObject({ ok: true });
  });
});
