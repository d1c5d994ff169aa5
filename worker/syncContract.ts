/**
 * What the page and team sync agree on (docs/sync.md, docs/architecture.md#arch-sync): how sync
 * stands, a change not taken, a conflict as a person compares it. Types only, and a leaf: the
 * contract (api.ts) takes them from here, never from sync's implementation.
 */
import type { Role } from './domain/roles';

export type SyncState = 'off' | 'joining' | 'syncing' | 'up-to-date' | 'offline' | 'signed-out' | 'error';

/** How team sync stands, for the header's badge and Settings → Team sync (sync/syncStatus.ts). */
export interface SyncStatus {
  state: SyncState;
  server?: string;
  world?: string;
  /** the team account this laptop syncs as */
  account?: string;
  /** its role in the team world, as the server's session said it at join or the last sign-in (issue 52); none known: not said */
  role?: Role;
  /** this laptop's changes (actions, as a person counts them) the server does not have yet: "not sent" */
  unsent: number;
  conflicts: number;
  /** the team's changes this laptop has not taken into its world, as a person counts them (docs/sync.md#what-is-not-taken): "not taken" */
  notTaken: number;
  /** this laptop's changes the team server refused, when there are any: "refused", listed apart in Settings */
  refused?: number;
  /** the team's changes this laptop did not take and answered with the version it holds, as Settings names them */
  answered: number;
  /** another laptop's action arriving in part: how many of its documents are here, of how many */
  receiving?: { arrived: number; of: number };
  /** why it is in error or signed out, or why the last join failed */
  error?: string;
  /** what sync is doing that a person should know of (sending again what the server lost) */
  note?: string;
}

/** A change not taken (this laptop's refused by the server among them), as Settings names it. */
export interface NotTakenShown {
  /** the document's id */
  id: string;
  /** what it is about, in words */
  what: string;
  /** waiting for what it names; refused here; answered here with this laptop's version; or this laptop's, refused by the server */
  state: 'waiting' | 'refused' | 'answered' | 'denied';
  why: string;
  /** who sent it, on which laptop, when (empty where the document does not say) */
  by: string;
  laptop: string;
  at: number;
  /** answered: when this laptop wrote back the version it holds */
  answeredAt?: number;
}

/** A laptop a member of the team has used, as the Team page names it (issue 52). */
export interface TeamLaptopShown {
  /** its id (a laptop's, given when it joined) */
  laptop: string;
  /** the laptop this page is open on */
  here: boolean;
  /** when it was last heard from: the latest stamp of a change made on it that this laptop has taken (epoch ms); null for this laptop */
  lastHeard: number | null;
  /** their changes made on it that this laptop has not taken (waiting or refused), as a person counts them */
  notTaken: number;
  /** their changes made on it on their way here, part arrived */
  arriving: number;
}

/** A member of the team world, as this laptop knows them (issue 52, docs/sync.md#the-team-page). */
export interface TeamMemberShown {
  /** the team account (the person's email) */
  account: string;
  /** this laptop's person: from the server's session; another: what their latest stamp said; null: not known yet */
  role: Role | null;
  /** the person signed in to the team server on this laptop */
  you: boolean;
  laptops: TeamLaptopShown[];
}

/** One version of a conflicted document, as a person compares them. */
export interface ConflictVersion {
  rev: string;
  removed: boolean;
  by: string;
  laptop: string;
  at: number;
  /** what it says in each field that differs, by the field's path */
  values: Record<string, string | number>;
}

/** A field in which the versions differ: a text, or a time (epoch ms) the page shows as one. */
export interface ConflictField {
  path: string;
  label: string;
  time?: true;
}

export interface ConflictShown {
  id: string;
  /** what it is about, in words: "Survey 8F2C…" */
  what: string;
  versions: ConflictVersion[];
  /** the fields in which the live versions differ (a removal against an edit: none but the removal) */
  fields: ConflictField[];
}
