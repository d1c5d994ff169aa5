/**
 * The stamp every team document carries (docs/sync.md#the-synced-form): who changed it, on which
 * laptop, when, and in which action. A leaf: every kind of document (syncedForm.ts,
 * favouriteDocs.ts) and every reader of one takes it from here.
 */
import type { Role } from '../../domain/roles';

/** Who changed a document: a person, on a laptop, at a time, in one action of `n` documents. */
export interface SyncStamp {
  by: string;
  laptop: string;
  /** epoch ms */
  at: number;
  /**
   * the action's id on its laptop: every document it changed carries it, and so do its history
   * entries (HistoryEntry.tx); with `laptop`, it names the action across the team (actionKey).
   * Documents written before issue 51 carry a UUID here: read alike.
   */
  tx: string;
  /**
   * how many documents the action changed (stored as `n`, the name the server's rule and every
   * stored document know; `docs` in the code that makes and reads it): a laptop takes them in once
   * all have arrived. Not a history entry's `n`, which is its place among its action's entries.
   */
  n: number;
  /**
   * The role the writer acted in (issue 52), as the server's session said it when the action ran:
   * read as one of the team's two, not held to the writer's role now (a validate function knows no
   * past role; docs/requirements.md#req-team-roles). None: written with no role known (before roles,
   * a seed, team sync off).
   */
  role?: Role;
}

/** An action across the team: its laptop and its id there (a laptop numbers its own actions alone). */
export const actionKey = (stamp: Pick<SyncStamp, 'laptop' | 'tx'>): string => `${stamp.laptop} ${stamp.tx}`;

/** Who writes: a team account (or the person signed in), on a laptop, in their role where one is known. */
export type Writer = Pick<SyncStamp, 'by' | 'laptop' | 'role'>;

/**
 * The one way a stamp is made: `who`, at `at`, in action `tx` of `docs` documents (0 until the
 * action's documents are counted, outbox.ts).
 */
export function stampOf(who: Writer, at: number, tx: string, docs = 0): SyncStamp {
  // No `role` key at all where none is known: the stored form of a stamp without one stays as it was.
  return who.role ? { by: who.by, laptop: who.laptop, at, tx, n: docs, role: who.role } : { by: who.by, laptop: who.laptop, at, tx, n: docs };
}
