/**
 * The simulated world's entities (docs/requirements.md#req-entities), as the engine holds them and
 * stores them in `db`. No entity reaches the page: it gets the rows its views are answered with
 * (worker/screens.ts, docs/views.md). Every entity is plain JSON. Fields marked "derived" are recomputed by the engine on every change
 * and on every load (restore), so a stored copy never disagrees with the rules.
 */
import type { FrameFlag } from './frameFlags';
import type { SimulationSpeed } from './constants';
import type { StageView, Workflow } from './workflowTypes';

export type Id = string;
/** Dates are ISO strings: `yyyy-MM-dd` for days, full ISO for instants. */
export type IsoDate = string;

// ── Generic workflow (docs/requirements.md#req-workflow): workflowTypes.ts ───────────────────
export type { Stage, StageState, StageView, Workflow } from './workflowTypes';

// ── Entities ─────────────────────────────────────────────────────────────────────────────────
export interface Project {
  projectId: Id;
  url: string;
  captureIds: Id[];
}

export type QcState = false | 'started' | 'approved' | 'rejected';

export const CAPTURE_COUNT_KEYS = [
  'surveys',
  'flightPlans',
  'receiving',
  'waitingForApplanix',
  'waitingForPodConfig',
  'extractingFrames',
  'qcReady',
  'qcInProgress',
  'qcRejected',
  'qcApproved',
  'processing',
  'waitingForCaptureQc',
  'canPublish',
  'publishing',
  'published',
  /** Surveys still at the hidden `new` stage: on media not yet received (not cancelled). */
  'notReceived',
] as const;
export type CaptureCountKey = (typeof CAPTURE_COUNT_KEYS)[number];
export type CaptureCounts = Record<CaptureCountKey, number>;

export interface CaptureFlags {
  canProcess: boolean;
  canPublish: boolean;
  qcReady: boolean;
  qcInProgress: boolean;
}

export interface Capture {
  captureId: Id;
  cpid: string;
  description: string;
  sfid: string;
  season: string;
  projectId: Id;
  flightPlanIds: Id[];
  surveyIds: Id[];
  /** Surveys chosen for processing. */
  selectedIds: Id[];
  firstFlownOn: IsoDate | null;
  lastFlownOn: IsoDate | null;
  firstReceivedOn: IsoDate | null;
  lastReceivedOn: IsoDate | null;
  workflow: Workflow;
  qc: QcState;
  published: boolean;
  /** derived */
  stage: StageView;
  /** derived */
  counts: CaptureCounts;
  /** derived */
  flags: CaptureFlags;
}

export interface FlightPlanLine {
  number: number;
  /** Whether the line is to be captured. */
  capture: boolean;
  /** hours */
  time: number;
  /** miles */
  length: number;
}

export interface FlightPlan {
  flightPlanId: Id;
  captureId: Id;
  code: string;
  name: string;
  /** feet */
  altitude: number;
  /** estimated hours */
  time: number;
  /** estimated miles */
  length: number;
  lines: FlightPlanLine[];
  surveyIds: Id[];
}

/** Survey workflow stages in order (docs/requirements.md#req-survey-stages). */
/** The automatic processing stages a capture runs, and its selected surveys with it (docs/requirements.md#req-capture-stages). */
export const PROCESSING_STAGES = ['feature-matching', 'bundle-adjustment', 'rolling-shutter', 'orthorectification'] as const;

export const SURVEY_STAGES = [
  'new',
  'copy',
  'receive',
  'applanix',
  'podconfig',
  'frame-extraction',
  'survey-qc',
  ...PROCESSING_STAGES,
  'capture-qc',
  'publish',
] as const;
export type SurveyStageName = (typeof SURVEY_STAGES)[number];

/** The displayed stages of a survey (docs/requirements.md#req-displayed-stages), plus Cancelled. */
export type SurveyDisplayStage =
  | 'Copy/Receiving'
  | 'Waiting for Applanix'
  | 'Waiting for PodConfig'
  | 'Extracting Frames'
  | 'Ready for QC'
  | 'QC in Progress'
  | 'QC Rejected'
  | 'Ready for Processing'
  | 'Processing'
  | 'Waiting for Capture QC'
  | 'Ready for Publishing'
  | 'Publishing'
  | 'Published'
  | 'Cancelled'
  | 'New';

