/**
 * How team sync stands, made from what sync knows in one place (issue 35, docs/sync.md#in-the-worker):
 * the header's badge and Settings → Team sync say exactly this. A pure function of the facts, so
 * no path through sync builds a status of its own, and a test reads one from facts it chose.
 * Beside it, the counts a session gives the facts, and a wait for the status to settle.
 */
import { roleOf } from '../domain/teamRoles';
import type { Emitter } from '../domain/emitter';
import type { Clock } from '../engine/clock';
import type { SyncStatus } from '../syncContract';
import type { SyncSession } from './syncSession';

/** What sync knows that its status follows from. */
export interface SyncFacts {
  /** the team world this laptop is in (null: none), and the account it syncs as */
  settings: { server: string; world: string; account?: string; roles?: readonly string[] } | null;
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
  unsent: number;
  /** this laptop's outbox holds what its database does not yet (an action answered a moment ago) */
  undrained: boolean;
  /** another laptop's action arriving in part */
  receiving?: { arrived: number; of: number };
  conflicts: number;
  notTaken: number;
  answered: number;
  /** documents this laptop holds that the server refused: it does not have them */
  denied?: number;
  /** replication wrote the team's changes into the laptop's database that the world has not read yet */
  behind?: boolean;
  /** the server is being asked for what a waiting document names (neededAsked.ts) */
  asking?: boolean;
}

/** What sync knows while this laptop is in no team world. */
export const FACTS_OFF: Readonly<SyncFacts> = { settings: null, joining: false, server: 'unknown', storeRefused: null, failure: null, unsent: 0, undrained: false, conflicts: 0, notTaken: 0, answered: 0 };

/**
 * Nothing of sync moves: the server answered, and nothing is undrained, arriving, noted (sending
 * again what it lost), behind the database or asked of the server. Up to date is this with nothing
 * unsent; a laptop the server refused says Sync error over it, and is idle only when it holds too.
 */
export const nothingMoves = (f: SyncFacts): boolean => f.server === 'answers' && !f.undrained && !f.receiving && !f.note && !f.behind && !f.asking;

export function syncStatus(f: SyncFacts): SyncStatus {
  const counts = { unsent: f.unsent, conflicts: f.conflicts, notTaken: f.notTaken, answered: f.answered, ...(f.denied ? { refused: f.denied } : {}), ...(f.receiving ? { receiving: f.receiving } : {}) };
  if (!f.settings) return { state: 'off', unsent: 0, conflicts: 0, notTaken: 0, answered: 0, ...(f.joinError ? { error: f.joinError } : {}) };
  const role = f.settings.roles ? { role: roleOf(f.settings.roles) } : {};
  const where = { server: f.settings.server, world: f.settings.world, ...(f.settings.account ? { account: f.settings.account } : {}), ...role, ...counts };
  if (f.joining) return { state: 'joining', ...where };
  if (f.storeRefused !== null) return { state: 'error', ...where, error: f.storeRefused };
  if (f.server === 'signed-out') return { state: 'signed-out', ...where, ...(f.signedOutWhy ? { error: f.signedOutWhy } : {}) };
  if (f.failure !== null) return { state: 'error', ...where, error: f.failure };
  if (f.server === 'unreachable') return { state: 'offline', ...where };
  // The server refused what this laptop holds: it is not up to date, and says why (Settings names each).
  if (f.denied) return { state: 'error', ...where, error: `The team server refused ${f.denied} ${f.denied === 1 ? 'change' : 'changes'} this laptop holds: Settings → Team sync names ${f.denied === 1 ? 'it' : 'them'} and why` };
  // Up to date: the server answered, has every change made here, the world has read every change the
  // laptop's database holds, nothing of another laptop is half here, and nothing waits on what the
  // server may hold (what it does not hold is counted as not taken).
  const done = nothingMoves(f) && f.unsent === 0;
  return { state: done ? 'up-to-date' : 'syncing', ...where, ...(f.note ? { note: f.note } : {}) };
}

/** The counts the status shows, as the session has them now. */
export function sessionCounts(session: SyncSession): Pick<SyncFacts, 'conflicts' | 'notTaken' | 'answered' | 'receiving' | 'denied'> {
  return {
    conflicts: session.conflicted.size,
    notTaken: session.notTaken.changes(),
    answered: session.notTaken.answeredSize,
    denied: session.notTaken.denied(),
    receiving: session.notTaken.receiving() ?? undefined,
  };
}

/** Resolves once replication is not sending (up to date, offline or failed), or after `ms` of the clock. */
export function notSending(status: SyncStatus, changes: Emitter<SyncStatus>, clock: Clock, ms: number): Promise<void> {
  if (status.state !== 'syncing') return Promise.resolve();
  return new Promise((done) => {
    const stopTimer = clock.after(ms, finish);
    const stop = changes.on((next) => next.state !== 'syncing' && finish());
    function finish() {
      stopTimer();
      stop();
      done();
    }
  });
}
