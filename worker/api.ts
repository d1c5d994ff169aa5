/**
 * The page's API, declared once (docs/architecture.md#arch-action-flow): the object the engine
 * worker exposes (`PageApi`), the intents it takes (`Action`), its answers, and the page
 * events it pushes. The page imports this module as types only; what a screen asks for and draws
 * is beside it, in screens.ts.
 *
 * One call, one answer: an action's rows reach the page in one page event sent before its answer,
 * on the same port, so the page never shows a flash over rows that are not there yet.
 */
import type { FlagReason } from './domain/frameFlags';
import type { FavouriteKind } from './domain/favourites';
import type { SizePreset } from './domain/constants';
import type { PodconfigSummary } from './domain/podconfig';
import type { Current, EntityKind, Flags, Id, IsoDate, SearchEntry } from './domain/types';
import type { ValuePatch, AnswerPath } from './domain/valuePatch';
import type { AnyAnswer, ViewSpec } from './screens';
import type { ConflictField, ConflictShown, ConflictVersion, NotTakenShown, SyncStatus, TeamLaptopShown, TeamMemberShown } from './syncContract';

export interface NewSurveyInput {
  flightPlanId: Id;
  size: SizePreset;
  /** yyyy-MM-dd; cannot be in the future */
  flownOn: IsoDate;
  /** defaults to the flight plan's captured lines */
  linesFlown?: number;
}

export interface PodconfigFile {
  name: string;
  /** The file's real size in bytes. */
  size: number;
  /** The file's bytes, at most PODCONFIG_MAX_BYTES + 1 of them (the engine reads and checks them). */
  bytes: Uint8Array;
}

/** What a good PodConfig file holds, shown before OK (issue 13). */
export type { PodconfigSummary };

export type Action =
  | { type: 'login'; email: string; password: string }
  | { type: 'logout' }
  | { type: 'setFlags'; flags: Partial<Flags> }
  | { type: 'insertMedia'; host: string; bays: number[]; surveys: NewSurveyInput[] }
  /** itemIds: one per bay holding media, in the order of `media.bays` */
  | { type: 'receiveMedia'; host: string; itemIds: string[] }
  | { type: 'cancelReceive'; host: string }
  | { type: 'ejectMedia'; host: string }
  /** assignments omitted: every survey of the media to the current user (docs/requirements.md#req-validation-assign) */
  | { type: 'assignSurveys'; mediaId: Id; assignments?: { surveyId: Id; email: string }[] }
  /** Reassign: a plain assignment of one received survey to any user (issue 9). */
  | { type: 'reassignSurvey'; surveyId: Id; email: string }
  | { type: 'cancelSurvey'; surveyId: Id }
  | { type: 'processApplanix'; surveyId: Id }
  | { type: 'processPodconfig'; surveyId: Id; files: PodconfigFile[] }
  | { type: 'startSurveyQc'; surveyId: Id }
  | { type: 'approveSurveyQc'; surveyId: Id }
  /** reason: one of the reasons or free text, required (issue 8). */
  | { type: 'rejectSurveyQc'; surveyId: Id; reason: string }
  /** Issue 8: flag a frame of a survey under QC (frame: 1-based frame in line); again replaces. */
  | { type: 'flagFrame'; surveyId: Id; line: number; camera: string; frame: number; reason: FlagReason; note?: string }
  | { type: 'unflagFrame'; surveyId: Id; line: number; camera: string; frame: number }
  | { type: 'processCapture'; captureId: Id; surveyIds: Id[] }
  | { type: 'startCaptureQc'; captureId: Id }
  | { type: 'approveCaptureQc'; captureId: Id }
  | { type: 'rejectCaptureQc'; captureId: Id }
  | { type: 'publishCapture'; captureId: Id }
  | { type: 'cleanCapture'; captureId: Id }
  | { type: 'cleanDemo' }
  | { type: 'sampleOnly' }
  | { type: 'resetDemo' }
  | { type: 'reloadData' }
  /** Replaces the world with an exported file (the all.json shape, version 45). */
  | { type: 'importWorld'; text: string }
  /** Issue 36: the signed-in person stars (or unstars) a capture, a survey or a media set. */
  | { type: 'setFavourite'; kind: FavouriteKind; id: Id; starred: boolean };

