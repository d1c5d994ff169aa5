/**
 * Time as the engine sees it: the current instant and two timers. Injected, so tests step time by
 * hand and the browser uses the real thing.
 */
export type Cancel = () => void;

export interface Clock {
  now(): number;
  /** Calls `fn` every `ms` until cancelled (the 500 ms simulation tick). */
  every(ms: number, fn: () => void): Cancel;
  /** Calls `fn` once after `ms` (the delayed save). */
  after(ms: number, fn: () => void): Cancel;
}

export const realClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const handle = setInterval(fn, ms);
    return () => clearInterval(handle);
  },
  after(ms, fn) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};
