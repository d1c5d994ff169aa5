import { describe, expect, it } from 'vitest';
import { PROBE_AGAIN_MS, Reachability } from '../../src/pwa/reachability';

/** A Reachability over a browser and a server the test sets, with timers it runs by hand. */
function harness() {
  const world = { browserOnline: true, serverAnswers: true, asked: 0 };
  const timers = new Map<number, { run: () => void; ms: number }>();
  let nextTimer = 1;
  const told: boolean[] = [];
  const reach = new Reachability({
    browserOnline: () => world.browserOnline,
    ask: async () => {
      world.asked++;
      return world.serverAnswers;
    },
    setTimer: (run, ms) => {
      timers.set(nextTimer, { run, ms });
      return nextTimer++;
    },
    clearTimer: (timer) => void timers.delete(timer as number),
    report: (offline) => told.push(offline),
  });
  /** Runs the timers due within `ms`, as time passing would. */
  const pass = async (ms: number) => {
    for (const [id, timer] of [...timers]) {
      if (timer.ms > ms) continue;
      timers.delete(id);
      timer.run();
    }
    await reach.ask();
  };
  return { world, reach, told, timers, pass };
}

describe('whether the console can reach its server (the header’s Offline badge)', () => {
  it('says Offline when the browser says online but the server does not answer, and stops once it answers again', async () => {
    const { world, reach, told, pass } = harness();
    world.serverAnswers = false;
    reach.start();
    await reach.ask();
    expect(reach.offline).toBe(true);
    expect(told).toEqual([false, true]);

    // Back, with no word from the browser: the console asks again on its own.
    world.serverAnswers = true;
    await pass(PROBE_AGAIN_MS);
    expect(reach.offline).toBe(false);
    expect(told).toEqual([false, true, false]);
  });

  it('takes the browser’s offline at once, and asks the server when the browser says it is back', async () => {
    const { world, reach, told } = harness();
    reach.start();
    await reach.ask();
    world.browserOnline = false;
    reach.browserChanged();
    expect(told).toEqual([false, true]);
    const asked = world.asked;
    world.browserOnline = true;
    reach.browserChanged();
    await reach.ask();
    expect(world.asked).toBeGreaterThan(asked);
    expect(told).toEqual([false, true, false]);
  });

  it('learns from the service worker’s own requests', () => {
    const { reach, told, timers } = harness();
    reach.learnt(false);
    expect(reach.offline).toBe(true);
    // Cut off, it keeps asking; an answer that arrives ends the asking.
    expect(timers.size).toBe(1);
    reach.learnt(true);
    expect(reach.offline).toBe(false);
    expect(timers.size).toBe(0);
    expect(told).toEqual([true, false]);
  });

  it('asks one question at a time, and never asks again while the server answers', async () => {
    const { world, reach, timers } = harness();
    reach.start();
    reach.shown();
    reach.shown();
    await reach.ask();
    expect(world.asked).toBe(1);
    expect(timers.size).toBe(0);
  });
});