export type FlashCategory = 'info' | 'success' | 'warning' | 'danger' | 'simulation';

/** The next step a flash offers: a capture's surveys (after Assign, the assigned surveys' capture). */
export interface FlashLink {
  captureId: Id;
  text: string;
}

export interface Flash {
  category: FlashCategory;
  text: string;
  link?: FlashLink;
}

/** The entity an action touched, for "Highlight row when action performed". */
export interface Highlight {
  kind: EntityKind;
  id: Id;
}

export type ActionResult =
  /**
   * `session`: the session keys as this answer left them, when it changed them, so the main
   * thread writes `current` and `flags` to localStorage before any navigation the action causes.
   */
  | { ok: true; flash?: Flash; highlight?: Highlight[]; session?: { current: Current; flags: Flags } }
  /**
   * `field` names the input the message belongs beside (login: 'email' | 'password'). `fields`,
   * when more than one input is wrong at once (login with both), holds every message by input;
   * `error` and `field` are then the first of them.
   * `storage`: the browser refused to store the change (nothing changed; the UI says so wherever it is).
   */
  | { ok: false; error: string; field?: string; fields?: Record<string, string>; storage?: true };

/** Checking a PodConfig file changes nothing: what it holds, or why it is refused. */
export type PodconfigCheck = { ok: true; summary: PodconfigSummary } | { ok: false; error: string };

/** Serialised `db` for the main thread to mirror into localStorage. */
export interface PersistMessage {
  /**
   * The stored world, or null when it is larger than localStorage can hold: then the IndexedDB
   * copy is the record, and the main thread is spared a transfer and a write of many megabytes
   * that would block it for seconds.
   */
  db: string | null;
  version: number;
  savedAt: number;
  current: Current;
  flags: Flags;
}

export interface BootInput {
  /** localStorage copies as the main thread found them (raw strings, possibly null/corrupt). */
  stored: { db: string | null; version: string | null; current: string | null; flags: string | null };
  /**
   * When the page read them (its wall clock): a rule about stored data judged from this copy is
   * not applied again once the store says it was applied after it (a new leading tab boots with
   * the copy its page read long ago).
   */
  readAt: number;
  /** Base URL for fetching `data/all.json` (the worker fetches it itself). */
  baseUrl: string;
}

export interface BootAnswer {
  current: Current;
  flags: Flags;
  notices?: Flash[];
  /** The whole world is still being read: a page event says when it is. */
  loading?: true;
  /** The store cannot hold the world: shown from memory, changes refused; the banner's words. */
  unsaved?: string;
}

/**
 * A view's new answer, whole, or what changed in it since the one the page holds; or why it could
 * not be answered (the screen says so rather than wait for ever).
 */
export type ViewUpdate = { answer: AnyAnswer } | { patch: ValuePatch } | { error: string };

/** The progress of a stage an answer shows: where it is, its percent, its simulated seconds left. */
export type ProgressSite = [path: AnswerPath, percent: number, remainingS: number];

/** What one change of the world means to one tab. */
export interface PageEventBody {
  /** By the tab's own view number. */
  views?: Record<number, ViewUpdate>;
  progress?: Record<number, ProgressSite[]>;
  current?: Current;
  flags?: Flags;
  /** Messages the engine raises by itself (a corrupt stored copy ignored, a write refused). */
  notices?: Flash[];
  /** The whole world is read now (the end of a boot's first look). */
  loaded?: true;
  /** The store cannot hold the world (the banner's words), or null once it can again. */
  unsaved?: string | null;
  /** How team sync stands now (docs/sync.md). */
  sync?: SyncStatus;
}

