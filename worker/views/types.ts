/**
 * Views (docs/architecture.md#arch-views): what a screen asks the worker for. A screen opens a view; the worker
 * answers it, holds it open, and pushes a new answer whenever the world changes it. The answer
 * names the entities the screen renders first (`refs`), and those come with it, so the page's
 * cost follows the screen, never the size of the world.
 */
import type { CaptureSortKey, SortDir } from '../domain/sort';
import type { EntityKind, Id, SentMaps } from '../domain/types';

/** One entity by kind and id. */
export type EntityRef = readonly [kind: EntityKind, id: Id];

export type FlownOnOrder = 'newest' | 'oldest';
export type DashboardListName = 'inProgress' | 'recent' | 'mine';

export type ViewSpec =
  /** /captures: every capture id in the table's order (docs/requirements.md#req-screen-captures), optionally at one displayed stage. */
  | { view: 'captureTable'; by: CaptureSortKey; dir: SortDir; stage: string | null }
  /** /surveys: the first LIST_CAP displayed surveys, optionally at one displayed stage. */
  | { view: 'surveyList'; stage: string | null }
  /** Of the given surveys, those a list displays (docs/requirements.md#req-displayed-stages), optionally by flown-on date. */
  | { view: 'shownSurveys'; surveyIds: Id[]; order: FlownOnOrder | null }
  /** /media: the first LIST_CAP media sets. */
  | { view: 'mediaList' }
  /** Every id of a small kind (drives, users, projects), in the engine's order. */
  | { view: 'allOf'; kind: 'drives' | 'users' | 'projects' }
  /** /projects: one row per project with its counts. */
  | { view: 'projectRows' }
  /** The dashboard: three survey lists, surveys and captures by displayed stage. */
  | { view: 'dashboard'; email: string | null; full: DashboardListName | null }
  /** A capture's map: how many lines each plan's received surveys have flown. */
  | { view: 'captureMap'; captureId: Id }
  /** Insert media: the flight plans a new survey may follow, plans being flown first. */
  | { view: 'flightPlanChoices' };

export interface IdPage {
  ids: Id[];
  /** How many there are in all (the list may show the first LIST_CAP). */
  total: number;
}

export interface ProjectRow {
  projectId: Id;
  url: string;
  captures: number;
  surveys: number;
}

export interface DashboardView {
  inProgress: IdPage;
  recent: IdPage;
  mine: IdPage;
  /** Surveys by displayed stage (docs/requirements.md#req-displayed-stages). */
  surveysByStage: Record<string, number>;
  /** Captures by status label. */
  capturesByStage: Record<string, number>;
}

export interface FlightPlanChoice {
  id: Id;
  text: string;
  /** Lower-case text, for filtering as the user types. */
  haystack: string;
  /** Its capture is still waiting for or receiving surveys. */
  beingFlown: boolean;
}

export interface ViewResults {
  captureTable: IdPage;
  surveyList: IdPage;
  shownSurveys: IdPage;
  mediaList: IdPage;
  allOf: IdPage;
  projectRows: { rows: ProjectRow[] };
  dashboard: DashboardView;
  captureMap: { exists: boolean; linesFlown: Record<Id, number> };
  flightPlanChoices: { choices: FlightPlanChoice[] };
}

export type ViewName = ViewSpec['view'];
export type ViewResultOf<S extends ViewSpec> = ViewResults[S['view']];

/** The engine's answer to a view: its result, the entities it renders first, and the world's seq. */
export interface ViewAnswer {
  seq: number;
  result: ViewResults[ViewName];
  refs: EntityRef[];
  entities: Partial<SentMaps>;
}

/** The engine's answer to a lookup of entities by key. */
export interface LookupAnswer {
  seq: number;
  entities: Partial<SentMaps>;
  /** Keys asked for that do not exist. */
  absent: EntityRef[];
}

/**
 * What the worker pushes to its page: the held entities that changed, new view answers, the
 * session. `reset`: the world was replaced (reset, import, a new leader): everything held is
 * sent again and every open view answers again.
 */
export interface PageEvent {
  seq: number;
  reset?: true;
  changed: Partial<SentMaps>;
  removed: Partial<Record<EntityKind, Id[]>>;
  absent?: EntityRef[];
  /** Progress of held entities: [percent, remainingS] by id. */
  progress?: Partial<Record<import('../api').ProgressKind, Record<Id, import('../api').ProgressPatch>>>;
  views?: Record<number, { result: ViewResults[ViewName]; refs: EntityRef[] }>;
  current?: import('../domain/types').Current;
  flags?: import('../domain/types').Flags;
  notices?: import('../api').Flash[];
}
