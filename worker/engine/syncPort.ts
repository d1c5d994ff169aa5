/**
 * The one seam between the engine and team sync (docs/sync.md#the-journal): what sync is given,
 * declared on the engine's side so that the engine imports nothing of sync's and runs, and is
 * tested, without it. A link to a team world gives the engine a `SyncPort` (at construction, or
 * `Engine.attachSync` when a laptop joins, opens or leaves its world); the inbox hands each take
 * as an `Intake`.
 */
import type { Action } from '../api';
import type { HistoryEntry } from '../domain/history';
import type { Role } from '../domain/roles';
import type { WorldBatch } from './store/worldStore';
import type { World } from './world';
import type { WorldWrites } from './worldChange';

/** One commit as sync is shown it: the world after it, what it wrote, and its own batch's records. */
export interface SyncedCommit {
  world: World;
  writes: WorldWrites;
  batch: Pick<WorldBatch, 'put' | 'history'>;
}

export interface SyncPort {
  /** The laptop's id in its team world: its history entries say they were made there (docs/history.md#sync). */
  readonly laptop: string;
  /** The team account its entries say did it, as the server checks; null: the person signed in here. */
  readonly author: string | null;
  /**
   * The signed-in person's role in the team world (issue 52), as the server's session said it: the
   * engine refuses what it does not allow, as the server would (roleRefusal.ts). None: not known
   * here, the server alone holds it.
   */
  readonly role?: Role;
  /**
   * Why sync refuses this action now, or null: it would replace the world the team shares, or it
   * touches what is in conflict until a person settles it (docs/sync.md#conflicts).
   */
  refusal(action: Action): string | null;
  /**
   * What an action's commit writes beside its own records, in its transaction (the outbox), and
   * what moves on once that transaction has landed. `tx` is the action's id.
   */
  commitRecords(commit: SyncedCommit & { tx: string; now: number }): { put: WorldBatch['put']; landed(): void };
  /** A tick's commit: nothing is sent, but what time alone moved is followed (derived alike on every laptop). */
  ticked(commit: SyncedCommit): void;
}

/** What a take answers: at least the history entries made elsewhere that it brought. */
export interface Taken {
  history: readonly HistoryEntry[];
}

/**
 * Other laptops' changes, as the inbox hands them to the engine (docs/sync.md#the-inbox): one
 * object that knows what its read compared, how the changes change the world, and the records
 * sync writes with them in the same transaction (knowing what the world took and refused).
 */
export interface Intake<T extends Taken> {
  /** Asked once no action runs: an action has moved what the read compared, so nothing is taken (read again). */
  readonly stale: boolean;
  take(world: World, now: number): T;
  written(taken: T, world: World, now: number): Pick<WorldBatch, 'put' | 'del'>;
}
