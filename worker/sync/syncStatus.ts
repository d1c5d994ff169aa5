/**
 * How team sync stands, made from what sync knows in one place (issue 35, docs/sync.md#in-the-worker):
 * the header's badge and Settings → Team sync say exactly this. A pure function of the facts, so
 * no path through sync builds a status of its own, and a test reads one from facts it chose.
 */
import type { SyncStatus } from '../syncContract';

/** What sync knows that its status follows from. */
export interface SyncFacts {
  /** the team world this laptop is in (null: none), and the account it syncs as */
  settings: { server: string; world: string; account?: string } | null;
  /** a join is on its way */
  joining: boolean;
  /** why the last join failed, said while no world is joined */
  joinError?: string;
  /**
   * The last word from the server: it answered (and held the world this laptop knows), could not be
   * reached, ended or refused this laptop's session; unknown until the first check.
   */
  server: 'unknown' | 'answers' | 'unreachable' | 'signed-out';
  /** why the session ended or was refused, in words */
  signedOutWhy?: string;
  /** why the laptop's store refused the team's changes at the last try (a full disk), or null */
  storeRefused: string | null;
  /** why replication failed, or null */
  failure: string | null;
  /** what sync is doing that a person should know of (sending again what the server lost) */
  note?: string;
  /** this laptop's actions the server does not have yet */
  waiting: number;
  /** this laptop's outbox holds what its database does not yet (an action answered a moment ago) */
  undrained: boolean;
  /** another laptop's action arriving in part */
  receiving?: { arrived: number; of: number };
  conflicts: number;
  notTaken: number;
  answered: number;
}

export function syncStatus(f: SyncFacts): SyncStatus {
  const counts = { waiting: f.waiting, conflicts: f.conflicts, notTaken: f.notTaken, answered: f.answered, ...(f.receiving ? { receiving: f.receiving } : {}) };
  if (!f.settings) return { state: 'off', waiting: 0, conflicts: 0, notTaken: 0, answered: 0, ...(f.joinError ? { error: f.joinError } : {}) };
  const where = { server: f.settings.server, world: f.settings.world, ...(f.settings.account ? { account: f.settings.account } : {}), ...counts };
  if (f.joining) return { state: 'joining', ...where };
  if (f.storeRefused !== null) return { state: 'error', ...where, error: f.storeRefused };
  if (f.server === 'signed-out') return { state: 'signed-out', ...where, ...(f.signedOutWhy ? { error: f.signedOutWhy } : {}) };
  if (f.failure !== null) return { state: 'error', ...where, error: f.failure };
  if (f.server === 'unreachable') return { state: 'offline', ...where };
  // Up to date: the server answered, has every change made here, and nothing of another laptop is half here.
  const done = f.server === 'answers' && f.waiting === 0 && !f.undrained && !f.receiving && !f.note;
  return { state: done ? 'up-to-date' : 'syncing', ...where, ...(f.note ? { note: f.note } : {}) };
}
