/**
 * The engine's contract with the UI: intents in (`Action`), answers out (`ActionResult`), and
 * versioned delta events. The UI imports this module as a type only.
 */
import type { FlagReason } from './domain/frameFlags';
import type { SizePreset } from './domain/constants';
import type { PodconfigSummary } from './domain/podconfig';
import type {
  Current,
  EntityKind,
  Flags,
  Id,
  IdLists,
  IsoDate,
  SearchEntry,
  SentMaps,
} from './domain/types';

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
  /** assignments omitted: every survey of the media to the current user (SPEC §5) */
  | { type: 'assignSurveys'; mediaId: Id; assignments?: { surveyId: Id; email: string }[] }
  /** Reassign: a plain assignment of one received survey to any user (issue 9). */
  | { type: 'reassignSurvey'; surveyId: Id; email: string }
  | { type: 'cancelSurvey'; surveyId: Id }
  | { type: 'processApplanix'; surveyId: Id }
  | { type: 'processPodconfig'; surveyId: Id; files: PodconfigFile[] }
  /** Read-only: checks the files as processPodconfig would and answers the summary; changes nothing. */
  | { type: 'checkPodconfig'; files: PodconfigFile[] }
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
  | { type: 'importWorld'; text: string };

export type FlashCategory = 'info' | 'success' | 'warning' | 'danger' | 'simulation';
export interface Flash {
  category: FlashCategory;
  text: string;
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
   * `podconfig`: what a PodConfig file holds (checkPodconfig).
   */
  | { ok: true; flash?: Flash; highlight?: Highlight[]; session?: { current: Current; flags: Flags }; podconfig?: PodconfigSummary }
  /**
   * `field` names the input the message belongs beside (login: 'email' | 'password'). `fields`,
   * when more than one input is wrong at once (login with both), holds every message by input;
   * `error` and `field` are then the first of them.
   * `storage`: the browser refused to store the change (nothing changed; the UI says so wherever it is).
   */
  | { ok: false; error: string; field?: string; fields?: Record<string, string>; storage?: true };

/**
 * One message per tick or action. `seq` grows by one per event; a client that sees a gap asks for
 * `snapshot()`. Deltas carry only what changed.
 */
export interface EngineEvent {
  seq: number;
  kind: 'snapshot' | 'delta';
  /** Entities created or changed, whole as sent (no workflow). In a full snapshot: everything. */
  changed: Partial<SentMaps>;
  removed: Partial<Record<EntityKind, Id[]>>;
  /** Ordered id lists, whole: in a full snapshot, all of them; in a delta, none. */
  ids: Partial<IdLists>;
  /**
   * Kinds whose ordered id list changed (a delta). The lists themselves stay in the engine: at
   * 100 000 surveys one is 3.8 MB, and views answer from the engine.
   */
  lists?: EntityKind[];
  /**
   * Progress of working stages whose only change is progress, by slot (worker/engine/progressSlots):
   * `[slot, percent 0..100 (integer), simulated seconds left (integer), slot, …]`. Sent only when
   * the integer percent or the shown time left changed, so an event stays small however many
   * workflows are active.
   */
  progress?: ProgressNumbers;
  /** Slots given in this event, named (before any patch uses them). In a snapshot: every slot in use. */
  slots?: SlotNames;
  current?: Current;
  flags?: Flags;
  /** Messages the engine raises by itself (e.g. a corrupt stored copy was ignored). */
  notices?: Flash[];
  /** A boot's first look: the whole world is still being read; a snapshot follows when it is. */
  loading?: true;
}

export type ProgressKind = 'surveys' | 'media' | 'captures';
/** `[slot, percent, remainingS, …]` by kind. */
export type ProgressNumbers = Partial<Record<ProgressKind, number[]>>;
/** Slots named in an event (in a snapshot: every slot in use), by kind. */
export type SlotNames = Partial<Record<ProgressKind, Record<number, Id>>>;
/** A page's progress patch. The text of the time left is not sent: the read model formats `remainingS` itself. */
export type ProgressPatch = [percent: number, remainingS: number];

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
  /** Base URL for fetching `data/all.json` (the worker fetches it itself). */
  baseUrl: string;
}

export interface EngineApi {
  /** Loads the newest valid stored world (or all.json) and starts the clock. Idempotent. */
  boot(input: BootInput): Promise<EngineEvent>;
  /**
   * Applies an action; resolves once its change is on disk. `callId` (calls forwarded by other
   * tabs) makes a replay answer the first answer instead of applying twice.
   */
  dispatch(action: Action, callId?: string): Promise<ActionResult>;
  /** Registers a listener of events; resolves to an unsubscribe function. */
  subscribe(listener: (event: EngineEvent) => void): Promise<() => void>;
  /** Registers the listener of persist messages (one at a time). */
  onPersist(listener: (message: PersistMessage) => void): Promise<() => void>;
  /** The whole world; `light`: the session and the progress slots only, no entities. */
  snapshot(light?: boolean): Promise<EngineEvent>;
  search(query: string): Promise<SearchEntry[]>;
  /** Waits for the writes in flight and hands over the localStorage mirror now (page hidden). */
  flush(): Promise<void>;
  /** The world as one JSON text in the all.json shape (version 45, no session): Export demo data. */
  exportWorld(): Promise<string>;
}
