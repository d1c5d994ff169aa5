/**
 * A clock tests step by hand: `advance(ms)` moves time and runs every timer that falls due, in
 * order, at its own instant (so a 500 ms tick sees the time it would have seen in a browser).
 */
import type { Cancel, Clock } from '../../worker/engine/clock';

interface Timer {
  at: number;
  every: number | null;
  fn: () => void;
  id: number;
}

export class ManualClock implements Clock {
  private timers: Timer[] = [];
  private nextId = 0;

  constructor(public time: number = Date.UTC(2026, 5, 15, 12, 0, 0)) {}

  now(): number {
    return this.time;
  }

  every(ms: number, fn: () => void): Cancel {
    return this.add({ at: this.time + ms, every: ms, fn, id: this.nextId++ });
  }

  after(ms: number, fn: () => void): Cancel {
    return this.add({ at: this.time + ms, every: null, fn, id: this.nextId++ });
  }

  /** Moves time on by `ms`, running due timers. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.time = next.at;
      if (next.every !== null) next.at += next.every;
      else this.timers.shift();
      next.fn();
    }
    this.time = end;
  }

  pending(): number {
    return this.timers.length;
  }

  private add(timer: Timer): Cancel {
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
}
