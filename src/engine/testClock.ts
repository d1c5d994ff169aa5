/**
 * The end-to-end build's handle on the engine's stepped clock (worker/engine/steppedClock.ts):
 * `window.__testClock.advance(ms)` moves simulated time on in every tab and resolves once the
 * leading engine has written what the step changed. Called only under `__TEST_CLOCK__`, so the
 * production bundle drops it.
 */
import type * as Comlink from 'comlink';
import type { SteppedClockApi } from '../../worker/engine/steppedClock';

export interface TestClockHandle {
  advance(ms: number): Promise<number>;
  /** This tab's store refuses every write while on, as a full disk does (its engine must lead). */
  refuseWrites(on: boolean): Promise<void>;
  /** The last page event the page applied: a negative is asserted only after a later one. */
  seq(): number;
}

export function exposeTestClock(remote: Comlink.Remote<SteppedClockApi>, seq: () => number): void {
  const handle: TestClockHandle = { advance: (ms) => remote.advanceClock(ms), refuseWrites: (on) => remote.refuseWrites(on), seq };
  (window as unknown as { __testClock: TestClockHandle }).__testClock = handle;
}
