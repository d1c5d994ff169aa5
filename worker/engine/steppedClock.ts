/**
 * The clock of the end-to-end build (`vite build --mode e2e`, docs/testing.md): simulated time
 * that moves only when a test steps it, so no test waits for a stage or sleeps to prove a
 * negative. It is the one difference between that build and the production one, which never
 * contains this module (tests/e2e/bundle.spec.ts checks both bundles).
 *
 * - `now()` and the 500 ms tick (`every`) are simulated: they move when `advance(ms)` is called,
 *   and every tick falls due at its own instant, as ManualClock does in the Node tests.
 * - `after` (the engine's housekeeping: the localStorage mirror's delay, the search index's
 *   rebuild, the first look's grace) stays on real timers: it bends no simulated time.
 * - Every tab's engine worker has one of these, and they agree: the time lives in an IndexedDB
 *   database of its own (so a reload or a new leader goes on from it, never back), and each step
 *   is told to the other tabs' clocks over a BroadcastChannel. The leading tab's clock, the one
 *   with a tick, runs the steps and answers once its engine has written what they changed.
 */
import { createStore, get, set, update } from 'idb-keyval';
import type { Cancel, Clock } from './clock';

/** Also the marker the bundle test looks for: present in the e2e build, absent from production. */
export const STEPPED_CLOCK_NAME = 'aerial-survey-stepped-clock';
const NOW_KEY = 'now';

interface Tick {
  at: number;
  every: number;
  fn: () => void;
}

type ClockMessage = { kind: 'advance'; id: string; to: number } | { kind: 'advanced'; id: string; to: number };

/** What the page may ask of the stepped clock (through the engine's API, e2e build only). */
export interface SteppedClockApi {
  /** Moves simulated time on by `ms` in every tab; answers the new time once the leading engine has settled. */
  advanceClock(ms: number): Promise<number>;
  /** Makes this tab's store refuse every commit, as a full disk does, while on (worker/main.ts). */
  refuseWrites(on: boolean): Promise<void>;
}

export class SteppedClock implements Clock {
  private ticks: Tick[] = [];
  private waiting = new Map<string, (to: number) => void>();
  private nextId = 0;
  /** The leading engine's "everything this step changed is written" (set where the engine is made). */
  settle: () => Promise<void> = async () => {};
  /**
   * This tab's engine leads (set where the engine is made). Its tick starts only once the whole
   * world is loaded, so the ticks alone could not say: a step asked in that moment went to the
   * other tabs, and with none there it was never answered.
   */
  leading = false;

  private constructor(
    private time: number,
    private readonly channel: BroadcastChannel,
    private readonly store: ReturnType<typeof createStore>,
  ) {
    channel.addEventListener('message', ({ data }: MessageEvent<ClockMessage>) => void this.heard(data));
  }

  /** The clock as the tabs left it (or, the first time in this profile, the real time now). */
  static async open(): Promise<SteppedClock> {
    const store = createStore(STEPPED_CLOCK_NAME, 'clock');
    let time = Date.now();
    try {
      // One transaction: the first tab to ask fixes the start, every other tab reads it.
      await update<number>(NOW_KEY, (stored) => stored ?? time, store);
      time = (await get<number>(NOW_KEY, store)) ?? time;
    } catch {
      // A site whose storage is full (the fault tests fill it): the time lives in this tab alone.
      // Refused, the clock left the whole engine waiting, and the page never booted.
    }
    return new SteppedClock(time, new BroadcastChannel(STEPPED_CLOCK_NAME), store);
  }

  now(): number {
    return this.time;
  }

  every(ms: number, fn: () => void): Cancel {
    const tick: Tick = { at: this.time + ms, every: ms, fn };
    this.ticks.push(tick);
    return () => {
      this.ticks = this.ticks.filter((t) => t !== tick);
    };
  }

  after(ms: number, fn: () => void): Cancel {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  }

  /** A test's step: stored first (a reload goes on from it), then run where the tick is. */
  async advanceClock(ms: number): Promise<number> {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`advanceClock: ${ms} is not a duration`);
    const to = this.time + ms;
    // Kept for a reload to go on from; a full store keeps it in this tab alone.
    await set(NOW_KEY, to, this.store).catch(() => undefined);
    const id = `${STEPPED_CLOCK_NAME}:${Math.random()}:${this.nextId++}`;
    if (this.leads()) {
      this.channel.postMessage({ kind: 'advance', id, to } satisfies ClockMessage);
      await this.runTo(to);
      return to;
    }
    const answered = new Promise<number>((resolve) => this.waiting.set(id, resolve));
    this.channel.postMessage({ kind: 'advance', id, to } satisfies ClockMessage);
    this.moveTo(to);
    return answered;
  }

  /** This clock ticks: its tab's engine leads. */
  private leads(): boolean {
    return this.leading || this.ticks.length > 0;
  }

  private async heard(message: ClockMessage): Promise<void> {
    if (message.kind === 'advanced') {
      this.waiting.get(message.id)?.(message.to);
      this.waiting.delete(message.id);
      return;
    }
    if (!this.leads()) {
      this.moveTo(message.to);
      return;
    }
    await this.runTo(message.to);
    this.channel.postMessage({ kind: 'advanced', id: message.id, to: message.to } satisfies ClockMessage);
  }

  /** Every tick due by `to`, each at its own instant; then what they changed is written. */
  private async runTo(to: number): Promise<void> {
    for (;;) {
      const next = this.ticks.reduce<Tick | null>((soonest, t) => (!soonest || t.at < soonest.at ? t : soonest), null);
      if (!next || next.at > to) break;
      this.time = Math.max(this.time, next.at);
      next.at += next.every;
      next.fn();
    }
    this.moveTo(to);
    await this.settle();
  }

  private moveTo(to: number): void {
    this.time = Math.max(this.time, to);
  }
}
