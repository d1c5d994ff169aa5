/**
 * What each screen asks the worker for (`ViewSpec`) and what it draws (the answer: its rows, as
 * values). Beside the page's API (api.ts): a screen opens one view, the worker answers it and
 * answers again whenever a kind it reads changes, sending only what differs; progress moves the
 * `stage` of the rows it addresses (docs/architecture.md#arch-views, #arch-events).
 *
 * A row that shows a stage says whose it is (`stageOf`): the worker finds there where to send that
 * entity's progress. The page never assembles a row from entities: there are none on the page.
 */
import type { FrameFlag } from './domain/frameFlags';
import type { HistoryGroup } from './domain/history';
import type { ViewTable } from './views/table';
import type {
  Capture,
  DriveFlags,
  DriveStatus,
  EntityKind,
  FlightPlan,
  Id,
  IsoDate,
  MediaFlags,
  QcState,
  StageView,
  SurveyDisplayStage,
  SurveyFlags,
} from './domain/types';

/** One entity by kind and id. */
export type EntityRef = readonly [kind: EntityKind, id: Id];

export type FlownOnOrder = 'newest' | 'oldest';
export type DashboardListName = 'inProgress' | 'recent' | 'mine';
export type CaptureTab = 'surveys' | 'flight-plans';

/** The rows of a long table the screen shows: from `start`, at most `count`. */
export interface RowWindow {
  start: number;
  count: number;
}

/** The views of worker/views/table.ts: a screen asks with `{ view, …parameters }`. */
type Table = ViewTable;
export type ViewName = keyof Table;
type ParamsOf<D> = D extends { answer(ctx: never, params: infer P): unknown } ? P : never;
type AnswerOfDef<D> = D extends { answer(ctx: never, params: never): infer A } ? A : never;
export type ViewSpec = { [K in ViewName]: { view: K } & ParamsOf<Table[K]> }[ViewName];
/** What each view answers. */
export type ViewAnswers = { [K in ViewName]: AnswerOfDef<Table[K]> };


/** A user as a row shows them: initials, with the name and email on hover (docs/requirements.md#req-survey-table). */
export interface UserRow {
  key: Id;
  email: string;
  name: string;
  initials: string;
}

/** A capture as a table row (and a capture page's header) shows it: its own fields, without its lists and workflow. */
export interface CaptureRow
  extends Pick<
    Capture,
    | 'captureId' | 'cpid' | 'description' | 'sfid' | 'season' | 'projectId'
    | 'firstFlownOn' | 'lastFlownOn' | 'firstReceivedOn' | 'lastReceivedOn'
    | 'counts' | 'stage' | 'flags' | 'published'
  > {
  key: Id;
  stageOf: EntityRef;
}

/** A survey as a table row shows it (docs/requirements.md#req-survey-table survey table). */
export interface SurveyRow {
  key: Id;
  surveyId: Id;
  captureId: Id;
  cpid: string;
  flownOn: IsoDate;
  receivedOn: IsoDate | null;
  flightPlan: { code: string; name: string } | null;
  assigned: UserRow | null;
  linesFlown: number;
  linesPlanned: number;
  display: SurveyDisplayStage;
  stage: StageView;
  stageOf: EntityRef;
  flags: SurveyFlags;
  qc: QcState;
  rejectReason: string;
}

/** A media set as the media table shows it; the drives table shows it too, in its drive's row. */
export interface MediaRow {
  key: Id;
  mediaId: Id;
  receiveId: string | null;
  receivedOn: IsoDate | null;
  host: string | null;
  bays: number[];
  surveyIds: Id[];
  captures: { captureId: Id; cpid: string }[];
  stage: StageView;
  stageOf: EntityRef;
  flags: MediaFlags;
  isNew: boolean;
}

/** A drive: its status, and while it holds media, the media's row and stage. */
export interface DriveRow {
  key: string;
  host: string;
  bays: number;
  status: DriveStatus;
  flags: DriveFlags;
  media: Omit<MediaRow, 'stage' | 'stageOf'> | null;
  /** The media's stage while the drive is In Use. */
  stage: StageView | null;
  stageOf: EntityRef | null;
}

/** A flight plan as its table and the capture's map show it. */
export interface FlightPlanRow extends Omit<FlightPlan, 'captureId' | 'surveyIds'> {
  key: Id;
  surveys: number;
  /** How many of its lines some received survey has flown (the capture's map). */
  linesFlown: number;
}

