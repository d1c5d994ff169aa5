/**
 * The drain and take-in loop of a laptop in a team world (docs/sync.md#in-the-worker): each round
 * moves the outbox into the laptop's database (its own changes go out first), then takes a batch
 * of the team's changes into the world; asked again while it runs, it runs once more after. A
 * store that refuses the team's changes (a full disk) changes nothing, and the same changes are
 * tried again on the engine's clock, since nothing else may happen on the team's side for hours.
 */
import type { Clock, Cancel } from '../engine/clock';
import { teamChangesRefused } from '../engine/storageFailure';
import type { SyncSession } from './syncSession';

/** How soon the team's changes are tried again after this laptop's store refused them. */
export const STORE_RETRY_MS = 5_000;

export interface LoopEvents {
  /** the drain wrote these actions' documents to the laptop's database */
  drained(actions: readonly string[]): void;
  /** a round reads the laptop's database now: what replication wrote before this is in its read */
  reading(): void;
  /** a round ended: the store took what it was given (null), or refused it, and why; `more`: it has not read all yet */
  rounded(storeRefused: string | null, more: boolean): void;
  /** replication has caught up with the server since it last brought a change */
  caughtUp(): boolean;
}

export class SyncLoop {
  private running: Promise<void> = Promise.resolve();
  /** Asked again while a round ran: one more round after it. */
  private rerun = false;
  private queued = false;
  private retry: Cancel | null = null;
  private stopped = false;

  constructor(
    private readonly session: SyncSession,
    private readonly clock: Clock,
    private readonly events: LoopEvents,
    private readonly trace: (line: string) => void,
  ) {}

  /** Runs soon, once for every call made meanwhile. */
  soon(): void {
    if (this.queued || this.stopped) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      void this.run();
    });
  }

  /** Runs now (after a round in progress); resolves once nothing more is asked. */
  run(): Promise<void> {
    this.rerun = true;
    this.running = this.running.then(async () => {
      while (this.rerun && !this.stopped) {
        this.rerun = false;
        try {
          const drained = await this.session.drain((actions) => this.events.drained(actions));
          if (drained.length) this.trace(`drained ${drained.length}`);
          // An action between the read and the commit: read again (what it changed is drained
          // first). More past the batch read: read on, the laptop's own drain first.
          this.events.reading();
          const took = await this.session.takeIn(this.events.caughtUp());
          if (took.stale || took.more) this.rerun = true;
          this.events.rounded(null, this.rerun);
        } catch (error) {
          this.events.rounded(teamChangesRefused(error), true);
          this.retry?.();
          this.retry = this.clock.after(STORE_RETRY_MS, () => this.soon());
        }
      }
    });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    this.retry?.();
    this.retry = null;
  }
}
