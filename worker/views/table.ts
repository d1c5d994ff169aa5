/**
 * Every view a screen can open, in one table (docs/views.md): what it is asked with, the kinds
 * whose change may change its answer, and how it is answered. The contract's `ViewSpec` and
 * answers (worker/screens.ts) are made from this table: adding a view is one entry here.
 *
 * Progress alone never changes an answer's kinds: it moves the `stage` of the rows that show it
 * (registry.ts). A view reads only what it names, so a tick that changes surveys answers again
 * the views of surveys, not the drives.
 */
import type { StarredIds } from '../domain/favourites';
import { mediaFilterOf, type MediaFilter } from '../domain/mediaFilter';
import type { CaptureSortKey, SortDir } from '../domain/sort';
import type { Id } from '../domain/types';
import type { World } from '../engine/world';
import type { ChangeKind } from '../engine/worldChange';
import type {
  CaptureRow,
  CaptureTab,
  DashboardAnswer,
  DashboardListName,
  DriveRow,
  FlaggedSurvey,
  FlightPlanChoice,
  FlightPlanRow,
  FlownOnOrder,
  HistoryAnswer,
  MediaRow,
  ProcessChoiceRow,
  ProjectRow,
  RowWindow,
  RowsOf,
  StarredAnswer,
  SurveyQcRow,
  SurveyRow,
  UserRow,
} from '../screens';
import { dashboard } from './dashboard';
import { capture, captureQc, processChoices, project, surveyQc } from './details';
import type { CaptureOrder } from './captureOrder';
import { captureTable, drives, mediaList, projects, starredByOf, surveyList, users } from './lists';
import { flightPlanChoices, mediaFilterChoices } from './choices';
import type { MediaSelection } from './mediaFilter';
import { favourites, starred } from './starred';
import { history, type HistoryReader, type HistorySpec } from './history';

/** What answering may use beside the world: caches kept across answers (the capture order, the media a filter matches), the history's records. */
export interface AnswerContext {
  world: World;
  captureOrder: CaptureOrder;
  mediaSelection: MediaSelection;
  history?: HistoryReader | null;
  /** Whose own surveys lead the survey lists: a technician in a team world (ownFirst.ts), else null. */
  leading?: () => string | null;
}

interface ViewDef<P, A> {
  /** The kinds whose change may change the answer (`favourites`: a star's). */
  reads: readonly ChangeKind[];
  /** Answered again when history records are read or taken in (docs/history.md#the-page). */
  history?: true;
  answer(ctx: AnswerContext, params: P): A;
}

/** An entry of the table: its parameter and answer types are the contract's. */
const view = <P, A>(def: ViewDef<P, A>) => def;