export interface SurveyFlags {
  needsApplanix: boolean;
  waitingForApplanix: boolean;
  needsPodconfig: boolean;
  waitingForPodconfig: boolean;
  qcReady: boolean;
  qcInProgress: boolean;
  canCancel: boolean;
  /** survey-qc stage and QC approved: may be selected for processing. */
  canProcess: boolean;
}

export interface Survey {
  surveyId: Id;
  captureId: Id;
  cpid: string;
  flightPlanId: Id;
  mediaId: Id;
  flownOn: IsoDate;
  receivedOn: IsoDate | null;
  /** seconds of flying; drives the simulated receive time */
  size: number;
  linesFlown: number;
  /** bucket path of the survey's frames */
  path: string;
  applanix: boolean;
  podconfig: boolean;
  qc: QcState;
  processing: boolean;
  published: boolean;
  workflow: Workflow;
  /** user email */
  assignedTo: string | null;
  /** Frames flagged during QC (issue 8), in review order. */
  frameFlags: FrameFlag[];
  /** Why QC rejected the survey (issue 8): a flag reason or free text; '' when not rejected. */
  rejectReason: string;
  /** derived: current stage name */
  status: SurveyStageName;
  /** derived: the displayed stage (docs/requirements.md#req-displayed-stages) */
  display: SurveyDisplayStage;
  /** derived */
  stage: StageView;
  /** derived */
  flags: SurveyFlags;
}

export interface MediaFlags {
  canAssign: boolean;
  canCancel: boolean;
}

export interface Media {
  mediaId: Id;
  receiveId: string | null;
  receivedOn: IsoDate | null;
  /** Ids typed for each loaded bay when receiving. */
  itemIds: string[];
  surveyIds: Id[];
  /** The drive it sits in, or null once ejected. */
  host: string | null;
  /** Bay numbers (1-based) of the drive that hold this media. */
  bays: number[];
  workflow: Workflow;
  /** derived: still at the `new` stage (Ready to Receive) */
  isNew: boolean;
  /** derived */
  stage: StageView;
  /** derived */
  flags: MediaFlags;
}

export type DriveStatus = 'Empty' | 'Ready' | 'In Use';

export interface DriveFlags {
  canInsert: boolean;
  canEject: boolean;
  canReceive: boolean;
  canAssign: boolean;
  canCancel: boolean;
}

export interface Drive {
  host: string;
  /** number of bays */
  bays: number;
  mediaId: Id | null;
  /** derived */
  status: DriveStatus;
  /** derived */
  flags: DriveFlags;
}

export interface User {
  email: string;
  /** When absent in data, derived from the email (first.last → "First Last"). */
  name: string;
  initials: string;
}

export interface Assignment {
  surveyId: Id;
  email: string;
}

export type SearchEntryType = 'project' | 'capture' | 'flightplan' | 'survey' | 'media';
export interface SearchEntry {
  type: SearchEntryType;
  title: string;
  /** Secondary line, e.g. the capture a survey belongs to. */
  subtitle?: string;
  id: Id;
  /** Ids needed to open the entity, e.g. `captureId` of a flight plan. */
  related: Partial<Record<'projectId' | 'captureId' | 'surveyId' | 'mediaId', Id>>;
  /** A survey whose QC is under way (it opens on its QC page), as of the search. */
  underQc?: true;
}

/** docs/requirements.md#req-call-photo-index: the survey QC photo index. */
export interface PhotoIndex {
  /** camera name (Cam01…Cam06) → image names in order */
  index: Record<string, string[]>;
  /** line numbers, and for each the range of image indexes in it */
  lines: { line: number; start: number; count: number }[];
  cameras: string[];
  count: number;
  /** Additive (data generator): capture time (ISO) of each image index, for the QC time labels. */
  times?: string[];
}

// ── The world ────────────────────────────────────────────────────────────────────────────────
export interface EntityMaps {
  projects: Record<Id, Project>;
  captures: Record<Id, Capture>;
  flightPlans: Record<Id, FlightPlan>;
  surveys: Record<Id, Survey>;
  media: Record<Id, Media>;
  drives: Record<Id, Drive>;
  users: Record<Id, User>;
}
export type EntityKind = keyof EntityMaps;
export type EntityOf<K extends EntityKind> = EntityMaps[K][Id];
export type IdLists = Record<EntityKind, Id[]>;

export interface Flags {
  projects: boolean;
  surveys: boolean;
  highlighter: boolean;
  speed: SimulationSpeed;
  imageProxy: string;
}

export interface Current {
  loggedIn: boolean;
  user: User | null;
}