export interface ProjectRow {
  key: Id;
  projectId: Id;
  url: string;
  captures: number;
  surveys: number;
}

/** A survey in the Process dialog: whether it may be chosen, and why not. */
export interface ProcessChoiceRow {
  key: Id;
  surveyId: Id;
  flownOn: IsoDate;
  statusLabel: string;
  /** Null: it may be processed (only QC-approved surveys, docs/requirements.md#req-validation-process). */
  notSelectable: string | null;
}

/** A survey's frame flags, for a QC report. */
export interface FlaggedSurvey {
  surveyId: Id;
  frameFlags: FrameFlag[];
}

/** The survey under review, as the QC page and the viewer show it. */
export interface SurveyQcRow extends SurveyRow {
  mediaId: Id;
  path: string;
  frameFlags: FrameFlag[];
  /** Its flight plan, for the viewer's metadata. */
  plan: Omit<FlightPlanRow, 'key' | 'surveys' | 'linesFlown'> | null;
}

export interface FlightPlanChoice {
  id: Id;
  text: string;
  /** Lower-case text, for filtering as the user types. */
  haystack: string;
  /** Its capture is still waiting for or receiving surveys. */
  beingFlown: boolean;
}

/** Rows of a list: the ones shown, from `start`, and how many there are in all. */
export interface RowsOf<R> {
  total: number;
  start: number;
  rows: R[];
}

export interface DashboardAnswer {
  inProgress: RowsOf<SurveyRow>;
  recent: RowsOf<SurveyRow>;
  mine: RowsOf<SurveyRow>;
  /** Surveys by displayed stage (docs/requirements.md#req-displayed-stages). */
  surveysByStage: Record<string, number>;
  /** Captures by status label. */
  capturesByStage: Record<string, number>;
}

/** The entities that have a history page (docs/history.md#the-page). */
export type HistoryOf = 'surveys' | 'captures' | 'media' | 'drives';

/** One entry of a history, as its page and its CSV show it. */
export interface HistoryRow {
  key: string;
  /** When it was done (epoch ms). */
  at: number;
  /** What happened, in the console's words. */
  what: string;
  group: HistoryGroup;
  /** Who did it; null for the simulation's own stages and the sample data. */
  by: UserRow | null;
  /**
   * The role they acted in, in words ("data coordinator"), where the entry says one (a team world
   * whose server said it, issue 52); '' where it is not known (the one-laptop demo, entries from before).
   */
  role: string;
  /** The simulation's own stage change, or the sample data's start (derived). */
  automatic: boolean;
  /** On which laptop: "This laptop", "Laptop 1A2B3C4D", or '' for what every laptop derives. */
  laptop: string;
  /** The surveys it concerns, in a capture's or media set's history ("Survey 3F2A9C1D", "4 surveys"). */
  surveys: string;
  /** When this laptop learnt of it, where that differs from when it was done or it was done elsewhere (team sync). */
  arrivedAt?: number;
  /** A conflict between two laptops' versions, and its settlement (team sync). */
  conflict?: {
    versions: { by: UserRow | null; laptop: string; at: number; what: string }[];
    settledBy: UserRow | null;
    settledAt: number;
    how: string;
  };
}

export interface HistoryAnswer {
  /** The entity exists. */
  found: boolean;
  /** "Survey 3F2A9C1D", "Capture SAMPLE007", "Media TS007", "Drive ingest-01". */
  title: string;
  /** Its stored entries are being read. */
  loading: boolean;
  /** Newest first, as filtered. */
  rows: HistoryRow[];
  /** Entries before filtering. */
  total: number;
  /** Everyone in the history, for the person filter. */
  people: UserRow[];
  /** The kinds of event in the history, for the kind filter. */
  groups: { group: HistoryGroup; label: string }[];
}

/** The dashboard's "My favorites" (issue 36): the person's starred captures, surveys and media sets. */
export interface StarredAnswer {
  captures: RowsOf<CaptureRow>;
  surveys: RowsOf<SurveyRow>;
  media: RowsOf<MediaRow>;
}

export type AnswerOf<S extends ViewSpec> = ViewAnswers[S['view']];
export type AnyAnswer = ViewAnswers[ViewName];