/** What a page asks of team sync (Settings → Team sync, the Conflicts page, the header's badge). */
export type TeamSyncIntent =
  | { op: 'status' }
  /** joins, signed in as the team account (its password is sent once, and never kept) */
  | { op: 'join'; server: string; world: string; account?: string; password?: string }
  | { op: 'signIn'; account: string; password: string }
  /** changes the signed-in person's own password on the team server (`again`: the new one typed twice), and signs in with it */
  | { op: 'changePassword'; password: string; newPassword: string; again: string }
  | { op: 'signOut' }
  /** sends again this laptop's changes the team server refused */
  | { op: 'sendAgain' }
  | { op: 'leave' }
  | { op: 'conflicts' }
  /** the team's changes this laptop has not taken, and the refusals it answered (docs/sync.md#what-is-not-taken) */
  | { op: 'notTaken' }
  /** the team's members as this laptop has heard from them, their laptops and what waits (the Team page) */
  | { op: 'team' }
  /** keeps version `rev`; with `fields`, merged: each field (a path) taken from the version (a revision) chosen for it */
  | { op: 'resolve'; id: string; rev: string; fields?: Record<string, string> };

export type TeamSyncAnswer =
  | { ok: true; status: SyncStatus; conflicts?: ConflictShown[]; notTaken?: { listed: NotTakenShown[]; answered: NotTakenShown[] }; team?: TeamMemberShown[] }
  | { ok: false; error: string; field?: 'server' | 'world' | 'account' | 'password' | 'newPassword' | 'again' };

export type { SyncStatus, NotTakenShown, ConflictShown, ConflictVersion, ConflictField, TeamMemberShown, TeamLaptopShown };

/** A page event: pushed by the worker, in order (`seq` grows by one per tab). */
export interface PageEvent extends PageEventBody {
  seq: number;
}

/**
 * How far a boot from all.json has come, for the page's spinner (a first visit to a large world
 * takes a while): reading the file (bytes, of the total when the server says it), checking it,
 * storing its entities.
 */
export type BootProgress =
  | { step: 'reading'; bytes: number; total: number | null }
  | { step: 'checking' }
  | { step: 'storing'; surveys: number }
  /** A boot from the store, before its first look (issue 54: a slow reload says what it opens). */
  | { step: 'opening'; surveys: number | null };

/** What the worker posts to its page besides Comlink's answers, on the same port. */
export type WorkerMessage =
  | { type: 'page-event'; event: PageEvent }
  | { type: 'persist'; message: PersistMessage }
  | { type: 'boot-progress'; progress: BootProgress };

/**
 * The object the worker exposes to its page (built by pageApi.ts): every call goes to the leading
 * tab's engine.
 */
export interface PageApi {
  /** Boots the engine (once for all tabs) and answers the session. */
  boot(input: BootInput): Promise<BootAnswer>;
  /** Applies an action; answers once its change is on disk and its rows are sent. */
  dispatch(action: Action): Promise<ActionResult>;
  /** Reads a PodConfig file as Process PodConfig would, changing nothing. */
  checkPodconfig(files: PodconfigFile[]): Promise<PodconfigCheck>;
  search(text: string): Promise<SearchEntry[]>;
  /** The world as one JSON text in the all.json shape (version 45, no session): Export demo data. */
  exportWorld(): Promise<string>;
  /** Waits for the writes in flight and hands over the localStorage mirror now (page hidden). */
  flush(): Promise<void>;
  /** Team sync: its status, join and leave a team world, its conflicts, resolving one. */
  teamSync(intent: TeamSyncIntent): Promise<TeamSyncAnswer>;
  /** Opens a view under the page's number for it; its answers arrive as page events. */
  openView(viewId: number, spec: ViewSpec): void;
  closeView(viewId: number): void;
}