export const VIEWS = {
  /**
   * /captures: the capture table (docs/requirements.md#req-screen-captures), sorted, optionally at
   * one displayed stage, optionally only one person's stars ("My favorites"), a window of it.
   */
  captures: view<{ by: CaptureSortKey; dir: SortDir; stage: string | null; starredBy: string | null } & RowWindow, RowsOf<CaptureRow>>({
    reads: ['captures', 'favourites'],
    answer: ({ world, captureOrder }, p) => captureTable(world, captureOrder, p),
  }),
  /** /surveys: the first LIST_CAP displayed surveys, optionally at one displayed stage, optionally one person's stars. */
  surveys: view<{ stage: string | null; starredBy: string | null }, RowsOf<SurveyRow>>({
    reads: ['surveys', 'flightPlans', 'users', 'favourites'],
    answer: ({ world, leading }, p) => surveyList(world, typeof p.stage === 'string' ? p.stage : null, starredByOf(p.starredBy), leading?.() ?? null),
  }),
  /** /media: the first LIST_CAP media sets the filters match (docs/requirements.md#req-screen-media), and how many match. */
  media: view<{ filter: MediaFilter }, RowsOf<MediaRow>>({
    reads: ['media', 'surveys', 'captures', 'favourites'],
    answer: ({ world, mediaSelection }, p) => mediaList(world, mediaSelection, mediaFilterOf(p.filter)),
  }),
  /** The Media page's filters: the seasons and projects there are to choose from. */
  mediaFilterChoices: view<Record<never, never>, { seasons: string[]; projects: Id[] }>({
    reads: ['captures', 'projects'],
    answer: ({ world }) => mediaFilterChoices(world),
  }),
  /** Every star button: the ids the person starred, by kind (issue 36). */
  favourites: view<{ email: string | null }, StarredIds>({
    reads: ['favourites'],
    answer: ({ world }, p) => favourites(world, starredByOf(p.email)),
  }),
  /** The dashboard's "My favorites": the person's starred captures, surveys and media sets as rows. */
  starred: view<{ email: string | null }, StarredAnswer>({
    reads: ['favourites', 'captures', 'surveys', 'media', 'flightPlans', 'users'],
    answer: ({ world }, p) => starred(world, starredByOf(p.email)),
  }),
  /** /drives: every drive with the media it holds. */
  drives: view<Record<never, never>, { rows: DriveRow[] }>({
    reads: ['drives', 'media', 'surveys'],
    answer: ({ world }) => drives(world),
  }),
  /** /captures/{cid}/surveys and /flight-plans: the header, the map, the tab's rows (surveys in a window). */
  capture: view<{ captureId: Id; tab: CaptureTab; order: FlownOnOrder } & RowWindow, { capture: CaptureRow | null; plans: FlightPlanRow[]; surveys: RowsOf<SurveyRow> | null }>({
    reads: ['captures', 'surveys', 'flightPlans', 'users'],
    answer: ({ world, leading }, p) => capture(world, p, leading?.() ?? null),
  }),
  /** /captures/{cid}/qc: the header, the surveys chosen for processing, the flagged frames. */
  captureQc: view<{ captureId: Id }, { capture: CaptureRow | null; processed: SurveyRow[]; flagged: FlaggedSurvey[] }>({
    reads: ['captures', 'surveys', 'flightPlans', 'users'],
    answer: ({ world }, p) => captureQc(world, p.captureId),
  }),
  /** The Process dialog: the capture's displayed surveys, which may be chosen, and why not. */
  processChoices: view<{ captureId: Id }, { rows: ProcessChoiceRow[] }>({
    reads: ['captures', 'surveys'],
    answer: ({ world }, p) => processChoices(world, p.captureId),
  }),
  /** /surveys/{sid}/qc and its viewer: the survey under review and its flight plan. */
  surveyQc: view<{ surveyId: Id }, { survey: SurveyQcRow | null }>({
    reads: ['surveys', 'flightPlans', 'users'],
    answer: ({ world }, p) => surveyQc(world, p.surveyId),
  }),
  /** /projects: one row per project with its counts. */
  projects: view<Record<never, never>, { rows: ProjectRow[] }>({
    reads: ['projects', 'captures'],
    answer: ({ world }) => projects(world),
  }),
  /** /projects/{pid}: the project and its captures. */
  project: view<{ projectId: Id }, { project: { projectId: Id; url: string } | null; rows: CaptureRow[] }>({
    reads: ['projects', 'captures'],
    answer: ({ world }, p) => project(world, p.projectId),
  }),
  /** /: three survey lists, surveys and captures by displayed stage. */
  dashboard: view<{ email: string | null; full: DashboardListName | null }, DashboardAnswer>({
    reads: ['surveys', 'captures', 'flightPlans', 'users'],
    answer: ({ world }, p) => dashboard(world, p),
  }),
  /** Insert media: the flight plans a new survey may follow, plans being flown first. */
  flightPlanChoices: view<Record<never, never>, { choices: FlightPlanChoice[] }>({
    reads: ['flightPlans', 'captures'],
    answer: ({ world }) => ({ choices: flightPlanChoices(world) }),
  }),
  /** /surveys/{sid}/history and its kin: an entity's history, newest first, filtered by person and kind of event. */
  history: view<HistorySpec, HistoryAnswer>({
    reads: ['surveys', 'captures', 'media', 'drives', 'users'],
    history: true,
    answer: ({ world, history: reader }, p) => history(world, reader ?? null, p),
  }),
  /** Assign and Reassign: every user. */
  users: view<Record<never, never>, { rows: UserRow[] }>({
    reads: ['users'],
    answer: ({ world }) => users(world),
  }),
};

export type ViewTable = typeof VIEWS;

/** The entry of a spec that came from a page (whatever it holds), or undefined. */
export function viewOf(spec: unknown): ViewDef<unknown, unknown> | undefined {
  const name = typeof spec === 'object' && spec !== null ? (spec as { view?: unknown }).view : undefined;
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(VIEWS, name)) return undefined;
  return VIEWS[name as keyof ViewTable] as ViewDef<unknown, unknown>;
}
